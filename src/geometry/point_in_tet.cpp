#include "contactlab/geometry/point_in_tet.h"
#include "contactlab/geometry/tetrahedron_tables.h"

#include "contactlab/geometry/predicates.h"
#include "exact_coplanar.h"

#include <array>

namespace contactlab {
namespace {

// p in the convex hull of four points of zero volume (coplanar, collinear or coincident). Exact.
bool in_flat_hull(const Vec3& p, const std::array<Vec3, 4>& v) {
  // The hull of four coplanar points is the union of the four triangles on triples of them
  // (Carathéodory's theorem in the plane); collapsed triples count as the union of their edges.
  static constexpr std::array<std::array<int, 3>, 4> kTriples{{{0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}}};
  for (const auto& t : kTriples) {
    const int axis = geometry_detail::projection_axis(v[t[0]], v[t[1]], v[t[2]]);
    if (axis < 0) continue;
    // A non-collinear triple spans the common plane.
    if (signed_volume_sign(v[t[0]], v[t[1]], v[t[2]], p) != 0) return false;
    const Vec2 q = geometry_detail::drop_axis(p, axis);
    for (const auto& u : kTriples) {
      if (geometry_detail::point_in_triangle_2d(q, geometry_detail::drop_axis(v[u[0]], axis),
                                                geometry_detail::drop_axis(v[u[1]], axis),
                                                geometry_detail::drop_axis(v[u[2]], axis))) {
        return true;
      }
    }
    return false;
  }
  // All four points collinear (or coincident): the hull is the longest of the six segments.
  for (const auto& e : kTetEdges) {
    if (geometry_detail::on_segment_3d(p, v[e[0]], v[e[1]])) return true;
  }
  return false;
}

}  // namespace

PointInTetResult point_in_tet(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d) {
  PointInTetResult result;
  const std::array<Vec3, 4> v{a, b, c, d};
  result.orientation = signed_volume_sign(a, b, c, d);
  if (result.orientation == 0) {
    result.location = TetLocation::kDegenerate;
    result.in_closure = in_flat_hull(p, v);
    return result;
  }

  // Sign of barycentric coordinate i = sign of the volume with vertex i replaced by p, relative to
  // the tet's own orientation.
  std::array<int, 4> sign{};
  int zeros = 0;
  for (int i = 0; i < 4; ++i) {
    std::array<Vec3, 4> w = v;
    w[i] = p;
    sign[i] = result.orientation * signed_volume_sign(w[0], w[1], w[2], w[3]);
    if (sign[i] < 0) return result;  // kOutside
    zeros += sign[i] == 0;
  }
  result.in_closure = true;
  switch (zeros) {
    case 0:
      result.location = TetLocation::kInside;
      break;
    case 1:
      // λ_i = 0: p on the face opposite vertex i.
      result.location = TetLocation::kOnFace;
      for (int i = 0; i < 4; ++i) {
        if (sign[i] == 0) result.feature = i;
      }
      break;
    case 2:
      // Two zero coordinates: p on the edge joining the two vertices with nonzero coordinates.
      result.location = TetLocation::kOnEdge;
      for (int k = 0; k < 6; ++k) {
        if (sign[kTetEdges[k][0]] != 0 && sign[kTetEdges[k][1]] != 0) result.feature = k;
      }
      break;
    default:
      // Three zero coordinates (four is impossible: they sum to the nonzero volume).
      result.location = TetLocation::kOnVertex;
      for (int i = 0; i < 4; ++i) {
        if (sign[i] != 0) result.feature = i;
      }
      break;
  }
  return result;
}

}  // namespace contactlab
