// A point in a closed, not thin tet grown by the band, decided without a branch per face.
#pragma once

#include "contactlab/geometry/closest_point_point_triangle.h"
#include "contactlab/geometry/tolerance_band.h"

#include <array>
#include <cstddef>

namespace contactlab::contact_detail {

/// For a tet that is not thin (planes.thin(tol) false): no face plane with p beyond the band outside
/// it (the four comparisons joined without a branch per face: which face a probed corner lies beyond
/// is hard to predict, and a mispredicted branch cost more than the comparisons) and, for a point
/// beyond one of the tet's face planes, within tol of the tet
/// itself (the nearest point of a face it lies beyond, closest_point_point_triangle). The planes'
/// band alone reaches farther than tol from the tet near a sharp corner or edge — up to tol / sin of
/// half the angle there — while the broad phase keeps a tet pair only when their boxes, grown by the
/// band along the world axes, overlap: a point in that excess was probed in a turned frame and not
/// in the unmoved one (the internal edge's cube lifted by 1 to 1.6 bands: contacts 0 unmoved, up to
/// 6 turned, docs/methods.md "Just beyond the band"). Within tol of the tet, the pair's boxes
/// overlap in every frame.
inline bool in_tet_distance_band(const Vec3& p, const std::array<Vec3, 4>& tet, const TetPlanes& planes, double tol) {
  std::array<double, 4> d;
  bool inside = true, beyond = false;
  for (std::size_t f = 0; f < 4; ++f) {
    d[f] = planes.normal[f].dot(p - tet[static_cast<std::size_t>(kTetFaces[f][0])]);
    inside &= !(d[f] > tol);
    beyond |= d[f] > 0.0;
  }
  if (!inside) return false;
  if (!beyond) return true;
  // Outside the tet: its nearest point lies on a face whose plane p is beyond.
  const double tol2 = tol * tol;
  for (std::size_t f = 0; f < 4; ++f) {
    if (!(d[f] > 0.0)) continue;
    const auto& face = kTetFaces[f];
    const double distance2 =
        closest_point_point_triangle(p, tet[static_cast<std::size_t>(face[0])], tet[static_cast<std::size_t>(face[1])],
                                     tet[static_cast<std::size_t>(face[2])])
            .squared_distance;
    if (distance2 <= tol2) return true;
  }
  return false;
}

}  // namespace contactlab::contact_detail
