#include "contactlab/geometry/segment_triangle_intersection.h"

#include "contactlab/geometry/closest_points_segment_segment.h"
#include "contactlab/geometry/predicates.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace contactlab {
namespace {

// Below this sine of the angle between segment and plane, the crossing parameter is confined to
// the part of the segment that projects into the triangle (see the transversal case).
constexpr double kGrazingSine = 1e-3;

// The 2-D point seen along coordinate axis `axis` (that coordinate dropped). For points in one
// plane (or on one line) this is an affine bijection onto its image whenever the plane's normal
// (the line's direction) has a non-zero component along `axis` (any other component): signs of
// orient2d on the images then decide incidence exactly.
Vec2 drop_axis(const Vec3& x, int axis) {
  switch (axis) {
    case 0:
      return {x.y(), x.z()};
    case 1:
      return {x.z(), x.x()};
    default:
      return {x.x(), x.y()};
  }
}

// The axis along which triangle (x, y, z) projects with the largest |orient2d|, and the sign of
// that orient2d; sign 0 (axis −1) when all three projections are exactly degenerate, i.e. the three
// points are exactly collinear.
struct Projection {
  int axis = -1;
  int sign = 0;
};
Projection best_projection(const Vec3& x, const Vec3& y, const Vec3& z) {
  Projection best;
  double best_magnitude = 0.0;
  for (int axis = 0; axis < 3; ++axis) {
    const double o = orient2d(drop_axis(x, axis), drop_axis(y, axis), drop_axis(z, axis));
    if (std::abs(o) > best_magnitude) {
      best_magnitude = std::abs(o);
      best = {axis, o > 0.0 ? 1 : -1};
    }
  }
  return best;
}

// p lies on segment [u, v], given that the three are collinear (exact comparisons).
bool within_collinear(const Vec2& u, const Vec2& v, const Vec2& p) {
  return std::min(u.x(), v.x()) <= p.x() && p.x() <= std::max(u.x(), v.x()) && std::min(u.y(), v.y()) <= p.y() &&
         p.y() <= std::max(u.y(), v.y());
}

// The closed 2-D segments [u0, u1] and [v0, v1] share a point (exact).
bool segments_meet_2d(const Vec2& u0, const Vec2& u1, const Vec2& v0, const Vec2& v1) {
  const int o1 = orient2d_sign(u0, u1, v0);
  const int o2 = orient2d_sign(u0, u1, v1);
  const int o3 = orient2d_sign(v0, v1, u0);
  const int o4 = orient2d_sign(v0, v1, u1);
  if (o1 * o2 < 0 && o3 * o4 < 0) return true;  // proper crossing
  return (o1 == 0 && within_collinear(u0, u1, v0)) || (o2 == 0 && within_collinear(u0, u1, v1)) ||
         (o3 == 0 && within_collinear(v0, v1, u0)) || (o4 == 0 && within_collinear(v0, v1, u1));
}

// The closed 3-D segments [p0, p1] and [q0, q1] share a point (exact). Used for a collinear
// triangle, which is the segment between its farthest corners.
bool segments_meet_3d(const Vec3& p0, const Vec3& p1, const Vec3& q0, const Vec3& q1) {
  if (signed_volume_sign(p0, p1, q0, q1) != 0) return false;
  // Coplanar: any exactly non-collinear triple fixes the common plane and an injective projection.
  const std::array<std::array<const Vec3*, 3>, 4> triples{
      {{&p0, &p1, &q0}, {&p0, &p1, &q1}, {&p0, &q0, &q1}, {&p1, &q0, &q1}}};
  for (const auto& triple : triples) {
    const Projection projection = best_projection(*triple[0], *triple[1], *triple[2]);
    if (projection.axis >= 0) {
      const int k = projection.axis;
      return segments_meet_2d(drop_axis(p0, k), drop_axis(p1, k), drop_axis(q0, k), drop_axis(q1, k));
    }
  }
  // All four collinear: compare intervals along the coordinate that varies most on the line.
  int axis = 0;
  double spread = -1.0;
  for (int k = 0; k < 3; ++k) {
    const double lo = std::min({p0[k], p1[k], q0[k], q1[k]});
    const double hi = std::max({p0[k], p1[k], q0[k], q1[k]});
    if (hi - lo > spread) {
      spread = hi - lo;
      axis = k;
    }
  }
  return std::max(std::min(p0[axis], p1[axis]), std::min(q0[axis], q1[axis])) <=
         std::min(std::max(p0[axis], p1[axis]), std::max(q0[axis], q1[axis]));
}

SegmentTriangleIntersection hit_at(const Vec3& p0, const Vec3& p1, double t, bool coplanar) {
  SegmentTriangleIntersection result;
  result.intersects = true;
  result.coplanar = coplanar;
  result.segment_parameter = std::clamp(t, 0.0, 1.0);
  const double u = result.segment_parameter;
  result.point = u == 1.0 ? p1 : (p0 + u * (p1 - p0)).eval();
  return result;
}

// The parameters t ∈ [0, 1] for which u0 + t (u1 − u0) lies in the 2-D triangle x (counter-
// clockwise after multiplying orientations by `sign`): clipping against the three edge half-planes
// (Cyrus & Beck 1978), orient2d(x_i, x_i+1, u(t)) being affine in t. Floating point.
struct ParameterInterval {
  double lo;
  double hi;
};
ParameterInterval clip_to_triangle(const Vec2& u0, const Vec2& u1, const std::array<Vec2, 3>& x, double sign) {
  ParameterInterval t{0.0, 1.0};
  for (int i = 0; i < 3; ++i) {
    const double f0 = sign * orient2d(x[i], x[(i + 1) % 3], u0);
    const double f1 = sign * orient2d(x[i], x[(i + 1) % 3], u1);
    if (f0 < 0.0 && f1 >= 0.0) t.lo = std::max(t.lo, f0 / (f0 - f1));
    if (f1 < 0.0 && f0 >= 0.0) t.hi = std::min(t.hi, f0 / (f0 - f1));
  }
  return t;
}

// Segment and proper (non-collinear) triangle in one plane, projected along `projection.axis`.
SegmentTriangleIntersection coplanar_with_triangle(const Vec3& p0, const Vec3& p1,
                                                   const std::array<const Vec3*, 3>& corner,
                                                   const Projection& projection) {
  const int k = projection.axis;
  const double sign = projection.sign;  // makes the projected triangle counter-clockwise
  const Vec2 u0 = drop_axis(p0, k);
  const Vec2 u1 = drop_axis(p1, k);
  const std::array<Vec2, 3> x{drop_axis(*corner[0], k), drop_axis(*corner[1], k), drop_axis(*corner[2], k)};
  auto inside = [&](const Vec2& u) {
    for (int i = 0; i < 3; ++i) {
      if (projection.sign * orient2d_sign(x[i], x[(i + 1) % 3], u) < 0) return false;
    }
    return true;
  };
  bool meets = inside(u0) || inside(u1);
  for (int i = 0; i < 3 && !meets; ++i) meets = segments_meet_2d(u0, u1, x[i], x[(i + 1) % 3]);
  if (!meets) {
    SegmentTriangleIntersection result;
    result.coplanar = true;
    return result;
  }
  // Witness: the middle of the part inside. The decision above is exact, so if rounding empties
  // the clipped interval its middle is still within rounding of the single common point.
  const ParameterInterval inside_part = clip_to_triangle(u0, u1, x, sign);
  return hit_at(p0, p1, 0.5 * (inside_part.lo + inside_part.hi), true);
}

}  // namespace

