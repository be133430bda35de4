#include "contactlab/mesh/tetrahedralize.h"

#include "contactlab/core/error.h"
#include "contactlab/core/input_limits.h"
#include "contactlab/geometry/predicates.h"
#include "contactlab/mesh/validate.h"
#include "run_in_child_process.h"

#include <tetgen.h>

#include <fmt/format.h>

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace contactlab {
namespace {

const char* const kSwitchSource = "tetrahedralize switches";

// The switch forms contactlab accepts (TetGen manual §4.2), each a letter and an optional number:
// what TetGen accepts beyond them either changes the output read back or is an error TetGen
// would only print ("Unknown switch") while going on with something else.
struct SwitchForm {
  char letter;
  const char* number;  // nullptr: takes no number; else what it is, for messages
  bool number_required;
  bool exponent;    // the number may have an exponent (e.g. T1e-8)
  bool second;      // a second number may follow after '/' (q ratio/angle, O level/scheme)
  double min, max;  // range of the (first) number; min exclusive when min_exclusive
  bool min_exclusive;
  bool integer;
};

constexpr SwitchForm kSwitchForms[] = {
    {'p', nullptr, false, false, false, 0, 0, false, false},
    {'Y', nullptr, false, false, false, 0, 0, false, false},
    {'A', nullptr, false, false, false, 0, 0, false, false},
    {'M', nullptr, false, false, false, 0, 0, false, false},
    {'z', nullptr, false, false, false, 0, 0, false, false},
    {'Q', nullptr, false, false, false, 0, 0, false, false},
    {'V', nullptr, false, false, false, 0, 0, false, false},
    {'J', nullptr, false, false, false, 0, 0, false, false},
    {'I', nullptr, false, false, false, 0, 0, false, false},
    {'C', nullptr, false, false, false, 0, 0, false, false},
    // Radius-edge ratio bound (TetGen's Delaunay refinement needs > 1 to terminate, but it takes
    // any positive bound and the Steiner limit stops it), then optionally '/' a minimum dihedral
    // angle in degrees.
    {'q', "a radius-edge ratio > 0, optionally /min dihedral angle in degrees (0 to 90)", false, false, true, 0, 1e300,
     true, false},
    {'a', "a maximum tet volume > 0", true, true, false, 0, 1e300, true, false},
    {'T', "a tolerance > 0", true, true, false, 0, 1, true, false},
    {'S', "a maximum number of added points (a whole number ≥ 0)", true, false, false, 0, 2147483647, false, true},
    {'O', "an optimisation level 0 to 10, optionally /scheme 0 to 7", false, false, true, 0, 10, false, true},
    {'X', "1 (no static filter; plain X, inexact arithmetic, is not supported)", true, false, false, 1, 1, false, true},
};

constexpr const char* kAcceptedSwitches =
    "accepted: p Y A M z Q V J I C, q[ratio[/angle]], a<volume>, T<tolerance>, S<points>, O<level>[/scheme], X1";

// Why a switch letter TetGen knows is not accepted.
const char* unsupported_reason(char c) {
  switch (c) {
    case 'r':
    case 'w':
    case 'c':
    case 'd':
    case 'i':
    case 'm':
    case 'R':
      return "it changes what is meshed or needs input contactlab does not give";
    case 'o':
      return "quadratic tets (o2) are not supported";
    case 'B':
    case 'F':
    case 'E':
    case 'N':
    case 'f':
    case 'e':
    case 'n':
    case 'k':
    case 'g':
    case 'v':
      return "it changes or suppresses the output read back";
    case 'h':
    case 'H':
    case '?':
      return "it prints help instead of meshing";
    default:
      return nullptr;
  }
}

[[noreturn]] void fail_switch(const std::string& user, const std::string& what) {
  throw InputError(kSwitchSource, 0, fmt::format("\"{}\": {} ({})", quoted_excerpt(user), what, kAcceptedSwitches));
}

// A number as TetGen's parser reads it after a switch letter, checked: digits with at most one
// '.', and an exponent where the form allows one. Returns its value; `text` is what was read.
double parse_switch_number(const std::string& user, char letter, std::string_view text, bool exponent, bool integer,
                           const char* meaning) {
  double value = 0.0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  const bool digits_only = text.find_first_not_of("0123456789") == std::string_view::npos;
  // A sign is read (and then refused by the range check, with the number in the message).
  const bool unsigned_integer = digits_only || (text.size() > 1 && text.front() == '-' &&
                                                text.find_first_not_of("0123456789", 1) == std::string_view::npos);
  const bool well_formed = !text.empty() && ec == std::errc() && end == text.data() + text.size() &&
                           (!integer || unsigned_integer) &&
                           (exponent || text.find_first_of("eE") == std::string_view::npos) && std::isfinite(value);
  if (!well_formed) {
    fail_switch(user, fmt::format("TetGen switch '{}' has the malformed number {}: expected {}", letter,
                                  "'" + quoted_excerpt(text) + "'", meaning));
  }
  return value;
}

struct ParsedSwitches {
  std::set<char> letters;
};

ParsedSwitches parse_switches(const std::string& user, const std::string& switches) {
  ParsedSwitches parsed;
  std::size_t i = 0;
  while (i < switches.size()) {
    const char c = switches[i++];
    const SwitchForm* form = nullptr;
    for (const SwitchForm& f : kSwitchForms) {
      if (f.letter == c) form = &f;
    }
    if (form == nullptr) {
      if (const char* reason = unsupported_reason(c)) {
        fail_switch(user, fmt::format("TetGen switch '{}' is not supported: {}", c, reason));
      }
      if (!std::isalpha(static_cast<unsigned char>(c))) {
        fail_switch(user, fmt::format("unexpected character '{}' where a switch letter was expected",
                                      quoted_excerpt(std::string_view(&c, 1))));
      }
      fail_switch(user, fmt::format("unknown TetGen switch '{}'", c));
    }
    parsed.letters.insert(c);
    // The number: everything up to the next letter that cannot be part of it (a sign or an
    // exponent belongs to it when the form allows one, so "a-1" is a's number "-1", refused).
    const auto number_end = [&](std::size_t from, bool exponent) {
      std::size_t j = from;
      while (j < switches.size()) {
        const char p = switches[j];
        const bool sign_ok = j == from || (exponent && (switches[j - 1] == 'e' || switches[j - 1] == 'E'));
        if (std::isdigit(static_cast<unsigned char>(p)) || p == '.' || ((p == '-' || p == '+') && sign_ok) ||
            (exponent && (p == 'e' || p == 'E') && j > from)) {
          ++j;
        } else {
          break;
        }
      }
      return j;
    };
    std::size_t end = number_end(i, form->exponent);
    const std::string_view text = std::string_view(switches).substr(i, end - i);
    if (form->number == nullptr) {
      if (!text.empty()) {
        fail_switch(user, fmt::format("TetGen switch '{}' takes no number, got '{}'", c, quoted_excerpt(text)));
      }
      continue;
    }
    if (text.empty()) {
      if (form->number_required) fail_switch(user, fmt::format("TetGen switch '{}' needs {}", c, form->number));
    } else {
      const double value = parse_switch_number(user, c, text, form->exponent, form->integer, form->number);
      const bool in_range = (form->min_exclusive ? value > form->min : value >= form->min) && value <= form->max;
      if (!in_range) {
        fail_switch(user, fmt::format("TetGen switch '{}' has the number {}: expected {}", c,
                                      "'" + quoted_excerpt(text) + "'", form->number));
      }
    }
    i = end;
    if (form->second && i < switches.size() && switches[i] == '/') {
      end = number_end(i + 1, false);
      const std::string_view second = std::string_view(switches).substr(i + 1, end - i - 1);
      const double value = parse_switch_number(user, c, second, false, c == 'O', form->number);
      const double max = c == 'O' ? 7.0 : 90.0;
      if (!(value >= 0.0 && value <= max)) {
        fail_switch(user, fmt::format("TetGen switch '{}' has the second number {}: expected {}", c,
                                      "'" + quoted_excerpt(second) + "'", form->number));
      }
      i = end;
    }
  }
  return parsed;
}

// User switches plus what contactlab needs; rejects switches that change what we read back.
std::string effective_switches(const std::string& user) {
  std::string switches = user;
  if (!switches.empty() && switches.front() == '-') switches.erase(0, 1);
  const ParsedSwitches parsed = parse_switches(user, switches);
  if (!parsed.letters.count('p')) switches.insert(0, "p");
  if (!parsed.letters.count('z')) switches += 'z';
  if (!parsed.letters.count('Q') && !parsed.letters.count('V')) switches += 'Q';
  if (!parsed.letters.count('X')) switches += "X1";
  if (!parsed.letters.count('S')) switches += fmt::format("S{}", kTetGenDefaultSteinerLimit);
  return switches;
}

std::string tetgen_error_message(int code) {
  switch (code) {
    case 1:
      return "TetGen ran out of memory";
    case 2:
      return "TetGen reported an internal error";
    case 3:
      return "TetGen found a self-intersection in the input surface";
    case 4:
      return "TetGen found an input feature (edge or vertex distance) too small for its tolerance";
    case 5:
      return "TetGen found two nearly coplanar, very close input facets";
    case 10:
      return "TetGen rejected the switches";
    default:
      return fmt::format("TetGen failed with error code {}", code);
  }
}

// TetGen calls exactinit() with its own settings on every run, which are process-wide: restore
// the settings of geometry/predicates.h (dynamic filters only, exact arithmetic) afterwards. Only
// for in-process runs: a child's exactinit() does not touch the parent's predicate state.
struct RestorePredicates {
  ~RestorePredicates() { exactinit(0, /*noexact=*/0, /*nofilter=*/1, 1.0, 1.0, 1.0); }
};

std::mutex& tetgen_mutex() {
  static std::mutex m;
  return m;
}

// Fills TetGen's input: one facet (a single triangle polygon) per input triangle, marker index+1.
// tetgenio's destructor frees these arrays with delete[].
void fill_input(const TriMesh& surface, tetgenio& in) {
  in.firstnumber = 0;
  in.numberofpoints = surface.vertex_count();
  in.pointlist = new REAL[static_cast<std::size_t>(in.numberofpoints) * 3];
  for (Index v = 0; v < surface.vertex_count(); ++v) {
    for (int k = 0; k < 3; ++k) in.pointlist[3 * v + k] = surface.vertices[static_cast<std::size_t>(v)][k];
  }
  in.numberoffacets = surface.triangle_count();
  in.facetlist = new tetgenio::facet[static_cast<std::size_t>(in.numberoffacets)];
  in.facetmarkerlist = new int[static_cast<std::size_t>(in.numberoffacets)];
  for (Index t = 0; t < surface.triangle_count(); ++t) {
    tetgenio::facet& f = in.facetlist[t];
    tetgenio::init(&f);
    f.numberofpolygons = 1;
    f.polygonlist = new tetgenio::polygon[1];
    tetgenio::init(&f.polygonlist[0]);
    f.polygonlist[0].numberofvertices = 3;
    f.polygonlist[0].vertexlist = new int[3];
    for (int k = 0; k < 3; ++k)
      f.polygonlist[0].vertexlist[k] = surface.triangles[static_cast<std::size_t>(t)][static_cast<std::size_t>(k)];
    in.facetmarkerlist[t] = t + 1;
  }
}

// A failure TetGen reported (or the intersection check found): becomes GeometryError(source, 0,
// message) in the calling process, whichever process TetGen ran in.
struct TetGenFailure {
  std::string source;
  std::string message;
};

// Runs TetGen; its errors (thrown as int in library mode) become TetGenFailure.
void run_tetgen(const std::string& switches, tetgenio& in, tetgenio& out) {
  std::vector<char> buffer(switches.begin(), switches.end());
  buffer.push_back('\0');
  try {
    ::tetrahedralize(buffer.data(), &in, &out);
  } catch (int code) {
    throw TetGenFailure{"tetrahedralize",
                        fmt::format("{} (switches \"{}\", code {})", tetgen_error_message(code), switches, code)};
  }
}

// The part of TetGen's output that tetrahedralize() reads, copied out of tetgenio.
struct RawTetGenOutput {
  int corners = 0;             // numberofcorners
  std::vector<double> points;  // 3 per point
  std::vector<int> tets;       // `corners` per tet
  std::vector<int> trifaces;   // 3 per boundary face
  bool has_markers = false;    // trifacemarkerlist present
  std::vector<int> markers;    // one per boundary face
  int point_count() const { return static_cast<int>(points.size() / 3); }
};

// The two TetGen runs of tetrahedralize(): the intersection check, then the meshing.
enum class Stage : char { intersection_check = 'i', meshing = 'm' };
const char* const kIntersectionSwitches = "pdzQX1";

// Runs both TetGen stages on `surface`; `on_stage` is told before each. Throws TetGenFailure.
RawTetGenOutput run_tetgen_stages(const TriMesh& surface, const std::string& switches,
                                  const std::function<void(Stage)>& on_stage) {
  tetgenio in, out;
  fill_input(surface, in);
  // libtet 1.5.0 dereferences invalid memory (SIGSEGV, not an error code) when asked to mesh a
  // self-intersecting or self-touching surface, so first run its intersection detector ('d'),
  // which reports the intersecting facets as output faces instead of meshing.
  {
    on_stage(Stage::intersection_check);
    tetgenio intersections;
    run_tetgen(kIntersectionSwitches, in, intersections);
    if (intersections.numberoftrifaces > 0) {
      std::string faces;
      for (int i = 0; i < std::min(intersections.numberoftrifaces, 8); ++i) {
        const int marker = intersections.trifacemarkerlist ? intersections.trifacemarkerlist[i] : 0;
        faces += (i > 0 ? ", " : "") + (marker > 0 ? std::to_string(marker - 1) : std::string("?"));
      }
      if (intersections.numberoftrifaces > 8) faces += ", ...";
      throw TetGenFailure{"tetrahedralize input surface",
                          fmt::format("the surface intersects or touches itself: {} triangles involved ({})",
                                      intersections.numberoftrifaces, faces)};
    }
  }
  on_stage(Stage::meshing);
  run_tetgen(switches, in, out);

  RawTetGenOutput raw;
  raw.corners = out.numberofcorners;
  const auto copy = [](auto* first, int count, int per_item) {
    using T = std::remove_cv_t<std::remove_pointer_t<decltype(first)>>;
    if (first == nullptr || count <= 0) return std::vector<T>();
    return std::vector<T>(first, first + static_cast<std::size_t>(count) * static_cast<std::size_t>(per_item));
  };
  raw.points = copy(out.pointlist, out.numberofpoints, 3);
  raw.tets = copy(out.tetrahedronlist, out.numberoftetrahedra, std::max(out.numberofcorners, 0));
  raw.trifaces = copy(out.trifacelist, out.numberoftrifaces, 3);
  raw.has_markers = out.trifacemarkerlist != nullptr;
  if (raw.has_markers) raw.markers = copy(out.trifacemarkerlist, out.numberoftrifaces, 1);
  return raw;
}

// --- The child's message to the parent: stage bytes, then one status byte and its payload. ---
// Native byte order and sizes (both ends are the same executable).
//   'i' / 'm'                          a Stage began
//   'R' corners:i32 n_points:u64 n_tets:u64 n_trifaces:u64 has_markers:u8
//       points (3·n_points f64) tets (corners·n_tets i32) trifaces (3·n_trifaces i32) markers
//       (n_trifaces i32 if has_markers)                           success
//   'F' len:u64 source len:u64 message                            TetGenFailure
// Anything else, or bytes left over, is malformed.
constexpr char kResultTag = 'R';
constexpr char kFailureTag = 'F';

template <typename T>
void put(std::string& out, const T& value) {
  out.append(reinterpret_cast<const char*>(&value), sizeof(T));
}
template <typename T>
void put_array(std::string& out, const std::vector<T>& values) {
  out.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
}
void put_text(std::string& out, const std::string& text) {
  put<std::uint64_t>(out, text.size());
  out += text;
}

std::string encode(const RawTetGenOutput& raw) {
  std::string out(1, kResultTag);
  put<std::int32_t>(out, raw.corners);
  put<std::uint64_t>(out, raw.points.size() / 3);
  put<std::uint64_t>(out, raw.corners > 0 ? raw.tets.size() / static_cast<std::size_t>(raw.corners) : 0);
  put<std::uint64_t>(out, raw.trifaces.size() / 3);
  put<std::uint8_t>(out, raw.has_markers ? 1 : 0);
  put_array(out, raw.points);
  put_array(out, raw.tets);
  put_array(out, raw.trifaces);
  put_array(out, raw.markers);
  return out;
}

std::string encode(const TetGenFailure& failure) {
  std::string out(1, kFailureTag);
  put_text(out, failure.source);
  put_text(out, failure.message);
  return out;
}

// Reads the encoding above; false when the bytes are short, long or inconsistent.
class Decoder {
 public:
  explicit Decoder(std::string_view bytes) : bytes_(bytes) {}
  bool done() const { return pos_ == bytes_.size(); }
  template <typename T>
  bool get(T& value) {
    if (bytes_.size() - pos_ < sizeof(T)) return false;
    std::memcpy(&value, bytes_.data() + pos_, sizeof(T));
    pos_ += sizeof(T);
    return true;
  }
  template <typename T>
  bool get_array(std::vector<T>& values, std::uint64_t count) {
    if (count > (bytes_.size() - pos_) / sizeof(T)) return false;
    values.resize(static_cast<std::size_t>(count));
    if (count > 0) std::memcpy(values.data(), bytes_.data() + pos_, static_cast<std::size_t>(count) * sizeof(T));
    pos_ += static_cast<std::size_t>(count) * sizeof(T);
    return true;
  }
  bool get_text(std::string& text) {
    std::uint64_t size = 0;
    if (!get(size) || size > bytes_.size() - pos_) return false;
    text.assign(bytes_.data() + pos_, static_cast<std::size_t>(size));
    pos_ += static_cast<std::size_t>(size);
    return true;
  }

 private:
  std::string_view bytes_;
  std::size_t pos_ = 0;
};

bool decode_result(Decoder& in, RawTetGenOutput& raw) {
  std::int32_t corners = 0;
  std::uint64_t n_points = 0, n_tets = 0, n_trifaces = 0;
  std::uint8_t has_markers = 0;
  if (!in.get(corners) || !in.get(n_points) || !in.get(n_tets) || !in.get(n_trifaces) || !in.get(has_markers)) {
    return false;
  }
  constexpr std::uint64_t kMax = std::numeric_limits<int>::max();
  if (corners < 0 || corners > 10 || n_points > kMax / 3 || n_tets > kMax / 10 || n_trifaces > kMax / 3 ||
      has_markers > 1) {
    return false;
  }
  raw.corners = corners;
  raw.has_markers = has_markers == 1;
  return in.get_array(raw.points, 3 * n_points) &&
         in.get_array(raw.tets, static_cast<std::uint64_t>(corners) * n_tets) &&
         in.get_array(raw.trifaces, 3 * n_trifaces) && in.get_array(raw.markers, raw.has_markers ? n_trifaces : 0) &&
         in.done();
}

// The last lines of a child's stderr, on one line: "line | line | ...".
std::string stderr_summary(const std::string& tail) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < tail.size()) {
    std::size_t end = tail.find('\n', start);
    if (end == std::string::npos) end = tail.size();
    std::string line = tail.substr(start, end - start);
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.pop_back();
    if (!line.empty()) lines.push_back(std::move(line));
    start = end + 1;
  }
  if (lines.empty()) return "no output on stderr";
  constexpr std::size_t kLines = 6;
  std::string text = lines.size() > kLines ? "... | " : "";
  for (std::size_t i = lines.size() > kLines ? lines.size() - kLines : 0; i < lines.size(); ++i) {
    text += lines[i];
    if (i + 1 < lines.size()) text += " | ";
  }
  return "stderr: " + text;
}

