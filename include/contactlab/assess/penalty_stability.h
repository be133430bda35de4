// The stability of penalty contact (issue 19; seed 001 §C): the largest stable time step of
// symplectic Euler's penalty forces and of continuous penalty forces, measured, against the
// seed's analysis — a linear spring of stiffness k on a mass m is stable for h < 2 √(m/k) under
// symplectic Euler and for h < √(2 m/k) under CPF, i.e. ω h < 2 and ω h < √2 with ω = √(k/m).
//
// 1. The particle on a plane (seed §C): a unit mass on a plane of stiffness k = 1 under gravity,
//    started 10⁻⁴ of its resting depth m g / k below it (so the contact never opens: the spring of
//    §C about the equilibrium, gravity shifting it only). Each step is the simulator's: the same
//    impulses as rigid bodies get (penalty_impulse; continuous_penalty_impulse with the free
//    velocity as the prediction). A run of `steps` steps is stable when the energy about the
//    equilibrium, ½ m v² + ½ k (x − x_eq)², stays within `growth_limit` × its start. The largest
//    stable ω h is found by bisection, and a sweep of ω h gives the curve of the plot.
// 2. The same on a rigid body resting on its contacts in 3-D (a box on a slab): it is first
//    settled (penalty forces with a critical dashpot, a small step), then started from that
//    equilibrium with a small velocity in every direction, without damping. Its fastest mode is the
//    generalised eigenproblem of the contacts' stiffness K = k Σ Jᵀ J (J the normal rows of the
//    penetrating contacts at the equilibrium, contact_constraints.h's) and the mass matrix:
//    ω_max² = λ_max(M⁻¹ K); the bounds are then ω_max h < 2 and < √2, and the energy measured is
//    ½ uᵀ M u + ½ δqᵀ K δq about the equilibrium pose.
#pragma once

#include "contactlab/contact/method.h"
#include "contactlab/dynamics/penalty_step.h"
#include "contactlab/scene/scene.h"

#include <functional>
#include <string>
#include <vector>

namespace contactlab {

struct PenaltyStabilityRequest {
  int steps = 10000;                 ///< per particle run (the issue's 10⁴)
  int body_steps = 2000;             ///< per run of the 3-D body (each step generates contacts)
  double growth_limit = 1e4;         ///< energy growth over a run beyond which it is unstable
  double relative_tolerance = 1e-4;  ///< of the bisection on ω h
  /// The sweep of the plot: ω h from sweep_step to sweep_end in steps of sweep_step.
  double sweep_step = 0.05, sweep_end = 3.0;
  /// The 3-D case: a scene with one movable body resting on fixed ones (none: skipped), the contact
  /// method (it must report penetration as negative gaps) and the stiffness per contact.
  const Scene* body_scene = nullptr;
  const ContactMethod* method = nullptr;
  double body_stiffness = 2e4;
  /// Called after every run: a short description of what ran.
  std::function<void(const std::string&)> progress;
  /// Polled between runs: true stops the study (PenaltyStabilityResult::stopped).
  std::function<bool()> stop;
};

struct StabilitySweepPoint {
  double omega_h = 0.0;
  double growth = 0.0;  ///< the largest energy over the run / the energy at its start
};

struct IntegratorStability {
  PenaltyIntegrator integrator = PenaltyIntegrator::penalty;
  double analytic = 0.0;  ///< the seed's bound on ω h: 2 or √2
  double measured = 0.0;  ///< the largest stable ω h found
  std::vector<StabilitySweepPoint> sweep;
  double relative_error() const { return (measured - analytic) / analytic; }
};

/// A bounce: the kinetic energy after it over the energy before (no gravity), measured and as the
/// seed's analysis predicts it. CPF damps at a rate fixed by its update (seed §C eq. 30): the energy
/// shrinks by det A = 1 − (ω h)²/2 per step over the half oscillation the contact lasts, π / θ steps
/// with cos θ = (2 − 3(ω h)²/2) / (2 √det A): (1 − (ω h)²/2)^(π/θ) ≈ exp(−π ω h / 2). Symplectic
/// Euler conserves a modified energy: 1, up to O(ω h) from where in a step the contact opens and
/// closes. The partial steps at contact and release are integrated exactly by CPF, so what it loses
/// beyond the prediction is what its contact discretisation loses.
struct BounceEnergy {
  std::string name;  ///< "particle" or the body's name
  PenaltyIntegrator integrator = PenaltyIntegrator::penalty;
  double omega_h = 0.0;
  double measured = 0.0;
  double predicted = 0.0;
};

/// The predicted energy ratio of a bounce (above).
double predicted_bounce_energy_ratio(PenaltyIntegrator integrator, double omega_h);
/// A unit mass at 1 m/s onto a plane of stiffness 1 without gravity: the energy ratio of the bounce.
double particle_bounce_energy_ratio(PenaltyIntegrator integrator, double omega_h);

struct PenaltyStabilityResult {
  std::vector<IntegratorStability> particle;  ///< penalty, cpf
  std::vector<IntegratorStability> body;      ///< penalty, cpf; empty without a body scene
  std::string body_name, method;
  double body_omega_max = 0.0;  ///< rad/s: the fastest mode of the body on its contacts
  int body_contacts = 0;        ///< penetrating contacts at its equilibrium
  double body_stiffness = 0.0;
  /// Bounces of the particle at a few ω h, and of the body dropped flat at 0.5 m/s without gravity
  /// at h = 0.01 s (ω: its bounce mode, √(n k / m) for n contacts).
  std::vector<BounceEnergy> bounces;
  PenaltyStabilityRequest request;  ///< as run (its pointers and callbacks are not to be used)
  bool stopped = false;             ///< stopped by request.stop: the result is incomplete
};

/// Runs the study. Throws InputError for a request out of range or a body scene without exactly
/// one movable body or without penetrating contacts at rest.
PenaltyStabilityResult run_penalty_stability(const PenaltyStabilityRequest& request);

/// One particle run (for the tests): the energy growth at ω h under `integrator`.
double particle_energy_growth(PenaltyIntegrator integrator, double omega_h, int steps);

}  // namespace contactlab