SegmentTriangleIntersection segment_triangle_intersection(const Vec3& p0, const Vec3& p1, const Vec3& a, const Vec3& b,
                                                          const Vec3& c) {
  const int side0 = signed_volume_sign(a, b, c, p0);
  const int side1 = signed_volume_sign(a, b, c, p1);
  if (side0 * side1 > 0) return {};  // both strictly on one side of the plane

  if (side0 != 0 || side1 != 0) {
    // The segment crosses (or ends on) the plane at one point; the triangle is proper (a collinear
    // one would make every point coplanar). The line meets the closed triangle iff the signed
    // volumes of the line with the three directed edges are not of strictly mixed sign.
    const int e0 = signed_volume_sign(p0, p1, a, b);
    const int e1 = signed_volume_sign(p0, p1, b, c);
    const int e2 = signed_volume_sign(p0, p1, c, a);
    const bool has_positive = e0 > 0 || e1 > 0 || e2 > 0;
    const bool has_negative = e0 < 0 || e1 < 0 || e2 < 0;
    if (has_positive && has_negative) return {};
    if (side0 == 0) return hit_at(p0, p1, 0.0, false);
    if (side1 == 0) return hit_at(p0, p1, 1.0, false);
    // Signed distances to the plane are proportional to orient3d; the crossing is at d0/(d0 − d1).
    const double d0 = orient3d(a, b, c, p0);
    const double d1 = orient3d(a, b, c, p1);
    double t = d0 / (d0 - d1);
    // A segment grazing the plane makes that parameter ill-conditioned (tiny heights, whose
    // magnitudes orient3d only approximates). Then keep t inside the part of the segment whose
    // projection lies in the triangle: every point of the segment is within |Δheight| of the plane,
    // so the witness stays on both within rounding.
    const Vec3 normal = (b - a).cross(c - a);
    const Vec3 direction = p1 - p0;
    if (std::abs(normal.dot(direction)) < kGrazingSine * normal.norm() * direction.norm()) {
      const Projection projection = best_projection(a, b, c);
      if (projection.axis >= 0) {
        const int k = projection.axis;
        const ParameterInterval inside_part = clip_to_triangle(
            drop_axis(p0, k), drop_axis(p1, k), {drop_axis(a, k), drop_axis(b, k), drop_axis(c, k)}, projection.sign);
        t = std::clamp(t, std::min(inside_part.lo, inside_part.hi), std::max(inside_part.lo, inside_part.hi));
      }
    }
    return hit_at(p0, p1, t, false);
  }

  // Coplanar (or a collinear triangle).
  const std::array<const Vec3*, 3> corner{&a, &b, &c};
  const Projection projection = best_projection(a, b, c);
  if (projection.axis >= 0) return coplanar_with_triangle(p0, p1, corner, projection);

  // Collinear triangle: the segment between its two extreme corners, found by exact comparisons
  // along the coordinate that varies most (the line's direction is non-zero there).
  int axis = 0;
  double spread = -1.0;
  for (int k = 0; k < 3; ++k) {
    const double extent = std::max({a[k], b[k], c[k]}) - std::min({a[k], b[k], c[k]});
    if (extent > spread) {
      spread = extent;
      axis = k;
    }
  }
  int lowest = 0;
  int highest = 0;
  for (int i = 1; i < 3; ++i) {
    if ((*corner[i])[axis] < (*corner[lowest])[axis]) lowest = i;
    if ((*corner[i])[axis] > (*corner[highest])[axis]) highest = i;
  }
  const Vec3& e0 = *corner[lowest];
  const Vec3& e1 = *corner[highest];
  if (!segments_meet_3d(p0, p1, e0, e1)) {
    SegmentTriangleIntersection result;
    result.coplanar = true;
    return result;
  }
  const SegmentSegmentClosestPoints closest = closest_points_segment_segment(p0, p1, e0, e1);
  return hit_at(p0, p1, closest.s, true);
}

}  // namespace contactlab
