// The solfec method's kernel on hand-derived tet pairs (seed 004 lines 1–15): the expected point,
// normal and area come from the intersection's faces listed by hand in the comments; the gap is
// checked against an independent brute-force distance (closest points of the tets' faces).
#include "contactlab/contact/methods/solfec.h"

#include "contact/method_test_support.h"
#include "contactlab/core/error.h"
#include "contactlab/geometry/tetrahedron_tables.h"
#include "geometry/tet_face_distance.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace contactlab::testing {
namespace {

const ContactMethod& method() { return solfec_method(); }

using Corners = std::array<Vec3, 4>;

Corners corners_of(const PosedTestBody& body) { return {body.world[0], body.world[1], body.world[2], body.world[3]}; }

Corners moved(Corners c, const Vec3& t) {
  for (Vec3& p : c) p += t;
  return c;
}

TEST(Solfec, NameParametersAndRegistry) {
  EXPECT_EQ(method().name(), "solfec");
  EXPECT_EQ(find_contact_method("solfec"), &method());
  const auto parameters = method().parameters(MethodSettings{});
  EXPECT_EQ(std::get<double>(parameters.at("relative_epsilon")), 1e-6);
  const auto absolute = make_solfec_method({.epsilon = 0.25});
  EXPECT_EQ(std::get<double>(absolute->parameters(MethodSettings{}).at("epsilon")), 0.25);
  EXPECT_EQ(absolute->candidate_margin(MethodSettings{}), 0.25);
  EXPECT_THROW(make_solfec_method({.epsilon = 0.0}), InputError);
  EXPECT_THROW(make_solfec_method({.relative_epsilon = -1.0}), InputError);
}

// A = the unit tet, B = A + (−0.7, 0.2, 0.2). Their intersection is the corner of B at its vertex
// (0.3, 0.2, 0.2), cut off by A's face x = 0: the tet (0.3,.2,.2), (0,.2,.2), (0,.5,.2), (0,.2,.5).
// Its faces: on A, x = 0 (outward −x, area 0.045); on B, y = 0.2 (outward −y, area 0.045),
// z = 0.2 (−z, 0.045) and the slanted x + y + z = 0.7 ((1,1,1)/√3, area (√3/4)(0.3√2)² =
// 0.0779...). Seed lines 3–8: n ∝ Σ_A a² n − Σ_B a² n, p = Σ a c / Σ a (c the face centroids),
// area = half the surface.
TEST(Solfec, CornerOfOneTetInAnotherHandDerived) {
  const PosedTestBody a(unit_tet(), Transform::identity(), 0);
  const PosedTestBody b(unit_tet(), Transform::from_translation(Vec3(-0.7, 0.2, 0.2)), 1);
  MethodSettings settings;
  const std::vector<Contact> c = run(method(), a, 0, b, 0, settings);
  ASSERT_EQ(c.size(), 1u);
  const Vec3 v(0.3, 0.2, 0.2), p1(0, 0.2, 0.2), p2(0, 0.5, 0.2), p3(0, 0.2, 0.5);
  const double small = 0.045, slanted = std::sqrt(3.0) / 4.0 * 0.18;
  const Vec3 diagonal = Vec3(1, 1, 1).normalized();
  const Vec3 n_expected = (small * small * Vec3(-1, 0, 0) - small * small * Vec3(0, -1, 0) -
                           small * small * Vec3(0, 0, -1) - slanted * slanted * diagonal)
                              .normalized();
  const Vec3 p_expected = (small * (p1 + p2 + p3) / 3.0 + small * (v + p1 + p3) / 3.0 + small * (v + p1 + p2) / 3.0 +
                           slanted * (v + p2 + p3) / 3.0) /
                          (3 * small + slanted);
  EXPECT_LE((c[0].normal - n_expected).norm(), 1e-12);
  EXPECT_LE((c[0].position - p_expected).norm(), 1e-12);
  EXPECT_TRUE(c[0].has_area);
  EXPECT_NEAR(c[0].area, 0.5 * (3 * small + slanted), 1e-12);
  // The gap, lines 12–15: g = the intersection's extent along n (its corners v, p1, p2, p3); A and
  // B moved apart by |g| each along n; gap = min(distance − 2|g|, 0), the distance by brute force.
  // Seed's estimate: at least the depth along n (B moved by −gap along n is clear of A).
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const Vec3& q : {v, p1, p2, p3}) {
    lo = std::min(lo, c[0].normal.dot(q));
    hi = std::max(hi, c[0].normal.dot(q));
  }
  const double extent = hi - lo;
  const Corners ca = corners_of(a), cb = corners_of(b);
  const double apart = tet_face_distance(moved(ca, -extent * c[0].normal), moved(cb, extent * c[0].normal));
  EXPECT_NEAR(c[0].gap, std::min(apart - 2 * extent, 0.0), 1e-12);
  ASSERT_LT(c[0].gap, 0.0);
  EXPECT_GT(tet_face_distance(ca, moved(cb, (-c[0].gap + 1e-9) * c[0].normal)), 0.0);
  EXPECT_EQ(tet_face_distance(ca, moved(cb, 0.5 * -c[0].gap * c[0].normal)), 0.0);
  // Features: the surface face of each tet nearest the point (A's x = 0 face, local face 1).
  EXPECT_EQ(c[0].feature_a, (FeatureRef{FeatureType::kFace, a.body().surface_triangle(0, 1)}));
  EXPECT_EQ(c[0].element_a, 0);
  EXPECT_EQ(c[0].element_b, 0);
  expect_swap_symmetric(method(), a.body(), 0, b.body(), 0, settings);
}

