#include "text_line_reader.h"

#include "contactlab/core/error.h"
#include "contactlab/core/output_files.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include <fmt/format.h>

namespace contactlab::mesh_detail {

TextLineReader::TextLineReader(std::string path) : path_(std::move(path)) {
  std::error_code ec;
  if (std::filesystem::is_directory(path_, ec)) {
    throw InputError(path_, 0, "cannot read file: it is a directory, expected a mesh file");
  }
  std::ifstream in(path_, std::ios::binary);
  if (!in) throw InputError(path_, 0, "cannot open file for reading (missing or unreadable)");
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) throw InputError(path_, 0, "error while reading file");
  text_ = buffer.str();
  std::string_view all(text_);
  while (!all.empty()) {
    const std::size_t end = all.find('\n');
    std::string_view line = all.substr(0, end);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines_.push_back(line);
    if (end == std::string_view::npos) break;
    all.remove_prefix(end + 1);
  }
}

bool TextLineReader::next_line(bool strip_comments) {
  while (next_ < lines_.size()) {
    std::string_view line = lines_[next_++];
    line_ = static_cast<int>(next_);
    if (strip_comments) {
      const std::size_t hash = line.find('#');
      if (hash != std::string_view::npos) line = line.substr(0, hash);
    }
    tokens_.clear();
    std::size_t i = 0;
    while (i < line.size()) {
      while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
      std::size_t j = i;
      while (j < line.size() && !std::isspace(static_cast<unsigned char>(line[j]))) ++j;
      if (j > i) tokens_.push_back(line.substr(i, j - i));
      i = j;
    }
    if (!tokens_.empty()) return true;
  }
  tokens_.clear();
  return false;
}

void TextLineReader::fail(const std::string& what) const { throw InputError(path_, line_, what); }

void TextLineReader::fail_truncated(const std::string& expected) const {
  throw InputError(path_, line_count(), "unexpected end of file: expected " + expected);
}

double TextLineReader::parse_double(std::string_view token, const std::string& what) const {
  std::string_view digits = token;
  if (digits.size() > 1 && digits.front() == '+') digits.remove_prefix(1);  // from_chars rejects '+'
  double value = 0.0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (ec == std::errc::result_out_of_range) {
    fail("number '" + std::string(token) + "' for " + what + " is out of the range of a double");
  }
  if (ec != std::errc() || end != digits.data() + digits.size()) {
    fail("malformed number '" + std::string(token) + "' for " + what + ": expected a decimal number");
  }
  if (!std::isfinite(value)) {
    fail("non-finite value '" + std::string(token) + "' for " + what + ": expected a finite number");
  }
  return value;
}

std::int64_t TextLineReader::parse_integer(std::string_view token, const std::string& what) const {
  std::string_view digits = token;
  if (digits.size() > 1 && digits.front() == '+') digits.remove_prefix(1);
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (ec != std::errc() || end != digits.data() + digits.size()) {
    fail("malformed integer '" + std::string(token) + "' for " + what + ": expected a whole number");
  }
  return value;
}

std::string_view TextLineReader::token(std::size_t i, const std::string& what) const {
  if (i >= tokens_.size()) fail("expected " + what + ", but the line ends");
  return tokens_[i];
}

void write_text_file(const std::string& path, const std::string& text) { write_file_atomically(path, text); }

std::string format_double(double value) {
  // max_digits10 (17) significant digits guarantee an exact round trip of any finite double.
  return fmt::format("{:.{}g}", value, std::numeric_limits<double>::max_digits10);
}

}  // namespace contactlab::mesh_detail
