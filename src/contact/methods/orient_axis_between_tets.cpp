#include "methods/orient_axis_between_tets.h"

#include <algorithm>
#include <cmath>

namespace contactlab::contact_detail {

OrientedAxis orient_axis_between_tets(const Vec3& u, const std::array<Vec3, 4>& tet_a, const std::array<Vec3, 4>& tet_b,
                                      const Vec3& hint, const Vec3& second_hint, double tol) {
  double a_lo = u.dot(tet_a[0]), a_hi = a_lo, b_lo = u.dot(tet_b[0]), b_hi = b_lo;
  for (int i = 1; i < 4; ++i) {
    const double pa = u.dot(tet_a[static_cast<std::size_t>(i)]);
    const double pb = u.dot(tet_b[static_cast<std::size_t>(i)]);
    a_lo = std::min(a_lo, pa);
    a_hi = std::max(a_hi, pa);
    b_lo = std::min(b_lo, pb);
    b_hi = std::max(b_hi, pb);
  }
  const double plus = a_hi - b_lo;   // B moves along +u to separate
  const double minus = b_hi - a_lo;  // B moves along −u to separate
  // The hints only where the overlaps tie (projected then: most calls are decided by the overlaps).
  bool positive = true;  // symmetric in every measure: the caller's u (antisymmetric by contract)
  if (std::abs(plus - minus) > tol) {
    positive = plus < minus;
  } else if (const double h = u.dot(hint); std::abs(h) > tol) {
    positive = h > 0.0;
  } else if (const double h2 = u.dot(second_hint); std::abs(h2) > tol) {
    positive = h2 > 0.0;
  }
  return positive ? OrientedAxis{u, plus, true} : OrientedAxis{-u, minus, false};
}

}  // namespace contactlab::contact_detail
