// Kinetic + potential energy never grows over 500 steps of the paper's dynamic scenes (issue 13
// item 4), at the paper's settings (h = 0.01 s, 1000 PGS prox sweeps, cold start, μ = 0.5).
//
// Why it cannot grow, and by how much it may. In one step (rigid_simulation.h) u⁺ = u + h M⁻¹ f +
// M⁻¹ Jᵀ λ and the centre of mass moves by h v⁺, so with f = m g the work of gravity cancels the
// change of potential energy exactly and
//     E⁺ − E = λᵀ (J u⁺) − ½ (u⁺ − u − h M⁻¹ f)ᵀ M (u⁺ − u − h M⁻¹ f)
// (seed 003 §1.1; the gyroscopic step and the quaternion renormalisation add only rounding). For
// impulses that solve the contact problem, λₙ (J u⁺)ₙ = −λₙ max(gap, 0) / h ≤ 0 (complementarity
// with the speculative gap term) and λₜ · (J u⁺)ₜ = −μ λₙ |(J u⁺)ₜ| ≤ 0 (maximal dissipation), so
// the energy falls. 1000 sweeps leave a residual (merit ~1e-4 m/s on these stacks), and through it
// the impulses can do positive work of about Σ λ × merit ≈ m g h × 1e-4 m/s: about 1e-6 of
// m g L per step (L the scene's length scale; measured up to 1.4e-6 on the pillar with
// volume-sat). The test allows 1e-5 m g L per step and asks that the energy at the end is below
// the start's.
//
// Steps: CONTACTLAB_ENERGY_STEPS (default 500, the issue's; the asan preset sets 8).
#include "contactlab/contact/method.h"
#include "contactlab/dynamics/rigid_simulation.h"
#include "contactlab/suite/load_scene.h"
#include "core/count_from_environment.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>

namespace contactlab {
namespace {

class EnergyNeverGrows : public ::testing::TestWithParam<const char*> {};

TEST_P(EnergyNeverGrows, OverTheRunWithOpposing) {
  const std::string scene_name = GetParam();
  const ContactMethod* method = find_contact_method("opposing");
  ASSERT_NE(method, nullptr);
  const Scene scene = load_scene(scene_name);
  RigidSimulation sim(scene, *method);
  double weight = 0.0;
  for (const RigidBody& body : sim.bodies()) {
    if (!body.fixed) weight += body.mass * scene.gravity.norm();
  }
  const double allowance = 1e-5 * weight * scene.length_scale();
  const double start = sim.kinetic_energy() + sim.potential_energy();
  double energy = start, largest_rise = 0.0;
  const int steps = test::count_from_environment("CONTACTLAB_ENERGY_STEPS", 500);
  for (int n = 0; n < steps; ++n) {
    const ContactSolution solve = sim.step().solve;
    const double next = sim.kinetic_energy() + sim.potential_energy();
    largest_rise = std::max(largest_rise, next - energy);
    ASSERT_LE(next - energy, allowance) << scene_name << ", step " << n + 1 << ": merit " << solve.merit;
    energy = next;
  }
  EXPECT_LT(energy, start) << scene_name;
  std::printf("%s: %d steps, E %.6g J → %.6g J, largest rise in a step %.3g J (%.2g of m g L)\n", scene_name.c_str(),
              steps, start, energy, largest_rise, largest_rise / (weight * scene.length_scale()));
}

INSTANTIATE_TEST_SUITE_P(Scenes, EnergyNeverGrows, ::testing::Values("pillar", "arch", "wall"),
                         [](const ::testing::TestParamInfo<const char*>& info) { return std::string(info.param); });

}  // namespace
}  // namespace contactlab
