// The penalty stability study (issue 19, seed 001 §C): the largest stable ω h measured on the
// particle within 1 % of the seed's analysis (2 for symplectic Euler, √2 for CPF), and on a box
// resting on its 4 vertex-only contacts within 5 % of the same bounds on its fastest mode.
#include "contactlab/assess/penalty_stability.h"
#include "contactlab/suite/load_scene.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace contactlab {
namespace {

TEST(PenaltyStability, ParticleOnAPlaneMatchesTheSeedsBounds) {
  // Either side of the bounds, by 2 %: bounded energy, then growth beyond the limit.
  EXPECT_LT(particle_energy_growth(PenaltyIntegrator::penalty, 0.98 * 2.0, 10000), 1e4);
  EXPECT_GT(particle_energy_growth(PenaltyIntegrator::penalty, 1.02 * 2.0, 10000), 1e4);
  EXPECT_LT(particle_energy_growth(PenaltyIntegrator::cpf, 0.98 * std::numbers::sqrt2, 10000), 1e4);
  EXPECT_GT(particle_energy_growth(PenaltyIntegrator::cpf, 1.02 * std::numbers::sqrt2, 10000), 1e4);
  // CPF damps (its update's determinant is 1 − (ω h)² / 2): well below the bound the energy decays.
  EXPECT_LT(particle_energy_growth(PenaltyIntegrator::cpf, 0.5, 10000), 1.0 + 1e-12);
  PenaltyStabilityRequest request;
  request.sweep_step = 0.25;
  const PenaltyStabilityResult result = run_penalty_stability(request);
  ASSERT_EQ(result.particle.size(), 2u);
  EXPECT_DOUBLE_EQ(result.particle[0].analytic, 2.0);
  EXPECT_DOUBLE_EQ(result.particle[1].analytic, std::numbers::sqrt2);
  for (const IntegratorStability& s : result.particle) {
    EXPECT_LT(std::abs(s.relative_error()), 0.01) << to_string(s.integrator) << " " << s.measured;
    ASSERT_EQ(s.sweep.size(), 12u);
    for (const StabilitySweepPoint& p : s.sweep) {
      EXPECT_EQ(p.growth <= request.growth_limit, p.omega_h <= s.measured) << p.omega_h;
    }
  }
  EXPECT_TRUE(result.body.empty());
}

TEST(PenaltyStability, BouncesKeepTheEnergyTheSeedPredicts) {
  // CPF damps by its update's determinant over the contact's half oscillation (seed §C eq. 30):
  // (1 − (ω h)²/2)^(π/θ), ≈ exp(−π ω h / 2); the contact's partial steps are integrated exactly, so
  // the bounce loses nothing more (to 0.02 % at ω h ≤ 0.2; 1 % at 0.5, where the contact lasts six
  // steps). Symplectic Euler keeps the energy, to O(ω h).
  EXPECT_NEAR(predicted_bounce_energy_ratio(PenaltyIntegrator::cpf, 0.02), std::exp(-std::numbers::pi * 0.01), 1e-5);
  for (const double w : {0.02, 0.05, 0.1, 0.2}) {
    const double predicted = predicted_bounce_energy_ratio(PenaltyIntegrator::cpf, w);
    EXPECT_NEAR(particle_bounce_energy_ratio(PenaltyIntegrator::cpf, w), predicted, 2e-4 * predicted) << w;
    EXPECT_NEAR(particle_bounce_energy_ratio(PenaltyIntegrator::penalty, w), 1.0, 0.01) << w;
  }
  EXPECT_NEAR(particle_bounce_energy_ratio(PenaltyIntegrator::cpf, 0.5),
              predicted_bounce_energy_ratio(PenaltyIntegrator::cpf, 0.5), 0.01);
}

TEST(PenaltyStability, BoxOnItsContactsMatchesTheBoundsOnItsFastestMode) {
  const Scene scene = load_scene(std::string(CONTACTLAB_TEST_DATA_DIR) + "/scenes/box_on_slab.json");
  PenaltyStabilityRequest request;
  request.steps = 100;  // the particle part, kept short: it is tested above
  request.sweep_step = 1.0;
  request.body_steps = 400;
  request.body_scene = &scene;
  request.method = find_contact_method("vertex-only");
  const PenaltyStabilityResult result = run_penalty_stability(request);
  ASSERT_EQ(result.body.size(), 2u);
  EXPECT_EQ(result.body_contacts, 4);
  // 4 corner contacts (x = ±0.25, z = ±0.2 from the centre), k each, normal up, on a 0.5 × 0.3 ×
  // 0.4 m box of m = 120 kg: the bounce √(4k/m) = 25.8 rad/s and the rockings √(k Σ r² / I), about
  // x (Σ z² = 0.16, I = m (0.3² + 0.4²)/12) 35.8 rad/s and about z (Σ x² = 0.25, I = m (0.5² +
  // 0.3²)/12) 38.3 rad/s, the fastest.
  const double m = 120.0, k = request.body_stiffness;
  const double rock_z = std::sqrt(k * 0.25 / (m * (0.5 * 0.5 + 0.3 * 0.3) / 12.0));
  EXPECT_NEAR(result.body_omega_max, rock_z, 1e-3 * rock_z);
  for (const IntegratorStability& s : result.body) {
    EXPECT_LT(std::abs(s.relative_error()), 0.05) << to_string(s.integrator) << " " << s.measured;
  }
  // The box dropped flat at h = 0.01 s (ω h = √(4k/m) h = 0.258): CPF keeps the seed's share of the
  // energy to 0.1 %, symplectic Euler all of it to 2 %.
  int box_bounces = 0;
  for (const BounceEnergy& b : result.bounces) {
    if (b.name != "box") continue;
    ++box_bounces;
    EXPECT_NEAR(b.omega_h, std::sqrt(4.0 * k / m) * 0.01, 1e-3);
    EXPECT_NEAR(b.measured, b.predicted, (b.integrator == PenaltyIntegrator::cpf ? 1e-3 : 2e-2) * b.predicted);
  }
  EXPECT_EQ(box_bounces, 2);
}

}  // namespace
}  // namespace contactlab
