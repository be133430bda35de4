// Frame independence of the simulation (issue 13; docs/methods.md "Frame independence"): a run of a
// scene and a run of the same scene moved by a random similarity x ↦ s R x + t give the same
// motion, mapped by the same similarity. With lengths scaled by s and time kept, accelerations scale
// by s, so the moved scene's gravity is s R g (transformed() keeps |g|; the test scales it). Masses
// scale by s³ and inertias by s⁵ at the same density; the contact problem is homogeneous in them,
// and PGS prox's r-factors (ν / W_nn, ν / λ_max) and its divergence test (a ratio of merits) do not
// see the scale. What is compared comes from the two runs alone.
//
// Two horizons, because the runs are frame-independent in their decisions but not immune to the
// conditioning of what they compute:
//  - the first step, every method, pillar, arch and wall: the same contacts in the same order
//    (PGS is a Gauss–Seidel sweep, so the order is part of the result: sorting by world position
//    gave a turned scene another motion), and poses and velocities equal to 1e-12;
//  - 30 steps of closest-points, and of semi-local with the warm start: the same contact count
//    every step and poses within 1e-8 of the length scale. The 1000 sweeps amplify rounding by about 10³ a step on these stiff stacks
//    (1e-16 after step 1, 1e-13 after step 2, 4e-8 after 30 on the arch with opposing), and the
//    methods that intersect surfaces (opposing, volume-sat, ...) then see faces that cross at
//    angles of 1e-8 (penetrations of a few bands): their intersection points carry errors of
//    rounding / angle, and a merge or touching decision within that of its threshold can go either
//    way (pillar with opposing: one contact more at step 2). docs/simulation-format.md "Frame
//    independence" states this limit.
// Moves: translations up to 5 × the scale, and up to 10³ × for the "Far" cases.
// Seeds: CONTACTLAB_FRAME_SEEDS (default 10; the asan preset sets 2).
#include "contactlab/contact/method.h"
#include "contactlab/dynamics/rigid_simulation.h"
#include "contactlab/scene/scene_transforms.h"
#include "contactlab/suite/load_scene.h"
#include "core/count_from_environment.h"
#include "dynamics/box_scenes.h"
#include "scene/random_similarity.h"

#include <gtest/gtest.h>

#include <numbers>
#include <ostream>
#include <string>