// Runs both TetGen stages in a forked child (see the header comment of tetrahedralize.h).
RawTetGenOutput run_tetgen_in_child(const TriMesh& surface, const std::string& switches) {
  const mesh_detail::ChildOutcome outcome =
      mesh_detail::run_in_child_process([&](const mesh_detail::ChildWriter& write) {
        const auto on_stage = [&](Stage stage) {
          if (!write(std::string_view(reinterpret_cast<const char*>(&stage), 1))) ::_exit(71);
        };
        std::string message;
        try {
          message = encode(run_tetgen_stages(surface, switches, on_stage));
        } catch (const TetGenFailure& failure) {
          message = encode(failure);
        }
        if (!write(message)) ::_exit(71);
      });

  // The stage the child was in when it ended, and where its final message starts.
  std::size_t pos = 0;
  std::string stage_switches = "(none: TetGen was not started)";
  while (pos < outcome.data.size() && (outcome.data[pos] == static_cast<char>(Stage::intersection_check) ||
                                       outcome.data[pos] == static_cast<char>(Stage::meshing))) {
    stage_switches = outcome.data[pos] == static_cast<char>(Stage::meshing)
                         ? switches
                         : std::string(kIntersectionSwitches) + " (the self-intersection check)";
    ++pos;
  }
  const std::string stderr_text = stderr_summary(outcome.stderr_tail);
  if (outcome.end == mesh_detail::ChildOutcome::End::signalled) {
    const bool aborted = outcome.signal == SIGABRT;
    throw GeometryError("tetrahedralize", 0,
                        fmt::format("TetGen {} ({}) with switches \"{}\"; {}", aborted ? "aborted" : "crashed",
                                    mesh_detail::describe_signal(outcome.signal), stage_switches, stderr_text));
  }
  if (outcome.end == mesh_detail::ChildOutcome::End::exited && outcome.exit_status != 0) {
    throw GeometryError("tetrahedralize", 0,
                        fmt::format("TetGen's process exited with status {} with switches \"{}\"; {}",
                                    outcome.exit_status, stage_switches, stderr_text));
  }
  // Exited with status 0 (or, where SIGCHLD is ignored, unknown): the message must be complete.
  Decoder in(std::string_view(outcome.data).substr(pos));
  char tag = 0;
  RawTetGenOutput raw;
  TetGenFailure failure;
  if (in.get(tag)) {
    if (tag == kResultTag && decode_result(in, raw)) return raw;
    if (tag == kFailureTag && in.get_text(failure.source) && in.get_text(failure.message) && in.done()) {
      throw GeometryError(failure.source, 0, failure.message);
    }
  }
  throw GeometryError(
      "tetrahedralize", 0,
      fmt::format("TetGen's process ended ({}) without a complete result ({} bytes) with switches "
                  "\"{}\"; {}",
                  outcome.end == mesh_detail::ChildOutcome::End::exited ? "exit status 0" : "status unknown",
                  outcome.data.size() - pos, stage_switches, stderr_text));
}

