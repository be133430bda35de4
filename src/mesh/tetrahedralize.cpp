#include "contactlab/mesh/tetrahedralize.h"

#include "contactlab/core/error.h"
#include "contactlab/core/input_limits.h"
#include "contactlab/geometry/predicates.h"
#include "contactlab/mesh/validate.h"
#include "run_program.h"
#include "tetgen_helper/tetgen_run.h"

#include <tetgen.h>  // exactinit(), for RestorePredicates

#include <fmt/format.h>

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
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

// The helper program TetGen runs in: $CONTACTLAB_TETGEN_HELPER when set; else the one this build
// made (its path is compiled in, like the viewer's); else contactlab-tetgen beside the running
// executable (a copied or installed bin/ folder).
std::string tetgen_helper_path() {
  if (const char* env = std::getenv("CONTACTLAB_TETGEN_HELPER"); env != nullptr && *env != '\0') return env;
  if (::access(CONTACTLAB_TETGEN_HELPER, X_OK) == 0) return CONTACTLAB_TETGEN_HELPER;
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error) {
    const std::filesystem::path beside = self.parent_path() / "contactlab-tetgen";
    if (::access(beside.c_str(), X_OK) == 0) return beside.string();
  }
  throw GeometryError("tetrahedralize", 0,
                      fmt::format("TetGen's helper program contactlab-tetgen was found neither at {} (where this "
                                  "build put it) nor beside the running executable; set CONTACTLAB_TETGEN_HELPER to "
                                  "its path",
                                  CONTACTLAB_TETGEN_HELPER));
}

mesh_detail::TetGenRequest tetgen_request(const TriMesh& surface, const std::string& switches) {
  mesh_detail::TetGenRequest request;
  request.switches = switches;
  request.points.reserve(3 * surface.vertices.size());
  for (const Vec3& v : surface.vertices) request.points.insert(request.points.end(), {v.x(), v.y(), v.z()});
  request.triangles.reserve(3 * surface.triangles.size());
  for (const Triangle& t : surface.triangles) request.triangles.insert(request.triangles.end(), t.begin(), t.end());
  return request;
}

// Runs both TetGen stages in the helper program (see the header comment of tetrahedralize.h).
mesh_detail::RawTetGenOutput run_tetgen_in_child(const TriMesh& surface, const std::string& switches) {
  mesh_detail::ProgramRun run;
  run.path = tetgen_helper_path();
  run.input = mesh_detail::encode_request(tetgen_request(surface, switches));
  const mesh_detail::ChildOutcome outcome = mesh_detail::run_program(run);

  // The stage the child was in when it ended, and where its final message starts.
  const mesh_detail::ReplyStages stages = mesh_detail::read_reply_stages(outcome.data);
  const std::string stage_switches =
      !stages.any ? "(none: TetGen was not started)"
      : stages.last == mesh_detail::Stage::meshing
          ? switches
          : std::string(mesh_detail::kIntersectionSwitches) + " (the self-intersection check)";
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
  mesh_detail::RawTetGenOutput raw;
  mesh_detail::TetGenFailure failure;
  switch (mesh_detail::decode_reply(std::string_view(outcome.data).substr(stages.message_start), raw, failure)) {
    case mesh_detail::ReplyKind::result:
      return raw;
    case mesh_detail::ReplyKind::failure:
      throw GeometryError(failure.source, 0, failure.message);
    case mesh_detail::ReplyKind::malformed:
      break;
  }
  throw GeometryError(
      "tetrahedralize", 0,
      fmt::format("TetGen's process ended ({}) without a complete result ({} bytes) with switches "
                  "\"{}\"; {}",
                  outcome.end == mesh_detail::ChildOutcome::End::exited ? "exit status 0" : "status unknown",
                  outcome.data.size() - stages.message_start, stage_switches, stderr_text));
}

mesh_detail::RawTetGenOutput run_tetgen_in_process(const TriMesh& surface, const std::string& switches) {
  RestorePredicates restore;
  try {
    return mesh_detail::run_tetgen_stages(tetgen_request(surface, switches), [](mesh_detail::Stage) {});
  } catch (const mesh_detail::TetGenFailure& failure) {
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

  mesh_detail::RawTetGenOutput out;
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
