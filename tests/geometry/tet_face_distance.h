// Test support: the distance between the surfaces of two tets by brute force — the least distance
// over their 4 × 4 face pairs (closest_points_triangle_triangle). It equals the distance between the
// solids unless one holds the other (then the solids meet and this is still positive); callers use
// it where that cannot happen or say why it does not matter. 0 when the surfaces touch or cross.
#pragma once

#include "contactlab/geometry/closest_points_triangle_triangle.h"
#include "contactlab/geometry/tetrahedron_tables.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace contactlab::testing {

inline double tet_face_distance(const std::array<Vec3, 4>& a, const std::array<Vec3, 4>& b) {
  double best = std::numeric_limits<double>::infinity();
  for (const auto& fa : kTetFaces) {
    for (const auto& fb : kTetFaces) {
      const auto r = closest_points_triangle_triangle(
          a[static_cast<std::size_t>(fa[0])], a[static_cast<std::size_t>(fa[1])], a[static_cast<std::size_t>(fa[2])],
          b[static_cast<std::size_t>(fb[0])], b[static_cast<std::size_t>(fb[1])], b[static_cast<std::size_t>(fb[2])]);
      best = std::min(best, std::sqrt(r.squared_distance));
    }
  }
  return best;
}

}  // namespace contactlab::testing
