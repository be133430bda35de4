// Error types. InputError is what a user can cause (files, JSON, meshes, parameters): it names
// the source (file), where in it (line or field) and what was expected; the CLI turns it into
// exit status 2. Internal invariants are asserts, not exceptions.
#pragma once

#include <stdexcept>
#include <string>

namespace contactlab {

class InputError : public std::runtime_error {
 public:
  /// `source`: file path or other origin ("<string>", a scene name); `line`: 1-based, 0 if none;
  /// `what`: what was wrong and what was expected.
  InputError(std::string source, int line, const std::string& what)
      : std::runtime_error(format(source, line, what)), source_(std::move(source)), line_(line) {}

  const std::string& source() const { return source_; }
  int line() const { return line_; }

 private:
  static std::string format(const std::string& source, int line, const std::string& what);
  std::string source_;
  int line_ = 0;
};

/// Degenerate or invalid geometry found by mesh validation (names the element).
class GeometryError : public InputError {
 public:
  using InputError::InputError;
};

}  // namespace contactlab
