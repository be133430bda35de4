// The Intersection method (docs/methods.md §1): hand-derived contacts for a spike vertex on a face,
// vertices at the edge of the touching band, crossed ridge edges (touching and penetrating), a shared face and coplanar neighbours side by
// side; rigid-motion/scale
// invariance; A↔B swap symmetry; a randomized degenerate sweep.
#include "contactlab/contact/methods/intersection.h"

#include "contact/surface_method_test_support.h"

#include <gtest/gtest.h>

#include <limits>

namespace contactlab::testing {
namespace {

const ContactMethod& method() { return intersection_method(); }

/// A narrow spike pointing up with its apex (vertex 0) at `apex`.
TetMesh spike(const Vec3& apex) {
  return single_tet(apex, apex + Vec3(-0.1, -0.1, -1), apex + Vec3(0.1, -0.1, -1), apex + Vec3(0, 0.1, -1));
}
/// Ridge along x at z = 0 (vertices 0, 1 its ends), body below.
TetMesh ridge_x() { return single_tet({-1, 0, 0}, {1, 0, 0}, {0, -1, -1}, {0, 1, -1}); }
/// Ridge along y at z = h (vertices 0, 1 its ends), body above.
TetMesh ridge_y(double h) { return single_tet({0, -1, h}, {0, 1, h}, {-1, 0, h + 1}, {1, 0, h + 1}); }

TEST(IntersectionMethod, SpikeApexOnFaceGivesOneVertexFaceContact) {
  const PosedTestBody a(unit_tet(), Transform::identity(), 0);
  const PosedTestBody b(spike({0.25, 0.25, 0}), Transform::identity(), 1);
  const MethodSettings s;
  const auto cs = run(method(), a, b, s);
  ASSERT_EQ(cs.size(), 1u);
  const Contact& c = cs[0];
  EXPECT_EQ(c.feature_a.type, FeatureType::kFace);
  EXPECT_EQ(c.feature_a.index, a.body().surface_triangle(0, 3));  // face opposite (0,0,1): z = 0
  EXPECT_EQ(c.feature_b, (FeatureRef{FeatureType::kVertex, 0}));
  EXPECT_LE((c.position - Vec3(0.25, 0.25, 0)).norm(), 1e-15);
  EXPECT_LE((c.normal - Vec3(0, 0, -1)).norm(), 1e-15);
  EXPECT_EQ(c.gap, 0.0);
  EXPECT_EQ(c.element_a, 0);
  EXPECT_EQ(c.element_b, 0);
  EXPECT_EQ(swap_mismatch(cs, run(method(), b, a, s)), "");
}

TEST(IntersectionMethod, SunkenSpikeGivesNothingAndFarEdgePairsAreDropped) {
  // Apex 0.05 below the face: not within tolerance of the plane (the paper's "objects need to
  // sink within the numerical threshold"), and every spike edge × face edge pair has its line
  // closest point on A's edge 0.25 away from the spike, outside tet B (the far-apart pitfall).
  const PosedTestBody a(unit_tet(), Transform::identity(), 0);
  const PosedTestBody b(spike({0.25, 0.25, 0.05}), Transform::identity(), 1);
  EXPECT_TRUE(run(method(), a, b, MethodSettings{}).empty());
  EXPECT_TRUE(run(method(), b, a, MethodSettings{}).empty());
}

// The touching band at its edge, for one vertex near the face (a spike's apex) and for two (an
// edge lying on the face, as a brick's edge on the brick below): a vertex within tol of the face's
// plane and over the face gives its (V,F) contact with the gap it has; one farther than tol, above
// or sunk, gives nothing. Gaps are set in units of the band, by geometry; the touch test tries
// vertices up to 2 tol from the plane first, so this also checks that such a try never answers
// for the band.
TEST(IntersectionMethod, VerticesOnAFaceTouchWithinTheBandOnly) {
  const MethodSettings s;
  const double tol = s.absolute_tolerance();
  const PosedTestBody a(unit_tet(), Transform::identity(), 0);  // face z = 0, outward normal −z
  // B below A's face z = 0, its top `gap` below it (a negative gap: sunk into A).
  const auto spike_at = [](double gap) { return spike({0.25, 0.25, -gap}); };
  const auto edge_at = [](double gap) {
    return single_tet({0.2, 0.3, -gap}, {0.4, 0.3, -gap}, {0.3, 0.2, -gap - 1}, {0.3, 0.4, -gap - 1});
  };
  for (const bool edge : {false, true}) {
    const std::size_t vertices_on_face = edge ? 2 : 1;
    for (const double units : {-0.5, 0.0, 0.5, 0.99}) {
      const PosedTestBody b(edge ? edge_at(units * tol) : spike_at(units * tol), Transform::identity(), 1);
      const auto cs = run(method(), a, b, s);
      ASSERT_EQ(cs.size(), vertices_on_face) << "edge " << edge << ", gap " << units << " tol";
      for (const Contact& c : cs) {
        EXPECT_EQ(c.feature_a.type, FeatureType::kFace);
        EXPECT_EQ(c.feature_b.type, FeatureType::kVertex);
        EXPECT_LE((c.normal - Vec3(0, 0, -1)).norm(), 1e-15);
        EXPECT_NEAR(c.gap, units * tol, 1e-6 * tol) << "edge " << edge;
        EXPECT_NEAR(c.position.z(), -units * tol, 1e-6 * tol);
      }
      EXPECT_EQ(swap_mismatch(cs, run(method(), b, a, s)), "");
    }
    for (const double units : {-1.5, -1.01, 1.01, 1.5, 1.99, 2.5, 4.0}) {
      const PosedTestBody b(edge ? edge_at(units * tol) : spike_at(units * tol), Transform::identity(), 1);
      EXPECT_TRUE(run(method(), a, b, s).empty()) << "edge " << edge << ", gap " << units << " tol";
      EXPECT_TRUE(run(method(), b, a, s).empty()) << "edge " << edge << ", gap " << units << " tol";
    }
  }
  // In the band's corner: 0.9 tol below the plane of A's face z = 0 and 0.9 tol outside its edge
  // y = 0, so within the band of the plane and of the edge, but √2 · 0.9 tol ≈ 1.27 tol from
  // both faces through that edge. No surface triangle pair is within tol, so no contact at all
  // (every contact of the method comes from a touching pair).
  const PosedTestBody corner(spike({0.25, -0.9 * tol, -0.9 * tol}), Transform::identity(), 1);
  EXPECT_TRUE(run(method(), a, corner, s).empty());
  EXPECT_TRUE(run(method(), corner, a, s).empty());
}

TEST(IntersectionMethod, CrossedRidgesGiveOneEdgeEdgeContact) {
  for (double depth : {0.0, 0.1, 0.3}) {
    const PosedTestBody a(ridge_x(), Transform::identity(), 0);
    const PosedTestBody b(ridge_y(-depth), Transform::identity(), 1);
    const MethodSettings s;
    const auto cs = run(method(), a, b, s);
    ASSERT_EQ(cs.size(), 1u) << depth;
    const Contact& c = cs[0];
    EXPECT_EQ(c.feature_a, (FeatureRef{FeatureType::kEdge, a.features->surface_topology.find_edge(0, 1)}));
    EXPECT_EQ(c.feature_b, (FeatureRef{FeatureType::kEdge, b.features->surface_topology.find_edge(0, 1)}));
    EXPECT_NE(c.feature_a.index, kInvalidIndex);
    // Closest points (0,0,0) on A's ridge and (0,0,−depth) on B's; overlap along z: max_A z = 0
    // minus min_B z = −depth.
    EXPECT_LE((c.position - Vec3(0, 0, -depth / 2)).norm(), 1e-15);
    EXPECT_LE((c.normal - Vec3(0, 0, 1)).norm(), 1e-15);
    EXPECT_NEAR(c.gap, -depth, 1e-15);
    EXPECT_EQ(swap_mismatch(cs, run(method(), b, a, s)), "");
  }
}

TEST(IntersectionMethod, SeparatedRidgesGiveNothing) {
  const PosedTestBody a(ridge_x(), Transform::identity(), 0);
  const PosedTestBody b(ridge_y(1e-3), Transform::identity(), 1);
  EXPECT_TRUE(run(method(), a, b, MethodSettings{}).empty());
}

TEST(IntersectionMethod, SharedFaceGivesCornerContactsOnThePlane) {
  // A = unit tet (bottom face z = 0), B = its mirror image below: they share the face z = 0.
  const PosedTestBody a(unit_tet(), Transform::identity(), 0);
  const PosedTestBody b(single_tet({0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, -1}), Transform::identity(), 1);
  const MethodSettings s;
  const auto cs = run(method(), a, b, s);
  const Index face_a = a.body().surface_triangle(0, 3);
  Index face_b = kInvalidIndex;
  for (int f = 0; f < 4; ++f) {
    const Vec3 n = b.shape->surface_map.surface.area_normal(b.body().surface_triangle(0, f));
    if (n.z() > 0) face_b = b.body().surface_triangle(0, f);
  }
  for (Index v = 0; v < 3; ++v) {  // the three shared corners, both ways, normal −z, gap 0
    Index vb = 0;                  // B's index of the same corner (single_tet may have reordered B)
    while (b.world[static_cast<std::size_t>(vb)] != a.world[static_cast<std::size_t>(v)]) ++vb;
    for (const Contact* c : {contact_with_features(cs, {FeatureType::kVertex, v}, {FeatureType::kFace, face_b}),
                             contact_with_features(cs, {FeatureType::kFace, face_a}, {FeatureType::kVertex, vb})}) {
      ASSERT_NE(c, nullptr) << v;
      EXPECT_LE((c->position - a.world[static_cast<std::size_t>(v)]).norm(), 1e-15);
      EXPECT_LE((c->normal - Vec3(0, 0, -1)).norm(), 1e-15);
      EXPECT_EQ(c->gap, 0.0);
    }
  }
  for (const Contact& c : cs) {  // every contact lies in the shared plane, none separated
    EXPECT_EQ(c.position.z(), 0.0);
    EXPECT_LE(c.gap, s.absolute_tolerance());
  }
  EXPECT_EQ(swap_mismatch(cs, run(method(), b, a, s)), "");
}

TEST(IntersectionMethod, CoplanarNeighboursTouchOnlyAlongTheirCommonEdgeLine) {
  // Faces of neighbouring blocks side by side in one plane (the kernel's in-plane separating axes
  // and its floating-point closest-point shortcut, no corners shared): A's bottom face and B's on
  // z = 0, across A's edge x + y = 1 from each other — B is A's bottom corners turned half round
  // about that edge's midpoint, slid along it by (−0.25, 0.25, 0) (exact: its corner (0.75, 0.25, 0)
  // lies on A's edge, A's corner (0, 1, 0) on B's), apex above. Apart by 1e-3 within the plane:
  // nothing; touching: contacts, all on the common line.
  const MethodSettings s;
  for (const double gap : {0.0, 1e-3}) {
    const Vec3 shift = Vec3(-0.25, 0.25, 0) + gap * Vec3(1, 1, 0);
    const PosedTestBody a(unit_tet(), Transform::identity(), 0);
    const PosedTestBody b(
        single_tet(Vec3(1, 1, 0) + shift, Vec3(0, 1, 0) + shift, Vec3(1, 0, 0) + shift, Vec3(1, 1, 1) + shift),
        Transform::identity(), 1);
    const auto cs = run(method(), a, b, s);
    if (gap > 0.0) {
      EXPECT_TRUE(cs.empty()) << cs.size();
      continue;
    }
    Index corner = 0;  // B's corner (0.75, 0.25, 0), on A's bottom face (z = 0, local face 3)
    while (b.world[static_cast<std::size_t>(corner)] != Vec3(0.75, 0.25, 0)) ++corner;
    EXPECT_NE(contact_with_features(cs, {FeatureType::kFace, a.body().surface_triangle(0, 3)},
                                    {FeatureType::kVertex, corner}),
              nullptr);
    for (const Contact& c : cs) {
      EXPECT_LE(std::abs(c.position.x() + c.position.y() - 1.0), 1e-12);
      EXPECT_LE(std::abs(c.position.z()), 1e-12);
      EXPECT_LE(c.gap, s.absolute_tolerance());  // none separated (an (E,E) overlap may be deep)
    }
    EXPECT_EQ(swap_mismatch(cs, run(method(), b, a, s)), "");
  }
}

TEST(IntersectionMethod, RigidMotionAndScaleMoveTheContacts) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> scale(0.01, 100.0);
  for (int k = 0; k < 20; ++k) {
    const Transform pose = random_pose(rng, 3.0);
    const double sc = scale(rng);
    expect_rigid_invariant(method(), method(), ridge_x(), ridge_y(-0.2), MethodSettings{}, pose, sc);
    expect_rigid_invariant(method(), method(), unit_tet(), single_tet({0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0.3, 0.2, -1}),
                           MethodSettings{}, pose, sc);
  }
}

TEST(IntersectionMethod, DegenerateSweepIsFiniteSaneAndSymmetric) {
  const std::size_t n =
      degenerate_sweep(method(), MethodSettings{}, 10000, 11, -std::numeric_limits<double>::infinity());
  EXPECT_GT(n, 1000u);  // the sweep does exercise the kernel
}

}  // namespace
}  // namespace contactlab::testing
