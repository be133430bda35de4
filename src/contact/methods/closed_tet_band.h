// A point in a closed, not thin tet grown by the band, decided without a branch per face.
#pragma once

#include "contactlab/geometry/tolerance_band.h"

#include <array>
#include <cstddef>

namespace contactlab::contact_detail {

/// in_closed_tet_band(p, tet, planes, tol) for a tet that is not thin (planes.thin(tol) false): no
/// face plane with p beyond the band outside it. The four comparisons are joined with a bitwise and
/// instead of stopping at the first failing face: which face (if any) a probed corner lies beyond
/// is hard to predict for tets near each other, and a mispredicted branch per face cost more than
/// the comparisons (the intersection points of the SAT methods, the vertex methods' probes).
inline bool in_thick_tet_band(const Vec3& p, const std::array<Vec3, 4>& tet, const TetPlanes& planes, double tol) {
  bool inside = true;
  for (std::size_t f = 0; f < 4; ++f) {
    inside &= !(planes.normal[f].dot(p - tet[static_cast<std::size_t>(kTetFaces[f][0])]) > tol);
  }
  return inside;
}

}  // namespace contactlab::contact_detail
