#include "methods/coplanar_interfaces.h"

#include "contactlab/geometry/planar_overlap_corners.h"
#include "contactlab/geometry/tetrahedron_tables.h"
#include "contactlab/geometry/tolerance_band.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace contactlab::contact_detail {
namespace {

/// An overlapping interface is at least this many times wider (minimum_width) than deep.
constexpr double kMinimumAspect = 4.0;

/// The width of points of a plane with unit normal n: the least extent across a direction of the
/// plane, which for their convex hull is reached across one of its edges — so the least over lines
/// through two of the points of the spread of all the points on either side. 0 for fewer than
/// three points or points on a line. O(k³) for k corners (an interface has a handful).
double minimum_width(const std::vector<Vec3>& points, const Vec3& n) {
  double width = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < points.size(); ++i) {
    for (std::size_t j = i + 1; j < points.size(); ++j) {
      const Vec3 across = n.cross(points[j] - points[i]);
      const double length = across.norm();
      if (!(length > 0.0)) continue;
      double low = 0.0, high = 0.0;
      for (const Vec3& p : points) {
        const double d = across.dot(p - points[i]) / length;
        low = std::min(low, d), high = std::max(high, d);
      }
      width = std::min(width, high - low);
    }
  }
  return std::isfinite(width) ? width : 0.0;
}

using Face = SurfaceFacePlane;

/// The gap between faces fa and fb at x along n = fa's normal: x's distance in front of fa's plane
/// plus its distance in front of fb's plane along −n (fb's distance over −n_B · n, which the facing
/// band keeps within 1e-9 of 1). 0 within the band.
double gap_at(const Face& fa, const Face& fb, const Vec3& x, double tol) {
  const double gap = fa.plane.distance(x) + fb.plane.distance(x) / -fb.plane.normal.dot(fa.plane.normal);
  return std::abs(gap) <= tol ? 0.0 : gap;
}

struct UnionFind {
  std::vector<std::size_t>& parent;  // the caller's storage, reused
  UnionFind(std::size_t n, std::vector<std::size_t>& storage) : parent(storage) {
    parent.resize(n);
    std::iota(parent.begin(), parent.end(), std::size_t{0});
  }
  std::size_t find(std::size_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  }
  void join(std::size_t x, std::size_t y) {
    x = find(x), y = find(y);
    if (x != y) parent[std::max(x, y)] = std::min(x, y);
  }
};

/// The first face (lowest triangle index, `faces` being ascending) whose triangle grown by the band
/// contains x; the first face when none does (rounding at the band's edge).
const Face& face_containing(const std::vector<const Face*>& faces, const Vec3& x, double tol) {
  for (const Face* f : faces) {
    if (in_triangle_band(f->plane, x, tol)) return *f;
  }
  return *faces.front();
}

}  // namespace

void append_surface_face_planes(const MethodBody& body, Index tet, std::vector<SurfaceFacePlane>& out) {
  const std::array<Vec3, 4> p = body.tet(tet);
  const Tet& corners = body.shape->tets.tets[static_cast<std::size_t>(tet)];
  for (std::size_t f = 0; f < 4; ++f) {
    const Index triangle = body.surface_triangle(tet, static_cast<int>(f));
    if (triangle == kInvalidIndex) continue;
    const auto& k = kTetFaces[f];
    SurfaceFacePlane face;
    face.triangle = triangle;
    face.tet = tet;
    for (std::size_t i = 0; i < 3; ++i) face.vertex[i] = corners[static_cast<std::size_t>(k[i])];
    const auto corner = [&](std::size_t i) -> const Vec3& { return p[static_cast<std::size_t>(k[i])]; };
    face.plane = triangle_plane(corner(0), corner(1), corner(2));
    for (const Vec3& x : face.corners()) face.box.extend(x);
    face.ownership = body.features->surface_face_ownership[static_cast<std::size_t>(tet)][f];
    out.push_back(face);
  }
}

CandidateFaces candidate_faces(const MethodBody& a, const MethodBody& b, std::span<const ElementPair> pairs) {
  CandidateFaces out;
  candidate_faces(a, b, pairs, out);
  return out;
}

