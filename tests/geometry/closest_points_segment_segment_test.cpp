#include "contactlab/geometry/closest_points_segment_segment.h"

#include "geometry/closest_points_test_util.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string_view>

namespace contactlab {
namespace {

using testing::Random;

struct Case {
  Vec3 p0, p1, q0, q1;
  double tolerance = 1e-10;  // length band, relative to the case's diameter
  bool expect_parallel = false;
  bool expect_degenerate = false;
  bool unique = true;  // the closest pair is unique and well-conditioned
  const char* kind = "generic";
};

// One random case; i % 10 picks the kind (60 % degenerate or special), then a random similarity.
Case make_case(Random& random, int i) {
  Case k{random.point(1.0), random.point(1.0), random.point(1.0), random.point(1.0)};
  const Vec3 dp = k.p1 - k.p0;
  switch (i % 10) {
    case 4:  // parallel, any offset
      k.kind = "parallel";
      k.q1 = k.q0 + random.uniform(-2, 2) * dp;
      k.expect_parallel = true;
      break;
    case 5: {  // collinear, overlapping or not
      k.kind = "collinear";
      k.q0 = k.p0 + random.uniform(-1, 2) * dp;
      k.q1 = k.p0 + random.uniform(-1, 2) * dp;
      k.expect_parallel = true;
      break;
    }
    case 6: {  // zero-length segments
      k.kind = "zero-length";
      const int sub = random.integer(0, 2);
      if (sub != 1) k.p1 = k.p0;
      if (sub != 0) k.q1 = k.q0;
      k.expect_degenerate = true;
      break;
    }
    case 7: {  // crossing: Q passes through a point of P
      k.kind = "crossing";
      const Vec3 x = k.p0 + random.uniform(0, 1) * dp;
      const Vec3 d = random.direction();
      k.q0 = x - random.uniform(0, 1) * d;
      k.q1 = x + random.uniform(0, 1) * d;
      break;
    }
    case 8: {  // an end point of Q on P (at an end or inside)
      k.kind = "touching";
      const double s = random.chance(0.3) ? double(random.integer(0, 1)) : random.uniform(0, 1);
      k.q0 = k.p0 + s * dp;
      break;
    }
    case 9:  // nearly parallel: angle 1e-10..1e-5 rad
      k.kind = "nearly-parallel";
      k.q1 = k.q0 + random.uniform(-2, 2) * dp + random.log_uniform(-10, -5) * dp.norm() * random.direction();
      k.tolerance = 1e-7;
      k.unique = false;
      break;
    default:
      break;
  }
  if (k.expect_parallel) k.unique = false;
  const testing::Similarity s = testing::random_similarity(random);
  k.p0 = s.apply(k.p0);
  k.p1 = s.apply(k.p1);
  k.q0 = s.apply(k.q0);
  k.q1 = s.apply(k.q1);
  return k;
}

// Independent exact reference: the minimum of the convex quadratic over [0,1]² is at the interior
// critical point (if the lines are not parallel and it lies inside) or on the square's boundary,
// where one parameter is 0 or 1 — an end point against the other segment.
double reference_distance(const Case& k) {
  double best = std::min({testing::reference_point_segment_squared(k.p0, k.q0, k.q1),
                          testing::reference_point_segment_squared(k.p1, k.q0, k.q1),
                          testing::reference_point_segment_squared(k.q0, k.p0, k.p1),
                          testing::reference_point_segment_squared(k.q1, k.p0, k.p1)});
  const Vec3 dp = k.p1 - k.p0, dq = k.q1 - k.q0, r = k.p0 - k.q0;
  const double a = dp.dot(dp), b = dp.dot(dq), c = dp.dot(r), e = dq.dot(dq), f = dq.dot(r);
  const double det = a * e - b * b;  // Gram determinant
  if (det > 1e-12 * a * e) {
    const double s = (b * f - c * e) / det, t = (a * f - b * c) / det;
    if (s >= 0 && s <= 1 && t >= 0 && t <= 1) best = std::min(best, (r + s * dp - t * dq).squaredNorm());
  }
  return std::sqrt(best);
}

// Checks from geometry alone: parameters in range, points on their segments, the distance
// realised, and the first-order optimality of the pair (x, y) for min |x − y| over P × Q:
// (x − y)·(p − x) ≥ 0 for p ∈ {p0, p1} and (y − x)·(q − y) ≥ 0 for q ∈ {q0, q1}.
void check_answer(const Case& k, const SegmentSegmentClosestPoints& r, double band, double scale) {
  ASSERT_TRUE(testing::finite(r.point_p) && testing::finite(r.point_q) && std::isfinite(r.squared_distance));
  EXPECT_TRUE(r.s >= 0 && r.s <= 1 && r.t >= 0 && r.t <= 1);
  EXPECT_LE((k.p0 + r.s * (k.p1 - k.p0) - r.point_p).norm(), band);
  EXPECT_LE((k.q0 + r.t * (k.q1 - k.q0) - r.point_q).norm(), band);
  EXPECT_DOUBLE_EQ(r.squared_distance, (r.point_p - r.point_q).squaredNorm());
  const Vec3 x = r.point_p, y = r.point_q;
  EXPECT_GE((x - y).dot(k.p0 - x), -band * scale);
  EXPECT_GE((x - y).dot(k.p1 - x), -band * scale);
  EXPECT_GE((y - x).dot(k.q0 - y), -band * scale);
  EXPECT_GE((y - x).dot(k.q1 - y), -band * scale);
}

// ≥ 10⁴ random cases against dense sampling of both segments and the exact reference, plus
// invariance under swapping P and Q, reversing P, and a further similarity.
TEST(ClosestPointsSegmentSegment, RandomAgainstBruteForce) {
  Random random(202);
  constexpr int kCases = 12000;
  constexpr int kSamples = 32;  // intervals per segment
  for (int i = 0; i < kCases; ++i) {
    const Case k = make_case(random, i);
    SCOPED_TRACE(::testing::Message() << "case " << i << " (" << k.kind << ")");
    const double scale = testing::diameter({k.p0, k.p1, k.q0, k.q1});
    const double band = k.tolerance * scale;
    const SegmentSegmentClosestPoints r = closest_points_segment_segment(k.p0, k.p1, k.q0, k.q1);
    check_answer(k, r, band, scale);
    EXPECT_EQ(r.degenerate, k.expect_degenerate);
    if (k.kind != std::string_view("nearly-parallel")) {
      EXPECT_EQ(r.parallel, k.expect_parallel && !k.expect_degenerate);
    } else {  // the flag is set below an angle of 1e-8 rad
      const double sine = (k.p1 - k.p0).normalized().cross((k.q1 - k.q0).normalized()).norm();
      if (sine < 0.5e-8) {
        EXPECT_TRUE(r.parallel);
      }
      if (sine > 2e-8) {
        EXPECT_FALSE(r.parallel);
      }
    }

    double sampled = INFINITY;
    for (int m = 0; m <= kSamples; ++m) {
      const Vec3 x = k.p0 + (double(m) / kSamples) * (k.p1 - k.p0);
      for (int n = 0; n <= kSamples; ++n) {
        sampled = std::min(sampled, (x - (k.q0 + (double(n) / kSamples) * (k.q1 - k.q0))).norm());
      }
    }
    const double grid_error = ((k.p1 - k.p0).norm() + (k.q1 - k.q0).norm()) / (2.0 * kSamples);
    const double distance = std::sqrt(r.squared_distance);
    EXPECT_LE(distance, sampled + band);
    EXPECT_GE(distance, sampled - grid_error - band);
    EXPECT_NEAR(distance, reference_distance(k), band);

    const SegmentSegmentClosestPoints swapped = closest_points_segment_segment(k.q0, k.q1, k.p0, k.p1);
    EXPECT_NEAR(std::sqrt(swapped.squared_distance), distance, band);
    const SegmentSegmentClosestPoints reversed = closest_points_segment_segment(k.p1, k.p0, k.q0, k.q1);
    EXPECT_NEAR(std::sqrt(reversed.squared_distance), distance, band);
    const testing::Similarity s = testing::random_similarity(random);
    const SegmentSegmentClosestPoints moved =
        closest_points_segment_segment(s.apply(k.p0), s.apply(k.p1), s.apply(k.q0), s.apply(k.q1));
    EXPECT_NEAR(std::sqrt(moved.squared_distance), s.scale * distance, 2 * s.scale * band);
    if (k.unique) {
      EXPECT_LE((swapped.point_p - r.point_q).norm(), band);
      EXPECT_LE((swapped.point_q - r.point_p).norm(), band);
      EXPECT_LE((reversed.point_p - r.point_p).norm(), band);
      EXPECT_LE((moved.point_p - s.apply(r.point_p)).norm(), 2 * s.scale * band);
      EXPECT_LE((moved.point_q - s.apply(r.point_q)).norm(), 2 * s.scale * band);
    }
  }
}

TEST(ClosestPointsSegmentSegment, HandDerived) {
  // Skew perpendicular segments crossing above each other at distance 2.
  SegmentSegmentClosestPoints r =
      closest_points_segment_segment(Vec3(-1, 0, 0), Vec3(1, 0, 0), Vec3(0, -1, 2), Vec3(0, 1, 2));
  EXPECT_DOUBLE_EQ(r.s, 0.5);
  EXPECT_DOUBLE_EQ(r.t, 0.5);
  EXPECT_DOUBLE_EQ(r.squared_distance, 4.0);
  EXPECT_FALSE(r.parallel);
  // Lines cross outside Q: clamped to Q's end q1 = (3, 1, 0), nearest on P is (1, 0, 0)... P is the
  // x axis from 0 to 4, Q from (3, 1, 0) to (3, 2, 0): closest (3, 0, 0)–(3, 1, 0).
  r = closest_points_segment_segment(Vec3(0, 0, 0), Vec3(4, 0, 0), Vec3(3, 2, 0), Vec3(3, 1, 0));
  EXPECT_DOUBLE_EQ(r.s, 0.75);
  EXPECT_DOUBLE_EQ(r.t, 1.0);
  EXPECT_DOUBLE_EQ(r.squared_distance, 1.0);
  // Overlapping collinear: the middle of the common part [1, 2].
  r = closest_points_segment_segment(Vec3(0, 0, 0), Vec3(2, 0, 0), Vec3(3, 0, 0), Vec3(1, 0, 0));
  EXPECT_TRUE(r.parallel);
  EXPECT_EQ(r.squared_distance, 0.0);
  EXPECT_EQ(r.point_p, Vec3(1.5, 0, 0));
  EXPECT_EQ(r.point_q, Vec3(1.5, 0, 0));
  // Parallel, offset, overlapping along [1, 2]: midpoints at distance 1.
  r = closest_points_segment_segment(Vec3(0, 0, 0), Vec3(2, 0, 0), Vec3(1, 1, 0), Vec3(5, 1, 0));
  EXPECT_TRUE(r.parallel);
  EXPECT_EQ(r.point_p, Vec3(1.5, 0, 0));
  EXPECT_EQ(r.point_q, Vec3(1.5, 1, 0));
  // Parallel, disjoint projections: nearest ends.
  r = closest_points_segment_segment(Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(3, 1, 0), Vec3(2, 1, 0));
  EXPECT_EQ(r.point_p, Vec3(1, 0, 0));
  EXPECT_EQ(r.point_q, Vec3(2, 1, 0));
  EXPECT_DOUBLE_EQ(r.squared_distance, 2.0);
  // Both zero length.
  r = closest_points_segment_segment(Vec3(1, 1, 1), Vec3(1, 1, 1), Vec3(1, 1, 4), Vec3(1, 1, 4));
  EXPECT_TRUE(r.degenerate);
  EXPECT_EQ(r.s, 0.0);
  EXPECT_EQ(r.t, 0.0);
  EXPECT_DOUBLE_EQ(r.squared_distance, 9.0);
  // One zero length: the point against the other segment.
  r = closest_points_segment_segment(Vec3(0, 0, 0), Vec3(4, 0, 0), Vec3(1, 3, 0), Vec3(1, 3, 0));
  EXPECT_TRUE(r.degenerate);
  EXPECT_DOUBLE_EQ(r.s, 0.25);
  EXPECT_DOUBLE_EQ(r.squared_distance, 9.0);
}

}  // namespace
}  // namespace contactlab
