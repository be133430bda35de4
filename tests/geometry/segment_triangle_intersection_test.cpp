#include "contactlab/geometry/segment_triangle_intersection.h"

#include "geometry/closest_points_test_util.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>

namespace contactlab {
namespace {

using testing::Random;

struct Query {
  Vec3 p0, p1, a, b, c;
};

SegmentTriangleIntersection run(const Query& q) { return segment_triangle_intersection(q.p0, q.p1, q.a, q.b, q.c); }

// The decision must not depend on the order of the segment's end points or on the labelling and
// winding of the corners (the exact predicates make it a property of the two point sets).
void expect_order_invariant(const Query& q, bool expected) {
  EXPECT_EQ(segment_triangle_intersection(q.p1, q.p0, q.a, q.b, q.c).intersects, expected);
  EXPECT_EQ(segment_triangle_intersection(q.p0, q.p1, q.b, q.c, q.a).intersects, expected);
  EXPECT_EQ(segment_triangle_intersection(q.p0, q.p1, q.c, q.a, q.b).intersects, expected);
  EXPECT_EQ(segment_triangle_intersection(q.p1, q.p0, q.a, q.c, q.b).intersects, expected);
}

// A reported common point must lie on the segment (at its parameter) and on the triangle.
void expect_witness(const Query& q, const SegmentTriangleIntersection& r, double band) {
  ASSERT_TRUE(testing::finite(r.point));
  EXPECT_TRUE(r.segment_parameter >= 0.0 && r.segment_parameter <= 1.0);
  EXPECT_LE((q.p0 + r.segment_parameter * (q.p1 - q.p0) - r.point).norm(), band);
  EXPECT_LE(std::sqrt(testing::reference_point_segment_squared(r.point, q.p0, q.p1)), band);
  EXPECT_LE(std::sqrt(testing::reference_point_triangle_squared(r.point, q.a, q.b, q.c)), band);
}

double scale_of(const Query& q) { return testing::diameter({q.p0, q.p1, q.a, q.b, q.c}); }

// Independent floating-point reference for generic positions: signed plane distances of the end
// points, the crossing point, and its barycentric coordinates from the Gram system. Returns
// +1 / 0 for a robust yes / no (every quantity at least 1e-7 relative away from its threshold),
// −1 when too close to call in floating point.
int float_reference(const Query& q) {
  const Vec3 ab = q.b - q.a, ac = q.c - q.a;
  const Vec3 n = ab.cross(ac).normalized();
  const double margin = 1e-7 * scale_of(q);
  const double d0 = n.dot(q.p0 - q.a), d1 = n.dot(q.p1 - q.a);
  if (std::abs(d0) < margin || std::abs(d1) < margin) return -1;
  if ((d0 > 0) == (d1 > 0)) return 0;
  const Vec3 x = q.p0 + d0 / (d0 - d1) * (q.p1 - q.p0);
  const double g00 = ab.dot(ab), g01 = ab.dot(ac), g11 = ac.dot(ac), det = g00 * g11 - g01 * g01;
  const double r0 = ab.dot(x - q.a), r1 = ac.dot(x - q.a);
  const double v = (r0 * g11 - r1 * g01) / det, w = (r1 * g00 - r0 * g01) / det, u = 1.0 - v - w;
  if (std::min({std::abs(u), std::abs(v), std::abs(w)}) < 1e-7) return -1;
  return u > 0 && v > 0 && w > 0 ? 1 : 0;
}

// 14 000 random segments aimed near random triangles (about half hit) against the floating-point
// reference; ≥ 10⁴ of them must be robust enough to compare. Invariance under a similarity.
TEST(SegmentTriangleIntersection, RandomAgainstFloatingPointReference) {
  Random random(303);
  int compared = 0, hits = 0;
  for (int i = 0; i < 14000; ++i) {
    SCOPED_TRACE(::testing::Message() << "case " << i);
    Query q{Vec3::Zero(), Vec3::Zero(), random.point(1), random.point(1), random.point(1)};
    const Vec3 x = q.a + random.uniform(-0.2, 0.9) * (q.b - q.a) + random.uniform(-0.2, 0.9) * (q.c - q.a);
    const Vec3 d = random.direction();
    q.p0 = x - random.uniform(-0.2, 1.0) * d;
    q.p1 = x + random.uniform(-0.2, 1.0) * d;
    const testing::Similarity s = testing::random_similarity(random);
    for (Vec3* v : {&q.p0, &q.p1, &q.a, &q.b, &q.c}) *v = s.apply(*v);

    const SegmentTriangleIntersection r = run(q);
    const int expected = float_reference(q);
    if (expected >= 0) {
      ++compared;
      EXPECT_EQ(r.intersects, expected == 1);
      const testing::Similarity t = testing::random_similarity(random);
      EXPECT_EQ(segment_triangle_intersection(t.apply(q.p0), t.apply(q.p1), t.apply(q.a), t.apply(q.b), t.apply(q.c))
                    .intersects,
                expected == 1);
    }
    EXPECT_FALSE(r.coplanar);
    hits += r.intersects;
    if (r.intersects) expect_witness(q, r, 1e-9 * scale_of(q));
    expect_order_invariant(q, r.intersects);
  }
  EXPECT_GE(compared, 10000);
  EXPECT_GT(hits, 2500);
  EXPECT_LT(hits, 11000);
}

// Exactly known degenerate configurations on an integer grid (all coordinates, and all points
// built from them, exactly representable): the decision must match the construction exactly.
class ExactCases {
 public:
  explicit ExactCases(Random& random) : random_(random) {}

