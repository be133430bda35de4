#include "contactlab/mesh/validate.h"

#include "contactlab/core/error.h"
#include "contactlab/geometry/predicates.h"
#include "contactlab/geometry/triangle_triangle_intersection.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace contactlab {
namespace {

bool is_finite(const Vec3& p) { return std::isfinite(p.x()) && std::isfinite(p.y()) && std::isfinite(p.z()); }

// Bounding-box diagonal of the finite vertices: the mesh's length scale.
double length_scale(const std::vector<Vec3>& vertices) {
  Aabb box;
  for (const Vec3& v : vertices) {
    if (is_finite(v)) box.extend(v);
  }
  return box.diagonal();
}

void check_vertices(const std::vector<Vec3>& vertices, ValidationReport& report) {
  for (std::size_t i = 0; i < vertices.size(); ++i) {
    const Vec3& v = vertices[i];
    if (!is_finite(v)) {
      report.issues.push_back(
          {MeshIssueKind::kNonFiniteCoordinate, static_cast<Index>(i),
           fmt::format("vertex {} has a non-finite coordinate ({}, {}, {})", i, v.x(), v.y(), v.z())});
    }
  }
}

// Checks the indices of one element (triangle or tet); true when they are usable for geometry.
template <std::size_t N>
bool check_indices(const std::array<Index, N>& element, Index element_index, const char* name,
                   const std::vector<Vec3>& vertices, ValidationReport& report) {
  const auto n = static_cast<Index>(vertices.size());
  for (Index v : element) {
    if (v < 0 || v >= n) {
      report.issues.push_back({MeshIssueKind::kIndexOutOfRange, element_index,
                               fmt::format("{} {} has vertex index {}: valid 0..{}", name, element_index, v, n - 1)});
      return false;
    }
  }
  for (std::size_t a = 0; a < N; ++a) {
    for (std::size_t b = a + 1; b < N; ++b) {
      if (element[a] == element[b]) {
        report.issues.push_back({MeshIssueKind::kRepeatedVertex, element_index,
                                 fmt::format("{} {} uses vertex {} twice", name, element_index, element[a])});
        return false;
      }
    }
  }
  for (Index v : element) {
    if (!is_finite(vertices[static_cast<std::size_t>(v)])) return false;  // reported per vertex
  }
  return true;
}

struct HalfEdge {
  Index lo, hi;    // sorted vertex pair
  Index triangle;  // owner
  bool forward;    // traversed lo -> hi by the owner
};

void check_edges(const TriMesh& mesh, const std::vector<char>& usable, const ValidationOptions& options,
                 ValidationReport& report, bool& closed_and_consistent) {
  std::vector<HalfEdge> half_edges;
  half_edges.reserve(mesh.triangles.size() * 3);
  for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
    if (!usable[t]) continue;
    const Triangle& tri = mesh.triangles[t];
    for (int k = 0; k < 3; ++k) {
      const Index a = tri[static_cast<std::size_t>(k)], b = tri[static_cast<std::size_t>((k + 1) % 3)];
      half_edges.push_back({std::min(a, b), std::max(a, b), static_cast<Index>(t), a < b});
    }
  }
  std::sort(half_edges.begin(), half_edges.end(), [](const HalfEdge& x, const HalfEdge& y) {
    return std::tie(x.lo, x.hi, x.triangle) < std::tie(y.lo, y.hi, y.triangle);
  });
  closed_and_consistent = true;
  for (std::size_t i = 0; i < half_edges.size();) {
    std::size_t j = i;
    while (j < half_edges.size() && half_edges[j].lo == half_edges[i].lo && half_edges[j].hi == half_edges[i].hi) ++j;
    const HalfEdge& e = half_edges[i];
    const std::size_t count = j - i;
    if (count == 1) {
      closed_and_consistent = false;
      if (options.require_closed) {
        report.issues.push_back({MeshIssueKind::kBoundaryEdge, e.triangle,
                                 fmt::format("edge ({}, {}) of triangle {} has no neighbour: the surface is open", e.lo,
                                             e.hi, e.triangle)});
      }
    } else if (count > 2) {
      closed_and_consistent = false;
      std::string owners;
      for (std::size_t k = i; k < j; ++k) owners += (k > i ? ", " : "") + std::to_string(half_edges[k].triangle);
      report.issues.push_back(
          {MeshIssueKind::kNonManifoldEdge, e.triangle,
           fmt::format("edge ({}, {}) is shared by {} triangles ({}): expected 2", e.lo, e.hi, count, owners)});
    } else if (half_edges[i].forward == half_edges[i + 1].forward) {
      closed_and_consistent = false;
      report.issues.push_back(
          {MeshIssueKind::kInconsistentOrientation, half_edges[i + 1].triangle,
           fmt::format("triangles {} and {} traverse their shared edge ({}, {}) in the same direction: "
                       "inconsistent orientation",
                       half_edges[i].triangle, half_edges[i + 1].triangle, e.lo, e.hi)});
    }
    i = j;
  }
}