void candidate_faces(const MethodBody& a, const MethodBody& b, std::span<const ElementPair> pairs,
                     CandidateFaces& out) {
  for (const auto& [body, list] : {std::pair{&a, &out.a}, std::pair{&b, &out.b}}) {
    list->first.assign(body->shape->tets.tets.size(), CandidateFaceList::kAbsent);
    list->count.assign(body->shape->tets.tets.size(), 0);
    list->faces.clear();
  }
  const auto add = [](const MethodBody& body, Index tet, CandidateFaceList& list) {
    const auto t = static_cast<std::size_t>(tet);
    if (list.first[t] != CandidateFaceList::kAbsent) return;
    list.first[t] = static_cast<std::uint32_t>(list.faces.size());
    append_surface_face_planes(body, tet, list.faces);
    list.count[t] = static_cast<std::uint8_t>(list.faces.size() - list.first[t]);
  };
  for (const ElementPair& pair : pairs) {
    add(a, pair.a, out.a);
    add(b, pair.b, out.b);
  }
}

std::vector<CoplanarInterface> coplanar_interfaces(std::span<const ElementPair> pairs, const CandidateFaces& faces,
                                                   const InterfaceBand& band) {
  // Facing face pairs (pointers into `faces`: a triangle belongs to one tet, so it is one Face).
  const double reach = facing_reach(band);
  std::vector<FacePair> facing_pairs;
  for (const ElementPair& pair : pairs) {
    for (const Face& x : faces.a.of(pair.a)) {
      for (const Face& y : faces.b.of(pair.b)) {
        if (!x.box.inflated(reach).overlaps(y.box) || !x.plane.valid || !y.plane.valid) continue;
        if (facing(x, y, corner_distances(x, y), corner_distances(y, x), band)) facing_pairs.emplace_back(&x, &y);
      }
    }
  }
  return interfaces_of(facing_pairs, band);
}

std::vector<CoplanarInterface> interfaces_of(std::span<const FacePair> facing_pairs, const InterfaceBand& band) {
  std::vector<CoplanarInterface> out;
  out.resize(interfaces_of(facing_pairs, band, out).size());
  return out;
}