  // Corners 4·(integer points), non-collinear; points (i a + j b + k c)/4 with i + j + k = 4 are
  // then exact, and lie in the closed triangle iff i, j, k ≥ 0.
  void new_triangle() {
    do {
      a_ = 4.0 * random_.integer_point(4);
      b_ = 4.0 * random_.integer_point(4);
      c_ = 4.0 * random_.integer_point(4);
    } while ((b_ - a_).cross(c_ - a_).squaredNorm() == 0.0);
  }
  Vec3 at(const std::array<int, 3>& w) const { return (w[0] * a_ + w[1] * b_ + w[2] * c_) / 4.0; }
  std::array<int, 3> weights(int lo, int hi) {
    const int i = random_.integer(lo, hi), j = random_.integer(lo, hi);
    return {i, j, 4 - i - j};
  }
  std::array<int, 3> inside_weights() {
    for (;;) {
      const auto w = weights(0, 4);
      if (w[2] >= 0) return w;
    }
  }
  std::array<int, 3> outside_weights() {
    for (;;) {
      const auto w = weights(-4, 8);
      if (std::min({w[0], w[1], w[2]}) < 0) return w;
    }
  }
  // An integer direction not parallel to the triangle's plane.
  Vec3 off_plane_direction() {
    const Vec3 n = (b_ - a_).cross(c_ - a_);
    for (;;) {
      const Vec3 d = random_.integer_point(3);
      if (n.dot(d) != 0.0) return d;
    }
  }
  Query query(const Vec3& p0, const Vec3& p1) const { return {p0, p1, a_, b_, c_}; }