// Where the surface touches itself although its triangles are not neighbours there: TetGen needs a
// manifold (its own intersection check 'd' misses touching along an edge or at a vertex, and the
// touching parts become one solid glued at a line or point). Two kinds:
//  - a vertex whose triangles form two or more fans (cones meeting at a shared apex): found from
//    the indices;
//  - two triangles with no vertex index in common that share a point (a face, an edge or a
//    vertex lying on the other, including distinct vertices at the same position): found with the
//    exact triangle–triangle test over the pairs whose bounding boxes meet (sweep along the box
//    list's longest axis). Triangles with a common vertex are neighbours; their crossings are
//    TetGen's intersection check's to find.
void check_self_contact(const TriMesh& mesh, const std::vector<char>& usable, ValidationReport& report) {
  const auto n = static_cast<Index>(mesh.triangles.size());
  // 1. Fans around each vertex: triangles around v are joined when they share an edge (v, w).
  std::vector<std::vector<Index>> around(mesh.vertices.size());
  for (Index t = 0; t < n; ++t) {
    if (!usable[static_cast<std::size_t>(t)]) continue;
    for (Index v : mesh.triangles[static_cast<std::size_t>(t)]) around[static_cast<std::size_t>(v)].push_back(t);
  }
  std::vector<Index> parent;
  const auto find = [&parent](Index i) {
    while (parent[static_cast<std::size_t>(i)] != i)
      i = parent[static_cast<std::size_t>(i)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(i)])];
    return i;
  };
  for (std::size_t v = 0; v < around.size(); ++v) {
    const std::vector<Index>& tris = around[v];
    if (tris.size() < 2) continue;
    parent.resize(tris.size());
    std::iota(parent.begin(), parent.end(), 0);
    // (other vertex w, position in tris) sorted by w: equal w means a shared edge (v, w).
    std::vector<std::pair<Index, Index>> spokes;
    for (std::size_t k = 0; k < tris.size(); ++k) {
      for (Index w : mesh.triangles[static_cast<std::size_t>(tris[k])]) {
        if (w != static_cast<Index>(v)) spokes.push_back({w, static_cast<Index>(k)});
      }
    }
    std::sort(spokes.begin(), spokes.end());
    for (std::size_t k = 1; k < spokes.size(); ++k) {
      if (spokes[k].first == spokes[k - 1].first)
        parent[static_cast<std::size_t>(find(spokes[k].second))] = find(spokes[k - 1].second);
    }
    std::size_t fans = 0;
    Index other = kInvalidIndex;
    for (std::size_t k = 0; k < tris.size(); ++k) {
      if (find(static_cast<Index>(k)) == static_cast<Index>(k)) {
        ++fans;
        if (k > 0 && other == kInvalidIndex) other = tris[k];
      }
    }
    if (fans > 1) {
      report.issues.push_back(
          {MeshIssueKind::kSelfContact, tris.front(),
           fmt::format("the surface touches itself at vertex {}: its triangles form {} separate fans (triangles {} "
                       "and {} are in different ones); expected one closed fan per vertex (a manifold)",
                       v, fans, tris.front(), other)});
    }
  }
  // 2. Triangles without a common vertex that share a point.
  std::vector<Aabb> boxes(static_cast<std::size_t>(n));
  Aabb all;
  std::vector<Index> order;
  for (Index t = 0; t < n; ++t) {
    if (!usable[static_cast<std::size_t>(t)]) continue;
    boxes[static_cast<std::size_t>(t)] = mesh.triangle_bounds(t);
    all.extend(boxes[static_cast<std::size_t>(t)]);
    order.push_back(t);
  }
  if (order.empty()) return;
  int axis = 0;
  all.extents().maxCoeff(&axis);
  std::sort(order.begin(), order.end(), [&](Index a, Index b) {
    const double ma = boxes[static_cast<std::size_t>(a)].min[axis], mb = boxes[static_cast<std::size_t>(b)].min[axis];
    return ma != mb ? ma < mb : a < b;
  });
  // One issue for all pairs (two cubes sharing a face give dozens): the first pair and where it meets.
  std::size_t pairs = 0;
  std::pair<Index, Index> first{kInvalidIndex, kInvalidIndex};
  TriangleTriangleIntersection first_hit;
  for (std::size_t i = 0; i < order.size(); ++i) {
    const Index a = order[i];
    const Aabb& box_a = boxes[static_cast<std::size_t>(a)];
    const Triangle& ta = mesh.triangles[static_cast<std::size_t>(a)];
    for (std::size_t j = i + 1; j < order.size(); ++j) {
      const Index b = order[j];
      const Aabb& box_b = boxes[static_cast<std::size_t>(b)];
      if (box_b.min[axis] > box_a.max[axis]) break;
      if (!box_a.overlaps(box_b)) continue;
      const Triangle& tb = mesh.triangles[static_cast<std::size_t>(b)];
      bool neighbours = false;
      for (Index u : ta) neighbours |= std::find(tb.begin(), tb.end(), u) != tb.end();
      if (neighbours) continue;
      // The yes/no first (triangles_intersect, a few orientations); the segment only for the message.
      if (!triangles_intersect(mesh.corner(a, 0), mesh.corner(a, 1), mesh.corner(a, 2), mesh.corner(b, 0),
                               mesh.corner(b, 1), mesh.corner(b, 2))) {
        continue;
      }
      const TriangleTriangleIntersection hit =
          triangle_triangle_intersection(mesh.corner(a, 0), mesh.corner(a, 1), mesh.corner(a, 2), mesh.corner(b, 0),
                                         mesh.corner(b, 1), mesh.corner(b, 2));
      ++pairs;
      const std::pair<Index, Index> pair{std::min(a, b), std::max(a, b)};
      if (pairs == 1 || pair < first) {
        first = pair;
        first_hit = hit;
      }
    }
  }
  if (pairs == 0) return;
  const auto point = [](const Vec3& p) { return fmt::format("({:.6g}, {:.6g}, {:.6g})", p.x(), p.y(), p.z()); };
  const std::string where = first_hit.coplanar ? "lie in one plane and touch or overlap there"
                            : first_hit.p0 == first_hit.p1
                                ? "meet at " + point(first_hit.p0)
                                : "meet along " + point(first_hit.p0) + "–" + point(first_hit.p1);
  report.issues.push_back(
      {MeshIssueKind::kSelfContact, first.first,
       fmt::format("triangles {} and {} share no vertex but {}: the surface touches or crosses itself ({} such "
                   "pair(s) of triangles); expected a manifold surface that meets itself only along shared edges",
                   first.first, first.second, where, pairs)});
}

}  // namespace

