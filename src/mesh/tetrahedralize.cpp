#include "contactlab/mesh/tetrahedralize.h"

#include "contactlab/core/error.h"
#include "contactlab/geometry/predicates.h"
#include "contactlab/mesh/validate.h"

#include <tetgen.h>

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace contactlab {
namespace {

const char* const kSwitchSource = "tetrahedralize switches";

// The letters present in a TetGen switch string, following TetGen's own parser: a letter may be
// followed by a numeric parameter (digits, '.', '/', ','; exponents for a, S, T), which belongs to
// it and is not a switch of its own ("T1e-8" is T alone, "q1.2/10" is q alone).
struct ParsedSwitches {
  std::set<char> letters;
  bool x_without_1 = false;  // 'X' (inexact arithmetic) rather than 'X1' (no static filter)
  bool second_order = false;  // 'o2'
};

ParsedSwitches parse_switches(const std::string& switches) {
  ParsedSwitches parsed;
  std::size_t i = 0;
  while (i < switches.size()) {
    const char c = switches[i++];
    if (!std::isalpha(static_cast<unsigned char>(c)) && c != '?') {
      throw InputError(kSwitchSource, 0,
                       fmt::format("unexpected character '{}' in TetGen switches \"{}\": expected a switch letter "
                                   "optionally followed by a number",
                                   c, switches));
    }
    parsed.letters.insert(c);
    if (c == 'X') parsed.x_without_1 |= !(i < switches.size() && switches[i] == '1');
    if (c == 'o' && i < switches.size() && switches[i] == '2') parsed.second_order = true;
    const bool exponent = c == 'a' || c == 'S' || c == 'T';
    while (i < switches.size()) {
      const char p = switches[i];
      const bool numeric = std::isdigit(static_cast<unsigned char>(p)) || p == '.' || p == '/' || p == ',' ||
                           (exponent && (p == 'e' || p == 'E' || p == '+' || p == '-'));
      if (!numeric) break;
      ++i;
    }
  }
  return parsed;
}

// User switches plus what contactlab needs; rejects switches that change what we read back.
std::string effective_switches(const std::string& user) {
  std::string switches = user;
  if (!switches.empty() && switches.front() == '-') switches.erase(0, 1);
  const ParsedSwitches parsed = parse_switches(switches);
  const std::string rejected = "rwcdimBFENkgvhH?";
  for (char c : parsed.letters) {
    if (rejected.find(c) != std::string::npos) {
      throw InputError(kSwitchSource, 0,
                       fmt::format("TetGen switch '{}' in \"{}\" is not supported by tetrahedralize(): it changes or "
                                   "suppresses the output read back (allowed: p q a Y A M T S O z Q V J I C X1 ...)",
                                   c, user));
    }
  }
  if (parsed.x_without_1) {
    throw InputError(kSwitchSource, 0,
                     fmt::format("TetGen switch 'X' (inexact arithmetic) in \"{}\" is not supported: it would make the "
                                 "process-wide exact predicates inexact; 'X1' is allowed",
                                 user));
  }
  if (parsed.second_order) {
    throw InputError(kSwitchSource, 0, fmt::format("TetGen switch 'o2' (quadratic tets) in \"{}\" is not supported", user));
  }
  if (!parsed.letters.count('p')) switches.insert(0, "p");
  if (!parsed.letters.count('z')) switches += 'z';
  if (!parsed.letters.count('Q') && !parsed.letters.count('V')) switches += 'Q';
  if (!parsed.letters.count('X')) switches += "X1";
  if (!parsed.letters.count('S')) switches += fmt::format("S{}", kTetGenDefaultSteinerLimit);
  return switches;
}

std::string tetgen_error_message(int code) {
  switch (code) {
    case 1: return "TetGen ran out of memory";
    case 2: return "TetGen reported an internal error";
    case 3: return "TetGen found a self-intersection in the input surface";
    case 4: return "TetGen found an input feature (edge or vertex distance) too small for its tolerance";
    case 5: return "TetGen found two nearly coplanar, very close input facets";
    case 10: return "TetGen rejected the switches";
    default: return fmt::format("TetGen failed with error code {}", code);
  }
}

// TetGen calls exactinit() with its own settings on every run, which are process-wide: restore
// the settings of geometry/predicates.h (dynamic filters only, exact arithmetic) afterwards.
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
    for (int k = 0; k < 3; ++k) f.polygonlist[0].vertexlist[k] = surface.triangles[static_cast<std::size_t>(t)][static_cast<std::size_t>(k)];
    in.facetmarkerlist[t] = t + 1;
  }
}

// Runs TetGen; its errors (thrown as int in library mode) become GeometryError.
void run_tetgen(const std::string& switches, tetgenio& in, tetgenio& out) {
  std::vector<char> buffer(switches.begin(), switches.end());
  buffer.push_back('\0');
  try {
    ::tetrahedralize(buffer.data(), &in, &out);
  } catch (int code) {
    throw GeometryError("tetrahedralize", 0,
                        fmt::format("{} (switches \"{}\", code {})", tetgen_error_message(code), switches, code));
  }
}

