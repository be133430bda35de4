// Surface-SAT kernel tests. Expected contacts are derived by hand in the comments.
#include "contactlab/contact/methods/surface_sat.h"
#include "contactlab/contact/methods/volume_sat.h"

#include "contact/sat_method_test_support.h"

namespace contactlab::testing {
namespace {

/// Tet 0 = corners (positively oriented), plus one neighbour tet glued on every face except
/// `surface_face` (local face index), so that tet 0 has exactly one boundary face.
TetMesh tet_with_neighbours(const Corners& c, int surface_face) {
  TetMesh m = single_tet(c);  // corners as given (positively oriented)
  for (int f = 0; f < 4; ++f) {
    if (f == surface_face) continue;
    const auto& face = kTetFaces[f];
    const Vec3 w = c[face[0]] + c[face[1]] + c[face[2]] - 2.0 * c[f];  // beyond face f
    m.vertices.push_back(w);
    m.tets.push_back({face[0], face[1], face[2], static_cast<Index>(m.vertices.size() - 1)});
  }
  return m;
}

const ContactMethod& method() { return surface_sat_method(); }

const Corners kA0{Vec3(0, 0, 0), Vec3(0, 1, 0), Vec3(1, 0, 0), Vec3(0, 0, -1)};  // top face 3 at z = 0
const Corners kB0{Vec3(0.9, 0, -0.2), Vec3(1.9, 0, -0.2), Vec3(0.9, 1, -0.2), Vec3(0.9, 0, 0.8)};  // bottom face 3

TEST(SurfaceSat, NameAndRegistryAccessor) {
  EXPECT_EQ(method().name(), "surface-sat");
  EXPECT_FALSE(method().summary().empty());
}

// Single-tet bodies: every face and edge is a surface feature, so the issue's case gives Volume-SAT's
// answer: 3 contacts on x = 0.15, normal (−1,0,0), gap −0.3 (derivation in volume_sat_test.cpp).
TEST(SurfaceSat, IssueCaseSingleTets) {
  const PosedTestBody a(unit_tet(), Transform::identity(), 0);
  const PosedTestBody b(unit_tet(), Transform::from_translation(Vec3(-0.7, 0.2, 0.2)), 1);
  const std::vector<Contact> c = run(method(), a, 0, b, 0, MethodSettings{});
  ASSERT_EQ(c.size(), 3u);
  expect_contact(c[0], Vec3(0.15, 0.2, 0.2), Vec3(-1, 0, 0), -0.3);
  expect_contact(c[1], Vec3(0.15, 0.5, 0.2), Vec3(-1, 0, 0), -0.3);
  expect_contact(c[2], Vec3(0.15, 0.2, 0.5), Vec3(-1, 0, 0), -0.3);
  expect_swap_symmetric(method(), a.body(), 0, b.body(), 0, MethodSettings{});
}

// The paper's "internal features" case. A's tet 0 (corners kA0) has neighbours on its three lower
// faces, so only its top face z = 0 is a surface face; B's tet 0 (kB0) only its bottom face
// z = −0.2. Volume-SAT picks the internal edge axis (1,1,0)/√2 (overlap 0.1/√2, see
// volume_sat_test.cpp). Surface-SAT's candidates: A's top normal +z, B's bottom normal −z, and
// cross products of the two faces' edges — all horizontal, so ∥ z or parallel. The axis is z:
// A spans z ∈ [−1, 0], B z ∈ [−0.2, 0.8], overlap 0.2, B above → n = (0,0,1), gap −0.2.
// A ∩ B = tet (0.9,0,0), (1,0,0), (0.9,0.1,0), (0.9,0,−0.1); z extent [−0.1, 0] → mid plane
// z = −0.05; (0.9,0,−0.1) lands on (0.9,0,−0.05) with (0.9,0,0) → 3 contacts.
TEST(SurfaceSat, InternalFeaturesAreNotAxes) {
  const PosedTestBody a(tet_with_neighbours(kA0, 3), Transform::identity(), 0);
  const PosedTestBody b(tet_with_neighbours(kB0, 3), Transform::identity(), 1);
  ASSERT_EQ(a.shape->surface_map.surface_face_count[0], 1);
  ASSERT_EQ(b.shape->surface_map.surface_face_count[0], 1);
  const std::vector<Contact> c = run(method(), a, 0, b, 0, MethodSettings{});
  const std::vector<Vec3> expected{{0.9, 0, -0.05}, {1, 0, -0.05}, {0.9, 0.1, -0.05}};
  ASSERT_EQ(c.size(), expected.size());
  for (const Vec3& e : expected) {
    int hits = 0;
    for (const Contact& x : c) hits += (x.position - e).norm() <= 1e-12;
    EXPECT_EQ(hits, 1) << e.transpose();
  }
  for (const Contact& x : c) {
    EXPECT_LE((x.normal - Vec3(0, 0, 1)).norm(), 1e-12);
    EXPECT_NEAR(x.gap, -0.2, 1e-12);
  }
  expect_swap_symmetric(method(), a.body(), 0, b.body(), 0, MethodSettings{});
  // Volume-SAT on the same pair uses the internal edge axis.
  const std::vector<Contact> v = run(volume_sat_method(), a, 0, b, 0, MethodSettings{});
  ASSERT_FALSE(v.empty());
  EXPECT_LE((v[0].normal - Vec3(1, 1, 0).normalized()).norm(), 1e-12);
}

// Same bodies, rigidly moved and scaled: contacts move with them.
TEST(SurfaceSat, RigidMotionAndScale) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> log_scale(-3.0, 3.0);
  const TetMesh ma = tet_with_neighbours(kA0, 3), mb = tet_with_neighbours(kB0, 3);
  const PosedTestBody a(ma, Transform::identity(), 0), b(mb, Transform::identity(), 1);
  const std::vector<Contact> original = run(method(), a, 0, b, 0, MethodSettings{});
  for (int trial = 0; trial < 40; ++trial) {
    const double s = std::pow(10.0, log_scale(rng));
    const Transform pose = random_pose(rng, 10.0);
    MethodSettings settings;
    settings.length_scale = s;
    const PosedTestBody pa(scaled(ma, s), pose, 0), pb(scaled(mb, s), pose, 1);
    expect_moved_contacts(original, run(method(), pa, 0, pb, 0, settings), pose, s, 2.0);
    expect_swap_symmetric(method(), pa.body(), 0, pb.body(), 0, settings);
  }
}

TEST(SurfaceSat, DegeneratePairsTenThousand) {
  const DegenerateSuiteStats stats = run_degenerate_suite(method(), 10000, 77);
  EXPECT_EQ(stats.pairs, 10000);
  EXPECT_GT(stats.exact_checked, 2000);
  EXPECT_GT(stats.with_contacts, 2000);
}

}  // namespace
}  // namespace contactlab::testing
