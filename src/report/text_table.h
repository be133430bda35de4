// A plain-text table for the terminal (internal to the io module): header lines and rows of cells,
// the first column left-aligned and the others right-aligned, columns separated by two spaces.
#pragma once

#include <string>
#include <vector>

namespace contactlab::report_detail {

struct TextTable {
  std::vector<std::vector<std::string>> header;  ///< header lines, each a row of cells
  std::vector<std::vector<std::string>> rows;    ///< body rows; an empty row prints as a blank line

  /// The table as text, one line per header line and row, each ending in '\n', trailing spaces
  /// trimmed. A row may have fewer cells than the widest one. Widths count UTF-8 code points.
  std::string render() const;
};

/// Display width of UTF-8 text: its code points (the tables use no wide characters).
std::size_t text_width(const std::string& text);

}  // namespace contactlab::report_detail
