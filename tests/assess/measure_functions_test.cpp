// One test per measure function (docs/suite.md "Measures"), each on an assignment built by hand so
// that the expected value follows from the measure's formula by hand: which contacts count, which
// feasible normals are matched, which hull areas (axis-aligned squares) are summed. The assignment
// itself (assign_contacts) is checked on a hand-made ground truth whose distances and orientations
// follow from the geometry.
#include "contactlab/assess/contact_assignment.h"
#include "contactlab/assess/measure_abs_normal_y.h"
#include "contactlab/assess/measure_area_coverage.h"
#include "contactlab/assess/measure_coverage.h"
#include "contactlab/assess/measure_excess.h"
#include "contactlab/assess/measure_normal_quality.h"
#include "contactlab/assess/measure_position_error.h"
#include "contactlab/assess/measure_quality.h"
#include "contactlab/assess/measure_stray_contacts.h"

#include "assess/make_contact.h"
#include "contactlab/core/error.h"
#include "contactlab/suite/builtin_scenes.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace contactlab {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

AssignedContact assigned(std::optional<std::size_t> interface_index, const Vec3& normal, double alignment,
                         const Vec3& position = Vec3::Zero(), double distance = kInf) {
  AssignedContact c;
  c.interface_index = interface_index;
  c.normal = normal;
  c.alignment = alignment;
  c.position = position;
  c.distance = distance;
  return c;
}

/// The axis-aligned square [x0, x0 + side] × [z0, z0 + side] at height y, as region corners.
std::vector<Vec3> square(double x0, double z0, double side, double y = 0.0) {
  return {Vec3(x0, y, z0), Vec3(x0 + side, y, z0), Vec3(x0 + side, y, z0 + side), Vec3(x0, y, z0 + side)};
}

TEST(MeasureQuality, CountsAssignedContactsAtOrAboveTheThreshold) {
  ContactAssignment a;
  a.feasible_normals = {{Vec3::UnitY()}, {Vec3::UnitX()}};
  a.contacts = {assigned(0, Vec3::UnitY(), 1.0), assigned(0, Vec3::UnitY(), 0.9985), assigned(1, Vec3::UnitX(), 0.999),
                assigned(std::nullopt, Vec3::UnitY(), -1.0)};
  // τ = 0.999: the first and the third (0.999 ≥ 0.999); 0.9985 and the stray one are wrong: 2 of 4.
  QualityScore q = measure_quality(a, 0.999);
  EXPECT_EQ(q.correct, 2);
  EXPECT_EQ(q.percent, 50.0);
  EXPECT_EQ(q.correct_per_interface, (std::vector<int>{1, 1}));
  // τ = −1 accepts every assigned contact, never a stray one: 3 of 4.
  q = measure_quality(a, -1.0);
  EXPECT_EQ(q.correct, 3);
  EXPECT_EQ(q.percent, 75.0);
  // No contacts: 0, not NaN.
  EXPECT_EQ(measure_quality(ContactAssignment{}, 0.999).percent, 0.0);
  EXPECT_THROW(measure_quality(a, 1.5), InputError);
  EXPECT_THROW(measure_quality(a, std::nan("")), InputError);
}

