#include "contactlab/geometry/convex_hull_2d.h"

#include "contactlab/geometry/predicates.h"

#include <algorithm>
#include <cmath>

namespace contactlab {

std::vector<Vec2> convex_hull_2d(std::span<const Vec2> points) {
  std::vector<Vec2> sorted;
  sorted.reserve(points.size());
  for (const Vec2& p : points) {
    if (std::isfinite(p.x()) && std::isfinite(p.y())) sorted.push_back(p);
  }
  auto lexicographic = [](const Vec2& a, const Vec2& b) { return a.x() < b.x() || (a.x() == b.x() && a.y() < b.y()); };
  std::sort(sorted.begin(), sorted.end(), lexicographic);
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  if (sorted.size() <= 2) return sorted;

  // Lower chain left→right, then upper chain right→left; a corner is popped unless the path makes
  // a strict left turn there (orient2d > 0), which drops collinear corners.
  std::vector<Vec2> hull(2 * sorted.size());
  std::size_t k = 0;
  for (const Vec2& p : sorted) {
    while (k >= 2 && orient2d_sign(hull[k - 2], hull[k - 1], p) <= 0) --k;
    hull[k++] = p;
  }
  const std::size_t lower_size = k + 1;
  for (std::size_t i = sorted.size() - 1; i-- > 0;) {
    const Vec2& p = sorted[i];
    while (k >= lower_size && orient2d_sign(hull[k - 2], hull[k - 1], p) <= 0) --k;
    hull[k++] = p;
  }
  hull.resize(k - 1);  // the last point equals the first
  return hull;
}

double polygon_signed_area(std::span<const Vec2> polygon) {
  const std::size_t n = polygon.size();
  if (n < 3) return 0.0;
  // Shoelace relative to the first corner, which keeps the products small for far-away polygons.
  double twice_area = 0.0;
  for (std::size_t i = 1; i + 1 < n; ++i) {
    Vec2 u = polygon[i] - polygon[0], v = polygon[i + 1] - polygon[0];
    twice_area += u.x() * v.y() - u.y() * v.x();
  }
  return 0.5 * twice_area;
}

double convex_hull_area_2d(std::span<const Vec2> points) {
  return std::abs(polygon_signed_area(convex_hull_2d(points)));
}

}  // namespace contactlab
