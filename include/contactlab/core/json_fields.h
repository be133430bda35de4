// Typed reads and writes of JSON fields whose errors name the field (internal to the library):
// the readers of scene and contacts files derive from FieldReader, their writers from FieldWriter.
// Every problem is an InputError(source, 0, "<field path>: <what was wrong and what was expected>"),
// the path written like "bodies[3].shape.size[1]" (json::field_path / element_path).
#pragma once

#include "contactlab/core/json_support.h"
#include "contactlab/core/types.h"

#include <string>
#include <string_view>
#include <vector>

namespace contactlab::json {

/// Field names, for check_fields and suggest.
using Names = std::vector<std::string_view>;

class FieldReader {
 public:
  /// `source`: the file (or other origin) the errors name.
  explicit FieldReader(std::string source) : source_(std::move(source)) {}

  /// InputError "<path>: <what>" ("<what>" alone for the top level, path "").
  [[noreturn]] void fail(const std::string& path, const std::string& what) const;
  /// Fails with "expected <what>, got <description of v>" unless `ok`.
  void expect(const Json& v, const std::string& path, bool ok, const std::string& what) const;
  /// Rejects members of `object` not in `known`, naming the closest known one (a misspelt
  /// optional field would otherwise be silently ignored).
  void check_fields(const Json& object, const std::string& path, const Names& known) const;

  /// The member `key` of `object`, or nullptr.
  static const Json* optional(const Json& object, const char* key);
  /// The member `key` of `object` (at `path`), or "<path>.<key>: missing required field".
  const Json& required(const Json& object, const std::string& path, const char* key) const;

  /// A finite number.
  double number(const Json& v, const std::string& path) const;
  /// A finite number > `low` (`strict`) or >= `low`.
  double number_at_least(const Json& v, const std::string& path, double low, bool strict) const;
  /// A finite number of magnitude ≤ `limit`, else "expected a number within ±<limit> (<what>), got
  /// <v>" (`what`, e.g. "the coordinate limit, docs/errors-and-limits.md").
  double number_within(const Json& v, const std::string& path, double limit, std::string_view what) const;
  /// An integer in [low, high] (written as an integer: 1.0 is refused).
  long long integer(const Json& v, const std::string& path, long long low, long long high) const;
  std::string string(const Json& v, const std::string& path) const;
  bool boolean(const Json& v, const std::string& path) const;

  const std::string& source() const { return source_; }

 private:
  std::string source_;
};

/// `value` when finite, else InputError(source, 0, "<path>: non-finite number cannot be written"):
/// JSON has no NaN or infinity (nlohmann would write null), so the writers refuse rather than
/// write what cannot be read back.
double finite_for_writing(double value, const std::string& source, const std::string& path);

class FieldWriter {
 public:
  /// `source`: what the errors name, e.g. "scene 'wall'".
  explicit FieldWriter(std::string source) : source_(std::move(source)) {}

  /// InputError "<path>: <what>".
  [[noreturn]] void fail(const std::string& path, const std::string& what) const;
  /// `value` when finite (finite_for_writing).
  double number(double value, const std::string& path) const { return finite_for_writing(value, source_, path); }
  /// [x, y, z]; a non-finite component is reported at "<path>[k]".
  Json vec3(const Vec3& v, const std::string& path) const;

  const std::string& source() const { return source_; }

 private:
  std::string source_;
};

}  // namespace contactlab::json
