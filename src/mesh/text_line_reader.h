// Private helper of the mesh readers (OBJ, OFF, TetGen): reads a text file line by line, strips
// '#' comments, splits lines into whitespace-separated tokens and parses numbers, turning every
// problem into an InputError that names the file and the 1-based line.
//
// What counts as text (docs/errors-and-limits.md "Mesh files"): a UTF-8 byte-order mark at the
// start is skipped (Windows tools write one; it is not part of the first line); lines end with LF,
// CRLF or a lone CR (classic Mac), each counting as one line; any other control byte (NUL, ...,
// except tab, vertical tab and form feed, which are whitespace) is refused at its line as binary
// data, and so is a UTF-16 byte-order mark.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace contactlab::mesh_detail {

class TextLineReader {
 public:
  /// Reads the whole file; throws InputError(path, 0, ...) if it cannot be read, and
  /// InputError(path, line, ...) if it is not text (see the file comment).
  explicit TextLineReader(std::string path);

  /// Advances to the next line that has at least one token after comment stripping; false at the
  /// end of the file. `strip_comments`: whether '#' starts a comment.
  bool next_line(bool strip_comments = true);

  /// 1-based number of the current line (0 before the first next_line()).
  int line() const { return line_; }
  /// Number of lines in the file.
  int line_count() const { return line_count_; }
  /// Lines after the current one (blank and comment lines included): an upper bound on the data
  /// lines still to come, used to check a header's counts before allocating anything.
  std::int64_t remaining_lines() const { return line_count_ - line_; }
  const std::vector<std::string_view>& tokens() const { return tokens_; }
  const std::string& path() const { return path_; }

  /// Throws InputError(path, current line, what).
  [[noreturn]] void fail(const std::string& what) const;
  /// Throws InputError(path, last line, "unexpected end of file: " + expected).
  [[noreturn]] void fail_truncated(const std::string& expected) const;
  /// How many of `count` items (one line each) to reserve memory for: at most the lines left, so
  /// that a header's count is trusted only as far as the file's size backs it (a 20-byte file
  /// claiming 2^31 vertices reserves nothing and is then reported truncated at its last line).
  std::size_t reservable(std::int64_t count) const;

  /// Parses a finite double; `what` names the value in error messages ("x coordinate").
  double parse_double(std::string_view token, const std::string& what) const;
  /// Parses a coordinate: a finite double of magnitude at most kMaxCoordinateMagnitude.
  double parse_coordinate(std::string_view token, const std::string& what) const;
  /// Parses a decimal integer (optional sign).
  std::int64_t parse_integer(std::string_view token, const std::string& what) const;
  /// Token `i` of the current line, or fail("expected <what>") if the line is too short.
  std::string_view token(std::size_t i, const std::string& what) const;

 private:
  std::string path_;
  std::string text_;
  std::size_t pos_ = 0;  // start of the next line in text_
  std::vector<std::string_view> tokens_;
  int line_ = 0;
  int line_count_ = 0;
};

/// `text` quoted for a message: 'text', control bytes escaped and cut to a bounded length.
std::string quoted(std::string_view text);

/// Writes `text` to `path` with write_file_atomically (core/output_files.h: only a regular file is
/// replaced); throws InputError(path, 0, ...) on failure.
void write_text_file(const std::string& path, const std::string& text);

/// Shortest text of `value` with max_digits10 significant digits ("%.17g"): reads back exactly.
std::string format_double(double value);

}  // namespace contactlab::mesh_detail
