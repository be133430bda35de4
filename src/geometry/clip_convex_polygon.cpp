#include "contactlab/geometry/clip_convex_polygon.h"

#include "contactlab/geometry/convex_hull_2d.h"
#include "contactlab/geometry/orthonormal_basis.h"
#include "contactlab/geometry/predicates.h"

#include <algorithm>

namespace contactlab {
namespace {

void remove_consecutive_duplicates(std::vector<Vec2>& polygon) {
  polygon.erase(std::unique(polygon.begin(), polygon.end()), polygon.end());
  while (polygon.size() > 1 && polygon.front() == polygon.back()) polygon.pop_back();
}

}  // namespace

std::vector<Vec2> clip_convex_polygon(std::span<const Vec2> subject, std::span<const Vec2> clip) {
  if (clip.size() < 3 || subject.empty()) return {};
  std::vector<Vec2> window(clip.begin(), clip.end());
  const double window_area = polygon_signed_area(window);
  if (!(window_area != 0.0)) return {};  // zero area, or NaN corners
  if (window_area < 0.0) std::reverse(window.begin(), window.end());

  std::vector<Vec2> current(subject.begin(), subject.end());
  std::vector<Vec2> next;
  const std::size_t m = window.size();
  for (std::size_t e = 0; e < m && !current.empty(); ++e) {
    const Vec2& c0 = window[e];
    const Vec2& c1 = window[(e + 1) % m];
    next.clear();
    const std::size_t n = current.size();
    for (std::size_t i = 0; i < n; ++i) {
      const Vec2& p = current[i];
      const Vec2& q = current[(i + 1) % n];
      const double dp = orient2d(c0, c1, p);  // > 0: p left of (inside) the edge; exact sign
      const double dq = orient2d(c0, c1, q);
      if (dp >= 0.0) next.push_back(p);
      if ((dp > 0.0 && dq < 0.0) || (dp < 0.0 && dq > 0.0)) {
        // The edge's line crosses pq strictly between p and q: t ∈ (0, 1) since dp, dq differ in sign.
        const double t = dp / (dp - dq);
        next.push_back(p + t * (q - p));
      }
    }
    remove_consecutive_duplicates(next);
    current.swap(next);
  }
  return current;
}

std::vector<Vec3> clip_convex_polygon_in_plane(std::span<const Vec3> subject, std::span<const Vec3> clip,
                                               const Vec3& normal) {
  if (clip.empty() || subject.empty()) return {};
  const auto [u, v] = orthonormal_basis(normal);
  const Vec3 origin = clip[0];
  auto project = [&](std::span<const Vec3> polygon) {
    std::vector<Vec2> flat;
    flat.reserve(polygon.size());
    for (const Vec3& p : polygon) flat.emplace_back(u.dot(p - origin), v.dot(p - origin));
    return flat;
  };
  std::vector<Vec2> clipped = clip_convex_polygon(project(subject), project(clip));
  std::vector<Vec3> result;
  result.reserve(clipped.size());
  for (const Vec2& q : clipped) result.push_back(origin + q.x() * u + q.y() * v);
  return result;
}

}  // namespace contactlab
