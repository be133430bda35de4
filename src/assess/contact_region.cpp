// Projected hull areas (Eq. (3) of Erleben 2018: A_R, the area spanned by the contact points of one
// interface) and the distance to a true contact region. Both reduce to 2-D work in a plane: the
// plane ⊥ n* for the areas, the region's own plane for the distance.
#include "contactlab/assess/contact_region.h"

#include "contactlab/geometry/clip_convex_polygon.h"
#include "contactlab/geometry/convex_hull_2d.h"
#include "contactlab/geometry/orthonormal_basis.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace contactlab {
namespace {

/// Orthonormal in-plane axes of the plane ⊥ n, or false when n has no direction.
bool plane_axes(const Vec3& normal, Vec3& u, Vec3& v) {
  const double length = normal.norm();
  if (!std::isfinite(length) || !(length > 0.0)) return false;
  std::tie(u, v) = orthonormal_basis(normal / length);
  return true;
}

std::vector<Vec2> project(std::span<const Vec3> points, const Vec3& origin, const Vec3& u, const Vec3& v) {
  std::vector<Vec2> out;
  out.reserve(points.size());
  for (const Vec3& p : points) {
    if (!p.allFinite()) continue;
    out.emplace_back(u.dot(p - origin), v.dot(p - origin));
  }
  return out;
}

double point_segment_distance(const Vec2& p, const Vec2& a, const Vec2& b) {
  const Vec2 d = b - a;
  const double length2 = d.squaredNorm();
  const double t = length2 > 0.0 ? std::clamp((p - a).dot(d) / length2, 0.0, 1.0) : 0.0;
  return (p - (a + t * d)).norm();
}

double point_segment_distance(const Vec3& p, const Vec3& a, const Vec3& b) {
  const Vec3 d = b - a;
  const double length2 = d.squaredNorm();
  const double t = length2 > 0.0 ? std::clamp((p - a).dot(d) / length2, 0.0, 1.0) : 0.0;
  return (p - (a + t * d)).norm();
}

/// In-plane distance from q to a convex polygon given counter-clockwise (convex_hull_2d output:
/// one point, two end points, or ≥ 3 corners): 0 inside, else the distance to the boundary.
double distance_to_hull_2d(const Vec2& q, const std::vector<Vec2>& hull) {
  if (hull.size() == 1) return (q - hull[0]).norm();
  bool inside = hull.size() >= 3;
  double nearest = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < hull.size(); ++i) {
    const Vec2& a = hull[i];
    const Vec2& b = hull[(i + 1) % hull.size()];
    const Vec2 edge = b - a, offset = q - a;
    if (edge.x() * offset.y() - edge.y() * offset.x() < 0.0) inside = false;  // right of a CCW edge
    nearest = std::min(nearest, point_segment_distance(q, a, b));
  }
  return inside ? 0.0 : nearest;
}

}  // namespace

double projected_hull_area(std::span<const Vec3> points, const Vec3& normal) {
  Vec3 u, v;
  if (points.size() < 3 || !plane_axes(normal, u, v)) return 0.0;
  const std::vector<Vec2> flat = project(points, Vec3::Zero(), u, v);
  return convex_hull_area_2d(flat);
}

double projected_hull_area_clipped(std::span<const Vec3> points, std::span<const Vec3> region, const Vec3& normal) {
  Vec3 u, v;
  if (points.size() < 3 || region.size() < 3 || !plane_axes(normal, u, v)) return 0.0;
  const std::vector<Vec2> hull = convex_hull_2d(project(points, Vec3::Zero(), u, v));
  const std::vector<Vec2> truth = convex_hull_2d(project(region, Vec3::Zero(), u, v));
  if (hull.size() < 3 || truth.size() < 3) return 0.0;
  return std::abs(polygon_signed_area(clip_convex_polygon(hull, truth)));
}

double distance_to_contact_region(const Vec3& p, std::span<const Vec3> region) {
  if (region.empty()) return std::numeric_limits<double>::infinity();
  const Vec3& a = region[0];
  // b: the corner farthest from a; c: the corner farthest from the line ab. They span the plane.
  std::size_t ib = 0;
  for (std::size_t i = 1; i < region.size(); ++i) {
    if ((region[i] - a).squaredNorm() > (region[ib] - a).squaredNorm()) ib = i;
  }
  const Vec3 ab = region[ib] - a;
  if (!(ab.squaredNorm() > 0.0)) return (p - a).norm();  // all corners coincide: a point
  Vec3 normal = Vec3::Zero();
  for (const Vec3& c : region) {
    const Vec3 n = ab.cross(c - a);
    if (n.squaredNorm() > normal.squaredNorm()) normal = n;
  }
  if (!(normal.squaredNorm() > 0.0)) {
    // Collinear corners: the segment between the extreme ones along ab.
    double low = 0.0, high = 0.0;
    for (const Vec3& c : region) {
      const double t = ab.dot(c - a);
      low = std::min(low, t);
      high = std::max(high, t);
    }
    const double scale = 1.0 / ab.squaredNorm();
    return point_segment_distance(p, a + low * scale * ab, a + high * scale * ab);
  }
  Vec3 u, v;
  plane_axes(normal, u, v);
  const Vec3 n = normal.normalized();
  const std::vector<Vec2> hull = convex_hull_2d(project(region, a, u, v));
  const double height = n.dot(p - a);
  const double in_plane = distance_to_hull_2d(Vec2(u.dot(p - a), v.dot(p - a)), hull);
  return std::hypot(height, in_plane);
}

}  // namespace contactlab