std::span<const CoplanarInterface> interfaces_of(std::span<const FacePair> facing_pairs, const InterfaceBand& band,
                                                 std::vector<CoplanarInterface>& storage) {
  const double tol = band.tol;
  if (facing_pairs.empty()) return {};

  // The working storage, reused by the calls on one thread (a body pair's interfaces are a few;
  // allocating it for each was a tenth of the semi-local method's time on the arch).
  static thread_local struct {
    std::vector<const Face*> nodes_a, nodes_b, side_a, side_b;
    std::vector<std::size_t> parent;
    std::vector<std::pair<std::size_t, std::size_t>> membership;
    std::vector<Triangle3> ta, tb;
    PlanarOverlapCorners polygon;
  } scratch;

  // Groups: nodes are A's faces (ascending triangle index) then B's.
  const auto by_triangle = [](const Face* x, const Face* y) { return x->triangle < y->triangle; };
  std::vector<const Face*>& nodes_a = scratch.nodes_a;
  std::vector<const Face*>& nodes_b = scratch.nodes_b;
  nodes_a.clear();
  nodes_b.clear();
  for (const auto& [x, y] : facing_pairs) nodes_a.push_back(x), nodes_b.push_back(y);
  for (auto* nodes : {&nodes_a, &nodes_b}) {
    std::sort(nodes->begin(), nodes->end(), by_triangle);
    nodes->erase(std::unique(nodes->begin(), nodes->end()), nodes->end());
  }
  const auto node_of = [&](const std::vector<const Face*>& nodes, const Face* f) {
    return static_cast<std::size_t>(std::lower_bound(nodes.begin(), nodes.end(), f, by_triangle) - nodes.begin());
  };
  UnionFind groups(nodes_a.size() + nodes_b.size(), scratch.parent);
  for (const auto& [x, y] : facing_pairs) groups.join(node_of(nodes_a, x), nodes_a.size() + node_of(nodes_b, y));

  // Each group's faces, ascending; groups in the order of their first face of A (a root is its
  // lowest node, and A's nodes come first): the (root, node) pairs sorted.
  std::vector<std::pair<std::size_t, std::size_t>>& membership = scratch.membership;
  membership.clear();
  for (std::size_t i = 0; i < nodes_a.size() + nodes_b.size(); ++i) membership.emplace_back(groups.find(i), i);
  std::sort(membership.begin(), membership.end());

  std::size_t count = 0;  // storage[0, count): the interfaces found so far
  for (std::size_t begin = 0; begin < membership.size();) {
    std::size_t end = begin;
    std::vector<const Face*>& side_a = scratch.side_a;
    std::vector<const Face*>& side_b = scratch.side_b;
    side_a.clear();
    side_b.clear();
    for (; end < membership.size() && membership[end].first == membership[begin].first; ++end) {
      const std::size_t node = membership[end].second;
      if (node < nodes_a.size()) {
        side_a.push_back(nodes_a[node]);
      } else {
        side_b.push_back(nodes_b[node - nodes_a.size()]);
      }
    }
    begin = end;
    std::vector<Triangle3>& ta = scratch.ta;
    std::vector<Triangle3>& tb = scratch.tb;
    ta.clear();
    tb.clear();
    for (const Face* f : side_a) ta.push_back(f->corners());
    for (const Face* f : side_b) tb.push_back(f->corners());
    const Face& first = *side_a.front();
    // The interface's depth: the mean distance of its first face of B behind A's plane; the
    // polygon lies on the mid plane.
    double separation = 0.0;
    for (const Vec3& x : side_b.front()->corners()) separation += first.plane.distance(x) / 3.0;
    PlanarOverlapRequest request;
    request.origin = first.corners()[0] + 0.5 * separation * first.plane.normal;
    request.normal = first.plane.normal;
    request.tolerance = tol;
    // Two sides turned a little against each other in their plane (a simulation's resting bodies)
    // have edges that cross at a grazing angle far from any corner: within the angular band that
    // is a straight boundary, no corner.
    request.angle_band = band.angle;
    PlanarOverlapCorners& polygon = scratch.polygon;
    planar_overlap_corners(ta, tb, request, polygon);
    // ... and their corners lie a little apart: corners within the envelope of an earlier one are
    // that corner (the first, in planar_overlap_corners' order). Not done by widening the polygon's
    // band: that would drop refined meshes' thin triangles from the regions.
    // (Kept in place: polygon.corners[0, kept) are the corners kept so far.)
    if (band.envelope > 0.0) {
      std::vector<Vec3>& corners = polygon.corners;
      std::size_t kept = 0;
      for (std::size_t i = 0; i < corners.size(); ++i) {
        const Vec3 x = corners[i];
        const bool near = std::any_of(corners.begin(), corners.begin() + static_cast<std::ptrdiff_t>(kept),
                                      [&](const Vec3& y) { return (x - y).norm() <= tol + band.envelope; });
        if (!near) corners[kept++] = x;
      }
      corners.resize(kept);
    }
    if (polygon.corners.empty()) continue;
    if (count == storage.size()) storage.emplace_back();
    CoplanarInterface& face = storage[count];
    face.clear();
    face.normal = first.plane.normal;
    face.faces_a.assign(side_a.begin(), side_a.end());
    face.faces_b.assign(side_b.begin(), side_b.end());
    for (const Vec3& x : polygon.corners) {
      const Face& on_a = face_containing(side_a, x, tol);
      const Face& on_b = face_containing(side_b, x, tol);
      face.corner_face_a.push_back(&on_a);
      face.corner_face_b.push_back(&on_b);
      face.corner_gap.push_back(gap_at(on_a, on_b, x, tol));
    }
    // Parallel faces of two convex features pushed into each other (two spikes apex on apex, two
    // wedges ridge on ridge: a face of each, on either side of the apex or ridge, in one plane at
    // touching) overlap in a strip about as wide as they are deep: a cut through the features, not
    // faces resting on each other. An interface overlapping by more than the band must be wider
    // than kMinimumAspect × its depth.
    const double depth = -*std::min_element(face.corner_gap.begin(), face.corner_gap.end());
    if (depth > tol && !(minimum_width(polygon.corners, face.normal) > kMinimumAspect * depth)) continue;
    face.corners.assign(polygon.corners.begin(), polygon.corners.end());
    ++count;
  }
  return {storage.data(), count};
}

}  // namespace contactlab::contact_detail
