// closest_points_tet_tet against an independent brute force: the minimum over the 16 face pairs of
// closest_points_triangle_triangle (a separately tested query that knows nothing of the bounds
// and skipping under test). Checked on random disjoint tet pairs and on the configurations growth
// feeds it (touching tets shrunk about their centroids: faces parallel at a small gap, corners and
// edges facing each other), and under random similarity transforms:
//  - the distance is the brute force's (to rounding);
//  - p_B − p_A is the brute force's closest pair difference (unique for convex sets, so equal up
//    to rounding, or within √(2 d tie) when a tie band lets another pair within it be chosen);
//  - the axis hint changes nothing: every hint (none, random directions, the true direction)
//    gives the same bits, so no skipped query could have been chosen;
//  - a similarity transform moves the result with the tets.
#include "contactlab/geometry/closest_points_tet_tet.h"

#include "contactlab/geometry/closest_points_triangle_triangle.h"
#include "contactlab/geometry/tet_tet_sat.h"
#include "contactlab/geometry/tetrahedron_tables.h"
#include "geometry/closest_points_test_util.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <string>

namespace contactlab {
namespace {

using testing::Random;
using Corners = std::array<Vec3, 4>;

struct BruteForce {
  double squared_distance = 0.0;
  Vec3 separation = Vec3::Zero();  // point_b − point_a of the least face pair
  bool meet = false;
};

BruteForce brute_force(const Corners& a, const Corners& b) {
  BruteForce best;
  best.squared_distance = std::numeric_limits<double>::infinity();
  for (const auto& fa : kTetFaces) {
    for (const auto& fb : kTetFaces) {
      const auto& x = a;
      const auto& y = b;
      const TriangleTriangleClosestPoints q = closest_points_triangle_triangle(
          x[static_cast<std::size_t>(fa[0])], x[static_cast<std::size_t>(fa[1])], x[static_cast<std::size_t>(fa[2])],
          y[static_cast<std::size_t>(fb[0])], y[static_cast<std::size_t>(fb[1])], y[static_cast<std::size_t>(fb[2])]);
      best.meet = best.meet || q.intersecting;
      if (q.squared_distance < best.squared_distance) {
        best.squared_distance = q.squared_distance;
        best.separation = q.point_b - q.point_a;
      }
    }
  }
  return best;
}

double extent(const Corners& a, const Corners& b) {
  double m = 0.0;
  for (const Vec3& x : a) m = std::max(m, x.cwiseAbs().maxCoeff());
  for (const Vec3& x : b) m = std::max(m, x.cwiseAbs().maxCoeff());
  for (const Vec3& x : a) {
    for (const Vec3& y : b) m = std::max(m, (x - y).norm());
  }
  return m;
}

Corners random_tet(Random& random, const Vec3& centre, double size) {
  Corners t;
  for (Vec3& x : t) x = centre + random.point(size);
  return t;
}

Corners shrunk(const Corners& t, double alpha) {
  const Vec3 c = 0.25 * (t[0] + t[1] + t[2] + t[3]);
  Corners s;
  for (std::size_t i = 0; i < 4; ++i) s[i] = c + alpha * (t[i] - c);
  return s;
}

// Touching pairs as in a stack of blocks, then shrunk as growth shrinks them: (0) faces on a
// common plane, B's triangle a random other one in that plane; (1) a corner of B on a face of A;
// (2) an edge of B across an edge of A; (3) corner on corner.
std::pair<Corners, Corners> touching_shrunk(Random& random, int kind) {
  const Vec3 n = random.direction();
  Vec3 u = n.unitOrthogonal(), v = n.cross(u);
  auto in_plane = [&](double s, double t) { return s * u + t * v; };
  Corners a, b;
  switch (kind) {
    case 0:
      a = {in_plane(0, 0), in_plane(1, 0), in_plane(0, 1), Vec3(-random.uniform(0.2, 1.0) * n)};
      b = {in_plane(random.uniform(-0.5, 0.5), random.uniform(-0.5, 0.5)), in_plane(random.uniform(0.5, 1.5), 0.1),
           in_plane(0.1, random.uniform(0.5, 1.5)), Vec3(random.uniform(0.2, 1.0) * n)};
      break;
    case 1:
      a = {in_plane(0, 0), in_plane(1, 0), in_plane(0, 1), Vec3(-0.7 * n)};
      b = {in_plane(random.uniform(0.05, 0.4), random.uniform(0.05, 0.4)), Vec3(0.8 * n + in_plane(0.3, 0)),
           Vec3(0.8 * n + in_plane(0, 0.3)), Vec3(0.6 * n - in_plane(0.2, 0.2))};
      break;
    case 2:
      a = {in_plane(-1, 0), in_plane(1, 0), Vec3(-0.5 * n + in_plane(0, 0.5)), Vec3(-0.5 * n - in_plane(0, 0.5))};
      b = {in_plane(0, -1), in_plane(0, 1), Vec3(0.5 * n + in_plane(0.5, 0)), Vec3(0.5 * n - in_plane(0.5, 0))};
      break;
    default:
      a = {Vec3::Zero(), Vec3(-n + 0.3 * u), Vec3(-n - 0.3 * u + 0.3 * v), Vec3(-n - 0.3 * v)};
      b = {Vec3::Zero(), Vec3(n + 0.3 * v), Vec3(n - 0.3 * v + 0.3 * u), Vec3(n - 0.3 * u)};
      break;
  }
  const double alpha = random.uniform(0.85, 0.999);
  const Vec3 offset = random.point(5.0);
  Corners sa = shrunk(a, alpha), sb = shrunk(b, alpha);
  for (Vec3& x : sa) x += offset;
  for (Vec3& x : sb) x += offset;
  return {sa, sb};
}

// Every check of the file comment on one pair; returns false (with a gtest failure) on a mismatch.
void check_pair(const Corners& a, const Corners& b, double tie, Random& random, const std::string& label) {
  const BruteForce expected = brute_force(a, b);
  ASSERT_FALSE(expected.meet) << label;
  const double scale = extent(a, b);
  const TetTetClosestPoints got = closest_points_tet_tet(a, b, {.tie = tie});
  const double d = std::sqrt(expected.squared_distance);
  EXPECT_NEAR(std::sqrt(got.squared_distance), d, 1e-9 * scale)
      << label << "\n"
      << a[0].transpose() << " | " << a[1].transpose() << " | " << a[2].transpose() << " | " << a[3].transpose() << "\n"
      << b[0].transpose() << " | " << b[1].transpose() << " | " << b[2].transpose() << " | " << b[3].transpose();
  EXPECT_NEAR(got.separation.norm(), d, 1e-9 * scale + tie) << label;
  // Unique difference for convex sets: any pair within tie of the least is within √(2 d tie + tie²).
  const double band = std::sqrt(2.0 * d * tie + tie * tie) + 1e-7 * scale;
  EXPECT_LE((got.separation - expected.separation).norm(), band) << label;

  // The hint never changes the result.
  std::array<Vec3, 5> hints{Vec3::Zero(), random.direction(), random.direction(), expected.separation.normalized(),
                            -expected.separation.normalized()};
  const TetTetSatResult sat = tet_tet_sat(a, b);
  if (sat.separated) hints[2] = sat.axis;
  for (const Vec3& hint : hints) {
    const TetTetClosestPoints h = closest_points_tet_tet(a, b, {.tie = tie, .axis = hint});
    EXPECT_EQ(h.separation, got.separation) << label << " hint " << hint.transpose();
    EXPECT_EQ(h.squared_distance, got.squared_distance) << label;
  }
}

TEST(ClosestPointsTetTet, RandomDisjointPairsMatchTheBruteForce) {
  Random random(20261128);
  int checked = 0;
  for (int i = 0; i < 3000; ++i) {
    const double size = random.log_uniform(-2, 1);
    const Corners a = random_tet(random, random.point(10 * size), size);
    const Corners b = random_tet(random, a[0] + random.direction() * size * random.uniform(0.5, 3.0), size);
    if (!tet_tet_sat(a, b).separated) continue;  // the precondition: apart
    const double tie = random.chance(0.5) ? 0.0 : 1e-9 * size;
    check_pair(a, b, tie, random, "random " + std::to_string(i));
    ++checked;
  }
  EXPECT_GT(checked, 1000);
}

TEST(ClosestPointsTetTet, TouchingTetsShrunkAboutTheirCentroids) {
  Random random(7);
  for (int i = 0; i < 2000; ++i) {
    const auto [a, b] = touching_shrunk(random, i % 4);
    check_pair(a, b, 1e-9 * extent(a, b), random, "shrunk kind " + std::to_string(i % 4) + " #" + std::to_string(i));
  }
}

TEST(ClosestPointsTetTet, SimilarityTransformsMoveTheResult) {
  Random random(11);
  for (int i = 0; i < 500; ++i) {
    const auto [a, b] = touching_shrunk(random, i % 4);
    const testing::Similarity s = testing::random_similarity(random);
    Corners ta, tb;
    for (std::size_t k = 0; k < 4; ++k) {
      ta[k] = s.apply(a[k]);
      tb[k] = s.apply(b[k]);
    }
    const TetTetClosestPoints here = closest_points_tet_tet(a, b, {.tie = 1e-9 * extent(a, b)});
    const TetTetClosestPoints there = closest_points_tet_tet(ta, tb, {.tie = 1e-9 * extent(ta, tb)});
    const Vec3 moved = s.scale * (s.rotation * here.separation);
    const double d = here.separation.norm();
    // Equal up to rounding, or another pair within the tie band (√(2 d tie) apart at most).
    const double band = s.scale * (std::sqrt(2.0 * d * 1e-9 * extent(a, b)) + 1e-7 * extent(a, b));
    EXPECT_LE((there.separation - moved).norm(), band) << i;
  }
}

TEST(ClosestPointsTetTet, DegeneratePairsAreFinite) {
  Random random(3);
  for (int i = 0; i < 500; ++i) {
    Corners a = random_tet(random, Vec3::Zero(), 1.0), b = random_tet(random, Vec3(3, 0, 0), 1.0);
    // Collapse one or both: coincident corners, collinear, coplanar.
    a[1] = i % 3 == 0 ? a[0] : a[1];
    b[2] = i % 2 == 0 ? 0.5 * (b[0] + b[1]) : b[2];
    if (i % 5 == 0) a[3] = a[0] + 0.3 * (a[1] - a[0]) + 0.7 * (a[2] - a[0]);
    const TetTetClosestPoints r = closest_points_tet_tet(a, b, {.tie = 1e-9});
    EXPECT_TRUE(r.separation.allFinite()) << i;
    EXPECT_TRUE(std::isfinite(r.squared_distance)) << i;
    const BruteForce expected = brute_force(a, b);
    if (!expected.meet) {
      EXPECT_NEAR(std::sqrt(r.squared_distance), std::sqrt(expected.squared_distance), 1e-9) << i;
    }
  }
}

}  // namespace
}  // namespace contactlab
