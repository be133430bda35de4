#include "methods/eroded_vertex.h"

#include <algorithm>
#include <cmath>

namespace contactlab::contact_detail {

Vec3 surface_vertex_normal(const MethodBody& body, Index v) {
  const auto& fans = body.features->surface_topology.vertex_triangles;
  if (v >= static_cast<Index>(fans.size())) return Vec3::Zero();
  const auto& triangles = body.shape->surface_map.surface.triangles;
  Vec3 sum = Vec3::Zero();
  double longest = 0.0;
  for (Index t : fans[v]) {
    const Triangle& tri = triangles[t];
    const int corner = tri[0] == v ? 0 : (tri[1] == v ? 1 : 2);
    const Vec3& p = body.vertex(v);
    const Vec3 e1 = body.vertex(tri[(corner + 1) % 3]) - p;
    const Vec3 e2 = body.vertex(tri[(corner + 2) % 3]) - p;
    const Vec3 cross = e1.cross(e2);  // outward: triangles are listed counter-clockwise from outside
    const double cross_norm = cross.norm();
    longest = std::max({longest, e1.norm(), e2.norm()});
    if (cross_norm == 0.0) continue;  // zero-area triangle: no direction, no angle
    const double angle = std::atan2(cross_norm, e1.dot(e2));
    sum += angle * (cross / cross_norm);
  }
  const double sum_norm = sum.norm();
  // A fan whose normals cancel (a needle or a fold) has no inward direction: the vertex stays.
  if (!(sum_norm > 1e-9) || longest == 0.0) return Vec3::Zero();
  return sum / sum_norm;
}

Vec3 eroded_vertex(const MethodBody& body, Index v, double envelope) {
  return body.vertex(v) - envelope * surface_vertex_normal(body, v);
}

}  // namespace contactlab::contact_detail
