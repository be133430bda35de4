// Volume-SAT kernel tests. Expected contacts are derived by hand in the comments (axis overlaps
// of all 44 SAT axes were also tabulated independently outside the code under test).
#include "contactlab/contact/methods/volume_sat.h"

#include "contact/sat_method_test_support.h"

#include <chrono>

namespace contactlab::testing {
namespace {

const ContactMethod& method() { return volume_sat_method(); }

Corners translated(const Corners& c, const Vec3& t) { return {c[0] + t, c[1] + t, c[2] + t, c[3] + t}; }

const Corners kUnit{Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1)};

TEST(VolumeSat, NameAndRegistryAccessor) {
  EXPECT_EQ(method().name(), "volume-sat");
  EXPECT_FALSE(method().summary().empty());
}

// The issue's case. A = unit tet, B = A + (−0.7, 0.2, 0.2). Least overlap 0.3 along ±x (A's face
// x = 0 and B's face x = −0.7; every other axis overlaps more, e.g. 0.8 along y and z, 0.7/√3 along
// (1,1,1)); B lies towards −x, so n = (−1,0,0). Intersection points: B's vertex (0.3,0.2,0.2) is
// inside A; B's three edges from it cross A's face x = 0 at (0,0.2,0.2), (0,0.5,0.2), (0,0.2,0.5);
// no vertex of A is in B and no edge of A meets B. Extent along x [0, 0.3] → mid plane x = 0.15;
// the vertex and (0,0.2,0.2) project to the same point → 3 contacts.
TEST(VolumeSat, IssueCaseThreeContacts) {
  const PosedTestBody a(unit_tet(), Transform::identity(), 0);
  const PosedTestBody b(unit_tet(), Transform::from_translation(Vec3(-0.7, 0.2, 0.2)), 1);
  MethodSettings settings;
  const std::vector<Contact> c = run(method(), a, 0, b, 0, settings);
  ASSERT_EQ(c.size(), 3u);
  const Vec3 n(-1, 0, 0);
  expect_contact(c[0], Vec3(0.15, 0.2, 0.2), n, -0.3);
  expect_contact(c[1], Vec3(0.15, 0.5, 0.2), n, -0.3);
  expect_contact(c[2], Vec3(0.15, 0.2, 0.5), n, -0.3);
  // (0.15,0.2,0.2) comes from B's vertex 1 inside A's tet; the others from B's edges {1,2},
  // {1,3} crossing A's surface face 1 (x = 0).
  EXPECT_EQ(c[0].feature_a, (FeatureRef{FeatureType::kTet, 0}));
  EXPECT_EQ(c[0].feature_b, (FeatureRef{FeatureType::kVertex, 1}));
  const Index face_x0 = a.body().surface_triangle(0, 1);
  ASSERT_NE(face_x0, kInvalidIndex);
  EXPECT_EQ(c[1].feature_a, (FeatureRef{FeatureType::kFace, face_x0}));
  EXPECT_EQ(c[1].feature_b, (FeatureRef{FeatureType::kEdge, b.features->surface_topology.find_edge(1, 2)}));
  EXPECT_EQ(c[2].feature_b, (FeatureRef{FeatureType::kEdge, b.features->surface_topology.find_edge(1, 3)}));
  for (const Contact& x : c) {
    EXPECT_EQ(x.body_a, 0);
    EXPECT_EQ(x.body_b, 1);
    EXPECT_EQ(x.element_a, 0);
    EXPECT_EQ(x.element_b, 0);
  }
  // Swapped: same points, normal (1,0,0).
  const std::vector<Contact> s = run(method(), b, 0, a, 0, settings);
  ASSERT_EQ(s.size(), 3u);
  expect_contact(s[0], Vec3(0.15, 0.2, 0.2), -n, -0.3);
  expect_contact(s[1], Vec3(0.15, 0.5, 0.2), -n, -0.3);
  expect_contact(s[2], Vec3(0.15, 0.2, 0.5), -n, -0.3);
  expect_swap_symmetric(method(), a.body(), 0, b.body(), 0, settings);
}

// A = unit tet; B = (0,0,.1), (1,0,.1), (0,1,.1), (0,0,−.9) pokes 0.1 through A's base z = 0.
// Least overlap 0.1 along z (x, y: 1; (1,1,1)/√3: 1.1/√3; B's (1,1,−1)/√3: 1.1/√3; edge axes ≥ 0.1),
// A's face 3 wins the tie → n = (0,0,−1), gap −0.1. A ∩ B = {x, y ≥ 0, 0 ≤ z ≤ 0.1,
// x + y + z ≤ 1, x + y − z ≤ 0.9}: corners (0,0,z), (0.9,0,z), (0,0.9,z) for z = 0 and 0.1 and
// the ridge (0.95,0,.05), (0,0.95,.05). Mid plane z = 0.05 → 5 distinct contacts.
TEST(VolumeSat, FacePenetrationFiveContacts) {
  TetMesh bm;
  bm.vertices = {{0, 0, 0.1}, {0, 1, 0.1}, {1, 0, 0.1}, {0, 0, -0.9}};
  bm.tets = {{0, 1, 2, 3}};
  const PosedTestBody a(unit_tet(), Transform::identity(), 0);
  const PosedTestBody b(bm, Transform::identity(), 1);
  const std::vector<Contact> c = run(method(), a, 0, b, 0, MethodSettings{});
  const std::vector<Vec3> expected{{0, 0, .05}, {.9, 0, .05}, {0, .9, .05}, {.95, 0, .05}, {0, .95, .05}};
  ASSERT_EQ(c.size(), expected.size());
  for (const Vec3& e : expected) {
    int hits = 0;
    for (const Contact& x : c) hits += (x.position - e).norm() <= 1e-12;
    EXPECT_EQ(hits, 1) << e.transpose();
  }
  for (const Contact& x : c) {
    EXPECT_LE((x.normal - Vec3(0, 0, -1)).norm(), 1e-12);
    EXPECT_NEAR(x.gap, -0.1, 1e-12);
  }
  expect_swap_symmetric(method(), a.body(), 0, b.body(), 0, MethodSettings{});
}

// Edge–edge axis. A = (0,0,0), (0,1,0), (1,0,0), (0,0,−1); B = unit tet + (0.9, 0, −0.2). Axis
// overlaps: ±x 0.1 (faces), z 0.2, but A's edge (1,0,0)–(0,1,0) × B's vertical edge gives
// (1,1,0)/√2 where A projects to [0, 1]/√2 and B to [0.9, 1.9]/√2: overlap 0.1/√2, the least.
// A ∩ B is the small tet (0.9,0,0), (1,0,0), (0.9,0.1,0), (0.9,0,−0.1); along n they project to
// 0.9, 1, 1, 0.9 (/√2), mid 0.95/√2, each moves by ∓0.025 (1,1,0).
TEST(VolumeSat, EdgeEdgeAxis) {
  const PosedTestBody a(single_tet({Vec3(0, 0, 0), Vec3(0, 1, 0), Vec3(1, 0, 0), Vec3(0, 0, -1)}),
                        Transform::identity(), 0);
  const PosedTestBody b(unit_tet(), Transform::from_translation(Vec3(0.9, 0, -0.2)), 1);
  const std::vector<Contact> c = run(method(), a, 0, b, 0, MethodSettings{});
  const Vec3 n = Vec3(1, 1, 0).normalized();
  const std::vector<Vec3> expected{{0.925, 0.025, 0}, {0.975, -0.025, 0}, {0.875, 0.075, 0}, {0.925, 0.025, -0.1}};
  ASSERT_EQ(c.size(), expected.size());
  for (const Vec3& e : expected) {
    int hits = 0;
    for (const Contact& x : c) hits += (x.position - e).norm() <= 1e-12;
    EXPECT_EQ(hits, 1) << e.transpose();
  }
  for (const Contact& x : c) {
    EXPECT_LE((x.normal - n).norm(), 1e-12);
    EXPECT_NEAR(x.gap, -0.1 / std::sqrt(2.0), 1e-12);
  }
  // A's vertex (1,0,0) (mesh index 2) is in B: (kVertex 2, kTet 0).
  int vertex_contacts = 0;
  for (const Contact& x : c) vertex_contacts += x.feature_a == FeatureRef{FeatureType::kVertex, 2};
  EXPECT_EQ(vertex_contacts, 1);
  expect_swap_symmetric(method(), a.body(), 0, b.body(), 0, MethodSettings{});
}

// B's vertex (0,0.2,0.2) on A's face x = 0 (B = A + (−1, 0.2, 0.2)): exactly one touching contact
// there, gap 0, normal (−1,0,0) (the least overlap 0 is along x). With B moved a further 1e-12
// (below the 1e-9 tolerance) the vertex still counts as touching: same contact at the vertex.
// Separated by 1e-3: nothing.
TEST(VolumeSat, TouchingAndSeparated) {
  const PosedTestBody a(unit_tet(), Transform::identity(), 0);
  for (const double extra : {0.0, 1e-12}) {
    const PosedTestBody b(unit_tet(), Transform::from_translation(Vec3(-1 - extra, 0.2, 0.2)), 1);
    const std::vector<Contact> c = run(method(), a, 0, b, 0, MethodSettings{});
    ASSERT_EQ(c.size(), 1u) << extra;
    expect_contact(c[0], Vec3(-extra, 0.2, 0.2), Vec3(-1, 0, 0), 0.0);
    expect_swap_symmetric(method(), a.body(), 0, b.body(), 0, MethodSettings{});
  }
  const PosedTestBody far(unit_tet(), Transform::from_translation(Vec3(-1.001, 0.2, 0.2)), 1);
  EXPECT_TRUE(run(method(), a, 0, far, 0, MethodSettings{}).empty());
}

// Shared face: A and its mirror image below z = 0 touch on the triangle (0,0,0), (1,0,0), (0,1,0):
// exactly its 3 corners, gap 0, normal (0,0,−1).
TEST(VolumeSat, SharedFace) {
  const PosedTestBody a(unit_tet(), Transform::identity(), 0);
  const PosedTestBody b(single_tet({Vec3(0, 0, 0), Vec3(0, 1, 0), Vec3(1, 0, 0), Vec3(0, 0, -1)}),
                        Transform::identity(), 1);
  const std::vector<Contact> c = run(method(), a, 0, b, 0, MethodSettings{});
  ASSERT_EQ(c.size(), 3u);
  expect_contact(c[0], Vec3(0, 0, 0), Vec3(0, 0, -1), 0.0);
  expect_contact(c[1], Vec3(1, 0, 0), Vec3(0, 0, -1), 0.0);
  expect_contact(c[2], Vec3(0, 1, 0), Vec3(0, 0, -1), 0.0);
}

// The hand cases above, under random rigid motions and uniform scales (length_scale scaled too).
TEST(VolumeSat, RigidMotionAndScale) {
  std::mt19937 rng(7);
  struct Case {
    TetMesh a, b;
  };
  std::vector<Case> cases;
  cases.push_back({unit_tet(), single_tet(translated(kUnit, Vec3(-0.7, 0.2, 0.2)))});
  cases.push_back({unit_tet(), single_tet({Vec3(0, 0, 0.1), Vec3(0, 1, 0.1), Vec3(1, 0, 0.1), Vec3(0, 0, -0.9)})});
  cases.push_back({single_tet({Vec3(0, 0, 0), Vec3(0, 1, 0), Vec3(1, 0, 0), Vec3(0, 0, -1)}),
                   single_tet(translated(kUnit, Vec3(0.9, 0, -0.2)))});
  std::uniform_real_distribution<double> log_scale(-3.0, 3.0);
  for (int trial = 0; trial < 60; ++trial) {
    const Case& k = cases[trial % cases.size()];
    const double s = std::pow(10.0, log_scale(rng));
    const Transform pose = random_pose(rng, 10.0);
    MethodSettings moved_settings;
    moved_settings.length_scale = s;
    const PosedTestBody a(k.a, Transform::identity(), 0), b(k.b, Transform::identity(), 1);
    const PosedTestBody ma(scaled(k.a, s), pose, 0), mb(scaled(k.b, s), pose, 1);
    expect_moved_contacts(run(method(), a, 0, b, 0, MethodSettings{}), run(method(), ma, 0, mb, 0, moved_settings),
                          pose, s, 2.0);
    expect_swap_symmetric(method(), ma.body(), 0, mb.body(), 0, moved_settings);
  }
}

// Random general-position overlapping pairs under a random rigid motion: same contacts, moved.
TEST(VolumeSat, RandomPairsRigidMotion) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  int with_contacts = 0;
  for (int trial = 0; trial < 300; ++trial) {
    Corners a, b;
    for (Vec3& p : a) p = Vec3(u(rng), u(rng), u(rng));
    for (Vec3& p : b) p = Vec3(u(rng), u(rng), u(rng)) + Vec3(0.5, 0, 0);
    if (signed_volume_sign(a[0], a[1], a[2], a[3]) < 0) std::swap(a[1], a[2]);
    if (signed_volume_sign(b[0], b[1], b[2], b[3]) < 0) std::swap(b[1], b[2]);
    const Transform pose = random_pose(rng, 10.0);
    const PosedTestBody pa(single_tet(a), Transform::identity(), 0), pb(single_tet(b), Transform::identity(), 1);
    const PosedTestBody ma(single_tet(a), pose, 0), mb(single_tet(b), pose, 1);
    const std::vector<Contact> c = run(method(), pa, 0, pb, 0, MethodSettings{});
    with_contacts += !c.empty();
    expect_moved_contacts(c, run(method(), ma, 0, mb, 0, MethodSettings{}), pose, 1.0, 2.0);
    if (HasFailure()) break;
  }
  EXPECT_GT(with_contacts, 50);
}

TEST(VolumeSat, DegeneratePairsTenThousand) {
  const DegenerateSuiteStats stats = run_degenerate_suite(method(), 10000, 2024);
  EXPECT_EQ(stats.pairs, 10000);
  EXPECT_GT(stats.exact_checked, 2000);
  EXPECT_GT(stats.with_contacts, 2000);
}

}  // namespace
}  // namespace contactlab::testing
