#include "contactlab/geometry/closest_point_point_triangle.h"

#include "geometry/closest_points_test_util.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>

namespace contactlab {
namespace {

using testing::Random;

struct Case {
  Vec3 p, a, b, c;
  double tolerance;  // length band, relative to the case's diameter
  const char* kind;
};

// One random case; i % 10 picks the kind, a share of them degenerate. Every case is finally
// scaled and moved by a random similarity so that thresholds are exercised at many scales.
Case make_case(Random& random, int i) {
  Case k{random.point(2.0), random.point(1.0), random.point(1.0), random.point(1.0), 1e-10, "generic"};
  switch (i % 10) {
    case 5: {  // p in the triangle's plane, inside or outside
      k.kind = "in-plane";
      const double u = random.uniform(-0.5, 1.5), v = random.uniform(-0.5, 1.5);
      k.p = k.a + u * (k.b - k.a) + v * (k.c - k.a);
      if (random.chance(0.5)) {  // just inside or outside edge ab, by 1e-9..1e-2 of its length
        const Vec3 n = (k.b - k.a).cross(k.c - k.a);
        const Vec3 out = (k.b - k.a).cross(n).normalized();  // in-plane, away from c
        const double side = random.chance(0.5) ? 1.0 : -1.0;
        k.p = k.a + random.uniform(0, 1) * (k.b - k.a) + side * random.log_uniform(-9, -2) * (k.b - k.a).norm() * out;
      }
      break;
    }
    case 6: {  // p at a corner or on an edge, possibly lifted off the plane along the normal
      k.kind = "on-feature";
      const std::array<Vec3, 3> x{k.a, k.b, k.c};
      const int e = random.integer(0, 2);
      const double t = random.chance(0.4) ? double(random.integer(0, 1)) : random.uniform(0, 1);
      const Vec3 n = (k.b - k.a).cross(k.c - k.a).normalized();
      k.p = x[e] + t * (x[(e + 1) % 3] - x[e]) + (random.chance(0.5) ? 0.0 : random.uniform(-1, 1)) * n;
      break;
    }
    case 7: {  // collinear or coincident corners
      k.kind = "collapsed";
      const int sub = random.integer(0, 3);
      if (sub == 0) k.c = k.a + random.uniform(-1, 2) * (k.b - k.a);
      if (sub == 1) k.b = k.a;
      if (sub == 2) k.c = k.b = k.a;
      if (sub == 3) k.a = k.c + random.uniform(0, 1) * (k.b - k.c);
      break;
    }
    case 8: {  // sliver: height 1e-12..1e-4 of the base
      k.kind = "sliver";
      const Vec3 base = k.b - k.a;
      Vec3 up = base.cross(random.direction());
      up *= base.norm() / up.norm();
      k.c = k.a + random.uniform(-0.5, 1.5) * base + random.log_uniform(-12, -4) * up;
      k.tolerance = 1e-7;
      break;
    }
    case 9:  // far query point
      k.kind = "far";
      k.p = random.point(100.0);
      break;
    default:
      break;
  }
  const testing::Similarity s = testing::random_similarity(random);
  k.p = s.apply(k.p);
  k.a = s.apply(k.a);
  k.b = s.apply(k.b);
  k.c = s.apply(k.c);
  return k;
}

// Checks one answer against geometry alone: finite, on the triangle, realising the reported
// distance, consistent feature and barycentric coordinates, and optimal by the first-order
// condition of projection onto a convex set: (p − x)·(v − x) ≤ 0 for every corner v.
void check_answer(const Case& k, const PointTriangleClosestPoint& r, double band) {
  const std::array<Vec3, 3> x{k.a, k.b, k.c};
  ASSERT_TRUE(testing::finite(r.closest_point) && testing::finite(r.barycentric) && std::isfinite(r.squared_distance));
  EXPECT_NEAR(r.squared_distance, (k.p - r.closest_point).squaredNorm(),
              1e-12 * (k.p - r.closest_point).squaredNorm() + band * band);
  EXPECT_LE(std::sqrt(testing::reference_point_triangle_squared(r.closest_point, k.a, k.b, k.c)), band);
  EXPECT_NEAR(r.barycentric.sum(), 1.0, 1e-9);
  EXPECT_GE(r.barycentric.minCoeff(), -1e-9);
  EXPECT_LE((r.barycentric[0] * k.a + r.barycentric[1] * k.b + r.barycentric[2] * k.c - r.closest_point).norm(), band);
  for (const Vec3& v : x)
    EXPECT_LE((k.p - r.closest_point).dot(v - r.closest_point), band * testing::diameter({k.p, k.a, k.b, k.c}));
  const int i = r.feature_index;
  ASSERT_TRUE(i >= 0 && i < 3);
  switch (r.feature) {
    case TriangleFeature::kVertex:
      EXPECT_EQ(r.closest_point, x[i]);
      EXPECT_EQ(r.barycentric, Vec3::Unit(i));
      break;
    case TriangleFeature::kEdge:
      EXPECT_EQ(r.barycentric[(i + 2) % 3], 0.0);
      EXPECT_LE(std::sqrt(testing::reference_point_segment_squared(r.closest_point, x[i], x[(i + 1) % 3])), band);
      break;
    case TriangleFeature::kFace: {
      EXPECT_EQ(i, 0);
      const Vec3 n = (k.b - k.a).cross(k.c - k.a).normalized();
      EXPECT_LE((k.p - r.closest_point).cross(n).norm(), band);  // p − x is along the normal
      break;
    }
  }
}

// ≥ 10⁴ random cases (30 % degenerate kinds) against dense barycentric sampling and the Gram-system
// reference, with invariance under a further similarity and a cyclic relabelling of the corners.
TEST(ClosestPointPointTriangle, RandomAgainstBruteForce) {
  Random random(101);
  constexpr int kCases = 12000;
  constexpr int kGrid = 24;
  int faces = 0, edges = 0, vertices = 0;
  for (int i = 0; i < kCases; ++i) {
    const Case k = make_case(random, i);
    SCOPED_TRACE(::testing::Message() << "case " << i << " (" << k.kind << ")");
    const double scale = testing::diameter({k.p, k.a, k.b, k.c});
    const double band = k.tolerance * scale;
    const PointTriangleClosestPoint r = closest_point_point_triangle(k.p, k.a, k.b, k.c);
    check_answer(k, r, band);
    faces += r.feature == TriangleFeature::kFace;
    edges += r.feature == TriangleFeature::kEdge;
    vertices += r.feature == TriangleFeature::kVertex;

    // Brute force: the sampled minimum is an upper bound and at most one grid step above the truth.
    double sampled = INFINITY;
    testing::for_each_triangle_sample(k.a, k.b, k.c, kGrid,
                                      [&](const Vec3& x) { sampled = std::min(sampled, (x - k.p).norm()); });
    const double distance = std::sqrt(r.squared_distance);
    EXPECT_LE(distance, sampled + band);
    EXPECT_GE(distance, sampled - testing::longest_edge(k.a, k.b, k.c) / kGrid - band);
    EXPECT_NEAR(distance, std::sqrt(testing::reference_point_triangle_squared(k.p, k.a, k.b, k.c)), band);

    // Relabelling the corners cyclically and moving everything by a similarity give the same point.
    const PointTriangleClosestPoint cyclic = closest_point_point_triangle(k.p, k.b, k.c, k.a);
    EXPECT_LE((cyclic.closest_point - r.closest_point).norm(), band);
    const testing::Similarity s = testing::random_similarity(random);
    const PointTriangleClosestPoint moved =
        closest_point_point_triangle(s.apply(k.p), s.apply(k.a), s.apply(k.b), s.apply(k.c));
    EXPECT_NEAR(std::sqrt(moved.squared_distance), s.scale * distance, 2 * s.scale * band);
    EXPECT_LE((moved.closest_point - s.apply(r.closest_point)).norm(), 2 * s.scale * band);
  }
  // The generator reaches every feature kind.
  EXPECT_GT(faces, kCases / 20);
  EXPECT_GT(edges, kCases / 20);
  EXPECT_GT(vertices, kCases / 20);
}

TEST(ClosestPointPointTriangle, HandDerivedRegions) {
  const Vec3 a(0, 0, 0), b(2, 0, 0), c(0, 2, 0);
  struct Expect {
    Vec3 p;
    Vec3 closest;
    TriangleFeature feature;
    int index;
  };
  const Expect cases[] = {
      {{0.5, 0.5, 3}, {0.5, 0.5, 0}, TriangleFeature::kFace, 0},
      {{-1, -1, 1}, a, TriangleFeature::kVertex, 0},
      {{3, -1, 0}, b, TriangleFeature::kVertex, 1},
      {{-1, 5, -2}, c, TriangleFeature::kVertex, 2},
      {{1, -3, 4}, {1, 0, 0}, TriangleFeature::kEdge, 0},
      {{2, 2, 0}, {1, 1, 0}, TriangleFeature::kEdge, 1},
      {{-1, 1, 0}, {0, 1, 0}, TriangleFeature::kEdge, 2},
  };
  for (const Expect& e : cases) {
    const PointTriangleClosestPoint r = closest_point_point_triangle(e.p, a, b, c);
    EXPECT_LE((r.closest_point - e.closest).norm(), 1e-15) << e.p.transpose();
    EXPECT_EQ(r.feature, e.feature) << e.p.transpose();
    EXPECT_EQ(r.feature_index, e.index) << e.p.transpose();
    EXPECT_DOUBLE_EQ(r.squared_distance, (e.p - e.closest).squaredNorm());
  }
}

TEST(ClosestPointPointTriangle, DegenerateTrianglesFallBackToEdgesAndPoints) {
  // Collinear corners: b lies between a and c; the triangle is segment ac.
  const Vec3 a(0, 0, 0), b(1, 0, 0), c(3, 0, 0);
  PointTriangleClosestPoint r = closest_point_point_triangle(Vec3(2, 1, 0), a, b, c);
  EXPECT_EQ(r.closest_point, Vec3(2, 0, 0));
  EXPECT_DOUBLE_EQ(r.squared_distance, 1.0);
  EXPECT_NE(r.feature, TriangleFeature::kFace);
  r = closest_point_point_triangle(Vec3(-2, 0, 0), a, b, c);
  EXPECT_EQ(r.closest_point, a);
  EXPECT_EQ(r.feature, TriangleFeature::kVertex);
  // All corners coincide: vertex 0.
  const Vec3 x(1, 2, 3);
  r = closest_point_point_triangle(Vec3(1, 2, 5), x, x, x);
  EXPECT_EQ(r.closest_point, x);
  EXPECT_DOUBLE_EQ(r.squared_distance, 4.0);
  EXPECT_EQ(r.feature, TriangleFeature::kVertex);
  EXPECT_EQ(r.feature_index, 0);
  // Two corners coincide: the triangle is a segment.
  r = closest_point_point_triangle(Vec3(0.5, 0, 7), a, a, b);
  EXPECT_EQ(r.closest_point, Vec3(0.5, 0, 0));
  EXPECT_EQ(r.feature, TriangleFeature::kEdge);
}

}  // namespace
}  // namespace contactlab
