// Internal helpers (not installed): exact tests on coplanar or collinear points, shared by
// point_in_tet (zero-volume tets) and triangle_triangle_intersection (coplanar and collapsed
// triangles). Points in a common plane are projected by dropping one coordinate: that is exact
// (no arithmetic) and, when the dropped axis is not parallel to the plane, an affine bijection of
// the plane, so orient2d signs in the projection are the exact in-plane answers.
#pragma once

#include "contactlab/core/types.h"
#include "contactlab/geometry/predicates.h"

#include <algorithm>
#include <cmath>

namespace contactlab::geometry_detail {

/// p with coordinate `axis` (0, 1, 2) removed.
inline Vec2 drop_axis(const Vec3& p, int axis) {
  switch (axis) {
    case 0:
      return {p.y(), p.z()};
    case 1:
      return {p.z(), p.x()};
    default:
      return {p.x(), p.y()};
  }
}

/// The axis to drop so that triangle abc projects to a non-degenerate triangle, choosing the
/// largest projected area (the dominant normal component) for accurate constructions; −1 if a, b,
/// c are collinear (exactly: collinear iff all three projections are).
inline int projection_axis(const Vec3& a, const Vec3& b, const Vec3& c) {
  int best = -1;
  double best_area = 0.0;
  for (int axis = 0; axis < 3; ++axis) {
    const double area = std::abs(orient2d(drop_axis(a, axis), drop_axis(b, axis), drop_axis(c, axis)));
    if (area > best_area) {
      best_area = area;
      best = axis;
    }
  }
  return best;
}

inline bool collinear(const Vec3& a, const Vec3& b, const Vec3& c) { return projection_axis(a, b, c) < 0; }

/// For points on one line through p and q (p ≠ q): the axis to drop so that the projection is
/// injective on that line (keeps the largest component of q − p).
inline int projection_axis_for_line(const Vec3& p, const Vec3& q) {
  const Vec3 v = (q - p).cwiseAbs();
  int smallest = 0;
  for (int axis = 1; axis < 3; ++axis) {
    if (v[axis] < v[smallest]) smallest = axis;
  }
  return smallest;
}

inline bool in_box_2d(const Vec2& p, const Vec2& r, const Vec2& s) {
  return std::min(r.x(), s.x()) <= p.x() && p.x() <= std::max(r.x(), s.x()) && std::min(r.y(), s.y()) <= p.y() &&
         p.y() <= std::max(r.y(), s.y());
}

/// p on the closed segment rs (r = s allowed). Exact.
inline bool on_segment_2d(const Vec2& p, const Vec2& r, const Vec2& s) {
  return orient2d_sign(r, s, p) == 0 && in_box_2d(p, r, s);
}

/// p on the closed 3-D segment rs (r = s allowed). Exact.
inline bool on_segment_3d(const Vec3& p, const Vec3& r, const Vec3& s) {
  for (int k = 0; k < 3; ++k) {
    if (p[k] < std::min(r[k], s[k]) || p[k] > std::max(r[k], s[k])) return false;
  }
  return collinear(r, s, p);
}

/// Closed segments pq and rs share a point (zero-length segments allowed). Exact.
inline bool segments_intersect_2d(const Vec2& p, const Vec2& q, const Vec2& r, const Vec2& s) {
  const int o1 = orient2d_sign(p, q, r), o2 = orient2d_sign(p, q, s);
  const int o3 = orient2d_sign(r, s, p), o4 = orient2d_sign(r, s, q);
  if (o1 * o2 < 0 && o3 * o4 < 0) return true;  // proper crossing
  return (o1 == 0 && in_box_2d(r, p, q)) || (o2 == 0 && in_box_2d(s, p, q)) || (o3 == 0 && in_box_2d(p, r, s)) ||
         (o4 == 0 && in_box_2d(q, r, s));
}

/// p in the closed triangle abc; a collinear abc is treated as the union of its edges. Exact.
inline bool point_in_triangle_2d(const Vec2& p, const Vec2& a, const Vec2& b, const Vec2& c) {
  const int s = orient2d_sign(a, b, c);
  if (s == 0) return on_segment_2d(p, a, b) || on_segment_2d(p, b, c) || on_segment_2d(p, c, a);
  return s * orient2d_sign(a, b, p) >= 0 && s * orient2d_sign(b, c, p) >= 0 && s * orient2d_sign(c, a, p) >= 0;
}

}  // namespace contactlab::geometry_detail
