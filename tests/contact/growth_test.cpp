// The Growth method (Erleben 2018 Appendix B, Algorithm 2; docs/methods.md §8) against contacts
// derived by hand for a face-to-face touch and a penetration of two unit corner tets and an edge
// pressed into a face, under rigid motions and scaling, under swapping A and B, and on 10^4 random
// degenerate tet pairs (integer and dyadic coordinates: touching, shared faces, coplanar faces,
// parallel edges, slivers, coincident centroids).
#include "contactlab/contact/methods/growth.h"

#include "contact/method_test_support.h"
#include "contactlab/geometry/predicates.h"
#include "contactlab/geometry/tet_tet_sat.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace contactlab {
namespace {

using namespace testing;

// A: the unit corner tet (z ≥ 0). B: its mirror image below z = h (apex at z = h − 1).
TetMesh mirrored_below(double h) {
  return single_tet({Vec3(0, 0, h), Vec3(1, 0, h), Vec3(0, 1, h), Vec3(0, 0, h - 1)});
}

/// Hand answers: for h = 0 the shared face's corners, gap 0; for 0 < h < 1 the corners of the
/// overlap {x, y ≥ 0, 0 ≤ z ≤ h, x + y + z ≤ 1, x + y − z ≤ 1 − h}: three at z = 0, three at z = h
/// and two where the slanted faces meet at z = h / 2 (the contacts are the intersection points
/// themselves, not projected); gap −h. Normal from A (above) to B: −z.
std::vector<Vec3> expected_points(double h) {
  if (h == 0.0) return {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0)};
  const double m = h / 2;
  return {Vec3(0, 0, 0),     Vec3(1 - h, 0, 0), Vec3(0, 1 - h, 0), Vec3(0, 0, h),
          Vec3(1 - h, 0, h), Vec3(0, 1 - h, h), Vec3(1 - m, 0, m), Vec3(0, 1 - m, m)};
}

TEST(Growth, FaceToFaceTouchAndPenetrationByHand) {
  for (double h : {0.0, 0.25, 0.5}) {
    SCOPED_TRACE(h);
    PosedTestBody a(unit_tet(), Transform::identity(), 0);
    PosedTestBody b(mirrored_below(h), Transform::identity(), 1);
    const std::vector<Contact> contacts = run(growth_method(), a, b, {});
    expect_same_points(contacts, expected_points(h), 1e-12);
    for (const Contact& c : contacts) {
      EXPECT_EQ(c.body_a, 0);
      EXPECT_EQ(c.body_b, 1);
      EXPECT_EQ(c.element_a, 0);
      EXPECT_EQ(c.element_b, 0);
      EXPECT_NEAR((c.normal - Vec3(0, 0, -1)).norm(), 0.0, 1e-15);
      EXPECT_NEAR(c.gap, -h, 1e-12);
      // Vertex of one in the other tet, or an edge of one on a (surface) face of the other: all
      // these tets' faces and edges are surface ones, so every index is valid.
      const auto pair = std::make_pair(c.feature_a.type, c.feature_b.type);
      using enum FeatureType;
      EXPECT_TRUE(pair == std::make_pair(kVertex, kTet) || pair == std::make_pair(kTet, kVertex) ||
                  pair == std::make_pair(kEdge, kFace) || pair == std::make_pair(kFace, kEdge));
      EXPECT_GE(c.feature_a.index, 0);
      EXPECT_GE(c.feature_b.index, 0);
    }
  }
}

TEST(Growth, SeparatedGivesNothing) {
  PosedTestBody a(unit_tet(), Transform::identity(), 0);
  PosedTestBody b(mirrored_below(-1.0 / 64), Transform::identity(), 1);
  EXPECT_TRUE(run(growth_method(), a, b, {}).empty());
}