struct TetFaceKey {
  std::array<Index, 3> sorted;
  Index tet;
  int local_face;
};

}  // namespace

TetrahedralizeResult tetrahedralize(const TriMesh& surface, const std::string& switches) {
  TetrahedralizeResult result;
  result.switches = effective_switches(switches);
  if (surface.triangles.empty()) {
    throw GeometryError("tetrahedralize input surface", 0, "the surface has no triangles: expected a closed surface");
  }
  require_valid(surface, "tetrahedralize input surface");

  tetgenio in, out;
  fill_input(surface, in);
  {
    std::lock_guard<std::mutex> lock(tetgen_mutex());
    RestorePredicates restore;
    // libtet 1.5.0 dereferences invalid memory (SIGSEGV, not an error code) when asked to mesh a
    // self-intersecting or self-touching surface, so first run its intersection detector ('d'),
    // which reports the intersecting facets as output faces instead of meshing.
    {
      tetgenio intersections;
      run_tetgen("pdzQX1", in, intersections);
      if (intersections.numberoftrifaces > 0) {
        std::string faces;
        for (int i = 0; i < std::min(intersections.numberoftrifaces, 8); ++i) {
          const int marker = intersections.trifacemarkerlist ? intersections.trifacemarkerlist[i] : 0;
          faces += (i > 0 ? ", " : "") + (marker > 0 ? std::to_string(marker - 1) : std::string("?"));
        }
        if (intersections.numberoftrifaces > 8) faces += ", ...";
        throw GeometryError("tetrahedralize input surface", 0,
                            fmt::format("the surface intersects or touches itself: {} triangles involved ({})",
                                        intersections.numberoftrifaces, faces));
      }
    }
    run_tetgen(result.switches, in, out);
  }
  if (out.numberofcorners != 4 || out.numberoftetrahedra <= 0 || out.tetrahedronlist == nullptr) {
    throw GeometryError("tetrahedralize", 0,
                        fmt::format("TetGen produced no linear tets ({} tets with {} corners)", out.numberoftetrahedra,
                                    out.numberofcorners));
  }

  TetMesh& mesh = result.mesh;
  mesh.vertices.resize(static_cast<std::size_t>(out.numberofpoints));
  for (int v = 0; v < out.numberofpoints; ++v) {
    mesh.vertices[static_cast<std::size_t>(v)] = Vec3(out.pointlist[3 * v], out.pointlist[3 * v + 1], out.pointlist[3 * v + 2]);
  }
  mesh.tets.resize(static_cast<std::size_t>(out.numberoftetrahedra));
  for (int t = 0; t < out.numberoftetrahedra; ++t) {
    Tet tet{out.tetrahedronlist[4 * t], out.tetrahedronlist[4 * t + 1], out.tetrahedronlist[4 * t + 2],
            out.tetrahedronlist[4 * t + 3]};
    for (Index v : tet) {
      if (v < 0 || v >= out.numberofpoints) {
        throw GeometryError("tetrahedralize", 0, fmt::format("TetGen tet {} has vertex index {} out of range", t, v));
      }
    }
    const int sign = signed_volume_sign(mesh.vertices[static_cast<std::size_t>(tet[0])], mesh.vertices[static_cast<std::size_t>(tet[1])],
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
  if (static_cast<std::size_t>(out.numberoftrifaces) != boundary.size() || out.trifacemarkerlist == nullptr) {
    throw GeometryError("tetrahedralize", 0,
                        fmt::format("TetGen returned {} boundary faces (markers {}), but its tets have {} boundary faces",
                                    out.numberoftrifaces, out.trifacemarkerlist ? "present" : "missing",
                                    boundary.size()));
  }
  const auto n = static_cast<std::size_t>(out.numberoftrifaces);
  result.steiner_limit_reached =
      result.switches.find(fmt::format("S{}", kTetGenDefaultSteinerLimit)) != std::string::npos &&
      out.numberofpoints - surface.vertex_count() >= kTetGenDefaultSteinerLimit;
  result.boundary_triangles.reserve(n);
  result.boundary_source_faces.reserve(n);
  result.boundary_tets.reserve(n);
  result.boundary_tet_faces.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    std::array<Index, 3> key{out.trifacelist[3 * i], out.trifacelist[3 * i + 1], out.trifacelist[3 * i + 2]};
    std::sort(key.begin(), key.end());
    const auto it = std::lower_bound(boundary.begin(), boundary.end(), key,
                                     [](const TetFaceKey& a, const std::array<Index, 3>& k) { return a.sorted < k; });
    const int marker = out.trifacemarkerlist[i];
    if (it == boundary.end() || it->sorted != key || marker < 1 || marker > surface.triangle_count()) {
      throw GeometryError("tetrahedralize", 0,
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