TEST(MeasureCoverage, CountsTheFeasibleNormalsSomeContactOfTheirInterfaceMatches) {
  const double h = std::sqrt(0.5);
  ContactAssignment a;
  a.feasible_normals = {{Vec3::UnitY()}, {Vec3(-h, h, 0), Vec3(h, h, 0)}};
  a.contacts = {assigned(0, -Vec3::UnitY(), -1.0),             // reversed: matches nothing
                assigned(1, Vec3(h, h, 0), 1.0),               // matches the second normal of interface 1 only
                assigned(1, Vec3::Zero(), -1.0),               // no direction: matches nothing
                assigned(std::nullopt, Vec3::UnitY(), -1.0)};  // stray: counts for no interface
  CoverageScore c = measure_coverage(a, 0.999);
  EXPECT_EQ(c.matched, 1);
  EXPECT_EQ(c.feasible, 3);
  EXPECT_EQ(c.matched_per_interface, (std::vector<int>{0, 1}));
  EXPECT_EQ(c.percent, 100.0 / 3.0);
  // A correct contact on interface 0: 2 of 3.
  a.contacts.push_back(assigned(0, Vec3::UnitY(), 1.0));
  EXPECT_EQ(measure_coverage(a, 0.999).percent, 200.0 / 3.0);
  // τ = 0: (h, h, 0)·(−h, h, 0) = 0 ≥ 0 matches the first normal of interface 1 too; the zero
  // normal still matches nothing: all 3.
  c = measure_coverage(a, 0.0);
  EXPECT_EQ(c.matched_per_interface, (std::vector<int>{1, 2}));
  EXPECT_EQ(c.percent, 100.0);
  EXPECT_EQ(measure_coverage(ContactAssignment{}, 0.999).percent, 0.0);  // no feasible normals
  EXPECT_THROW(measure_coverage(a, -1.01), InputError);
}

TEST(MeasureExcess, IsTheCountOverTheSumOfMinimalCounts) {
  GroundTruth truth;
  truth.interfaces.resize(2);
  truth.interfaces[0].min_contacts = 4;
  truth.interfaces[1].min_contacts = 3;
  EXPECT_EQ(measure_excess(14, truth), 2.0);
  EXPECT_EQ(measure_excess(7, truth), 1.0);
  EXPECT_EQ(measure_excess(0, truth), 0.0);
  EXPECT_EQ(measure_excess(5, GroundTruth{}), 0.0);  // Σ m_I = 0: 0, not ∞
}

TEST(MeasureAreaCoverage, SumsProjectedHullsOverTrueAreasOfPlanarInterfaces) {
  // Interface 0: planar, true region the square [0, 2]² at y = 0 (area 4), normal +y. Its contacts
  // span the square [1, 3]² (hull 4; one lifted to y = 5, which the projection on the plane ⊥ y
  // ignores), of which [1, 2]² (area 1) lies over the true region.
  // Interface 1: not planar — no hull. Interface 2: planar, area 6, no contacts — hull 0.
  // Interface 3: planar but without a feasible normal — left out, its area too.
  GroundTruth truth;
  truth.interfaces.resize(4);
  truth.interfaces[0].planar = true;
  truth.interfaces[0].area = 4.0;
  truth.interfaces[2].planar = true;
  truth.interfaces[2].area = 6.0;
  truth.interfaces[3].planar = true;
  truth.interfaces[3].area = 100.0;
  ContactAssignment a;
  a.feasible_normals = {{Vec3::UnitY()}, {Vec3::UnitY()}, {Vec3::UnitY()}, {}};
  a.regions = {square(0, 0, 2), {Vec3::Zero(), Vec3::UnitX()}, square(5, 5, 2), square(9, 9, 10)};
  for (const Vec3& p : square(1, 1, 2)) a.contacts.push_back(assigned(0, Vec3::UnitY(), 1.0, p));
  a.contacts.back().position.y() = 5.0;
  for (const Vec3& p : square(10, 10, 3)) {
    a.contacts.push_back(assigned(1, Vec3::UnitY(), 1.0, p));
    a.contacts.push_back(assigned(3, Vec3::UnitY(), 1.0, p));
    a.contacts.push_back(assigned(std::nullopt, Vec3::UnitY(), -1.0, p));  // stray: in no hull
  }
  const AreaCoverageScore s = measure_area_coverage(a, truth);
  ASSERT_EQ(s.hull_area.size(), 4u);
  EXPECT_NEAR(s.hull_area[0], 4.0, 1e-12);
  EXPECT_NEAR(s.hull_area_clipped[0], 1.0, 1e-12);
  EXPECT_EQ(s.hull_area[1], 0.0);
  EXPECT_EQ(s.hull_area[2], 0.0);
  EXPECT_EQ(s.hull_area[3], 0.0);
  ASSERT_TRUE(s.p && s.p_clipped);
  EXPECT_NEAR(*s.p, 4.0 / 10.0, 1e-12);
  EXPECT_NEAR(*s.p_clipped, 1.0 / 10.0, 1e-12);

  // Without planar interfaces (or with zero true area) P is absent.
  truth.interfaces[0].planar = truth.interfaces[2].planar = false;
  EXPECT_FALSE(measure_area_coverage(a, truth).p);
  truth.interfaces[0].planar = true;
  truth.interfaces[0].area = 0.0;
  EXPECT_FALSE(measure_area_coverage(a, truth).p_clipped);
}