RawTetGenOutput run_tetgen_in_process(const TriMesh& surface, const std::string& switches) {
  RestorePredicates restore;
  try {
    return run_tetgen_stages(surface, switches, [](Stage) {});
  } catch (const TetGenFailure& failure) {
    throw GeometryError(failure.source, 0, failure.message);
  }
}

struct TetFaceKey {
  std::array<Index, 3> sorted;
  Index tet;
  int local_face;
};

}  // namespace

TetrahedralizeResult tetrahedralize(const TriMesh& surface, const std::string& switches, TetGenIsolation isolation) {
  TetrahedralizeResult result;
  result.switches = effective_switches(switches);
  if (surface.triangles.empty()) {
    throw GeometryError("tetrahedralize input surface", 0, "the surface has no triangles: expected a closed surface");
  }
  require_valid(surface, "tetrahedralize input surface");

  RawTetGenOutput out;
  {
    // TetGen keeps global state: runs are serialised. (A child's state is its own, but the lock
    // also bounds the number of children to one.)
    std::lock_guard<std::mutex> lock(tetgen_mutex());
    out = isolation == TetGenIsolation::kChildProcess ? run_tetgen_in_child(surface, result.switches)
                                                      : run_tetgen_in_process(surface, result.switches);
  }
  const int point_count = out.point_count();
  const int tet_count = out.corners > 0 ? static_cast<int>(out.tets.size() / static_cast<std::size_t>(out.corners)) : 0;
  if (out.corners != 4 || tet_count <= 0) {
    throw GeometryError(
        "tetrahedralize", 0,
        fmt::format("TetGen produced no linear tets ({} tets with {} corners)", tet_count, out.corners));
  }

  TetMesh& mesh = result.mesh;
  mesh.vertices.resize(static_cast<std::size_t>(point_count));
  for (int v = 0; v < point_count; ++v) {
    const std::size_t i = 3 * static_cast<std::size_t>(v);
    mesh.vertices[static_cast<std::size_t>(v)] = Vec3(out.points[i], out.points[i + 1], out.points[i + 2]);
  }
  mesh.tets.resize(static_cast<std::size_t>(tet_count));
  for (int t = 0; t < tet_count; ++t) {
    const std::size_t i = 4 * static_cast<std::size_t>(t);
    Tet tet{out.tets[i], out.tets[i + 1], out.tets[i + 2], out.tets[i + 3]};
    for (Index v : tet) {
      if (v < 0 || v >= point_count) {
        throw GeometryError("tetrahedralize", 0, fmt::format("TetGen tet {} has vertex index {} out of range", t, v));
      }
    }
    const int sign = signed_volume_sign(
        mesh.vertices[static_cast<std::size_t>(tet[0])], mesh.vertices[static_cast<std::size_t>(tet[1])],
        mesh.vertices[static_cast<std::size_t>(tet[2])], mesh.vertices[static_cast<std::size_t>(tet[3])]);
    if (sign == 0) {
      throw GeometryError("tetrahedralize", 0, fmt::format("TetGen produced a zero-volume tet ({})", t));
    }
    if (sign < 0) std::swap(tet[0], tet[1]);  // TetGen's order (or 'R') is the mirror of ours
    mesh.tets[static_cast<std::size_t>(t)] = tet;
  }

  // Boundary faces of the tet mesh (faces with one tet), keyed by sorted vertices.
  std::vector<TetFaceKey> faces;
  faces.reserve(mesh.tets.size() * 4);
  for (Index t = 0; t < mesh.tet_count(); ++t) {
    for (int f = 0; f < 4; ++f) {
      Triangle tri = mesh.face(t, f);
      std::sort(tri.begin(), tri.end());
      faces.push_back({tri, t, f});
    }
  }
  std::sort(faces.begin(), faces.end(), [](const TetFaceKey& a, const TetFaceKey& b) { return a.sorted < b.sorted; });
  std::vector<TetFaceKey> boundary;
  for (std::size_t i = 0; i < faces.size();) {
    std::size_t j = i + 1;
    while (j < faces.size() && faces[j].sorted == faces[i].sorted) ++j;
    if (j - i == 1) boundary.push_back(faces[i]);
    i = j;
  }
  const std::size_t n = out.trifaces.size() / 3;
  if (n != boundary.size() || !out.has_markers) {
    throw GeometryError(
        "tetrahedralize", 0,
        fmt::format("TetGen returned {} boundary faces (markers {}), but its tets have {} boundary faces", n,
                    out.has_markers ? "present" : "missing", boundary.size()));
  }
  result.steiner_limit_reached =
      result.switches.find(fmt::format("S{}", kTetGenDefaultSteinerLimit)) != std::string::npos &&
      point_count - surface.vertex_count() >= kTetGenDefaultSteinerLimit;
  result.boundary_triangles.reserve(n);
  result.boundary_source_faces.reserve(n);
  result.boundary_tets.reserve(n);
  result.boundary_tet_faces.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    std::array<Index, 3> key{out.trifaces[3 * i], out.trifaces[3 * i + 1], out.trifaces[3 * i + 2]};
    std::sort(key.begin(), key.end());
    const auto it = std::lower_bound(boundary.begin(), boundary.end(), key,
                                     [](const TetFaceKey& a, const std::array<Index, 3>& k) { return a.sorted < k; });
    const int marker = out.markers[i];
    if (it == boundary.end() || it->sorted != key || marker < 1 || marker > surface.triangle_count()) {
      throw GeometryError(
          "tetrahedralize", 0,
          fmt::format("TetGen boundary face {} (marker {}) is not a boundary face of its tets or has no "
                      "input face",
                      i, marker));
    }
    result.boundary_triangles.push_back(mesh.face(it->tet, it->local_face));
    result.boundary_source_faces.push_back(marker - 1);
    result.boundary_tets.push_back(it->tet);
    result.boundary_tet_faces.push_back(it->local_face);
  }
  return result;
}

}  // namespace contactlab
