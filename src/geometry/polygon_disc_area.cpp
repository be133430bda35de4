#include "contactlab/geometry/polygon_disc_area.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace contactlab {
namespace {

/// The signed area of disc(0, r) ∩ triangle(0, a, b).
double wedge_in_disc(const Vec2& a, const Vec2& b, double r) {
  const double r2 = r * r;
  const auto piece = [&](const Vec2& p, const Vec2& q, bool inside) {
    return inside ? 0.5 * cross2d(p, q) : 0.5 * r2 * std::atan2(cross2d(p, q), p.dot(q));
  };
  // |a + t d|² = r²: t² |d|² + 2 t a·d + |a|² − r² = 0.
  const Vec2 d = b - a;
  const double dd = d.squaredNorm();
  if (!(dd > 0.0)) return 0.0;
  const double ad = a.dot(d), c = a.squaredNorm() - r2;
  const double discriminant = ad * ad - dd * c;
  if (!(discriminant > 0.0)) return piece(a, b, false);  // the line misses or touches the circle
  const double root = std::sqrt(discriminant);
  // The two roots without cancellation: q = −(a·d + sign(a·d) root), t = q / |d|², c / q.
  const double q = -(ad + std::copysign(root, ad));
  std::array<double, 2> t{q / dd, q != 0.0 ? c / q : -q / dd};
  if (t[0] > t[1]) std::swap(t[0], t[1]);
  const double t0 = std::clamp(t[0], 0.0, 1.0), t1 = std::clamp(t[1], 0.0, 1.0);
  const Vec2 p0 = a + t0 * d, p1 = a + t1 * d;
  // a → p0 outside, p0 → p1 inside (the chord), p1 → b outside; empty pieces add nothing.
  return piece(a, p0, false) + piece(p0, p1, true) + piece(p1, b, false);
}

}  // namespace

double polygon_disc_area(std::span<const Vec2> polygon, const Vec2& centre, double radius) {
  if (polygon.size() < 3 || !(radius > 0.0)) return 0.0;
  double sum = 0.0;
  for (std::size_t i = 0; i < polygon.size(); ++i) {
    sum += wedge_in_disc(polygon[i] - centre, polygon[(i + 1) % polygon.size()] - centre, radius);
  }
  const double area = std::abs(sum);
  return std::isfinite(area) ? area : 0.0;
}

}  // namespace contactlab