const char* to_string(MeshIssueKind kind) {
  switch (kind) {
    case MeshIssueKind::kNonFiniteCoordinate:
      return "non-finite coordinate";
    case MeshIssueKind::kIndexOutOfRange:
      return "index out of range";
    case MeshIssueKind::kRepeatedVertex:
      return "repeated vertex";
    case MeshIssueKind::kDegenerateTriangle:
      return "degenerate triangle";
    case MeshIssueKind::kBoundaryEdge:
      return "open boundary edge";
    case MeshIssueKind::kNonManifoldEdge:
      return "non-manifold edge";
    case MeshIssueKind::kInconsistentOrientation:
      return "inconsistent orientation";
    case MeshIssueKind::kSelfContact:
      return "self-contact";
    case MeshIssueKind::kNonPositiveVolume:
      return "non-positive enclosed volume";
    case MeshIssueKind::kInvertedTet:
      return "inverted tet";
    case MeshIssueKind::kZeroVolumeTet:
      return "zero-volume tet";
    case MeshIssueKind::kSliverTet:
      return "sliver tet";
  }
  return "unknown issue";
}

std::size_t ValidationReport::count(MeshIssueKind kind) const {
  return static_cast<std::size_t>(
      std::count_if(issues.begin(), issues.end(), [kind](const MeshIssue& i) { return i.kind == kind; }));
}

