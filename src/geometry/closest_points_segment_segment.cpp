#include "contactlab/geometry/closest_points_segment_segment.h"

#include <algorithm>

namespace contactlab {
namespace {

// Directions with sin²(angle) at or below this are parallel. Solving for the line–line closest
// points loses about ε·|q0 − p0| / sin(angle) of accuracy; taking the overlap midpoint instead
// costs at most overlap × sin(angle). The two meet near sin(angle) = √ε, i.e. sin² = ε ≈ 1e-16.
constexpr double kParallelSineSquared = 1e-16;

double clamp01(double x) { return std::clamp(x, 0.0, 1.0); }

}  // namespace

SegmentSegmentClosestPoints closest_points_segment_segment(const Vec3& p0, const Vec3& p1, const Vec3& q0,
                                                           const Vec3& q1) {
  // Minimise |p0 + s dp − q0 − t dq|² over [0, 1]². With a = dp·dp, b = dp·dq, c = dp·r,
  // e = dq·dq, f = dq·r, r = p0 − q0: for fixed s the best t is (b s + f)/e, for fixed t the best s
  // is (b t − c)/a. Start from the clamped line–line solution for s, then t, and re-solve s only if
  // t had to be clamped: this reaches the minimum of the convex quadratic on the square (Ericson,
  // Real-Time Collision Detection, §5.1.9).
  const Vec3 dp = p1 - p0;
  const Vec3 dq = q1 - q0;
  const Vec3 r = p0 - q0;
  const double a = dp.squaredNorm();
  const double e = dq.squaredNorm();
  const double f = dq.dot(r);

  SegmentSegmentClosestPoints result;
  double s = 0.0;
  double t = 0.0;
  if (a == 0.0 || e == 0.0) {
    result.degenerate = true;
    if (a == 0.0 && e > 0.0) t = clamp01(f / e);
    if (e == 0.0 && a > 0.0) s = clamp01(-dp.dot(r) / a);
  } else {
    const double b = dp.dot(dq);
    const double c = dp.dot(r);
    const Vec3 normal = dp.cross(dq);
    const double normal_squared = normal.squaredNorm();
    if (normal_squared > kParallelSineSquared * a * e) {
      // Line–line closest point on P: s = ((q0 − p0) × dq)·(dp × dq) / |dp × dq|² — the cross
      // product form avoids the cancellation in a e − b².
      s = clamp01((-r).cross(dq).dot(normal) / normal_squared);
    } else {
      // Parallel: project Q's end points onto P's line and take the middle of the overlap of
      // [u0, u1] with [0, 1]; without overlap this clamps to P's nearer end.
      result.parallel = true;
      const double u0 = -c / a;
      const double u1 = (q1 - p0).dot(dp) / a;
      const double lo = std::max(0.0, std::min(u0, u1));
      const double hi = std::min(1.0, std::max(u0, u1));
      s = clamp01(0.5 * (lo + hi));
    }
    t = (b * s + f) / e;
    if (t < 0.0) {
      t = 0.0;
      s = clamp01(-c / a);
    } else if (t > 1.0) {
      t = 1.0;
      s = clamp01((b - c) / a);
    }
  }
  result.s = s;
  result.t = t;
  result.point_p = s == 1.0 ? p1 : (p0 + s * dp).eval();
  result.point_q = t == 1.0 ? q1 : (q0 + t * dq).eval();
  result.squared_distance = (result.point_p - result.point_q).squaredNorm();
  return result;
}

}  // namespace contactlab