TEST(MeasurePositionError, IsTheLargestDistanceOverInterfacesWithAKnownRegion) {
  ContactAssignment a;
  a.feasible_normals = {{Vec3::UnitY()}, {Vec3::UnitY()}, {Vec3::UnitY()}};
  a.regions = {square(0, 0, 1), {}, square(0, 0, 1)};
  a.contacts = {assigned(0, Vec3::UnitY(), 1.0, Vec3::Zero(), 0.25), assigned(0, Vec3::UnitY(), 1.0, Vec3::Zero(), 0.5),
                assigned(1, Vec3::UnitY(), 1.0, Vec3::Zero(), kInf),              // region unknown
                assigned(std::nullopt, Vec3::UnitY(), -1.0, Vec3::Zero(), 7.0)};  // stray
  PositionErrorScore e = measure_position_error(a);
  EXPECT_EQ(e.per_interface, (std::vector<double>{0.5, 0.0, 0.0}));  // interface 2: no contacts, 0
  ASSERT_TRUE(e.max);
  EXPECT_EQ(*e.max, 0.5);
  // No interface with a known region: absent, whatever the contacts.
  a.regions = {{}, {}, {}};
  e = measure_position_error(a);
  EXPECT_FALSE(e.max);
  EXPECT_EQ(e.per_interface, (std::vector<double>{0.0, 0.0, 0.0}));
}

TEST(MeasureStrayContacts, CountsTheUnassignedContacts) {
  ContactAssignment a;
  a.feasible_normals = {{Vec3::UnitY()}};
  EXPECT_EQ(measure_stray_contacts(a), 0);
  a.contacts = {assigned(std::nullopt, Vec3::UnitY(), -1.0), assigned(0, Vec3::UnitY(), 1.0),
                assigned(std::nullopt, Vec3::Zero(), -1.0)};
  EXPECT_EQ(measure_stray_contacts(a), 2);
}

TEST(MeasureNormalQuality, IsEachContactsAlignmentAndMinusOneWhenStray) {
  ContactAssignment a;
  a.feasible_normals = {{Vec3::UnitY()}};
  a.contacts = {assigned(0, Vec3::UnitY(), 1.0), assigned(0, -Vec3::UnitY(), -1.0), assigned(0, Vec3::UnitX(), 0.0),
                assigned(std::nullopt, Vec3::UnitY(), 1.0)};
  EXPECT_EQ(measure_normal_quality(a), (std::vector<double>{1.0, -1.0, 0.0, -1.0}));
}

TEST(MeasureAbsNormalY, IsTheUnitNormalsAbsoluteY) {
  ContactSet set;
  for (const Vec3& n : {Vec3(3, -4, 0), Vec3(0, 2, 0), Vec3(5, 0, 12), Vec3(0, 0, 0), Vec3(0, std::nan(""), 0)}) {
    Contact c;
    c.normal = n;
    set.contacts.push_back(c);
  }
  // (3, −4, 0)/5: |n_y| = 4/5; (0, 2, 0): 1; (5, 0, 12): 0; no direction: 0.
  EXPECT_EQ(measure_abs_normal_y(set), (std::vector<double>{4.0 / 5.0, 1.0, 0.0, 0.0, 0.0}));
}

using testing::make_contact;

