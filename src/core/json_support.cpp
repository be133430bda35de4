#include "contactlab/core/json_support.h"

#include "contactlab/core/error.h"
#include "contactlab/core/input_limits.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>

namespace contactlab::json {
namespace {

/// Levenshtein distance (insert, delete, substitute).
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

/// Parser callback that rejects a key appearing twice in one object (nlohmann would keep the last
/// one silently), naming its field path.
class DuplicateKeyCheck {
 public:
  explicit DuplicateKeyCheck(std::string source) : source_(std::move(source)) {}

  bool operator()(int /*depth*/, nlohmann::json::parse_event_t event, Json& parsed) {
    using Event = nlohmann::json::parse_event_t;
    switch (event) {
      case Event::object_start:
      case Event::array_start:
        enter_value();
        frames_.push_back({event == Event::object_start, {}, {}, 0});
        break;
      case Event::object_end:
      case Event::array_end:
        frames_.pop_back();
        break;
      case Event::key: {
        Frame& frame = frames_.back();
        frame.key = parsed.get<std::string>();
        if (!frame.keys.insert(frame.key).second) {
          throw InputError(source_, 0,
                           field_path(path(), frame.key) + ": duplicate field (each field may appear once)");
        }
        break;
      }
      case Event::value:
        enter_value();
        break;
    }
    return true;
  }

 private:
  struct Frame {
    bool object;
    std::set<std::string> keys;
    std::string key;       // object: the current member; array: "[i]" of the current element
    std::size_t next = 0;  // array: index of the next element
  };

  void enter_value() {
    if (!frames_.empty() && !frames_.back().object) {
      frames_.back().key = "[" + std::to_string(frames_.back().next++) + "]";
    }
  }

  /// Path of the innermost open container.
  std::string path() const {
    std::string out;
    for (std::size_t i = 0; i + 1 < frames_.size(); ++i) {
      const Frame& f = frames_[i];
      // field_path returns the whole path: assigned, not appended (appending doubled the path at
      // every object level: exponential time on 64 nested objects, found by fuzz_contacts_json).
      out = f.object ? field_path(out, f.key) : out + f.key;
    }
    return out;
  }