// B's edge (−1, 0, −δ)–(1, 0, −δ) pressed δ = 1/8 into the top face z = 0 of a large tet A. Hand
// answer: the separation vector is +z; B's best feature is that edge (its adjacent faces' normals
// (0, ±1, −1)/√2 sum to −z), A's is its top face (+z): the face has the higher dimension, n = +z.
// The overlap is B's wedge below z = 0: corners (±1, 0, −δ) and where B's four slanted edges
// cross z = 0, (±(1 − t), ±t, 0) with t = δ / (1 + δ) (contacts at these points); gap −δ.
TEST(Growth, EdgeIntoFaceByHand) {
  const double d = 1.0 / 8;
  PosedTestBody a(single_tet({Vec3(-4, -4, 0), Vec3(8, -4, 0), Vec3(-4, 8, 0), Vec3(0, 0, -4)}), Transform::identity(),
                  0);
  PosedTestBody b(single_tet({Vec3(-1, 0, -d), Vec3(1, 0, -d), Vec3(0, 1, 1), Vec3(0, -1, 1)}), Transform::identity(),
                  1);
  const std::vector<Contact> contacts = run(growth_method(), a, b, {});
  const double t = d / (1 + d);
  expect_same_points(
      contacts,
      {Vec3(-1, 0, -d), Vec3(1, 0, -d), Vec3(-1 + t, t, 0), Vec3(-1 + t, -t, 0), Vec3(1 - t, t, 0), Vec3(1 - t, -t, 0)},
      1e-12);
  for (const Contact& c : contacts) {
    EXPECT_NEAR((c.normal - Vec3(0, 0, 1)).norm(), 0.0, 1e-15);
    EXPECT_NEAR(c.gap, -d, 1e-12);
  }
}

// Coincident centroids (B is A itself): shrinking never separates, the least-overlap SAT axis is
// the prior; contacts are A's four corners, the gap minus A's extent along the chosen normal.
TEST(Growth, CoincidentCentroidsFallBackToSatAxis) {
  PosedTestBody a(unit_tet(), Transform::identity(), 0);
  PosedTestBody b(unit_tet(), Transform::identity(), 1);
  const std::vector<Contact> contacts = run(growth_method(), a, b, {});
  ASSERT_FALSE(contacts.empty());
  for (const Contact& c : contacts) {
    ASSERT_TRUE(c.position.allFinite() && c.normal.allFinite());
    EXPECT_NEAR(c.normal.norm(), 1.0, 1e-12);
    // Extent of the unit tet along a unit n: max − min of n over its corners (hand formula).
    const Vec3& n = c.normal;
    const double hi = std::max({0.0, n.x(), n.y(), n.z()});
    const double lo = std::min({0.0, n.x(), n.y(), n.z()});
    EXPECT_NEAR(c.gap, -(hi - lo), 1e-12);
  }
}

