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
    const double l1 = e1.norm(), l2 = e2.norm();
    longest = std::max({longest, l1, l2});
    // A flat triangle — height within 1e-9 of its edges, zero area included — has no direction
    // and no angle: in exact arithmetic its normal is undefined, and rounding (which a rotation
    // changes) would give it any direction, with an angle up to π where v lies between the
    // others (docs/methods.md "Frame independence"). Relative to the triangle's own edges, so the
    // same triangles count in any frame and at any scale.
    const double edge = std::max({l1, l2, (e1 - e2).norm()});
    if (!(cross_norm > 1e-9 * edge * edge)) continue;
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
