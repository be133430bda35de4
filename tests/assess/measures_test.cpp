// The measures on contact sets whose scores are known by construction (docs/suite.md "Measures"):
// contacts at the true region corners with the true normals, then one change at a time whose effect
// follows from the definitions and from the suite's own numbers (areas, counts), never from the
// measure code.
#include "contactlab/assess/measures.h"

#include "assess/make_contact.h"
#include "contactlab/contact/generate_contacts.h"
#include "contactlab/contact/ground_truth_contacts.h"
#include "contactlab/core/error.h"
#include "contactlab/scene/scene_transforms.h"
#include "contactlab/suite/builtin_scenes.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>

namespace contactlab {
namespace {

const Scene& builtin(const std::string& name) {
  static std::map<std::string, Scene> scenes;
  auto it = scenes.find(name);
  if (it == scenes.end()) it = scenes.emplace(name, make_builtin_scene(name)).first;
  return it->second;
}

using testing::make_contact;

/// One contact per true region corner and per feasible normal of every interface.
ContactSet corner_contacts(const Scene& scene) {
  ContactSet set;
  for (const ContactInterface& i : scene.ground_truth->interfaces) {
    for (const PolygonCorner& corner : i.polygon) {
      for (const Vec3& n : i.feasible_normals)
        set.contacts.push_back(make_contact(i.body_a, i.body_b, corner.position, n));
    }
  }
  return set;
}

Measures measure(const Scene& scene, const ContactSet& set) {
  return measure_contacts(scene, *scene.ground_truth, set);
}

// Σ minimal contacts of each case as docs/suite.md gives them.
const std::map<std::string, int>& suite_min_contacts() {
  static const std::map<std::string, int> table = {
      {"crack-spike", 2}, {"crack-hole", 4},      {"crack-wedge", 4}, {"slide-spike", 1},   {"slide-wedge", 2},
      {"two-spikes", 1},  {"two-spike-wedge", 1}, {"two-wedges", 2},  {"internal-edge", 4}, {"cliff-edge", 4},
      {"pillar", 40},     {"wall", 213 * 4},      {"arch", 14 * 4}};
  return table;
}

TEST(Measures, CornerContactsWithTrueNormalsScorePerfectlyOnEveryBuiltinCase) {
  for (const BuiltinSceneInfo& info : builtin_scenes()) {
    SCOPED_TRACE(info.name);
    const Scene& scene = builtin(info.name);
    const ContactSet set = corner_contacts(scene);
    const Measures m = measure(scene, set);
    // Corners × normals is exactly the suite's minimal count: for planar interfaces one normal and
    // as many corners as the polygon (4 per rectangle, 6 per hexagon), for the point and line cases
    // 1 or 2 corners × the feasible normals.
    EXPECT_EQ(m.count, suite_min_contacts().at(info.name));
    EXPECT_EQ(m.correct, m.count);
    EXPECT_EQ(m.stray, 0);
    EXPECT_EQ(m.quality_percent, 100.0);
    EXPECT_EQ(m.coverage_percent, 100.0);
    EXPECT_EQ(m.excess, 1.0);
    ASSERT_TRUE(m.position_error.has_value());
    EXPECT_LE(*m.position_error, 1e-12 * scene.length_scale());
    const bool planar_case = scene.ground_truth->interfaces.front().planar;
    ASSERT_EQ(m.area_coverage.has_value(), planar_case);
    ASSERT_EQ(m.area_coverage_clipped.has_value(), planar_case);
    if (planar_case) {
      EXPECT_NEAR(*m.area_coverage, 1.0, 1e-12);
      EXPECT_NEAR(*m.area_coverage_clipped, 1.0, 1e-12);
    }
    ASSERT_EQ(m.normal_quality.size(), set.contacts.size());
    for (double q : m.normal_quality) EXPECT_NEAR(q, 1.0, 1e-15);
    ASSERT_EQ(m.interfaces.size(), scene.ground_truth->interfaces.size());
  }
}

TEST(Measures, AReversedNormalIsWrongAndADuplicateRaisesExcess) {
  const Scene& scene = builtin("wall");
  const ContactSet base = corner_contacts(scene);
  const int n = static_cast<int>(base.contacts.size());
  ASSERT_EQ(n, 852);

  ContactSet reversed = base;
  reversed.contacts[5].normal = -reversed.contacts[5].normal;
  const Measures r = measure(scene, reversed);
  EXPECT_EQ(r.correct, n - 1);
  EXPECT_DOUBLE_EQ(r.quality_percent, 100.0 * (n - 1) / n);
  EXPECT_EQ(r.coverage_percent, 100.0);  // the other corners of that interface keep its normal
  EXPECT_EQ(r.normal_quality[5], -1.0);
  EXPECT_EQ(r.excess, 1.0);

  ContactSet duplicated = base;
  duplicated.contacts.push_back(base.contacts[17]);
  const Measures d = measure(scene, duplicated);
  EXPECT_DOUBLE_EQ(d.excess, 1.0 + 1.0 / 852.0);
  EXPECT_EQ(d.quality_percent, 100.0);
  EXPECT_NEAR(*d.area_coverage, 1.0, 1e-12);
}

TEST(Measures, ContactsListedBAWithTheFlippedNormalAreCorrect) {
  const Scene& scene = builtin("arch");
  ContactSet swapped = corner_contacts(scene);
  for (std::size_t k = 0; k < swapped.contacts.size(); k += 3) {  // every third contact as (B, A)
    Contact& c = swapped.contacts[k];
    std::swap(c.body_a, c.body_b);
    c.normal = -c.normal;
  }
  const Measures m = measure(scene, swapped);
  EXPECT_EQ(m.quality_percent, 100.0);
  EXPECT_EQ(m.coverage_percent, 100.0);
  EXPECT_NEAR(*m.area_coverage, 1.0, 1e-12);
  for (const InterfaceScore& s : m.interfaces) EXPECT_EQ(s.contacts, 4);

  // Swapped bodies with the normal left as it was: that normal now points from B to A.
  ContactSet unflipped = corner_contacts(scene);
  std::swap(unflipped.contacts[0].body_a, unflipped.contacts[0].body_b);
  EXPECT_EQ(measure(scene, unflipped).correct, static_cast<int>(unflipped.contacts.size()) - 1);
}

TEST(Measures, AContactOnAnUntouchedPairIsStray) {
  const Scene& scene = builtin("wall");
  const ContactSet base = corner_contacts(scene);
  const Measures before = measure(scene, base);
  ContactSet with_stray = base;
  // Bottom-left and top-right bricks are far apart; any normal is wrong for them.
  with_stray.contacts.push_back(
      make_contact(scene.find_body("brick-0-0"), scene.find_body("brick-9-7"), Vec3(2, 2, 0), Vec3::UnitY()));
  const Measures m = measure(scene, with_stray);
  const int n = static_cast<int>(base.contacts.size());
  EXPECT_EQ(m.stray, 1);
  EXPECT_EQ(m.count, n + 1);
  EXPECT_EQ(m.correct, n);
  EXPECT_DOUBLE_EQ(m.quality_percent, 100.0 * n / (n + 1));
  EXPECT_DOUBLE_EQ(m.excess, (n + 1) / 852.0);
  EXPECT_EQ(m.coverage_percent, 100.0);
  EXPECT_EQ(*m.area_coverage, *before.area_coverage);  // in no hull
  EXPECT_EQ(*m.position_error, *before.position_error);
  EXPECT_EQ(m.normal_quality.back(), -1.0);
}

TEST(Measures, DroppingAnInterfaceLowersCoverageAndAreaByItsShare) {
  // Wall: one bottom brick on the ground, area 0.625 × 0.5 of A_wall = 37.59375 (docs/suite.md), 1 of
  // the 213 interfaces' normals. Arch: one of 14 interfaces of 1 m² each.
  struct Case {
    std::string scene, a, b;
    double share_area, share_normals;
  };
  for (const Case& c : {Case{"wall", "ground", "brick-0-3", 0.3125 / 37.59375, 1.0 / 213},
                        Case{"arch", "voussoir-2", "voussoir-3", 1.0 / 14, 1.0 / 14}}) {
    SCOPED_TRACE(c.scene);
    const Scene& scene = builtin(c.scene);
    ContactSet set = corner_contacts(scene);
    const Index a = scene.find_body(c.a), b = scene.find_body(c.b);
    std::erase_if(set.contacts, [&](const Contact& k) { return k.body_a == a && k.body_b == b; });
    const Measures m = measure(scene, set);
    EXPECT_NEAR(m.coverage_percent, 100.0 * (1.0 - c.share_normals), 1e-12);
    EXPECT_NEAR(*m.area_coverage, 1.0 - c.share_area, 1e-12);
    EXPECT_NEAR(*m.area_coverage_clipped, 1.0 - c.share_area, 1e-12);
    EXPECT_EQ(m.quality_percent, 100.0);
    EXPECT_DOUBLE_EQ(m.excess, 1.0 - 4.0 / suite_min_contacts().at(c.scene));
  }
}

// Cliff edge: the true region is the square x, z ∈ [−1.6, 1.6] at y = 3.2, area 10.24.
TEST(Measures, AreaCoverageOfHandMadeHulls) {
  const Scene& scene = builtin("cliff-edge");
  const Vec3 up = Vec3::UnitY();
  auto at = [&](double x, double y, double z) { return make_contact(0, 1, Vec3(x, y, z), up); };
  ContactSet unit_square;
  unit_square.contacts = {at(0, 3.2, 0), at(1, 3.2, 0),     at(1, 3.2, 1),
                          at(0, 3.2, 1), at(0.5, 3.2, 0.5), at(0.2, 3.2, 0.9)};
  const Measures m = measure(scene, unit_square);
  EXPECT_NEAR(*m.area_coverage, 1.0 / 10.24, 1e-15);
  EXPECT_NEAR(*m.area_coverage_clipped, 1.0 / 10.24, 1e-15);

  ContactSet lifted = unit_square;  // moved along n*: the projected hull is the same
  const double lifts[] = {0.3, -0.2, 1.0, 0.0, -0.7, 0.05};
  for (std::size_t k = 0; k < lifted.contacts.size(); ++k) lifted.contacts[k].position.y() += lifts[k];
  EXPECT_NEAR(*measure(scene, lifted).area_coverage, 1.0 / 10.24, 1e-14);

  ContactSet overhanging;  // x ∈ [1, 2]: only x ∈ [1, 1.6] lies over the true square
  overhanging.contacts = {at(1, 3.2, 0), at(2, 3.2, 0), at(2, 3.2, 1), at(1, 3.2, 1)};
  const Measures o = measure(scene, overhanging);
  EXPECT_NEAR(*o.area_coverage, 1.0 / 10.24, 1e-15);
  EXPECT_NEAR(*o.area_coverage_clipped, 0.6 / 10.24, 1e-15);

  ContactSet collinear;
  collinear.contacts = {at(-1, 3.2, -1), at(0, 3.2, 0), at(1.5, 3.2, 1.5)};
  ContactSet single;
  single.contacts = {at(0.1, 3.2, 0.2)};
  for (const ContactSet* set : {&collinear, &single}) {
    const Measures d = measure(scene, *set);
    EXPECT_EQ(*d.area_coverage, 0.0);
    EXPECT_EQ(*d.area_coverage_clipped, 0.0);
    EXPECT_EQ(d.quality_percent, 100.0);
  }

  const Measures none = measure(scene, ContactSet{});
  EXPECT_EQ(none.count, 0);
  EXPECT_EQ(none.quality_percent, 0.0);
  EXPECT_EQ(none.coverage_percent, 0.0);
  EXPECT_EQ(none.excess, 0.0);
  EXPECT_EQ(*none.area_coverage, 0.0);
  EXPECT_EQ(*none.position_error, 0.0);
}

TEST(Measures, PositionErrorIsTheDistanceToTheTrueRegion) {
  const Scene& cliff = builtin("cliff-edge");
  const Vec3 up = Vec3::UnitY();
  auto distance_of = [](const Scene& scene, const Vec3& p, const Vec3& n) {
    ContactSet set;
    set.contacts = {make_contact(0, 1, p, n)};
    const Measures m = measure(scene, set);
    EXPECT_EQ(m.interfaces.at(0).position_error, *m.position_error);
    return *m.position_error;
  };
  EXPECT_NEAR(distance_of(cliff, Vec3(1.6 + 0.25, 3.2, 0.5), up), 0.25, 1e-12);      // beside an edge, in the plane
  EXPECT_NEAR(distance_of(cliff, Vec3(1.6 + 0.3, 3.2, 1.6 + 0.4), up), 0.5, 1e-12);  // off a corner
  EXPECT_NEAR(distance_of(cliff, Vec3(0.2, 3.2 + 0.1, -0.3), up), 0.1, 1e-12);       // above the square
  EXPECT_NEAR(distance_of(cliff, Vec3(-0.7, 3.2, 1.1), up), 0.0, 1e-12);
  // Point and line regions: the apex at the origin; the ridge z ∈ [−1.6, 1.6] on the groove line.
  const double a = std::sqrt(0.5);
  EXPECT_NEAR(distance_of(builtin("crack-spike"), Vec3(0.3, 0.4, 0), Vec3(a, a, 0)), 0.5, 1e-12);
  EXPECT_NEAR(distance_of(builtin("crack-wedge"), Vec3(0, 0.3, 2.0), Vec3(a, a, 0)), 0.5, 1e-12);
  EXPECT_NEAR(distance_of(builtin("crack-wedge"), Vec3(0.3, 0.4, -1.0), Vec3(a, a, 0)), 0.5, 1e-12);

  // The largest over the contacts.
  ContactSet two;
  two.contacts = {make_contact(0, 1, Vec3(1.7, 3.2, 0), up), make_contact(0, 1, Vec3(0, 3.5, 0), up)};
  EXPECT_NEAR(*measure(cliff, two).position_error, 0.3, 1e-12);
}

TEST(Measures, UnchangedUnderRigidMotionExceptPositionErrorWhichScales) {
  const Transform motion = Transform::from_axis_angle(Vec3(0.3, -1.0, 0.6), 2.1, Vec3(4.0, -7.5, 1.25));
  for (const std::string name : {"arch", "crack-wedge", "two-spikes"}) {
    const Scene& scene = builtin(name);
    // A real method's contacts: some wrong, some off the region.
    const ContactSet set = generate_contacts(scene, *find_contact_method("vertex-only"));
    const Measures before = measure(scene, set);
    ASSERT_GT(before.count, 0);
    for (double scale : {1e-3, 0.37, 1.0, 1e3}) {
      SCOPED_TRACE(name + " scale " + std::to_string(scale));
      const Scene moved = transformed(scene, motion, scale);
      ContactSet moved_set = set;
      for (Contact& c : moved_set.contacts) {
        c.position = scale * (motion.rotation * c.position) + motion.translation;
        c.normal = motion.rotation * c.normal;
      }
      const Measures after = measure(moved, moved_set);
      EXPECT_EQ(after.count, before.count);
      EXPECT_EQ(after.correct, before.correct);
      EXPECT_EQ(after.stray, before.stray);
      EXPECT_EQ(after.quality_percent, before.quality_percent);
      EXPECT_EQ(after.coverage_percent, before.coverage_percent);
      EXPECT_EQ(after.excess, before.excess);
      ASSERT_EQ(after.area_coverage.has_value(), before.area_coverage.has_value());
      if (before.area_coverage) {
        EXPECT_NEAR(*after.area_coverage, *before.area_coverage, 1e-9);
        EXPECT_NEAR(*after.area_coverage_clipped, *before.area_coverage_clipped, 1e-9);
      }
      EXPECT_NEAR(*after.position_error, scale * *before.position_error, 1e-9 * scale * scene.length_scale());
      for (std::size_t k = 0; k < set.contacts.size(); ++k) {
        EXPECT_NEAR(after.normal_quality[k], before.normal_quality[k], 1e-12);
      }
    }
  }
}

TEST(Measures, GroundTruthMethodScoresPerfectlyOnEveryCase) {
  // contacts_from_ground_truth places the region corners with the feasible normals (all of them
  // for point and segment regions): exactly the minimal count with correct normals everywhere.
  for (const BuiltinSceneInfo& info : builtin_scenes()) {
    SCOPED_TRACE(info.name);
    const Scene& scene = builtin(info.name);
    const Measures m = measure(scene, contacts_from_ground_truth(scene));
    EXPECT_EQ(m.count, scene.ground_truth->total_min_contacts());
    EXPECT_EQ(m.quality_percent, 100.0);
    EXPECT_EQ(m.coverage_percent, 100.0);
    EXPECT_EQ(m.excess, 1.0);
    ASSERT_TRUE(m.position_error.has_value());
    EXPECT_LE(*m.position_error, 1e-12 * scene.length_scale());
    if (scene.ground_truth->interfaces.front().planar) {
      EXPECT_NEAR(*m.area_coverage, 1.0, 1e-12);
    }
  }
}

TEST(Measures, ABodyPairTouchingInTwoPlanesGivesEachContactToTheNearerInterface) {
  // Hand-made truth on the cliff-edge bodies: the pair touches in y = 3.2 (normal +y) and, as if in
  // an L-shaped corner, in x = 1.6 (normal +x), each over a unit square.
  const Scene& scene = builtin("cliff-edge");
  GroundTruth truth;
  ContactInterface floor, side;
  floor.body_a = side.body_a = 0;
  floor.body_b = side.body_b = 1;
  floor.planar = side.planar = true;
  floor.min_contacts = side.min_contacts = 4;
  floor.area = side.area = 1.0;
  floor.feasible_normals = {Vec3::UnitY()};
  side.feasible_normals = {Vec3::UnitX()};
  for (const auto& [u, v] : {std::pair{0.0, 0.0}, {1.0, 0.0}, {1.0, 1.0}, {0.0, 1.0}}) {
    floor.polygon.push_back({Vec3(0.6 + u, 3.2, v), {}, {}});
    side.polygon.push_back({Vec3(1.6, 3.2 + u, v), {}, {}});
  }
  truth.interfaces = {floor, side};
  ContactSet set;
  for (const PolygonCorner& c : floor.polygon) set.contacts.push_back(make_contact(0, 1, c.position, Vec3::UnitY()));
  for (const PolygonCorner& c : side.polygon) set.contacts.push_back(make_contact(1, 0, c.position, -Vec3::UnitX()));
  const Measures m = measure_contacts(scene, truth, set);
  EXPECT_EQ(m.quality_percent, 100.0);  // the shared corners (1.6, 3.2, 0|1) go by their normal
  EXPECT_EQ(m.coverage_percent, 100.0);
  ASSERT_EQ(m.interfaces.size(), 2u);
  EXPECT_EQ(m.interfaces[0].contacts, 4);
  EXPECT_EQ(m.interfaces[1].contacts, 4);
  EXPECT_NEAR(*m.area_coverage, 1.0, 1e-12);
  EXPECT_NEAR(*m.position_error, 0.0, 1e-12);
}

TEST(Measures, AbsNormalYIsPerContact) {
  const Scene& scene = builtin("crack-spike");
  const double a = std::sqrt(0.5);
  ContactSet set;
  set.contacts = {make_contact(0, 1, Vec3::Zero(), Vec3(a, a, 0)), make_contact(0, 1, Vec3::Zero(), Vec3(0, -1, 0)),
                  make_contact(0, 1, Vec3::Zero(), Vec3(-0.6, 0, 0.8))};
  const Measures m = measure(scene, set);
  ASSERT_EQ(m.abs_normal_y.size(), 3u);
  EXPECT_DOUBLE_EQ(m.abs_normal_y[0], a);
  EXPECT_DOUBLE_EQ(m.abs_normal_y[1], 1.0);
  EXPECT_DOUBLE_EQ(m.abs_normal_y[2], 0.0);
  // (−0.6, 0, 0.8)·(−α, α, 0) = 0.6α, the best of the two walls.
  EXPECT_NEAR(m.normal_quality[2], 0.6 * a, 1e-15);
  EXPECT_EQ(m.correct, 1);
  EXPECT_EQ(m.interfaces[0].normals_matched, 1);
  EXPECT_DOUBLE_EQ(m.coverage_percent, 50.0);
}

TEST(Measures, RejectsBadBodiesAndThresholds) {
  const Scene& scene = builtin("slide-spike");
  ContactSet set;
  set.contacts = {make_contact(0, 2, Vec3::Zero(), Vec3::UnitY())};
  EXPECT_THROW(measure(scene, set), InputError);
  set.contacts = {make_contact(-1, 1, Vec3::Zero(), Vec3::UnitY())};
  EXPECT_THROW(measure(scene, set), InputError);
  set.contacts = {make_contact(1, 1, Vec3::Zero(), Vec3::UnitY())};
  EXPECT_THROW(measure(scene, set), InputError);
  set.contacts = {make_contact(0, 1, Vec3::Zero(), Vec3::UnitY())};
  EXPECT_NO_THROW(measure(scene, set));
  EXPECT_THROW(measure_contacts(scene, *scene.ground_truth, set, {.normal_threshold = 1.5}), InputError);
  EXPECT_THROW(measure_contacts(scene, *scene.ground_truth, set, {.normal_threshold = std::nan("")}), InputError);
  GroundTruth bad = *scene.ground_truth;
  bad.interfaces[0].body_b = 7;
  EXPECT_THROW(measure_contacts(scene, bad, set), InputError);
  try {
    set.contacts = {make_contact(0, 5, Vec3::Zero(), Vec3::UnitY())};
    measure(scene, set);
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("contact 0 names body 5"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace contactlab