TEST(Growth, RigidMotionAndScale) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int trial = 0; trial < 50; ++trial) {
    const double h = trial % 2 == 0 ? 0.0 : 0.25;
    const double k = std::exp2(std::uniform_int_distribution<int>(-6, 6)(rng)) * (1 + 0.5 * (u(rng) + 1));
    const Quat q = Quat(u(rng), u(rng), u(rng), u(rng) + 2.0).normalized();
    Transform pose = Transform::from_quaternion(q, Vec3(u(rng), u(rng), u(rng)) * 10 * k);
    TetMesh ma = unit_tet();
    TetMesh mb = mirrored_below(h);
    for (Vec3& v : ma.vertices) v *= k;
    for (Vec3& v : mb.vertices) v *= k;
    PosedTestBody a(ma, pose, 3);
    PosedTestBody b(mb, pose, 5);
    MethodSettings s;
    s.length_scale = k;
    const std::vector<Contact> contacts = run(growth_method(), a, b, s);
    // Every hand point is found. After a rotation, an edge lying in the other face's plane is in
    // it only up to rounding, so the crossing point interpolated on it may be any point of the
    // true intersection segment: extra contacts are allowed, but only inside the hand-derived
    // overlap {x, y ≥ 0, 0 ≤ z ≤ h, x + y + z ≤ 1, x + y − z ≤ 1 − h} (body frame).
    const double tol = 1e-9 * k * 20;
    for (const Vec3& e : expected_points(h)) {
      const Vec3 w = pose.apply(k * e);
      EXPECT_TRUE(std::any_of(contacts.begin(), contacts.end(),
                              [&](const Contact& c) { return (c.position - w).norm() <= tol; }))
          << "missing " << e.transpose();
    }
    for (const Contact& c : contacts) {
      const Vec3 local = pose.rotation.transpose() * (c.position - pose.translation) / k;
      EXPECT_GE(local.z(), -tol / k);
      EXPECT_LE(local.z(), h + tol / k);
      EXPECT_GE(local.x(), -tol / k);
      EXPECT_GE(local.y(), -tol / k);
      EXPECT_LE(local.x() + local.y() + local.z(), 1 + tol / k);
      EXPECT_LE(local.x() + local.y() - local.z(), 1 - h + tol / k);
    }
    for (const Contact& c : contacts) {
      EXPECT_NEAR((c.normal - pose.apply_vector(Vec3(0, 0, -1))).norm(), 0.0, 1e-9);
      EXPECT_NEAR(c.gap, -h * k, 1e-9 * k);
      EXPECT_EQ(c.body_a, 3);
      EXPECT_EQ(c.body_b, 5);
    }
  }
}

// --- random degenerate pairs -------------------------------------------------------------------

TEST(Growth, RandomDegeneratePairsAreFiniteAndSymmetric) {
  std::mt19937_64 rng(2024);
  constexpr int kCases = 10000;
  int with_contacts = 0;
  for (int i = 0; i < kCases; ++i) {
    const auto [ca, cb] = random_degenerate_tet_pair(rng);
    PosedTestBody a(single_tet(ca), Transform::identity(), 0);
    PosedTestBody b(single_tet(cb), Transform::identity(), 1);
    MethodSettings s;
    s.length_scale = 2.0;
    const double tol = s.absolute_tolerance();
    // Every fourth case is also run with A and B swapped (keeps the test fast).
    if (i % 4 == 0) expect_swap_symmetric(growth_method(), a.body(), 0, b.body(), 0, s);
    std::vector<Contact> ab;
    growth_method().generate(a.body(), 0, b.body(), 0, s, ab);
    Eigen::AlignedBox3d box_a, box_b;
    for (const Vec3& v : a.world) box_a.extend(v);
    for (const Vec3& v : b.world) box_b.extend(v);
    const Eigen::AlignedBox3d box = box_a.intersection(box_b);
    auto diameter = [](const std::vector<Vec3>& w) {
      double d = 0;
      for (const Vec3& p : w)
        for (const Vec3& q : w) d = std::max(d, (p - q).norm());
      return d;
    };
    const double diameters = diameter(a.world) + diameter(b.world);
    if (!ab.empty()) ++with_contacts;
    // Contacts only for overlapping or touching tets (exact SAT by the geometry module).
    if (!ab.empty()) {
      EXPECT_FALSE(tet_tet_sat(a.body().tet(0), b.body().tet(0)).separated) << "case " << i;
    }
    for (const Contact& c : ab) {
      ASSERT_TRUE(c.position.allFinite() && c.normal.allFinite() && std::isfinite(c.gap)) << "case " << i;
      EXPECT_NEAR(c.normal.norm(), 1.0, 1e-12);
      // Contacts are intersection points of the two tets: inside both boxes.
      const double inflate = tol;
      EXPECT_TRUE((c.position.array() >= box.min().array() - inflate).all() &&
                  (c.position.array() <= box.max().array() + inflate).all())
          << "case " << i << " at " << c.position.transpose();
      EXPECT_LE(c.gap, 0.0);
      EXPECT_GE(c.gap, -diameters);
    }
  }
  EXPECT_GT(with_contacts, kCases / 10);  // the generator really produces contacts
}

}  // namespace
}  // namespace contactlab
