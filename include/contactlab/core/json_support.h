// JSON helpers shared by every contactlab JSON reader and writer (scene files in scene; contacts
// and viewer data in io; assessment results in report): parsing with line numbers and duplicate-key
// rejection, "did you mean" suggestions, value descriptions for messages, field paths, and the
// pretty printer of the contactlab JSON files.
// Typed reads and writes with field-path errors are in contactlab/core/json_fields.h.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace contactlab::json {

/// Members keep the order they were written in, so written files list fields in documented order.
using Json = nlohmann::ordered_json;

/// The whole text of the file `path`; InputError(path, 0, "cannot open the <what>") or
/// "cannot read the <what>" (`what`: "scene file", "contacts file").
std::string read_json_text(const std::string& path, std::string_view what);

/// Parses `text`; a syntax error, a duplicate field or a number beyond the range of double becomes
/// InputError(source, line, ...) (line 0 where it is not known; duplicates name the field path).
Json parse_json(const std::string& text, const std::string& source);

/// "; did you mean 'x'?" when a known name is close to `name` (Levenshtein distance), else
/// "; expected one of: a, b, …" ("" when `known` is empty).
std::string suggest(std::string_view name, const std::vector<std::string_view>& known);

/// "a string (\"abc\")", "an array", "a number (3)", … for "expected X, got Y" messages.
std::string describe(const Json& value);

/// "contacts[3]" + "normal" -> "contacts[3].normal"; "" + "format" -> "format".
std::string field_path(const std::string& parent, std::string_view key);
/// "contacts" + 3 -> "contacts[3]".
std::string element_path(const std::string& parent, std::size_t index);

/// How "cannot write as JSON: <reason>" quotes nlohmann's reason. The scene writer and the viewer
/// data have always kept its "[json.exception.type_error.316] " prefix and the other writers drop
/// it; each keeps its own so that no message changes.
enum class LibraryPrefix { kDrop, kKeep };

/// Pretty text, 2-space indent, ending in a newline: an array of scalars stays on one line, and so
/// does a short object (≤ 72 characters) whose members are scalars or such arrays, e.g.
/// {"kind": "face", "index": 2}. Numbers are nlohmann's shortest round-trip text. Throws
/// InputError(source, 0, "cannot write as JSON: ...") for strings that are not valid UTF-8.
std::string pretty_json(const Json& value, const std::string& source, LibraryPrefix prefix = LibraryPrefix::kDrop);

/// One-line text without spaces (nlohmann's dump()), no final newline; errors as pretty_json.
std::string compact_json(const Json& value, const std::string& source, LibraryPrefix prefix = LibraryPrefix::kDrop);

}  // namespace contactlab::json
