// Edge–triangle meeting points for Opposing and Growth (see edge_triangle_points.h).
#include "methods/edge_triangle_points.h"

#include "contactlab/geometry/clip_convex_polygon.h"
#include "contactlab/geometry/segment_triangle_intersection.h"

#include <cmath>

namespace contactlab::contact_detail {

void append_edge_triangle_points(const Vec3& p0, const Vec3& p1, const std::array<Vec3, 3>& tri, const Vec3& normal,
                                 double tolerance, std::vector<Vec3>& out) {
  if (!normal.isZero() && std::abs(normal.dot(p0 - tri[0])) <= tolerance &&
      std::abs(normal.dot(p1 - tri[0])) <= tolerance) {
    const std::array<Vec3, 2> segment{p0, p1};
    for (const Vec3& p : clip_convex_polygon_in_plane(segment, tri, normal)) out.push_back(p);
    return;
  }
  const SegmentTriangleIntersection r = segment_triangle_intersection(p0, p1, tri[0], tri[1], tri[2]);
  if (r.intersects) out.push_back(r.point);
}

}  // namespace contactlab::contact_detail
