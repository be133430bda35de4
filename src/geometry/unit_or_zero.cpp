#include "contactlab/geometry/unit_or_zero.h"

#include <cmath>

namespace contactlab {

Vec3 unit_or_zero(const Vec3& v) {
  const double length = v.norm();
  if (!(length > 0.0) || !std::isfinite(length)) return Vec3::Zero();
  return v / length;
}

}  // namespace contactlab
