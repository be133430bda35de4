// Test support for the closest-point and segment–triangle queries: random inputs, random
// similarity transforms, and reference distances written independently of the code under test
// (Gram-system projection and clamped projections) plus dense-sampling brute force.
#pragma once

#include "contactlab/core/types.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <random>

namespace contactlab::testing {

class Random {
 public:
  explicit Random(std::uint64_t seed) : engine_(seed) {}
  double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(engine_); }
  int integer(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(engine_); }
  bool chance(double p) { return uniform(0.0, 1.0) < p; }
  Vec3 point(double half_extent) {
    return {uniform(-half_extent, half_extent), uniform(-half_extent, half_extent), uniform(-half_extent, half_extent)};
  }
  Vec3 integer_point(int half_extent) {
    return Vec3(integer(-half_extent, half_extent), integer(-half_extent, half_extent),
                integer(-half_extent, half_extent));
  }
  Vec3 direction() {
    for (;;) {
      const Vec3 v = point(1.0);
      if (v.squaredNorm() > 1e-4 && v.squaredNorm() <= 1.0) return v.normalized();
    }
  }
  /// 10^uniform(lo, hi).
  double log_uniform(double lo_exponent, double hi_exponent) {
    return std::pow(10.0, uniform(lo_exponent, hi_exponent));
  }

 private:
  std::mt19937_64 engine_;
};

/// x ↦ scale · R x + translation: a rigid motion with a uniform scale.
struct Similarity {
  Mat3 rotation = Mat3::Identity();
  Vec3 translation = Vec3::Zero();
  double scale = 1.0;
  Vec3 apply(const Vec3& x) const { return scale * (rotation * x) + translation; }
};

inline Similarity random_similarity(Random& random) {
  Quat q(random.uniform(-1, 1), random.uniform(-1, 1), random.uniform(-1, 1), random.uniform(-1, 1));
  if (q.norm() < 1e-3) q = Quat::Identity();
  Similarity s;
  s.rotation = q.normalized().toRotationMatrix();
  s.scale = random.log_uniform(-3.0, 3.0);
  s.translation = random.point(10.0 * s.scale);
  return s;
}

/// Largest distance between any two of the points (the inputs' length scale).
inline double diameter(std::initializer_list<Vec3> points) {
  double d = 0.0;
  for (const Vec3& x : points) {
    for (const Vec3& y : points) d = std::max(d, (x - y).norm());
  }
  return d;
}

/// Squared distance from p to segment [x0, x1], by the clamped projection.
inline double reference_point_segment_squared(const Vec3& p, const Vec3& x0, const Vec3& x1) {
  const Vec3 d = x1 - x0;
  const double dd = d.dot(d);
  double t = dd > 0.0 ? (p - x0).dot(d) / dd : 0.0;
  t = std::min(1.0, std::max(0.0, t));
  return (x0 + t * d - p).squaredNorm();
}

/// Squared distance from p to triangle (a, b, c): the smaller of the three edge distances and, when
/// the plane projection falls inside, the plane distance. Inside-ness comes from the 2×2 Gram
/// system [ab·ab ab·ac; ab·ac ac·ac](u, v) = (ab·ap, ac·ap), solved by Cramer's rule (ill-conditioned
/// for slivers: then only the edge distances are trustworthy).
inline double reference_point_triangle_squared(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c) {
  double best = std::min({reference_point_segment_squared(p, a, b), reference_point_segment_squared(p, b, c),
                          reference_point_segment_squared(p, c, a)});
  const Vec3 ab = b - a, ac = c - a, ap = p - a;
  const double g00 = ab.dot(ab), g01 = ab.dot(ac), g11 = ac.dot(ac);
  const Vec3 n = ab.cross(ac);
  const double det = n.squaredNorm();  // = g00 g11 − g01², without the cancellation
  if (det > 1e-20 * g00 * g11) {       // not (nearly) collinear: sin(angle at a) > 1e-10
    const double r0 = ab.dot(ap), r1 = ac.dot(ap);
    const double u = (r0 * g11 - r1 * g01) / det;
    const double v = (r1 * g00 - r0 * g01) / det;
    if (u >= 0.0 && v >= 0.0 && u + v <= 1.0) {  // inside: the distance to the plane
      const double height = n.dot(ap);
      best = std::min(best, height * height / n.squaredNorm());
    }
  }
  return best;
}

/// Calls visit(x) for the points a + (i/n)(b − a) + (j/n)(c − a), i + j ≤ n. Every point of the
/// triangle lies within (longest edge)/n of one of them.
template <class Visit>
void for_each_triangle_sample(const Vec3& a, const Vec3& b, const Vec3& c, int n, Visit&& visit) {
  for (int i = 0; i <= n; ++i) {
    for (int j = 0; i + j <= n; ++j) {
      const double u = double(i) / n, v = double(j) / n;
      visit(Vec3((1.0 - u - v) * a + u * b + v * c));
    }
  }
}

inline double longest_edge(const Vec3& a, const Vec3& b, const Vec3& c) {
  return std::max({(b - a).norm(), (c - b).norm(), (a - c).norm()});
}

inline bool finite(const Vec3& x) { return x.allFinite(); }

}  // namespace contactlab::testing