  std::string source_;
  std::vector<Frame> frames_;
};

/// nlohmann's message without its "[json.exception.parse_error.101] " prefix.
std::string strip_prefix(const std::string& message) {
  const std::size_t bracket = message.find("] ");
  if (message.rfind("[json.exception", 0) == 0 && bracket != std::string::npos) return message.substr(bracket + 2);
  return message;
}

/// nlohmann quotes the whole token it stopped in (a syntax error's "last read: '<token>'", an
/// overflow's "parsing '<literal>'"), which can be a megabyte of the user's text: the token, from
/// `marker` to the last quote before nlohmann's own "; expected …" (if any), becomes a quoted_excerpt.
std::string excerpt_quoted_token(const std::string& message, std::string_view marker) {
  const std::size_t at = message.find(marker);
  if (at == std::string::npos) return message;
  const std::size_t begin = at + marker.size();
  std::size_t end = message.rfind("'; expected ");
  if (end == std::string::npos || end < begin) end = message.rfind('\'');
  if (end == std::string::npos || end < begin) return message;
  return message.substr(0, begin) + quoted_excerpt(std::string_view(message).substr(begin, end - begin)) +
         message.substr(end);
}

/// Checked before nlohmann sees the text, in one pass that tracks strings and escapes:
/// - a NUL byte, which nlohmann reports as "unexpected end of input";
/// - nesting deeper than kMaxJsonDepth. nlohmann parses deep nesting without recursion, but copying
///   the value is recursive (and so is destruction in some versions), and a 10^5-deep value inside a
///   field overflowed the stack. Refusing in the text, rather than from the parser callback, means
///   no deep value is ever built, and gives the line of the first bracket too deep.
/// On text that is not JSON the scan may refuse a bracket that a syntax error precedes; either way
/// the file is refused with a line.
void check_text(const std::string& text, const std::string& source) {
  int line = 1, depth = 0;
  bool in_string = false, escaped = false;
  for (const char c : text) {
    if (c == '\n') ++line;
    if (c == '\0') throw InputError(source, line, "NUL byte; expected UTF-8 text (a JSON file)");
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth) {
        throw InputError(source, line,
                         "arrays and objects nested deeper than " + std::to_string(kMaxJsonDepth) +
                             " levels; expected at most " + std::to_string(kMaxJsonDepth) +
                             " (contactlab files nest 6)");
      }
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
}

InputError cannot_write(const std::string& source, const nlohmann::json::exception& e, LibraryPrefix prefix) {
  const std::string reason = prefix == LibraryPrefix::kKeep ? std::string(e.what()) : strip_prefix(e.what());
  return InputError(source, 0, "cannot write as JSON: " + reason);
}

int line_of_offset(const std::string& text, std::size_t offset) {
  offset = std::min(offset, text.size());
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
}

bool is_scalar(const Json& v) { return !v.is_object() && !v.is_array(); }

bool is_flat_array(const Json& v) { return v.is_array() && std::all_of(v.begin(), v.end(), is_scalar); }

/// One-line text of a scalar, a flat array or an object of those.
std::string one_line(const Json& value) {
  if (is_scalar(value)) return value.dump();
  const bool object = value.is_object();
  std::string out = object ? "{" : "[";
  bool first = true;
  for (const auto& [key, member] : value.items()) {
    if (!first) out += ", ";
    first = false;
    if (object) out += Json(key).dump() + ": ";
    out += one_line(member);
  }
  return out + (object ? "}" : "]");
}

void print(const Json& value, int indent, std::string& out) {
  constexpr std::size_t kShortObject = 72;  // characters, for the one-line rule
  const std::string pad(static_cast<std::size_t>(indent) + 2, ' ');
  if (value.is_object() &&
      std::all_of(value.begin(), value.end(), [](const Json& m) { return is_scalar(m) || is_flat_array(m); })) {
    if (std::string line = one_line(value); line.size() <= kShortObject) {
      out += line;
      return;
    }
  }
  if (value.is_object()) {
    if (value.empty()) {
      out += "{}";
      return;
    }
    out += "{\n";
    bool first = true;
    for (const auto& [key, member] : value.items()) {
      if (!first) out += ",\n";
      first = false;
      out += pad + Json(key).dump() + ": ";
      print(member, indent + 2, out);
    }
    out += "\n" + std::string(static_cast<std::size_t>(indent), ' ') + "}";
  } else if (value.is_array()) {
    if (value.empty()) {
      out += "[]";
      return;
    }
    const bool flat = is_flat_array(value);
    out += flat ? "[" : "[\n";
    bool first = true;
    for (const Json& element : value) {
      if (!first) out += flat ? ", " : ",\n";
      first = false;
      if (!flat) out += pad;
      print(element, indent + 2, out);
    }
    if (!flat) out += "\n" + std::string(static_cast<std::size_t>(indent), ' ');
    out += "]";
  } else {
    out += value.dump();
  }
}

}  // namespace

std::string read_json_text(const std::string& path, std::string_view what) {
  // A folder opens as a stream and reads as empty text ("unexpected end of input").
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) throw InputError(path, 0, "is a folder; expected a JSON file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, 0, "cannot open the " + std::string(what));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw InputError(path, 0, "cannot read the " + std::string(what));
  return text.str();
}

Json parse_json(const std::string& text, const std::string& source) {
  check_text(text, source);
  try {
    return Json::parse(text, DuplicateKeyCheck(source));
  } catch (const nlohmann::json::parse_error& e) {
    // e.byte is the 1-based offset of the offending character.
    throw InputError(source, line_of_offset(text, e.byte == 0 ? 0 : e.byte - 1),
                     "JSON syntax error: " + excerpt_quoted_token(strip_prefix(e.what()), "last read: '"));
  } catch (const nlohmann::json::out_of_range& e) {
    // A number literal beyond the range of double ("number overflow parsing '1e400'"): nlohmann
    // gives no position, so the line is that of the literal's first occurrence.
    const std::string message = strip_prefix(e.what());
    int line = 0;
    const std::size_t open = message.find('\''), close = message.rfind('\'');
    if (open != std::string::npos && close > open + 1) {
      if (const std::size_t at = text.find(message.substr(open + 1, close - open - 1)); at != std::string::npos) {
        line = line_of_offset(text, at);
      }
    }
    throw InputError(source, line,
                     "non-finite number: " + excerpt_quoted_token(message, "parsing '") + "; expected a finite number");
  }
}

std::string suggest(std::string_view name, const std::vector<std::string_view>& known) {
  std::string_view best;
  std::size_t best_distance = std::numeric_limits<std::size_t>::max();
  for (std::string_view candidate : known) {
    const std::size_t d = edit_distance(name, candidate);
    if (d < best_distance) best_distance = d, best = candidate;
  }
  const std::size_t limit = std::max<std::size_t>(2, name.size() / 3);
  // Known names can be the user's own (body and shape names), so they are quoted as excerpts, and
  // a scene of thousands of bodies lists only the first kMaxListed.
  constexpr std::size_t kMaxListed = 20;
  if (!best.empty() && best_distance <= limit && best_distance < name.size()) {
    return "; did you mean '" + quoted_excerpt(best) + "'?";
  }
  if (known.empty()) return "";
  std::string list;
  for (std::size_t i = 0; i < known.size() && i < kMaxListed; ++i)
    list += (i == 0 ? "" : ", ") + quoted_excerpt(known[i]);
  if (known.size() > kMaxListed) list += ", … (" + std::to_string(known.size()) + " in all)";
  return "; expected one of: " + list;
}

std::string describe(const Json& value) {
  switch (value.type()) {
    case Json::value_t::object:
      return "an object";
    case Json::value_t::array:
      return "an array";
    case Json::value_t::null:
      return "null";
    case Json::value_t::boolean:
      return "a boolean (" + value.dump() + ")";
    case Json::value_t::string: {
      std::string text = value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
      if (text.size() > 40) text = text.substr(0, 37) + "...\"";
      return "a string (" + text + ")";
    }
    default:
      return "a number (" + value.dump() + ")";
  }
}

std::string field_path(const std::string& parent, std::string_view key) {
  // Keys are the user's text (an unknown field, a shape name): quoted as excerpts in every path.
  const std::string shown = quoted_excerpt(key);
  return parent.empty() ? shown : parent + "." + shown;
}

std::string element_path(const std::string& parent, std::size_t index) {
  return parent + "[" + std::to_string(index) + "]";
}

std::string pretty_json(const Json& value, const std::string& source, LibraryPrefix prefix) {
  std::string out;
  try {
    print(value, 0, out);
  } catch (const nlohmann::json::exception& e) {  // a string that is not valid UTF-8
    throw cannot_write(source, e, prefix);
  }
  return out + "\n";
}

std::string compact_json(const Json& value, const std::string& source, LibraryPrefix prefix) {
  try {
    return value.dump();
  } catch (const nlohmann::json::exception& e) {  // a string that is not valid UTF-8
    throw cannot_write(source, e, prefix);
  }
}

}  // namespace contactlab::json