std::string ValidationReport::summary() const {
  if (issues.empty()) return {};
  std::string s = fmt::format("{}: {}", to_string(issues.front().kind), issues.front().message);
  if (issues.size() > 1) s += fmt::format(" (and {} more issue(s))", issues.size() - 1);
  return s;
}

ValidationReport validate(const TriMesh& mesh, const ValidationOptions& options) {
  ValidationReport report;
  check_vertices(mesh.vertices, report);
  const double tol = options.tolerance.absolute(length_scale(mesh.vertices));
  std::vector<char> topologically_usable(mesh.triangles.size(), 0);
  bool geometry_ok = true;
  for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
    const Triangle& tri = mesh.triangles[t];
    const auto ti = static_cast<Index>(t);
    const auto n = static_cast<Index>(mesh.vertices.size());
    const bool indices_in_range = std::all_of(tri.begin(), tri.end(), [n](Index v) { return v >= 0 && v < n; });
    const bool distinct = tri[0] != tri[1] && tri[1] != tri[2] && tri[2] != tri[0];
    const bool usable = check_indices(tri, ti, "triangle", mesh.vertices, report);
    // Triangles with non-finite corners still take part in the topology checks; those with bad or
    // repeated indices have no well-defined edges and do not.
    topologically_usable[t] = indices_in_range && distinct ? 1 : 0;
    if (!usable) {
      geometry_ok = false;
      continue;
    }
    const Vec3 &a = mesh.corner(ti, 0), &b = mesh.corner(ti, 1), &c = mesh.corner(ti, 2);
    const double longest = std::max({(b - a).norm(), (c - b).norm(), (a - c).norm()});
    const double twice_area = mesh.area_normal(ti).norm();
    if (exactly_collinear(a, b, c)) {
      geometry_ok = false;
      report.issues.push_back(
          {MeshIssueKind::kDegenerateTriangle, ti, fmt::format("triangle {} has collinear corners (zero area)", t)});
    } else if (twice_area == 0.0 || longest == 0.0) {
      // Not exactly collinear, but the area (or even the edges' squared lengths) underflows to 0
      // in double, which would make the height below 0/0.
      geometry_ok = false;
      report.issues.push_back({MeshIssueKind::kDegenerateTriangle, ti,
                               fmt::format("triangle {} has an area too small to represent in double precision "
                                           "(longest edge {:.3g}): degenerate",
                                           t, longest)});
    } else if (twice_area <= tol * longest) {
      geometry_ok = false;
      report.issues.push_back({MeshIssueKind::kDegenerateTriangle, ti,
                               fmt::format("triangle {} has height {:.3g} ≤ tolerance {:.3g} (area {:.3g})", t,
                                           twice_area / longest, tol, 0.5 * twice_area)});
    }
  }
  bool closed_and_consistent = false;
  check_edges(mesh, topologically_usable, options, report, closed_and_consistent);
  std::vector<char> geometrically_usable(mesh.triangles.size(), 0);
  for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
    const Triangle& tri = mesh.triangles[t];
    geometrically_usable[t] = topologically_usable[t] && std::all_of(tri.begin(), tri.end(), [&](Index v) {
                                return is_finite(mesh.vertices[static_cast<std::size_t>(v)]);
                              });
  }
  const std::size_t before = report.issues.size();
  check_self_contact(mesh, geometrically_usable, report);
  geometry_ok = geometry_ok && report.issues.size() == before;
  if (closed_and_consistent && geometry_ok && options.require_closed && !mesh.triangles.empty()) {
    // Enclosed volume by the divergence theorem: V = Σ (a−o)·((b−o)×(c−o))/6 over outward
    // triangles, for any origin o; o = the box centre avoids cancellation far from the origin.
    const Vec3 o = mesh.bounds().center();
    double volume = 0.0;
    for (Index t = 0; t < mesh.triangle_count(); ++t) {
      volume += (mesh.corner(t, 0) - o).dot((mesh.corner(t, 1) - o).cross(mesh.corner(t, 2) - o)) / 6.0;
    }
    const double scale = length_scale(mesh.vertices);
    if (!(volume > tol * scale * scale)) {
      report.issues.push_back(
          {MeshIssueKind::kNonPositiveVolume, kInvalidIndex,
           fmt::format("the closed surface encloses volume {:.6g} ≤ {:.3g}: it is inside-out (triangles must be "
                       "counter-clockwise seen from outside) or flat",
                       volume, tol * scale * scale)});
    }
  }
  return report;
}

