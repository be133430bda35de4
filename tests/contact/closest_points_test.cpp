// The Closest points method (METHODS.md item 2): hand-derived (V,F) and (E,E) contacts separated
// within and beyond 2ε and at exact touch (gap −2ε: the meshes are the eroded bodies), a parallel
// face pair, rigid-motion/scale invariance, A↔B swap symmetry, a brute-force check of the nearest
// contact against densely sampled surface distances (no feature pair skipped), and a randomized
// degenerate sweep.
#include "contactlab/contact/methods/closest_points.h"

#include "contact/surface_method_test_support.h"
#include "contactlab/geometry/tetrahedron_tables.h"
#include "contactlab/geometry/triangle_triangle_intersection.h"

#include <gtest/gtest.h>

#include <limits>

namespace contactlab::testing {
namespace {

using surface::one_tet;
using surface::run;

const ContactMethod& method() { return closest_points_method(); }

TetMesh spike(const Vec3& apex) {
  return one_tet(apex, apex + Vec3(-0.1, -0.1, -1), apex + Vec3(0.1, -0.1, -1), apex + Vec3(0, 0.1, -1));
}
TetMesh ridge_x() { return one_tet({-1, 0, 0}, {1, 0, 0}, {0, -1, -1}, {0, 1, -1}); }
TetMesh ridge_y(double h) { return one_tet({0, -1, h}, {0, 1, h}, {-1, 0, h + 1}, {1, 0, h + 1}); }

TEST(ClosestPointsMethod, SpikeApexNearFaceGivesOneVertexFaceContact) {
  const MethodSettings s;  // ε = 0.01
  const double eps = s.envelope;
  for (double h : {0.5 * eps, 1.9 * eps, 0.0}) {
    const PosedTestBody a(unit_tet(), Transform::identity(), 0);
    const PosedTestBody b(spike({0.25, 0.25, -h}), Transform::identity(), 1);
    const auto cs = run(method(), a, b, s);
    ASSERT_EQ(cs.size(), 1u) << h;
    const Contact& c = cs[0];
    EXPECT_EQ(c.feature_a, (FeatureRef{FeatureType::kFace, a.body().surface_triangle(0, 3)}));
    EXPECT_EQ(c.feature_b, (FeatureRef{FeatureType::kVertex, 0}));
    // Closest points (0.25, 0.25, 0) on A's face z = 0 and the apex (0.25, 0.25, −h).
    EXPECT_LE((c.position - Vec3(0.25, 0.25, -h / 2)).norm(), 1e-15);
    EXPECT_LE((c.normal - Vec3(0, 0, -1)).norm(), 1e-15);  // at h = 0: A's face normal
    EXPECT_NEAR(c.gap, h - 2 * eps, 1e-15);
    surface::expect_swap_symmetric(cs, run(method(), b, a, s), 1.0);
  }
}

TEST(ClosestPointsMethod, BeyondTwoEnvelopesGivesNothing) {
  const MethodSettings s;
  const PosedTestBody a(unit_tet(), Transform::identity(), 0);
  const PosedTestBody b(spike({0.25, 0.25, -2.1 * s.envelope}), Transform::identity(), 1);
  EXPECT_TRUE(run(method(), a, b, s).empty());
  const PosedTestBody r(ridge_y(2.1 * s.envelope), Transform::identity(), 1);
  EXPECT_TRUE(run(method(), PosedTestBody(ridge_x(), Transform::identity(), 0), r, s).empty());
}

TEST(ClosestPointsMethod, CrossedRidgesGiveOneEdgeEdgeContact) {
  const MethodSettings s;
  const double eps = s.envelope;
  for (double h : {eps, 0.0}) {  // separated by ε; touching: normal from the edge directions
    const PosedTestBody a(ridge_x(), Transform::identity(), 0);
    const PosedTestBody b(ridge_y(h), Transform::identity(), 1);
    const auto cs = run(method(), a, b, s);
    ASSERT_EQ(cs.size(), 1u) << h;
    const Contact& c = cs[0];
    EXPECT_EQ(c.feature_a, (FeatureRef{FeatureType::kEdge, a.features->surface_topology.find_edge(0, 1)}));
    EXPECT_EQ(c.feature_b, (FeatureRef{FeatureType::kEdge, b.features->surface_topology.find_edge(0, 1)}));
    EXPECT_LE((c.position - Vec3(0, 0, h / 2)).norm(), 1e-15);
    EXPECT_LE((c.normal - Vec3(0, 0, 1)).norm(), 1e-15);
    EXPECT_NEAR(c.gap, h - 2 * eps, 1e-15);
    surface::expect_swap_symmetric(cs, run(method(), b, a, s), 1.0);
  }
}

TEST(ClosestPointsMethod, ParallelFacesGiveVerticalContactsAtEveryCorner) {
  // A = unit tet (bottom face z = 0); B = its mirror image with top face z = −g. Every feature
  // pair within 2ε is separated straight down (the two tets are separated by the slab of
  // thickness g, which both touch along the whole triangle), so n = −z, gap = g − 2ε, p at z = −g/2.
  const MethodSettings s;
  const double g = s.envelope;
  const PosedTestBody a(unit_tet(), Transform::identity(), 0);
  const PosedTestBody b(one_tet({0, 0, -g}, {1, 0, -g}, {0, 1, -g}, {0, 0, -1 - g}), Transform::identity(), 1);
  const auto cs = run(method(), a, b, s);
  for (const Contact& c : cs) {
    EXPECT_LE((c.normal - Vec3(0, 0, -1)).norm(), 1e-12);
    EXPECT_NEAR(c.gap, g - 2 * s.envelope, 1e-15);
    EXPECT_NEAR(c.position.z(), -g / 2, 1e-15);
  }
  for (Index v = 0; v < 3; ++v) {  // each bottom corner of A against B's top face, and back
    bool from_a = false, from_b = false;
    for (const Contact& c : cs) {
      from_a |= c.feature_a == FeatureRef{FeatureType::kVertex, v} && c.feature_b.type == FeatureType::kFace &&
                (c.position - (a.world[static_cast<std::size_t>(v)] - Vec3(0, 0, g / 2))).norm() < 1e-15;
      from_b |= c.feature_b.type == FeatureType::kVertex && c.feature_a.type == FeatureType::kFace &&
                (c.position - (a.world[static_cast<std::size_t>(v)] - Vec3(0, 0, g / 2))).norm() < 1e-15;
    }
    EXPECT_TRUE(from_a && from_b) << v;
  }
  surface::expect_swap_symmetric(cs, run(method(), b, a, s), 1.0);
}

/// Squared distance of two triangles by dense barycentric sampling (an upper bound within the
/// grid's spacing of the true distance) — independent of the method's closest-point queries.
double sampled_distance(const std::array<Vec3, 3>& t, const std::array<Vec3, 3>& u, int n) {
  std::vector<Vec3> pt, pu;
  for (int i = 0; i <= n; ++i) {
    for (int j = 0; i + j <= n; ++j) {
      const double a = double(i) / n, b = double(j) / n, c = 1.0 - a - b;
      pt.push_back(a * t[0] + b * t[1] + c * t[2]);
      pu.push_back(a * u[0] + b * u[1] + c * u[2]);
    }
  }
  double best = std::numeric_limits<double>::infinity();
  for (const Vec3& p : pt)
    for (const Vec3& q : pu) best = std::min(best, (p - q).squaredNorm());
  return std::sqrt(best);
}

TEST(ClosestPointsMethod, NearestContactMatchesSampledSurfaceDistance) {
  // 150 random tet pairs of size ~1, B shifted so that the surfaces come within 2ε (ε = 0.3) or not:
  // for disjoint surfaces the smallest contact distance (gap + 2ε) must equal the brute-force
  // distance between the two tets' boundary triangles, and there are contacts iff that distance
  // is ≤ 2ε. Interpenetrating surfaces are outside the method's model (it has no (E,F) pairs:
  // paper §6) and only get the sanity checks.
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> u(0, 1), shift(0.6, 1.5);
  MethodSettings s;
  s.envelope = 0.3;
  const int n = 16;  // samples per triangle side
  int with_contacts = 0;
  for (int k = 0; k < 150; ++k) {
    auto corner = [&] { return Vec3(u(rng), u(rng), u(rng)); };
    const TetMesh ta = one_tet(corner(), corner(), corner(), corner());
    TetMesh tb = one_tet(corner(), corner(), corner(), corner());
    const Vec3 d = Vec3(u(rng) - 0.5, u(rng) - 0.5, u(rng) - 0.5).normalized() * shift(rng);
    for (Vec3& v : tb.vertices) v += d;
    const PosedTestBody a(ta, Transform::identity(), 0), b(tb, Transform::identity(), 1);
    double brute = std::numeric_limits<double>::infinity();
    double spacing = 0;
    bool penetrating = false;
    for (const auto& fa : kTetFaces) {
      const std::array<Vec3, 3> t{a.world[static_cast<std::size_t>(fa[0])], a.world[static_cast<std::size_t>(fa[1])],
                                  a.world[static_cast<std::size_t>(fa[2])]};
      for (const auto& fb : kTetFaces) {
        const std::array<Vec3, 3> w{b.world[static_cast<std::size_t>(fb[0])],
                                    b.world[static_cast<std::size_t>(fb[1])],
                                    b.world[static_cast<std::size_t>(fb[2])]};
        brute = std::min(brute, sampled_distance(t, w, n));
        penetrating |= triangle_triangle_intersection(t[0], t[1], t[2], w[0], w[1], w[2]).intersect;
      }
    }
    for (const auto& e : kTetEdges) {
      spacing = std::max(spacing, (a.world[static_cast<std::size_t>(e[0])] - a.world[static_cast<std::size_t>(e[1])]).norm());
      spacing = std::max(spacing, (b.world[static_cast<std::size_t>(e[0])] - b.world[static_cast<std::size_t>(e[1])]).norm());
    }
    spacing /= n;
    const auto cs = run(method(), a, b, s);
    double nearest = std::numeric_limits<double>::infinity();
    for (const Contact& c : cs) nearest = std::min(nearest, c.gap + 2 * s.envelope);
    // Sampled distance overestimates by at most the grid spacing (a point of each triangle is
    // within `spacing` of a sample).
    if (penetrating) {
      // no distance check
    } else if (brute <= 2 * s.envelope - 2 * spacing) {
      ASSERT_FALSE(cs.empty()) << k;
      EXPECT_LE(nearest, brute + 1e-12) << k;
      EXPECT_GE(nearest, brute - 2 * spacing) << k;
      ++with_contacts;
    } else if (brute > 2 * s.envelope + 1e-12) {
      EXPECT_TRUE(cs.empty()) << k;
    }
    surface::expect_sane(cs, a.world, b.world, s.absolute_tolerance(), -2 * s.envelope);
  }
  EXPECT_GT(with_contacts, 15);
}

TEST(ClosestPointsMethod, RigidMotionAndScaleMoveTheContacts) {
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> scale(0.01, 100.0);
  const MethodSettings s;
  for (int k = 0; k < 20; ++k) {
    const Transform pose = surface::random_pose(rng);
    const double sc = scale(rng);
    surface::expect_rigid_invariant(method(), ridge_x(), ridge_y(0.5 * s.envelope), s, pose, sc);
    surface::expect_rigid_invariant(method(), ridge_x(), ridge_y(0.0), s, pose, sc);
    surface::expect_rigid_invariant(method(), unit_tet(), spike({0.25, 0.25, -s.envelope}), s, pose, sc);
  }
}

TEST(ClosestPointsMethod, DegenerateSweepIsFiniteSaneAndSymmetric) {
  MethodSettings s;
  s.envelope = 0.25;  // integer/dyadic corners: touching and 2ε-near pairs both occur
  const std::size_t n = surface::degenerate_sweep(method(), s, 10000, 13, -2 * s.envelope);
  EXPECT_GT(n, 1000u);
}

}  // namespace
}  // namespace contactlab::testing
