#include "methods/orient_axis_between_tets.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace contactlab::contact_detail {

namespace {

/// The tet's corners projected on u, least and greatest: (u_x x + u_y y) + u_z z per corner (as
/// Vec3::dot sums, so the same bits from either layout), two corners per SSE2 instruction.
std::pair<double, double> projected_extent(const Vec3& u, const TetCoordinates& t) {
  std::array<double, 4> p;
  for (std::size_t i = 0; i < 4; ++i) p[i] = (u.x() * t.x[i] + u.y() * t.y[i]) + u.z() * t.z[i];
  return {std::min(std::min(p[0], p[1]), std::min(p[2], p[3])), std::max(std::max(p[0], p[1]), std::max(p[2], p[3]))};
}

}  // namespace

OrientedAxis orient_axis_between_tets(const Vec3& u, const std::array<Vec3, 4>& tet_a, const std::array<Vec3, 4>& tet_b,
                                      const Vec3& hint, const Vec3& second_hint, double tol) {
  return orient_axis_between_tets(u, tet_coordinates(tet_a), tet_coordinates(tet_b), hint, second_hint, tol);
}

OrientedAxis orient_axis_between_tets(const Vec3& u, const TetCoordinates& tet_a, const TetCoordinates& tet_b,
                                      const Vec3& hint, const Vec3& second_hint, double tol) {
  const auto [a_lo, a_hi] = projected_extent(u, tet_a);
  const auto [b_lo, b_hi] = projected_extent(u, tet_b);
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
