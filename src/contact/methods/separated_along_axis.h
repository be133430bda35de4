// Private helper of the contact kernels: cheap tests that two small point sets (the corners of
// triangles or tets) are farther apart than a given distance, used to skip exact predicates and
// closest-point searches whose answer they already know — so they must never be wrong.
//
// Projections onto any direction give a lower bound on the distance between the convex hulls of
// two point sets: if max(u·p) + d < min(u·q) for a unit u (or the other way), they are more than d
// apart. The axis need not be exact — a normal or cross product computed in floating point is
// fine, any vector will do — only the rounding of the projections and of the axis' length
// matters: a dot product of 3 terms is off by at most γ₃ Σ|a_k||x_k| ≤ 6e-16 |a| max|x_k| (Higham,
// "Accuracy and Stability of Numerical Algorithms", §3.1), so the test asks for 1e-12 |a| × the
// largest absolute coordinate (over a thousand times that bound) plus a relative 1e-9 more than
// d |a|. Axes too short to trust (zero, or so small that the projections could underflow) never
// separate.
#pragma once

#include "contactlab/core/types.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <span>

namespace contactlab::contact_detail {

/// Largest absolute coordinate of the points.
inline double max_abs_coordinate(std::span<const Vec3> points) {
  double m = 0.0;
  for (const Vec3& x : points) m = std::max(m, x.cwiseAbs().maxCoeff());
  return m;
}

/// True only if the convex hulls of `p` and `q` are certainly more than `distance` (≥ 0) apart,
/// shown by their projections onto `axis` (any length). `scale` ≥ every |coordinate| of p and q.
inline bool separated_along_axis(const Vec3& axis, std::span<const Vec3> p, std::span<const Vec3> q, double distance,
                                 double scale) {
  double lo_p = axis.dot(p[0]), hi_p = lo_p, lo_q = axis.dot(q[0]), hi_q = lo_q;
  for (std::size_t i = 1; i < p.size(); ++i) {
    const double s = axis.dot(p[i]);
    lo_p = std::min(lo_p, s);
    hi_p = std::max(hi_p, s);
  }
  for (std::size_t i = 1; i < q.size(); ++i) {
    const double s = axis.dot(q[i]);
    lo_q = std::min(lo_q, s);
    hi_q = std::max(hi_q, s);
  }
  // Projections that overlap (or NaN) separate by no distance ≥ 0: most axes of touching
  // triangles, which then need no |axis| (a square root). The same answer as below, where `needed`
  // is then ≥ 0.
  const double gap = std::max(lo_q - hi_p, lo_p - hi_q);
  if (!(gap > 0.0) && distance >= 0.0) return false;
  const double length = axis.norm();
  if (!(length * scale > 1e-250) || !std::isfinite(length)) return false;
  const double needed = (distance * (1.0 + 1e-9) + 1e-12 * scale) * length;
  return gap > needed;
}

/// True only if triangles a and b are certainly more than `distance` apart: the separating-axis
/// test over their two face normals and the nine cross products of their edges (Gottschalk et
/// al., "OBBTree", SIGGRAPH 1996: these axes separate any two disjoint triangles), each through
/// separated_along_axis.
inline bool triangles_farther_than(const std::array<Vec3, 3>& a, const std::array<Vec3, 3>& b, double distance) {
  const double scale = std::max(max_abs_coordinate(a), max_abs_coordinate(b));
  const std::array<Vec3, 3> ea{a[1] - a[0], a[2] - a[1], a[0] - a[2]};
  const std::array<Vec3, 3> eb{b[1] - b[0], b[2] - b[1], b[0] - b[2]};
  if (separated_along_axis(ea[0].cross(ea[1]), a, b, distance, scale)) return true;
  if (separated_along_axis(eb[0].cross(eb[1]), a, b, distance, scale)) return true;
  for (const Vec3& u : ea) {
    for (const Vec3& v : eb) {
      if (separated_along_axis(u.cross(v), a, b, distance, scale)) return true;
    }
  }
  return false;
}

}  // namespace contactlab::contact_detail