  Random& random_;
  Vec3 a_, b_, c_;
};

// Does the segment between barycentric points w1, w2 (integer, sum 4) meet {w ≥ 0}? Exact, in
// barycentric space: each constraint (1 − τ) w1_i + τ w2_i ≥ 0 bounds τ ∈ [0, 1]; intervals are
// compared as fractions with integer cross-multiplication.
bool coplanar_truth(const std::array<int, 3>& w1, const std::array<int, 3>& w2) {
  std::int64_t lo_num = 0, lo_den = 1, hi_num = 1, hi_den = 1;  // τ ∈ [lo, hi]
  for (int i = 0; i < 3; ++i) {
    const std::int64_t f0 = w1[i], f1 = w2[i];  // f(τ) = f0 + τ (f1 − f0) ≥ 0
    if (f0 < 0 && f1 < 0) return false;
    if (f0 < 0 && f1 >= 0) {  // τ ≥ −f0 / (f1 − f0)
      const std::int64_t num = -f0, den = f1 - f0;
      if (num * lo_den > lo_num * den) lo_num = num, lo_den = den;
    }
    if (f1 < 0 && f0 >= 0) {  // τ ≤ f0 / (f0 − f1)
      const std::int64_t num = f0, den = f0 - f1;
      if (num * hi_den < hi_num * den) hi_num = num, hi_den = den;
    }
  }
  return lo_num * hi_den <= hi_num * lo_den;
}

// Exact transforms (axis permutation, sign flips, power-of-two scale, integer translation) keep
// every coordinate exact, so the exact decision must be unchanged.
Query exact_transform(const Query& q, Random& random) {
  std::array<int, 3> axis{0, 1, 2};
  std::swap(axis[0], axis[random.integer(0, 2)]);
  std::swap(axis[1], axis[random.integer(1, 2)]);
  std::array<double, 3> sign{}, shift{};
  for (int k = 0; k < 3; ++k) {
    sign[k] = random.chance(0.5) ? 1.0 : -1.0;
    shift[k] = random.integer(-1000, 1000);
  }
  const double scale = std::ldexp(1.0, random.integer(-20, 20));
  auto map = [&](const Vec3& x) {
    Vec3 y;
    for (int k = 0; k < 3; ++k) y[k] = (sign[k] * x[axis[k]] + shift[k]) * scale;
    return y;
  };
  return {map(q.p0), map(q.p1), map(q.a), map(q.b), map(q.c)};
}

TEST(SegmentTriangleIntersection, ExactDegenerateConfigurations) {
  Random random(404);
  ExactCases g(random);
  int counts[2] = {0, 0};
  for (int i = 0; i < 12000; ++i) {
    g.new_triangle();
    Query q;
    bool truth = false;
    bool coplanar = false;
    const int kind = i % 8;
    SCOPED_TRACE(::testing::Message() << "case " << i << " kind " << kind);
    switch (kind) {
      case 0: {  // end point on the closed triangle (vertex, edge or interior), other end off-plane
        const Vec3 x = g.at(g.inside_weights());
        q = g.query(x, x + g.off_plane_direction());
        truth = true;
        break;
      }
      case 1: {  // passing through a point of the closed triangle
        const Vec3 x = g.at(g.inside_weights()), d = g.off_plane_direction();
        q = g.query(x - d, x + d);
        truth = true;
        break;
      }
      case 2: {  // passing through the plane outside the triangle (possibly on an edge's line)
        const Vec3 x = g.at(g.outside_weights()), d = g.off_plane_direction();
        q = g.query(x - d, x + d);
        truth = false;
        break;
      }
      case 3: {  // end point on the plane outside the triangle
        const Vec3 x = g.at(g.outside_weights());
        q = g.query(x, x + g.off_plane_direction());
        truth = false;
        break;
      }
      case 4:
      case 5: {  // coplanar segment: inside, crossing, along an edge, or outside
        const auto w1 = kind == 4 ? g.inside_weights() : g.outside_weights();
        const auto w2 = g.outside_weights();
        q = g.query(g.at(w1), g.at(w2));
        truth = coplanar_truth(w1, w2);
        coplanar = true;
        break;
      }
      case 6: {  // zero-length segment: in the triangle, in the plane outside, or off the plane
        const int sub = random.integer(0, 2);
        const auto w = sub == 1 ? g.outside_weights() : g.inside_weights();
        Vec3 x = g.at(w);
        if (sub == 2) x += g.off_plane_direction();
        q = g.query(x, x);
        truth = sub == 0;
        coplanar = sub != 2;
        break;
      }
      case 7: {  // collapsed triangle a, a + m u, a + n u (m or n may be 0: coincident corners)
        const Vec3 a = g.a_;
        Vec3 u = random.integer_point(3);
        if (u.squaredNorm() == 0.0) u = Vec3(1, 2, 3);
        const int m = random.integer(-3, 3), n = random.integer(-3, 3);
        const int lo = std::min({0, m, n}), hi = std::max({0, m, n});
        q.a = a;
        q.b = a + m * u;
        q.c = a + n * u;
        coplanar = true;
        const int lambda = random.integer(-5, 5);
        const Vec3 x = a + lambda * u;
        Vec3 d = random.integer_point(3);
        if (d.cross(u).squaredNorm() == 0.0)
          d = u.cross(Vec3(1, 0, 0)).squaredNorm() > 0 ? u.cross(Vec3(1, 0, 0)) : u.cross(Vec3(0, 1, 0));
        const int sub = random.integer(0, 3);
        if (sub == 0) {  // crossing the line at x
          q.p0 = x - d;
          q.p1 = x + d;
          truth = lo <= lambda && lambda <= hi;
        } else if (sub == 1) {  // ending at x
          q.p0 = x;
          q.p1 = x + d;
          truth = lo <= lambda && lambda <= hi;
        } else if (sub == 2) {  // along the line
          const int l1 = random.integer(-5, 5);
          q.p0 = x;
          q.p1 = a + l1 * u;
          truth = std::max(lo, std::min(lambda, l1)) <= std::min(hi, std::max(lambda, l1));
        } else {  // shifted off the line's plane with d: misses
          const Vec3 w = u.cross(d);
          q.p0 = x - d + w;
          q.p1 = x + d + w;
          truth = false;
        }
        break;
      }
    }
    const SegmentTriangleIntersection r = run(q);
    EXPECT_EQ(r.intersects, truth);
    EXPECT_EQ(r.coplanar, coplanar);
    counts[truth] += 1;
    if (r.intersects) expect_witness(q, r, 1e-12 * scale_of(q));
    expect_order_invariant(q, truth);
    EXPECT_EQ(run(exact_transform(q, random)).intersects, truth);
  }
  EXPECT_GT(counts[0], 3000);
  EXPECT_GT(counts[1], 3000);
}

TEST(SegmentTriangleIntersection, HandDerived) {
  const Vec3 a(0, 0, 0), b(4, 0, 0), c(0, 4, 0);
  // Through the interior: crossing at (1, 1, 0), a quarter of the way.
  SegmentTriangleIntersection r = segment_triangle_intersection(Vec3(1, 1, -1), Vec3(1, 1, 3), a, b, c);
  EXPECT_TRUE(r.intersects);
  EXPECT_FALSE(r.coplanar);
  EXPECT_EQ(r.point, Vec3(1, 1, 0));
  EXPECT_DOUBLE_EQ(r.segment_parameter, 0.25);
  // Through vertex b and through the middle of edge bc: touching counts.
  EXPECT_TRUE(segment_triangle_intersection(Vec3(4, 0, 1), Vec3(4, 0, -1), a, b, c).intersects);
  EXPECT_TRUE(segment_triangle_intersection(Vec3(2, 2, 1), Vec3(2, 2, -1), a, b, c).intersects);
  // Just outside edge bc (x + y = 4 + 2⁻⁴⁰): misses.
  const double e = std::ldexp(1.0, -40);
  EXPECT_FALSE(segment_triangle_intersection(Vec3(2 + e, 2, 1), Vec3(2 + e, 2, -1), a, b, c).intersects);
  // Stops short of the plane.
  EXPECT_FALSE(segment_triangle_intersection(Vec3(1, 1, 3), Vec3(1, 1, e), a, b, c).intersects);
  // Coplanar, crossing the triangle from x = −1 to x = 5 at y = 1: common part x ∈ [0, 3].
  r = segment_triangle_intersection(Vec3(-1, 1, 0), Vec3(5, 1, 0), a, b, c);
  EXPECT_TRUE(r.intersects);
  EXPECT_TRUE(r.coplanar);
  EXPECT_NEAR(r.point.x(), 1.5, 1e-14);
  EXPECT_EQ(r.point.y(), 1.0);
  // Coplanar, outside beyond edge bc.
  r = segment_triangle_intersection(Vec3(5, 0, 0), Vec3(0, 5, 0), a, b, c);
  EXPECT_FALSE(r.intersects);
  EXPECT_TRUE(r.coplanar);
  // Collapsed triangle (segment from (0,0,0) to (4,0,0)) crossed by a vertical segment at x = 3.
  r = segment_triangle_intersection(Vec3(3, 0, -1), Vec3(3, 0, 1), a, b, Vec3(2, 0, 0));
  EXPECT_TRUE(r.intersects);
  EXPECT_TRUE(r.coplanar);
  EXPECT_LE((r.point - Vec3(3, 0, 0)).norm(), 1e-15);
  // All corners at one point, a segment through it and one beside it.
  EXPECT_TRUE(segment_triangle_intersection(Vec3(-1, -1, -1), Vec3(1, 1, 1), a, a, a).intersects);
  EXPECT_FALSE(segment_triangle_intersection(Vec3(-1, -1, -1), Vec3(1, 1, 1 + e), a, a, a).intersects);
}

}  // namespace
}  // namespace contactlab
