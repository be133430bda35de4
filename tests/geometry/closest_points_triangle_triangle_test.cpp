#include "contactlab/geometry/closest_points_triangle_triangle.h"

#include "geometry/closest_points_test_util.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>

namespace contactlab {
namespace {

using testing::Random;
using Tri = std::array<Vec3, 3>;

struct Case {
  Tri a, b;
  double tolerance = 1e-9;       // length band, relative to the case's diameter
  int expect_intersecting = -1;  // 1 / 0 when known by construction, −1 otherwise
  const char* kind = "generic";
};

Vec3 barycentric_point(const Tri& t, double u, double v) { return t[0] + u * (t[1] - t[0]) + v * (t[2] - t[0]); }
Vec3 unit_normal(const Tri& t) { return (t[1] - t[0]).cross(t[2] - t[0]).normalized(); }

// One random case; i % 10 picks the kind (60 % touching, coplanar, parallel, collapsed or
// piercing), then a random similarity.
Case make_case(Random& random, int i) {
  Case k;
  for (Vec3& x : k.a) x = random.point(1.0);
  const Vec3 offset = random.point(1.5);
  for (Vec3& x : k.b) x = random.point(1.0) + offset;
  switch (i % 10) {
    case 4: {  // a vertex of B on A (interior, edge or vertex), B on one side or across
      k.kind = "vertex-touch";
      const int sub = random.integer(0, 2);
      const double u = sub == 2 ? double(random.integer(0, 1)) : random.uniform(0, 1);
      const double v = sub == 0 ? random.uniform(0, 1 - u) : 0.0;
      k.b[0] = barycentric_point(k.a, u, v);
      break;
    }
    case 5: {  // an edge of B through a point of an edge of A
      k.kind = "edge-touch";
      const int e = random.integer(0, 2);
      const Vec3 x = k.a[e] + random.uniform(0, 1) * (k.a[(e + 1) % 3] - k.a[e]);
      const Vec3 d = random.direction();
      k.b[0] = x - random.uniform(0, 1) * d;
      k.b[1] = x + random.uniform(0, 1) * d;
      break;
    }
    case 6:  // coplanar: B's corners in A's plane, overlapping or not
      k.kind = "coplanar";
      for (Vec3& x : k.b) x = barycentric_point(k.a, random.uniform(-1, 2), random.uniform(-1, 2));
      break;
    case 7: {  // parallel planes at a clear gap (so never intersecting)
      k.kind = "parallel-planes";
      const double gap = random.log_uniform(-4, 0);
      for (Vec3& x : k.b)
        x = barycentric_point(k.a, random.uniform(-1, 2), random.uniform(-1, 2)) + gap * unit_normal(k.a);
      k.expect_intersecting = 0;
      break;
    }
    case 8: {  // collapsed triangles: collinear or coincident corners on one or both sides
      k.kind = "collapsed";
      Tri& t = random.chance(0.5) ? k.a : k.b;
      const int sub = random.integer(0, 2);
      if (sub == 0) t[2] = t[0] + random.uniform(-1, 2) * (t[1] - t[0]);
      if (sub == 1) t[1] = t[0];
      if (sub == 2) t[2] = t[1] = t[0];
      if (random.chance(0.3)) k.b[2] = k.b[0] + random.uniform(-1, 2) * (k.b[1] - k.b[0]);
      break;
    }
    case 9: {  // an edge of B pierces A's interior (robustly away from A's boundary)
      k.kind = "piercing";
      const double u = random.uniform(0.1, 0.8), v = random.uniform(0.05, 0.9 - u);
      const Vec3 x = barycentric_point(k.a, u, v);
      Vec3 d = random.direction();
      if (std::abs(d.dot(unit_normal(k.a))) < 0.2) d = unit_normal(k.a);
      k.b[0] = x - random.uniform(0.2, 1) * d;
      k.b[1] = x + random.uniform(0.2, 1) * d;
      // Keep A's sliver cases out of the "robust" set.
      const double h =
          (k.a[1] - k.a[0]).cross(k.a[2] - k.a[0]).norm() / std::pow(testing::longest_edge(k.a[0], k.a[1], k.a[2]), 2);
      k.expect_intersecting = h > 1e-2 ? 1 : -1;
      break;
    }
    default:
      break;
  }
  const testing::Similarity s = testing::random_similarity(random);
  for (Vec3& x : k.a) x = s.apply(x);
  for (Vec3& x : k.b) x = s.apply(x);
  return k;
}

double to_triangle(const Vec3& x, const Tri& t) {
  return std::sqrt(testing::reference_point_triangle_squared(x, t[0], t[1], t[2]));
}

// x lies on the given feature of t (within band).
void expect_on_feature(const Vec3& x, const Tri& t, TriangleFeature feature, int index, double band) {
  ASSERT_TRUE(index >= 0 && index < 3);
  switch (feature) {
    case TriangleFeature::kVertex:
      EXPECT_LE((x - t[index]).norm(), band);
      break;
    case TriangleFeature::kEdge:
      EXPECT_LE(std::sqrt(testing::reference_point_segment_squared(x, t[index], t[(index + 1) % 3])), band);
      break;
    case TriangleFeature::kFace:
      EXPECT_LE(to_triangle(x, t), band);
      break;
  }
}

// Checks from geometry alone. Intersecting: one common point on both. Disjoint: points on their
// triangles realising the distance, and first-order optimality of (x, y) for min |x − y| over
// A × B — (x − y)·(a_i − x) ≥ 0 and (y − x)·(b_i − y) ≥ 0 for all corners — which for x ≠ y also
// certifies that the triangles are separated (by the planes through x and y normal to x − y).
void check_answer(const Case& k, const TriangleTriangleClosestPoints& r, double band, double scale) {
  ASSERT_TRUE(testing::finite(r.point_a) && testing::finite(r.point_b) && std::isfinite(r.squared_distance));
  EXPECT_LE(to_triangle(r.point_a, k.a), band);
  EXPECT_LE(to_triangle(r.point_b, k.b), band);
  EXPECT_DOUBLE_EQ(r.squared_distance, (r.point_a - r.point_b).squaredNorm());
  expect_on_feature(r.point_a, k.a, r.feature_a, r.index_a, band);
  expect_on_feature(r.point_b, k.b, r.feature_b, r.index_b, band);
  if (r.intersecting) {
    EXPECT_EQ(r.pair, TrianglePairFeature::kIntersecting);
    EXPECT_EQ(r.squared_distance, 0.0);
    EXPECT_EQ(r.point_a, r.point_b);
    EXPECT_TRUE((r.feature_a == TriangleFeature::kEdge && r.feature_b == TriangleFeature::kFace) ||
                (r.feature_a == TriangleFeature::kFace && r.feature_b == TriangleFeature::kEdge));
    return;
  }
  EXPECT_NE(r.pair, TrianglePairFeature::kIntersecting);
  if (r.pair == TrianglePairFeature::kVertexFace) {
    EXPECT_EQ(r.feature_a, TriangleFeature::kVertex);
  }
  if (r.pair == TrianglePairFeature::kFaceVertex) {
    EXPECT_EQ(r.feature_b, TriangleFeature::kVertex);
  }
  if (r.pair == TrianglePairFeature::kEdgeEdge) {
    EXPECT_NE(r.feature_a, TriangleFeature::kFace);
    EXPECT_NE(r.feature_b, TriangleFeature::kFace);
  }
  const Vec3 x = r.point_a, y = r.point_b;
  for (const Vec3& v : k.a) EXPECT_GE((x - y).dot(v - x), -band * scale);
  for (const Vec3& v : k.b) EXPECT_GE((y - x).dot(v - y), -band * scale);
}

// 12 000 random cases against dense sampling of both triangles, with invariance under swapping A
// and B and under a further similarity.
TEST(ClosestPointsTriangleTriangle, RandomAgainstBruteForce) {
  Random random(505);
  constexpr int kCases = 12000;
  constexpr int kGrid = 10;
  int intersecting = 0, pairs[4] = {0, 0, 0, 0};
  for (int i = 0; i < kCases; ++i) {
    const Case k = make_case(random, i);
    SCOPED_TRACE(::testing::Message() << "case " << i << " (" << k.kind << ")");
    const double scale = testing::diameter({k.a[0], k.a[1], k.a[2], k.b[0], k.b[1], k.b[2]});
    const double band = k.tolerance * scale;
    const TriangleTriangleClosestPoints r =
        closest_points_triangle_triangle(k.a[0], k.a[1], k.a[2], k.b[0], k.b[1], k.b[2]);
    check_answer(k, r, band, scale);
    if (k.expect_intersecting >= 0) {
      EXPECT_EQ(r.intersecting, k.expect_intersecting == 1);
    }
    intersecting += r.intersecting;
    pairs[int(r.pair)] += 1;

    // Brute force: the sampled minimum over both grids is at most one grid step per side above
    // the true distance.
    std::array<Vec3, (kGrid + 1) * (kGrid + 2) / 2> samples_b;
    int n = 0;
    testing::for_each_triangle_sample(k.b[0], k.b[1], k.b[2], kGrid, [&](const Vec3& y) { samples_b[n++] = y; });
    double sampled = INFINITY;
    testing::for_each_triangle_sample(k.a[0], k.a[1], k.a[2], kGrid, [&](const Vec3& x) {
      for (const Vec3& y : samples_b) sampled = std::min(sampled, (x - y).norm());
    });
    const double grid_error =
        (testing::longest_edge(k.a[0], k.a[1], k.a[2]) + testing::longest_edge(k.b[0], k.b[1], k.b[2])) / kGrid;
    const double distance = std::sqrt(r.squared_distance);
    EXPECT_LE(distance, sampled + band);
    EXPECT_GE(distance, sampled - grid_error - band);

    // Swapping the sides: the intersection decision is exactly symmetric, the distance equal.
    const TriangleTriangleClosestPoints swapped =
        closest_points_triangle_triangle(k.b[0], k.b[1], k.b[2], k.a[0], k.a[1], k.a[2]);
    EXPECT_EQ(swapped.intersecting, r.intersecting);
    EXPECT_NEAR(std::sqrt(swapped.squared_distance), distance, band);
    // A similarity scales the distance; the decision can only flip for (near-)touching pairs.
    const testing::Similarity s = testing::random_similarity(random);
    const TriangleTriangleClosestPoints moved = closest_points_triangle_triangle(
        s.apply(k.a[0]), s.apply(k.a[1]), s.apply(k.a[2]), s.apply(k.b[0]), s.apply(k.b[1]), s.apply(k.b[2]));
    EXPECT_NEAR(std::sqrt(moved.squared_distance), s.scale * distance, 2 * s.scale * band);
    if (moved.intersecting != r.intersecting) {
      EXPECT_LE(distance + std::sqrt(moved.squared_distance) / s.scale, 2 * band);
    }
  }
  EXPECT_GT(intersecting, kCases / 10);
  EXPECT_LT(intersecting, kCases * 9 / 10);
  for (int p = 0; p < 4; ++p) EXPECT_GT(pairs[p], kCases / 50) << "pair kind " << p;
}

TEST(ClosestPointsTriangleTriangle, HandDerived) {
  const Vec3 a0(0, 0, 0), a1(2, 0, 0), a2(0, 2, 0);
  // A vertex of B above A's interior: vertex–face at distance 1.
  TriangleTriangleClosestPoints r =
      closest_points_triangle_triangle(a0, a1, a2, Vec3(0.5, 0.5, 1), Vec3(0.5, 0.5, 3), Vec3(1, 0.5, 3));
  EXPECT_FALSE(r.intersecting);
  EXPECT_EQ(r.pair, TrianglePairFeature::kFaceVertex);
  EXPECT_EQ(r.feature_a, TriangleFeature::kFace);
  EXPECT_EQ(r.index_b, 0);
  EXPECT_DOUBLE_EQ(r.squared_distance, 1.0);
  EXPECT_LE((r.point_a - Vec3(0.5, 0.5, 0)).norm(), 1e-15);
  // Skew edges: A's edge 1 (a1a2, through (1, 1, 0)) and B's vertical edge 0 at x = y = 1.5; B lies
  // in the plane x = y beyond it. Edge–edge at (1, 1, 0)–(1.5, 1.5, 0), squared distance 0.5.
  r = closest_points_triangle_triangle(a0, a1, a2, Vec3(1.5, 1.5, -1), Vec3(1.5, 1.5, 1), Vec3(5, 5, 0));
  EXPECT_FALSE(r.intersecting);
  EXPECT_EQ(r.pair, TrianglePairFeature::kEdgeEdge);
  EXPECT_EQ(r.feature_a, TriangleFeature::kEdge);
  EXPECT_EQ(r.index_a, 1);
  EXPECT_EQ(r.feature_b, TriangleFeature::kEdge);
  EXPECT_EQ(r.index_b, 0);
  EXPECT_DOUBLE_EQ(r.squared_distance, 0.5);
  EXPECT_LE((r.point_a - Vec3(1, 1, 0)).norm(), 1e-15);
  // Piercing: B's edge 0 through A's interior at (0.5, 0.5, 0); no edge of A meets B.
  r = closest_points_triangle_triangle(a0, a1, a2, Vec3(0.5, 0.5, -1), Vec3(0.5, 0.5, 1), Vec3(0.6, 0.6, 0));
  EXPECT_TRUE(r.intersecting);
  EXPECT_EQ(r.pair, TrianglePairFeature::kIntersecting);
  EXPECT_EQ(r.squared_distance, 0.0);
  EXPECT_EQ(r.feature_a, TriangleFeature::kFace);
  EXPECT_EQ(r.feature_b, TriangleFeature::kEdge);
  EXPECT_EQ(r.index_b, 0);
  EXPECT_LE((r.point_a - Vec3(0.5, 0.5, 0)).norm(), 1e-15);
  // Touching at one vertex exactly: intersecting (closed triangles).
  r = closest_points_triangle_triangle(a0, a1, a2, a1, Vec3(3, 0, 1), Vec3(3, 1, 0));
  EXPECT_TRUE(r.intersecting);
  EXPECT_EQ(r.point_a, a1);
  // Coplanar, B inside A without touching A's edges: intersecting (an edge of B lies in A).
  r = closest_points_triangle_triangle(a0, a1, a2, Vec3(0.25, 0.25, 0), Vec3(0.5, 0.25, 0), Vec3(0.25, 0.5, 0));
  EXPECT_TRUE(r.intersecting);
  // Coplanar and apart along x: vertex a1 against B's edge at x = 3, distance 1.
  r = closest_points_triangle_triangle(a0, a1, a2, Vec3(3, -1, 0), Vec3(3, 1, 0), Vec3(5, 0, 0));
  EXPECT_FALSE(r.intersecting);
  EXPECT_DOUBLE_EQ(r.squared_distance, 1.0);
  EXPECT_EQ(r.point_a, a1);
  // Both collapsed to points.
  r = closest_points_triangle_triangle(a0, a0, a0, Vec3(0, 3, 4), Vec3(0, 3, 4), Vec3(0, 3, 4));
  EXPECT_FALSE(r.intersecting);
  EXPECT_DOUBLE_EQ(r.squared_distance, 25.0);
}

}  // namespace
}  // namespace contactlab
