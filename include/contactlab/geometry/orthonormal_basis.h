// Orthonormal basis (u, v) of the plane perpendicular to a unit vector n, so that (u, v, n) is
// right-handed. Branchless construction of T. Duff et al., "Building an Orthonormal Basis,
// Revisited", JCGT 6(1), 2017 (Listing 3). `n` must be unit length.
#pragma once

#include "contactlab/core/types.h"

#include <cmath>
#include <utility>

namespace contactlab {

inline std::pair<Vec3, Vec3> orthonormal_basis(const Vec3& n) {
  const double sign = std::copysign(1.0, n.z());
  const double a = -1.0 / (sign + n.z());
  const double b = n.x() * n.y() * a;
  Vec3 u(1.0 + sign * n.x() * n.x() * a, sign * b, -sign * n.x());
  Vec3 v(b, sign + n.y() * n.y() * a, -n.y());
  return {u, v};
}

}  // namespace contactlab