TEST(AssignContacts, OrientsNormalsPicksTheNearestRegionAndLeavesOtherPairsStray) {
  // Hand-made truth on the pillar's bodies 0 and 1: a floor in y = 3.2 (normal +y) over the unit
  // square x ∈ [0.6, 1.6], z ∈ [0, 1], and a side in x = 1.6 (normal +x) over y ∈ [3.2, 4.2],
  // z ∈ [0, 1]. Body pair (1, 2) has no interface.
  const Scene scene = make_builtin_scene("pillar");
  ASSERT_GE(scene.bodies.size(), 3u);
  GroundTruth truth;
  ContactInterface floor, side;
  floor.body_a = side.body_a = 0;
  floor.body_b = side.body_b = 1;
  floor.feasible_normals = {Vec3(0, 2, 0)};  // made unit by the assignment
  side.feasible_normals = {Vec3::UnitX()};
  for (const auto& [u, v] : {std::pair{0.0, 0.0}, {1.0, 0.0}, {1.0, 1.0}, {0.0, 1.0}}) {
    floor.polygon.push_back({Vec3(0.6 + u, 3.2, v), {}, {}});
    side.polygon.push_back({Vec3(1.6, 3.2 + u, v), {}, {}});
  }
  truth.interfaces = {floor, side};
  ContactSet set;
  set.contacts = {make_contact(0, 1, Vec3(1.1, 3.2, 0.5), Vec3(0, 3, 0)),   // on the floor
                  make_contact(1, 0, Vec3(1.1, 3.7, 0.5), Vec3(0, -1, 0)),  // B, A: flipped; 0.5 above the floor
                  make_contact(0, 1, Vec3(1.6, 3.7, 0.5), Vec3(1, 0, 0)),   // on the side, 0.5 from the floor
                  make_contact(0, 1, Vec3(1.1, 3.2, 0.5), Vec3(0, -1, 0)),  // on the floor, reversed
                  make_contact(1, 2, Vec3(0, 0, 0), Vec3(0, 1, 0))};        // no interface: stray
  const ContactAssignment a = assign_contacts(scene, truth, set);
  ASSERT_EQ(a.contacts.size(), 5u);
  EXPECT_EQ(a.feasible_normals[0], (std::vector<Vec3>{Vec3::UnitY()}));
  EXPECT_EQ(a.regions[1].size(), 4u);

  EXPECT_EQ(a.contacts[0].interface_index, 0u);
  EXPECT_EQ(a.contacts[0].normal, Vec3::UnitY());
  EXPECT_EQ(a.contacts[0].alignment, 1.0);
  EXPECT_NEAR(a.contacts[0].distance, 0.0, 1e-12);

  EXPECT_EQ(a.contacts[1].interface_index, 0u);  // the side is 0.5 away too: the better normal wins
  EXPECT_EQ(a.contacts[1].normal, Vec3::UnitY());
  EXPECT_EQ(a.contacts[1].alignment, 1.0);
  EXPECT_NEAR(a.contacts[1].distance, 0.5, 1e-12);

  EXPECT_EQ(a.contacts[2].interface_index, 1u);
  EXPECT_NEAR(a.contacts[2].distance, 0.0, 1e-12);
  EXPECT_EQ(a.contacts[2].alignment, 1.0);

  EXPECT_EQ(a.contacts[3].interface_index, 0u);
  EXPECT_EQ(a.contacts[3].alignment, -1.0);

  EXPECT_FALSE(a.contacts[4].interface_index);
  EXPECT_EQ(a.contacts[4].alignment, -1.0);
  EXPECT_EQ(a.contacts[4].distance, kInf);

  EXPECT_EQ(a.contacts_per_interface(), (std::vector<int>{3, 1}));

  set.contacts.push_back(make_contact(0, static_cast<Index>(scene.bodies.size()), Vec3::Zero(), Vec3::UnitY()));
  EXPECT_THROW(assign_contacts(scene, truth, set), InputError);
}

}  // namespace
}  // namespace contactlab
