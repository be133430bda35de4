// The simulation loop with contact (dynamics/rigid_simulation.h), validated against closed forms
// (issue 13 item 4): a box at rest stays, a box on an incline sticks for tan θ < μ and otherwise
// slides with a = g (sin θ − μ cos θ), a push beyond μ m g slides with a = F/m − μ g and one below
// does not, a frictionless collision conserves linear momentum; and a run repeats bit for bit
// with 1 or 2 threads.
#include "contactlab/dynamics/rigid_simulation.h"
#include "contactlab/contact/method.h"
#include "contactlab/core/error.h"
#include "contactlab/scene/scene_transforms.h"
#include "contactlab/suite/load_scene.h"
#include "dynamics/box_scenes.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numbers>

namespace contactlab {
namespace {

constexpr double kG = 9.81;

const ContactMethod& method(const char* name) {
  const ContactMethod* m = find_contact_method(name);
  EXPECT_NE(m, nullptr) << name;
  return *m;
}

/// Displacement of body `i`'s centre after `steps` steps.
Vec3 displacement(RigidSimulation& sim, std::size_t i, int steps) {
  const Vec3 start = sim.bodies()[i].centre;
  for (int n = 0; n < steps; ++n) sim.step();
  return sim.bodies()[i].centre - start;
}

/// Distance slid by the semi-implicit recurrence under a constant acceleration a from rest:
/// h Σ_{k=1..n} k h a = a h² n (n + 1) / 2.
double recurrence_distance(double a, double h, int n) { return a * h * h * n * (n + 1) / 2.0; }

// A method with correct normals on face–face contact keeps a resting box still (seed 002 §8: the
// box-on-plane case). Volume-SAT and opposing give the face normal there.
TEST(RigidSimulation, BoxAtRestStaysWithinAMicrometre) {
  for (const char* name : {"volume-sat", "opposing"}) {
    RigidSimulation sim(test::box_on_slab(), method(name));
    const Vec3 moved = displacement(sim, 1, 100);
    EXPECT_LT(moved.norm(), 1e-6) << name << ": " << moved.transpose();
    std::printf("at rest, %s: moved %.3g m in 100 steps\n", name, moved.norm());
    EXPECT_LT(sim.bodies()[1].angular_velocity.norm(), 1e-5) << name;
  }
}

/// The box on the slab with the whole scene turned by θ about z (an incline), gravity straight down.
Scene incline(double theta) {
  Scene scene = transformed(test::box_on_slab(), Transform::from_axis_angle(Vec3::UnitZ(), theta));
  scene.gravity = Vec3(0, -kG, 0);
  return scene;
}

TEST(RigidSimulation, BoxOnAnInclineSticksOrSlidesByCoulomb) {
  const double mu = 0.5;  // the scene default
  const int steps = 40;
  SimulationSettings settings;
  for (const double degrees : {15.0, 20.0, 35.0, 40.0}) {
    const double theta = degrees * std::numbers::pi / 180;
    RigidSimulation sim(incline(theta), method("volume-sat"), settings);
    const Vec3 moved = displacement(sim, 1, steps);
    const Vec3 down_slope(-std::cos(theta), -std::sin(theta), 0);
    if (std::tan(theta) < mu) {
      EXPECT_LT(moved.norm(), 1e-6) << degrees << "°: " << moved.transpose();
      std::printf("incline %g°: sticks, moved %.3g m in %d steps\n", degrees, moved.norm(), steps);
    } else {
      const double a = kG * (std::sin(theta) - mu * std::cos(theta));
      const double expected = recurrence_distance(a, settings.time_step, steps);
      std::printf("incline %g°: slid %.6g m, g (sin θ − μ cos θ) gives %.6g m (relative error %.2g)\n", degrees,
                  moved.dot(down_slope), expected, moved.dot(down_slope) / expected - 1.0);
      EXPECT_NEAR(moved.dot(down_slope), expected, 0.02 * expected) << degrees << "°";
      EXPECT_LT((moved - moved.dot(down_slope) * down_slope).norm(), 0.01 * expected) << degrees << "°";
    }
  }
}

// The same incline with the other solvers (solver/solve_contacts.h): each sticks where its friction
// set holds the box and slides where it cannot. Their sets differ: the polyhedral cone of 8
// directions bounds the friction impulse by between μ cos(π/8) and μ depending on the direction,
// the box of the BLCP by between μ and √2 μ — so 20° (tan 0.36) sticks and 40° (tan 0.84) slides
// for all, and a slide's distance lies between those of the smallest and largest bound.
TEST(RigidSimulation, BoxOnAnInclineSticksOrSlidesWithEverySolver) {
  const double mu = 0.5;
  const int steps = 40;
  for (const ContactSolverKind kind : {ContactSolverKind::lcp, ContactSolverKind::lcp_lemke, ContactSolverKind::blcp}) {
    SimulationSettings settings;
    settings.solver_kind = kind;
    const double weakest = kind == ContactSolverKind::blcp ? mu : mu * std::cos(std::numbers::pi / 8);
    const double strongest = kind == ContactSolverKind::blcp ? std::sqrt(2.0) * mu : mu;
    for (const double degrees : {20.0, 40.0}) {
      const double theta = degrees * std::numbers::pi / 180;
      RigidSimulation sim(incline(theta), method("volume-sat"), settings);
      const Vec3 moved = displacement(sim, 1, steps);
      const Vec3 down_slope(-std::cos(theta), -std::sin(theta), 0);
      SCOPED_TRACE(to_string(kind) + " at " + std::to_string(degrees) + "°");
      if (degrees == 20.0) {
        EXPECT_LT(moved.norm(), 1e-6) << moved.transpose();
      } else {
        const double least = recurrence_distance(kG * (std::sin(theta) - strongest * std::cos(theta)), 0.01, steps);
        const double most = recurrence_distance(kG * (std::sin(theta) - weakest * std::cos(theta)), 0.01, steps);
        std::printf("incline 40°, %s: slid %.6g m, bounds %.6g to %.6g m\n", to_string(kind).c_str(),
                    moved.dot(down_slope), least, most);
        EXPECT_GE(moved.dot(down_slope), 0.98 * least);
        EXPECT_LE(moved.dot(down_slope), 1.02 * most);
      }
    }
  }
}

// A horizontal push F through the centre of mass: a sideways gravity component F/m.
TEST(RigidSimulation, PushBeyondFrictionSlidesAndBelowDoesNot) {
  const double mu = 0.5;
  const int steps = 40;
  SimulationSettings settings;
  for (const double fraction : {0.6, 0.95, 1.5, 2.0}) {  // F / (μ m g)
    Scene scene = test::box_on_slab();
    scene.gravity = Vec3(fraction * mu * kG, -kG, 0);
    RigidSimulation sim(scene, method("volume-sat"), settings);
    const Vec3 moved = displacement(sim, 1, steps);
    if (fraction < 1) {
      EXPECT_LT(moved.norm(), 1e-6) << fraction;
      std::printf("push %.2f μ m g: moved %.3g m\n", fraction, moved.norm());
    } else {
      const double expected = recurrence_distance((fraction - 1) * mu * kG, settings.time_step, steps);
      std::printf("push %.2f μ m g: slid %.6g m, F/m − μ g gives %.6g m (relative error %.2g)\n", fraction, moved.x(),
                  expected, moved.x() / expected - 1.0);
      EXPECT_NEAR(moved.x(), expected, 0.02 * expected) << fraction;
    }
  }
}

// Two boxes touching face to face, no gravity, no friction, the left one moving right: the
// impulses are equal and opposite, so the total linear momentum is kept.
TEST(RigidSimulation, FrictionlessCollisionConservesLinearMomentum) {
  Scene scene;
  scene.name = "collision";
  scene.gravity = Vec3::Zero();
  scene.bodies.push_back(test::box_body("left", Vec3(0.4, 0.4, 0.4), Vec3(-0.2, 0, 0), false));
  scene.bodies.push_back(test::box_body("right", Vec3(0.3, 0.5, 0.3), Vec3(0.15, 0.05, 0), false));
  for (Body& body : scene.bodies) body.friction = 0;
  scene.bodies[0].linear_velocity = Vec3(1.0, 0.2, 0);
  RigidSimulation sim(scene, method("volume-sat"));
  const auto momentum = [&] {
    Vec3 p = Vec3::Zero();
    for (const RigidBody& b : sim.bodies()) p += b.mass * b.linear_velocity;
    return p;
  };
  const Vec3 before = momentum();
  const StepReport first = sim.step();
  EXPECT_FALSE(first.contacts.contacts.empty());
  for (int n = 0; n < 10; ++n) sim.step();
  EXPECT_LT((momentum() - before).norm(), 1e-12 * before.norm());
  std::printf("collision: |Δp| / |p| = %.3g\n", (momentum() - before).norm() / before.norm());
  EXPECT_GT(sim.bodies()[1].linear_velocity.x(), 0.1);  // the push went through
}

// The run's bits do not depend on the thread count (contact generation is deterministic, the
// solver and the stepping serial).
TEST(RigidSimulation, OneOrTwoThreadsGiveTheSameBits) {
  const Scene wall = load_scene("wall");
  std::vector<std::vector<RigidBody>> runs;
  for (const int threads : {1, 2}) {
    SimulationSettings settings;
    settings.contacts.threads = threads;
    settings.solver.max_iterations = 100;
    RigidSimulation sim(wall, method("opposing"), settings);
    for (int n = 0; n < 3; ++n) sim.step();
    runs.push_back(sim.bodies());
  }
  for (std::size_t i = 0; i < runs[0].size(); ++i) {
    EXPECT_EQ(runs[0][i].centre, runs[1][i].centre) << i;
    EXPECT_EQ(runs[0][i].orientation.coeffs(), runs[1][i].orientation.coeffs()) << i;
    EXPECT_EQ(runs[0][i].angular_velocity, runs[1][i].angular_velocity) << i;
  }
}

// largest_motion against poses set by hand: a fixed body's motion is ignored, the largest
// displacement and the largest rotation may belong to different bodies.
TEST(RigidSimulation, LargestMotionIsTheFarthestMovedAndMostTurnedBody) {
  const std::vector<RigidBody> start = rigid_bodies(test::box_on_slab());
  std::vector<RigidBody> now = start;
  now[0].centre += Vec3(100, 0, 0);  // the fixed slab: not counted
  now[1].centre += Vec3(0.3, 0, 0.4);
  now[1].orientation = Quat(Eigen::AngleAxisd(0.25, Vec3::UnitY())) * now[1].orientation;
  const LargestMotion m = largest_motion(start, now);
  EXPECT_EQ(m.displaced_body, 1);
  EXPECT_NEAR(m.displacement, 0.5, 1e-15);
  EXPECT_EQ(m.rotated_body, 1);
  EXPECT_NEAR(m.rotation, 0.25, 1e-12);
  EXPECT_THROW(largest_motion(start, {}), std::invalid_argument);
}

TEST(RigidSimulation, BadTimeStepIsRefused) {
  SimulationSettings settings;
  settings.time_step = 0;
  EXPECT_THROW(RigidSimulation(test::box_on_slab(), method("opposing"), settings), InputError);
}

}  // namespace
}  // namespace contactlab
