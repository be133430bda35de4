#include "contactlab/geometry/tolerance_band.h"

#include "contactlab/geometry/predicates.h"
#include "contactlab/geometry/tetrahedron_tables.h"

#include <cmath>

namespace contactlab {

std::array<Vec3, 4> tet_outward_unit_normals(const std::array<Vec3, 4>& tet, int orientation) {
  std::array<Vec3, 4> normals;
  for (int f = 0; f < 4; ++f) {
    const Vec3& p0 = tet[kTetFaces[f][0]];
    const Vec3 n = (tet[kTetFaces[f][1]] - p0).cross(tet[kTetFaces[f][2]] - p0);
    const double length = n.norm();
    // kTetFaces winds every face outward for a positively oriented tet.
    normals[f] = length > 0.0 && std::isfinite(length) ? Vec3(n * (orientation / length)) : Vec3::Zero();
  }
  return normals;
}

PointInTetResult point_in_tet_band(const Vec3& p, const std::array<Vec3, 4>& tet, double tol) {
  PointInTetResult r;
  r.orientation = signed_volume_sign(tet[0], tet[1], tet[2], tet[3]);
  if (r.orientation == 0) {
    const PointInTetResult exact = point_in_tet(p, tet[0], tet[1], tet[2], tet[3]);
    r.location = TetLocation::kDegenerate;
    r.in_closure = exact.in_closure;
    return r;
  }
  const std::array<Vec3, 4> normals = tet_outward_unit_normals(tet, r.orientation);
  std::array<double, 4> distance{};
  int on_count = 0;
  for (int f = 0; f < 4; ++f) {
    distance[f] = normals[f].dot(p - tet[kTetFaces[f][0]]);
    const int side = band_sign(distance[f], tol);
    if (side > 0) return r;  // kOutside
    on_count += side == 0 ? 1 : 0;
  }
  r.in_closure = true;
  if (on_count == 0) {
    r.location = TetLocation::kInside;
  } else if (on_count == 1) {
    r.location = TetLocation::kOnFace;
    for (int f = 0; f < 4; ++f) {
      if (band_sign(distance[f], tol) == 0) r.feature = f;
    }
  } else if (on_count == 2) {
    // Faces i and j share the edge between the two corners that are neither i nor j.
    int i = -1, j = -1;
    for (int f = 0; f < 4; ++f) {
      if (band_sign(distance[f], tol) != 0) continue;
      (i < 0 ? i : j) = f;
    }
    r.location = TetLocation::kOnEdge;
    for (int e = 0; e < 6; ++e) {
      const auto& edge = kTetEdges[e];
      if (edge[0] != i && edge[0] != j && edge[1] != i && edge[1] != j) r.feature = e;
    }
  } else {
    // Three faces within the band meet at the corner opposite the fourth; with all four (a tet
    // thinner than the band) the corner nearest p.
    r.location = TetLocation::kOnVertex;
    if (on_count == 3) {
      for (int f = 0; f < 4; ++f) {
        if (band_sign(distance[f], tol) != 0) r.feature = f;
      }
    } else {
      double best = (p - tet[0]).squaredNorm();
      r.feature = 0;
      for (int k = 1; k < 4; ++k) {
        const double d = (p - tet[k]).squaredNorm();
        if (d < best) best = d, r.feature = k;
      }
    }
  }
  return r;
}

}  // namespace contactlab
