#include "text_table.h"

#include <algorithm>

namespace contactlab::report_detail {

std::size_t text_width(const std::string& text) {
  // Count every byte that does not continue a UTF-8 sequence (continuation bytes are 10xxxxxx).
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::string TextTable::render() const {
  std::vector<std::size_t> widths;
  const auto measure = [&widths](const std::vector<std::string>& cells) {
    if (widths.size() < cells.size()) widths.resize(cells.size(), 0);
    for (std::size_t i = 0; i < cells.size(); ++i) widths[i] = std::max(widths[i], text_width(cells[i]));
  };
  for (const auto& line : header) measure(line);
  for (const auto& row : rows) measure(row);

  std::string out;
  const auto print = [&](const std::vector<std::string>& cells) {
    std::string line;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      const std::size_t pad = widths[i] - text_width(cells[i]);
      if (i == 0) {
        line += cells[i] + std::string(pad, ' ');
      } else {
        line += "  " + std::string(pad, ' ') + cells[i];
      }
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + '\n';
  };
  for (const auto& line : header) print(line);
  for (const auto& row : rows) print(row);
  return out;
}

}  // namespace contactlab::report_detail
