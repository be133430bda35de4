#include "text_line_reader.h"

#include "contactlab/core/error.h"
#include "contactlab/core/input_limits.h"
#include "contactlab/core/output_files.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <new>

#include <fmt/format.h>

namespace contactlab::mesh_detail {
namespace {

// Whitespace inside a line (the terminators '\n' and '\r' never reach the tokenizer).
bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f'; }

// A byte that no text mesh file contains: a control character other than whitespace and line
// ends, or DEL. Bytes >= 0x80 are allowed (UTF-8 in comments and names).
bool is_binary(unsigned char c) {
  return (c < 0x20 && c != '\n' && c != '\r' && !is_blank(static_cast<char>(c))) || c == 0x7f;
}

}  // namespace

TextLineReader::TextLineReader(std::string path) : path_(std::move(path)) {
  std::error_code ec;
  if (std::filesystem::is_directory(path_, ec)) {
    throw InputError(path_, 0, "cannot read file: it is a directory, expected a mesh file");
  }
  std::ifstream in(path_, std::ios::binary | std::ios::ate);
  if (!in) throw InputError(path_, 0, "cannot open file for reading (missing or unreadable)");
  const std::streamoff size = in.tellg();
  if (size < 0) throw InputError(path_, 0, "cannot read file: its size is unknown (not a regular file?)");
  in.seekg(0);
  try {
    text_.resize(static_cast<std::size_t>(size));
  } catch (const std::bad_alloc&) {
    throw InputError(path_, 0, fmt::format("file too large to read into memory ({} bytes)", size));
  }
  in.read(text_.data(), size);
  if (in.gcount() != size) throw InputError(path_, 0, "error while reading file");

  const std::string_view all(text_);
  if (all.starts_with("\xEF\xBB\xBF")) {
    pos_ = 3;  // UTF-8 byte-order mark: not part of the first line
  } else if (all.starts_with("\xFF\xFE") || all.starts_with("\xFE\xFF")) {
    throw InputError(
        path_, 1,
        "UTF-16 text (byte-order mark " + quoted_excerpt(all.substr(0, 2)) + "): expected an ASCII or UTF-8 text file");
  }
  // Count the lines (as next_line() will see them) and refuse binary data before any parsing, so
  // that a binary file gets one clear message instead of a parse error about a garbled token.
  std::int64_t line = 1;
  std::size_t line_start = pos_;
  bool open_line = false;  // bytes after the last line end
  for (std::size_t i = pos_; i < all.size(); ++i) {
    const auto c = static_cast<unsigned char>(all[i]);
    if (c == '\n' || c == '\r') {
      if (c == '\r' && i + 1 < all.size() && all[i + 1] == '\n') ++i;
      ++line;
      line_start = i + 1;
      open_line = false;
      if (line > std::numeric_limits<int>::max()) {
        throw InputError(path_, 0, "file has more than 2^31-1 lines: expected a smaller mesh file");
      }
      continue;
    }
    open_line = true;
    if (is_binary(c)) {
      throw InputError(path_, static_cast<int>(line),
                       fmt::format("binary data (byte {} at column {}): expected a text mesh file",
                                   quoted_excerpt(all.substr(i, 1)), i - line_start + 1));
    }
  }
  line_count_ = static_cast<int>(line - 1 + (open_line ? 1 : 0));
}

bool TextLineReader::next_line(bool strip_comments) {
  const std::string_view all(text_);
  while (pos_ < all.size()) {
    std::size_t end = all.find_first_of("\r\n", pos_);
    if (end == std::string_view::npos) end = all.size();
    std::string_view line = all.substr(pos_, end - pos_);
    pos_ = end;
    if (pos_ < all.size()) pos_ += (all[pos_] == '\r' && pos_ + 1 < all.size() && all[pos_ + 1] == '\n') ? 2 : 1;
    ++line_;
    if (strip_comments) {
      const std::size_t hash = line.find('#');
      if (hash != std::string_view::npos) line = line.substr(0, hash);
    }
    tokens_.clear();
    std::size_t i = 0;
    while (i < line.size()) {
      while (i < line.size() && is_blank(line[i])) ++i;
      std::size_t j = i;
      while (j < line.size() && !is_blank(line[j])) ++j;
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

std::size_t TextLineReader::reservable(std::int64_t count) const {
  return static_cast<std::size_t>(std::max<std::int64_t>(0, std::min(count, remaining_lines())));
}

double TextLineReader::parse_double(std::string_view token, const std::string& what) const {
  std::string_view digits = token;
  if (digits.size() > 1 && digits.front() == '+') digits.remove_prefix(1);  // from_chars rejects '+'
  double value = 0.0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (ec == std::errc::result_out_of_range) {
    fail("number " + quoted(token) + " for " + what + " is out of the range of a double");
  }
  if (ec != std::errc() || end != digits.data() + digits.size()) {
    fail("malformed number " + quoted(token) + " for " + what + ": expected a decimal number");
  }
  if (!std::isfinite(value)) {
    fail("non-finite value " + quoted(token) + " for " + what + ": expected a finite number");
  }
  return value;
}

double TextLineReader::parse_coordinate(std::string_view token, const std::string& what) const {
  const double value = parse_double(token, what);
  if (std::abs(value) > kMaxCoordinateMagnitude) {
    fail(
        fmt::format("{} {} is beyond the coordinate limit: expected a magnitude of at most {:g} "
                    "(kMaxCoordinateMagnitude, docs/errors-and-limits.md)",
                    what, quoted(token), kMaxCoordinateMagnitude));
  }
  return value;
}

std::int64_t TextLineReader::parse_integer(std::string_view token, const std::string& what) const {
  std::string_view digits = token;
  if (digits.size() > 1 && digits.front() == '+') digits.remove_prefix(1);
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (ec == std::errc::result_out_of_range) {
    fail("integer " + quoted(token) + " for " + what + " is out of range: expected at most 19 digits");
  }
  if (ec != std::errc() || end != digits.data() + digits.size()) {
    fail("malformed integer " + quoted(token) + " for " + what + ": expected a whole number");
  }
  return value;
}

std::string_view TextLineReader::token(std::size_t i, const std::string& what) const {
  if (i >= tokens_.size()) fail("expected " + what + ", but the line ends");
  return tokens_[i];
}

std::string quoted(std::string_view text) { return "'" + quoted_excerpt(text) + "'"; }

void write_text_file(const std::string& path, const std::string& text) { write_file_atomically(path, text); }

std::string format_double(double value) {
  // max_digits10 (17) significant digits guarantee an exact round trip of any finite double.
  return fmt::format("{:.{}g}", value, std::numeric_limits<double>::max_digits10);
}

}  // namespace contactlab::mesh_detail