// B is A mirrored through the plane x = 0: the tets touch exactly over the triangle (0,0,0),
// (0,1,0), (0,0,1) (area 1/2), with zero volume. The ε-slab of the regularisation gives Solfec's
// contact of touching faces: the triangle's centroid, normal −x (from A to B), its area, gap 0.
TEST(Solfec, FaceOnFaceTouchingGivesThePolygonsCentroidNormalAndArea) {
  const PosedTestBody a(unit_tet(), Transform::identity(), 0);
  const PosedTestBody b(single_tet(Vec3(0, 0, 0), Vec3(-1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1)), Transform::identity(),
                        1);
  MethodSettings settings;
  settings.length_scale = 1.0;
  const double eps = 1e-6;  // relative_epsilon × length
  const std::vector<Contact> c = run(method(), a, 0, b, 0, settings);
  ASSERT_EQ(c.size(), 1u);
  EXPECT_LE((c[0].normal - Vec3(-1, 0, 0)).norm(), 1e-9);
  EXPECT_LE((c[0].position - Vec3(0, 1.0 / 3.0, 1.0 / 3.0)).norm(), 10 * eps);
  EXPECT_NEAR(c[0].area, 0.5, 10 * eps);
  EXPECT_GE(c[0].gap, 0.0);
  EXPECT_LE(c[0].gap, 1e-15);
  expect_swap_symmetric(method(), a.body(), 0, b.body(), 0, settings);
  // Apart by ε/2: still in contact, gap ε/2 (the GJK distance); by 2ε: none.
  const PosedTestBody near(single_tet(Vec3(0, 0, 0), Vec3(-1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1)),
                           Transform::from_translation(Vec3(-0.5 * eps, 0, 0)), 1);
  const std::vector<Contact> n = run(method(), a, 0, near, 0, settings);
  ASSERT_EQ(n.size(), 1u);
  EXPECT_NEAR(n[0].gap, 0.5 * eps, 1e-15);
  const PosedTestBody far(single_tet(Vec3(0, 0, 0), Vec3(-1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1)),
                          Transform::from_translation(Vec3(-2 * eps, 0, 0)), 1);
  EXPECT_TRUE(run(method(), a, 0, far, 0, settings).empty());
}

// Degenerate tets: flat (zero volume) and thinner than ε give no contact, whatever they touch.
TEST(Solfec, FlatAndThinnerThanEpsilonTetsGiveNoContact) {
  const PosedTestBody a(unit_tet(), Transform::identity(), 0);
  MethodSettings settings;
  const PosedTestBody flat(
      single_tet(Vec3(0.1, 0.1, 0.1), Vec3(0.5, 0.1, 0.1), Vec3(0.1, 0.5, 0.1), Vec3(0.3, 0.3, 0.1)),
      Transform::identity(), 1);
  EXPECT_TRUE(run(method(), a, 0, flat, 0, settings).empty());
  const PosedTestBody thin(
      single_tet(Vec3(0.1, 0.1, 0.1), Vec3(0.5, 0.1, 0.1), Vec3(0.1, 0.5, 0.1), Vec3(0.2, 0.2, 0.1 + 1e-7)),
      Transform::identity(), 1);
  EXPECT_TRUE(run(method(), a, 0, thin, 0, settings).empty());
  // With ε = 1e-8 m the same tet is thicker than ε and overlaps A: a contact.
  const auto fine = make_solfec_method({.epsilon = 1e-8});
  EXPECT_EQ(run(*fine, a, 0, thin, 0, settings).size(), 1u);
}

// Rigid motion and uniform scale move the contact (the overlapping pair of the first test).
TEST(Solfec, RigidMotionAndScaleMoveTheContact) {
  const PosedTestBody a0(unit_tet(), Transform::identity(), 0);
  const PosedTestBody b0(unit_tet(), Transform::from_translation(Vec3(-0.7, 0.2, 0.2)), 1);
  MethodSettings settings;
  const Contact want = run(method(), a0, 0, b0, 0, settings).at(0);
  std::mt19937_64 rng(3);
  for (int k = 0; k < 20; ++k) {
    const Transform motion = random_pose(rng, 10.0);
    const double s = std::pow(10.0, std::uniform_real_distribution<double>(-3, 3)(rng));
    const Transform placed{motion.rotation, s * motion.translation};
    const PosedTestBody a(scaled(unit_tet(), s), placed, 0);
    const PosedTestBody b(scaled(unit_tet(), s), placed * Transform::from_translation(s * Vec3(-0.7, 0.2, 0.2)), 1);
    MethodSettings scaled_settings;
    scaled_settings.length_scale = s;
    const std::vector<Contact> got = run(method(), a, 0, b, 0, scaled_settings);
    ASSERT_EQ(got.size(), 1u);
    const double length = s * (1.0 + motion.translation.norm());  // the coordinates' scale: rounding is relative to it
    EXPECT_LE((got[0].position - placed.apply(s * want.position)).norm(), 1e-12 * length);
    EXPECT_LE((got[0].normal - motion.rotation * want.normal).norm(), 1e-9);
    EXPECT_NEAR(got[0].gap, s * want.gap, 1e-12 * length);
    EXPECT_NEAR(got[0].area, s * s * want.area, 1e-9 * s * s);
  }
}

}  // namespace
}  // namespace contactlab::testing