namespace contactlab {
namespace {

struct Case {
  const char* scene;
  const char* method;
  int steps;
  bool warm_start = false;  ///< SimulationSettings::warm_start
  double reach = 5.0;       ///< translations up to this × the scale (random_similarity)
};

/// How gtest prints a Case (in test names' "# GetParam() = …" and in failures): by its fields, not
/// its bytes (which hold pointers: the names changed from run to run, and `ctest --rerun-failed`
/// could not find a failed case again).
void PrintTo(const Case& c, std::ostream* os) {
  *os << c.scene << ' ' << c.method << ' ' << c.steps << " steps" << (c.warm_start ? " warm" : "")
      << (c.reach > 5.0 ? " far" : "");
}

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  std::string name = std::string(info.param.scene) + "_" + info.param.method + "_" + std::to_string(info.param.steps) +
                     (info.param.warm_start ? "_warm" : "") + (info.param.reach > 5.0 ? "_far" : "");
  for (char& ch : name) {
    if (ch == '-') ch = '_';
  }
  return name;
}

class SimulationFrame : public ::testing::TestWithParam<Case> {};

TEST_P(SimulationFrame, MovedScenesMoveAlike) {
  const Case c = GetParam();
  const ContactMethod* method = find_contact_method(c.method);
  ASSERT_NE(method, nullptr);
  const Scene original = load_scene(c.scene);
  const double length = original.length_scale();
  const double tolerance = c.steps == 1 ? 1e-12 : 1e-8;
  SimulationSettings settings;
  settings.solver.max_iterations = 300;
  settings.warm_start = c.warm_start;

  RigidSimulation reference(original, *method, settings);
  std::vector<ContactSet> sets;
  for (int n = 0; n < c.steps; ++n) sets.push_back(reference.step().contacts);
  ASSERT_GT(sets.front().contacts.size(), 0u);

  const int seeds = test::count_from_environment("CONTACTLAB_FRAME_SEEDS", 10);
  for (int seed = 0; seed < seeds; ++seed) {
    const test::SimilarityMove m = test::random_similarity(static_cast<unsigned>(seed), c.reach);
    const Mat3& R = m.motion.rotation;
    Scene moved = transformed(original, m.motion, m.scale);
    moved.gravity *= m.scale;
    RigidSimulation sim(moved, *method, settings);
    for (int n = 0; n < c.steps; ++n) {
      const ContactSet set = sim.step().contacts;
      const std::string where =
          std::string(c.scene) + " " + c.method + ", step " + std::to_string(n + 1) + ", " + m.text;
      ASSERT_EQ(set.contacts.size(), sets[n].contacts.size()) << where;
      if (c.steps > 1) continue;
      for (std::size_t k = 0; k < set.contacts.size(); ++k) {  // the same contacts in the same order
        const Contact& want = sets[n].contacts[k];
        const Contact& got = set.contacts[k];
        ASSERT_EQ(got.body_a, want.body_a) << where << ", contact " << k;
        ASSERT_EQ(got.body_b, want.body_b) << where << ", contact " << k;
        ASSERT_LT((got.position - m.motion.apply(m.scale * want.position)).norm() / m.scale, 1e-9 * length)
            << where << ", contact " << k;
        ASSERT_LT((got.normal - R * want.normal).norm(), 1e-9) << where << ", contact " << k;
      }
    }
    const double speed = length / (settings.time_step * c.steps);
    for (std::size_t i = 0; i < sim.bodies().size(); ++i) {
      const RigidBody& want = reference.bodies()[i];
      const RigidBody& got = sim.bodies()[i];
      const std::string where = std::string(c.scene) + " " + c.method + ", body " + std::to_string(i) + ", " + m.text;
      EXPECT_LT((got.centre - m.motion.apply(m.scale * want.centre)).norm() / m.scale, tolerance * length) << where;
      const Quat turned(R * want.orientation.toRotationMatrix());
      EXPECT_LT(got.orientation.angularDistance(turned), tolerance) << where;
      EXPECT_LT((got.linear_velocity - m.scale * (R * want.linear_velocity)).norm() / m.scale, tolerance * speed)
          << where;
      EXPECT_LT((got.angular_velocity - R * want.angular_velocity).norm(), tolerance * speed / length) << where;
    }
  }
}

constexpr Case kFirstStep[] = {
    {"pillar", "intersection", 1},      {"pillar", "closest-points", 1}, {"pillar", "vertex-only", 1},
    {"pillar", "consistent-vertex", 1}, {"pillar", "volume-sat", 1},     {"pillar", "surface-sat", 1},
    {"pillar", "opposing", 1},          {"pillar", "growth", 1},         {"arch", "opposing", 1},
    {"arch", "volume-sat", 1},          {"arch", "closest-points", 1},   {"wall", "opposing", 1},
    {"pillar", "semi-local", 1},        {"arch", "semi-local", 1},       {"wall", "semi-local", 1}};
INSTANTIATE_TEST_SUITE_P(FirstStep, SimulationFrame, ::testing::ValuesIn(kFirstStep), case_name);

// Semi-local keeps its polygon corners from step to step and, with the warm start, its impulses:
// thirty steps alike too.
constexpr Case kThirtySteps[] = {{"pillar", "closest-points", 30},
                                 {"arch", "closest-points", 30},
                                 {"pillar", "semi-local", 30, true},
                                 {"arch", "semi-local", 30, true},
                                 {"wall", "semi-local", 30, true}};
INSTANTIATE_TEST_SUITE_P(ThirtySteps, SimulationFrame, ::testing::ValuesIn(kThirtySteps), case_name);

// Scenes moved up to 10³ × the scale away (about 10³ scene sizes; docs/methods.md "How far"): the
// first step and thirty steps alike too. The contact driver works from the scene's centre there;
// the bodies' poses are integrated in world coordinates, whose rounding is then 10³ times larger
// and stays within the tolerances above.
constexpr Case kFar[] = {{"pillar", "intersection", 1, false, 1e3},
                         {"arch", "volume-sat", 1, false, 1e3},
                         {"wall", "opposing", 1, false, 1e3},
                         {"pillar", "closest-points", 30, false, 1e3},
                         {"pillar", "semi-local", 30, true, 1e3}};
INSTANTIATE_TEST_SUITE_P(Far, SimulationFrame, ::testing::ValuesIn(kFar), case_name);

// The polygon of the polyhedral LCP and the square of the boxed LCP are not isotropic: their
// friction bound depends on the direction of sliding within the contact's tangent basis. The basis
// comes from body A's axes (contact_frame), so it turns with the scene and a box sliding down a 40°
// incline slides alike in any frame — with tangents from the world axes, a turned incline met
// another side of the square and slid another distance. (And Lemke's tolerances, relative to the
// largest entry of an LCP whose variables mixed impulses and velocities, made a scaled scene pivot
// differently — one step's answer differed by 1e-8 and the box jumped — until the LCP was put in
// velocity units, polyhedral_lcp.h "Units".)
TEST(SimulationFrame, AnisotropicFrictionSlidesAlikeInAnyFrame) {
  const double theta = 40.0 * std::numbers::pi / 180;
  Scene incline = transformed(test::box_on_slab(), Transform::from_axis_angle(Vec3(0.3, 0.2, 1).normalized(), theta));
  incline.gravity = Vec3(0, -9.81, 0);
  const ContactMethod* method = find_contact_method("volume-sat");
  const int steps = 20;
  const int seeds = test::count_from_environment("CONTACTLAB_FRAME_SEEDS", 10);
  for (const ContactSolverKind kind : {ContactSolverKind::lcp, ContactSolverKind::lcp_lemke, ContactSolverKind::blcp}) {
    SimulationSettings settings;
    settings.solver_kind = kind;
    RigidSimulation reference(incline, *method, settings);
    const Vec3 start = reference.bodies()[1].centre;
    for (int n = 0; n < steps; ++n) reference.step();
    const Vec3 slid = reference.bodies()[1].centre - start;
    ASSERT_GT(slid.norm(), 0.01) << to_string(kind) << ": the box should slide";
    for (int seed = 0; seed < seeds; ++seed) {
      const test::SimilarityMove m = test::random_similarity(static_cast<unsigned>(seed));
      Scene moved = transformed(incline, m.motion, m.scale);
      moved.gravity *= m.scale;
      RigidSimulation sim(moved, *method, settings);
      const Vec3 moved_start = sim.bodies()[1].centre;
      for (int n = 0; n < steps; ++n) sim.step();
      const Vec3 moved_slid = (sim.bodies()[1].centre - moved_start) / m.scale;
      EXPECT_LT((moved_slid - m.motion.rotation * slid).norm(), 1e-9 * slid.norm())
          << to_string(kind) << ", " << m.text;
    }
  }
}

}  // namespace
}  // namespace contactlab