ValidationReport validate(const TetMesh& mesh, const ValidationOptions& options) {
  ValidationReport report;
  check_vertices(mesh.vertices, report);
  const double tol = options.tolerance.absolute(length_scale(mesh.vertices));
  for (Index t = 0; t < mesh.tet_count(); ++t) {
    if (!check_indices(mesh.tets[static_cast<std::size_t>(t)], t, "tet", mesh.vertices, report)) continue;
    const Vec3 &a = mesh.corner(t, 0), &b = mesh.corner(t, 1), &c = mesh.corner(t, 2), &d = mesh.corner(t, 3);
    const int sign = signed_volume_sign(a, b, c, d);
    const double volume = mesh.signed_volume(t);
    if (sign == 0) {
      report.issues.push_back(
          {MeshIssueKind::kZeroVolumeTet, t, fmt::format("tet {} has coplanar corners (zero volume)", t)});
      continue;
    }
    double largest_face_area = 0.0;
    for (int f = 0; f < 4; ++f) {
      const Triangle face = mesh.face(t, f);
      const Vec3& p = mesh.vertices[static_cast<std::size_t>(face[0])];
      const Vec3& q = mesh.vertices[static_cast<std::size_t>(face[1])];
      const Vec3& r = mesh.vertices[static_cast<std::size_t>(face[2])];
      largest_face_area = std::max(largest_face_area, 0.5 * (q - p).cross(r - p).norm());
    }
    // Smallest height of the tet: 3V / (largest face area). Within the tolerance band the tet is a
    // sliver whatever the sign of its volume: a rotation or scale of a sliver that TetGen wrote
    // with a positive volume may round it to a negative one (a refined arch, rotated, has one at
    // −7e-18), and the same mesh must read the same in every frame (docs/methods.md "Frame
    // independence"). Only a tet inverted beyond the band is an error.
    const bool thin = 3.0 * std::abs(volume) <= tol * largest_face_area;
    if (sign < 0 && !thin) {
      report.issues.push_back(
          {MeshIssueKind::kInvertedTet, t, fmt::format("tet {} is inverted (signed volume {:.3g} < 0)", t, volume)});
      continue;
    }
    if (thin) {
      report.issues.push_back(
          {MeshIssueKind::kSliverTet, t,
           fmt::format("tet {} is a sliver: height {:.3g} ≤ tolerance {:.3g} (volume {:.3g})", t,
                       largest_face_area > 0 ? 3.0 * std::abs(volume) / largest_face_area : 0.0, tol, volume)});
    }
  }
  return report;
}

void require_valid(const TriMesh& mesh, const std::string& source, const ValidationOptions& options) {
  const ValidationReport report = validate(mesh, options);
  if (!report.ok()) throw GeometryError(source, 0, report.summary());
}

void require_valid(const TriMesh& mesh, const std::string& source, const std::vector<int>& triangle_lines,
                   const ValidationOptions& options) {
  const ValidationReport report = validate(mesh, options);
  if (report.ok()) return;
  const MeshIssue& first = report.issues.front();
  // Every kind but these names a triangle; its face's line is where to look in the file.
  const bool names_triangle =
      first.kind != MeshIssueKind::kNonFiniteCoordinate && first.kind != MeshIssueKind::kNonPositiveVolume;
  const bool known =
      names_triangle && first.element >= 0 && static_cast<std::size_t>(first.element) < triangle_lines.size();
  throw GeometryError(source, known ? triangle_lines[static_cast<std::size_t>(first.element)] : 0, report.summary());
}

void require_valid(const TetMesh& mesh, const std::string& source, const ValidationOptions& options) {
  const ValidationReport report = validate(mesh, options);
  if (!report.ok()) throw GeometryError(source, 0, report.summary());
}

}  // namespace contactlab
