// Tunnelling and CCD in the simulation (issue 18 item 4): a small box falling at 10 m/s onto a thin
// fixed plate, dt 0.01 — it moves 0.1 m per step, ten times the plate's thickness and twice its own
// size, so the contacts of each step's start never see the plate: without CCD the box passes
// through; with SimulationSettings::ccd the speculative contacts of its first impact stop it on the
// plate. Also: a slow box gets no CCD contacts (it is not fast), and resting contact needs none.
#include "contactlab/dynamics/ccd_contacts.h"
#include "contactlab/contact/method.h"
#include "contactlab/dynamics/rigid_simulation.h"
#include "dynamics/box_scenes.h"

#include <gtest/gtest.h>

namespace contactlab {
namespace {

/// A plate x, z ∈ [−1, 1], 1 cm thick (top at y = 0), and a 5 cm box above it, falling at `speed`.
Scene box_over_plate(double speed) {
  Scene scene;
  scene.name = "box-over-plate";
  scene.bodies.push_back(test::box_body("plate", Vec3(2, 0.01, 2), Vec3(0, -0.005, 0), true));
  Body box = test::box_body("box", Vec3(0.05, 0.05, 0.05), Vec3(0.1, 0.2, 0.05), false);
  box.linear_velocity = Vec3(0, -speed, 0);
  scene.bodies.push_back(box);
  return scene;
}

double box_bottom_after(int steps, bool ccd, double speed) {
  SimulationSettings settings;
  settings.ccd = ccd;
  settings.solver.max_iterations = 200;
  RigidSimulation sim(box_over_plate(speed), *find_contact_method("opposing"), settings);
  for (int k = 0; k < steps; ++k) sim.step();
  return sim.bodies()[1].centre.y() - 0.025;
}

TEST(CcdContacts, AFastBoxTunnelsWithoutCcdAndStopsWithIt) {
  // Without CCD: the box is below the plate (its bottom under y = −0.01) after 10 steps.
  EXPECT_LT(box_bottom_after(10, false, 10.0), -0.05);
  // With CCD: it lands on the plate and stays there (its bottom within 2 mm of y = 0).
  const double bottom = box_bottom_after(40, true, 10.0);
  EXPECT_GT(bottom, -0.002);
  EXPECT_LT(bottom, 0.002);
}

TEST(CcdContacts, OnlyFastBodiesAndOnlyPairsApartGetThem) {
  const Scene fast = box_over_plate(10.0);
  const std::vector<RigidBody> bodies = rigid_bodies(fast);
  std::vector<BodyVelocity> free(bodies.size(), BodyVelocity::Zero());
  for (std::size_t i = 0; i < bodies.size(); ++i) free[i] = bodies[i].velocity();
  // 0.05 m above the plate at 10 m/s: within the step (0.1 m) its 4 bottom corners meet the plate's
  // top — one contact each, though a corner over the top face's diagonal meets two triangles.
  Scene near = fast;
  near.bodies[1].position.y() = 0.075;
  const std::vector<Contact> hits = ccd_contacts(near, rigid_bodies(near), free, {0.01, 0.1, 1e-9});
  ASSERT_EQ(hits.size(), 4u);
  for (const Contact& c : hits) {
    EXPECT_EQ(c.body_a, 0);  // the plate's face ...
    EXPECT_EQ(c.body_b, 1);  // ... the box's corners
    EXPECT_NEAR(c.normal.y(), 1.0, 1e-12);
    EXPECT_NEAR(c.gap, 0.05, 1e-12);
  }
  // The first position: it moves 0.1 m but is 0.175 m above: no impact in this step.
  EXPECT_TRUE(ccd_contacts(fast, bodies, free, {0.01, 0.1, 1e-9}).empty());
  // Slow (0.05 m/s: 0.5 mm in the step, half of 0.1 × the plate's 1 cm): no CCD contacts even
  // close to the plate.
  Scene slow = near;
  slow.bodies[1].linear_velocity = Vec3(0, -0.05, 0);
  std::vector<BodyVelocity> slow_free(2, BodyVelocity::Zero());
  slow_free[1].head<3>() = Vec3(0, -0.05, 0);
  EXPECT_TRUE(ccd_contacts(slow, rigid_bodies(slow), slow_free, {0.01, 0.1, 1e-9}).empty());
  // Resting on the plate and fast sideways: touching pairs are the method's, none from CCD.
  Scene resting = fast;
  resting.bodies[1].position.y() = 0.025;
  std::vector<BodyVelocity> sideways(2, BodyVelocity::Zero());
  sideways[1].head<3>() = Vec3(10, 0, 0);
  EXPECT_TRUE(ccd_contacts(resting, rigid_bodies(resting), sideways, {0.01, 0.1, 1e-9}).empty());
}

/// Two thin bars crossing like a plus sign: a fixed one along x (1 m × 1 cm × 1 cm, top at y = 0),
/// and one along z above it falling at 10 m/s. No vertex of either comes near a face of the other
/// — their ends are 0.5 m from the crossing — so only edges meet: the falling bar's bottom edges
/// (along z) cross the fixed bar's top edges (along x).
Scene crossing_bars() {
  Scene scene;
  scene.name = "crossing-bars";
  scene.bodies.push_back(test::box_body("fixed", Vec3(1, 0.01, 0.01), Vec3(0, -0.005, 0), true));
  Body bar = test::box_body("falling", Vec3(0.01, 0.01, 1), Vec3(0, 0.2, 0), false);
  bar.linear_velocity = Vec3(0, -10, 0);
  scene.bodies.push_back(bar);
  return scene;
}

double bar_bottom_after(int steps, bool ccd, bool edge_edge) {
  SimulationSettings settings;
  settings.ccd = ccd;
  settings.ccd_edge_edge = edge_edge;
  settings.solver.max_iterations = 200;
  RigidSimulation sim(crossing_bars(), *find_contact_method("opposing"), settings);
  for (int k = 0; k < steps; ++k) sim.step();
  return sim.bodies()[1].centre.y() - 0.005;
}

TEST(CcdContacts, CrossingBarsNeedEdgeEdgeImpacts) {
  EXPECT_LT(bar_bottom_after(10, false, false), -0.05);    // no CCD: through
  EXPECT_LT(bar_bottom_after(10, true, false), -0.05);     // vertex–face CCD only: through as well
  const double bottom = bar_bottom_after(40, true, true);  // edge–edge too: it lands on the fixed bar
  EXPECT_GT(bottom, -0.002);
  EXPECT_LT(bottom, 0.002);
  // The impacts themselves, one step before: edge pairs, normal up (to 1e-4), gap = the distance at
  // t = 0 — 5 cm between the bottom edges and the top ones; up to 5.5 cm for the falling bar's
  // side-face diagonals, which pass over the crossing 5 mm higher and arrive within 5 % of the step.
  Scene near = crossing_bars();
  near.bodies[1].position.y() = 0.055;  // bottom at 0.05, 0.1 m of travel in the step
  const std::vector<RigidBody> bodies = rigid_bodies(near);
  std::vector<BodyVelocity> free(2, BodyVelocity::Zero());
  free[1].head<3>() = Vec3(0, -10, 0);
  const std::vector<Contact> hits = ccd_contacts(near, bodies, free, {0.01, 0.1, 1e-9, true});
  ASSERT_FALSE(hits.empty());
  int bottom_edges = 0;
  for (const Contact& c : hits) {
    EXPECT_EQ(c.feature_a.type, FeatureType::kEdge);
    EXPECT_EQ(c.feature_b.type, FeatureType::kEdge);
    EXPECT_NEAR(c.normal.y(), 1.0, 1e-4);
    EXPECT_GE(c.gap, 0.05 - 1e-12);
    EXPECT_LE(c.gap, 0.055 + 1e-12);
    bottom_edges += std::abs(c.gap - 0.05) < 1e-12 ? 1 : 0;
  }
  EXPECT_GE(bottom_edges, 2);
  EXPECT_TRUE(ccd_contacts(near, bodies, free, {0.01, 0.1, 1e-9, false}).empty());
}

}  // namespace
}  // namespace contactlab
