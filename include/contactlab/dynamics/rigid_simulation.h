// A rigid-body simulation: contacts regenerated every step with a chosen method, the PGS prox
// solver, semi-implicit (Moreau) stepping — the setting of the paper's dynamic studies (Erleben
// 2018 §7: PGS prox, μ = 0.5, 1000 iterations, no stabilisation, density 2000 kg/m³).
//
// One step, at time t with state (q, u):
//   1. contacts C = generate_contacts(scene at q, method), one ShapeCache for the whole run;
//   2. u_free = u + h M⁻¹ f_ext (moreau_step.h: gravity, implicit gyroscopic term);
//   3. the contact problem of C at q (contact_constraints.h), solved by PGS prox (or the solver
//      chosen in SimulationSettings::solver_kind) → Δu;
//   4. u⁺ = u_free + Δu, then q⁺ = q + h H(q) u⁺ (moreau_step.h).
// The contacts and impulses a step reports are those of its start (state q).
//
// Determinism: with the same scene, method and settings, every step gives the same bits whatever
// GenerateOptions::threads is (generate_contacts is deterministic; the solver and the stepping are
// serial). Only the wall times differ.
#pragma once

#include "contactlab/contact/generate_contacts.h"
#include "contactlab/contact/method.h"
#include "contactlab/dynamics/penalty_step.h"
#include "contactlab/dynamics/rigid_body.h"
#include "contactlab/dynamics/warm_start.h"
#include "contactlab/scene/scene.h"
#include "contactlab/solver/pgs_prox.h"
#include "contactlab/solver/solve_contacts.h"

#include <memory>
#include <optional>
#include <vector>

namespace contactlab {

struct SimulationSettings {
  double time_step = 0.01;  ///< h, s (the paper's)
  /// The solver's sweeps: 1000, no early stop, cold start — the paper's (§7). They apply to every
  /// solver_kind (solver/solve_contacts.h); the r-factor settings to prox only.
  PgsProxRequest solver;
  /// Which solver: PGS prox (the paper's, the default), the polyhedral-cone LCP by block PGS or by
  /// Lemke, or the boxed LCP.
  ContactSolverKind solver_kind = ContactSolverKind::prox;
  /// K, the directions of the polyhedral friction cone (lcp, lcp-lemke).
  int friction_directions = 8;
  /// Contact generation: threads and the touching band; shape_cache is ignored (the simulation
  /// keeps its own for the run).
  GenerateOptions contacts;
  /// Start each step's solve from the impulses of the previous step's matching contacts
  /// (dynamics/warm_start.h) instead of from zero (the paper's). solver.initial_impulses is then
  /// replaced every step.
  bool warm_start = false;
  /// Keep each step's contact problem in StepReport::problem (for export, e.g. to FCLIB).
  bool keep_problem = false;
  /// Continuous collision detection (dynamics/ccd_contacts.h): speculative contacts for the first
  /// impacts of fast bodies within the step, so that they do not tunnel through thin ones.
  bool ccd = false;
  /// A body pair gets CCD when a surface vertex of one moves farther than this × the thinner one's
  /// thickness in a step (CcdContactsRequest::fast_fraction).
  double ccd_fast_fraction = 0.1;
  /// Edge–edge impacts as well as vertex–face ones (CcdContactsRequest::edge_edge).
  bool ccd_edge_edge = true;
  /// Penalty forces instead of the contact solver (dynamics/penalty_step.h): symplectic Euler or
  /// continuous penalty forces, with `penalty`'s stiffness and damping. Unset: the solver.
  std::optional<PenaltyIntegrator> penalty_integrator;
  PenaltySettings penalty;
  /// With cpf: CPF's own vertex–face and edge–edge pairs penetrating during the step
  /// (searched_pairs_velocity_change) instead of the contact method's contacts.
  bool penalty_search_pairs = false;
  PenaltyPairSearch penalty_search;
};

struct StepReport {
  ContactSet contacts;                   ///< generated at the start of the step
  std::vector<std::size_t> constrained;  ///< constraint k ↔ contacts.contacts[constrained[k]]
  ContactSolution solve;                 ///< impulses per constraint (frame of contact_frame)
  ContactProblem problem;                ///< the problem solved, if SimulationSettings::keep_problem
  double contact_seconds = 0.0;          ///< wall time of contact generation
  double solver_seconds = 0.0;           ///< wall time of building and solving the problem
};

class RigidSimulation {
 public:
  /// Takes the scene (poses, velocities, gravity, densities, friction) as the state at t = 0.
  /// Throws InputError for a movable body without positive mass (rigid_bodies) or a time step that
  /// is not finite and positive (field "time_step").
  RigidSimulation(Scene scene, const ContactMethod& method, SimulationSettings settings = {});
  ~RigidSimulation();
  RigidSimulation(const RigidSimulation&) = delete;
  RigidSimulation& operator=(const RigidSimulation&) = delete;

  /// Advances one step.
  StepReport step();

  /// The scene at the current state (poses and velocities written back after every step; the
  /// ground truth, exact only for the poses it was made for, is dropped at the first step).
  const Scene& scene() const { return scene_; }
  const std::vector<RigidBody>& bodies() const { return bodies_; }
  int steps() const { return steps_; }
  double time() const { return steps_ * settings_.time_step; }
  /// Sums over the movable bodies (RigidBody::kinetic_energy, potential_energy), J.
  double kinetic_energy() const;
  double potential_energy() const;

 private:
  /// u⁺ = u_free + the report's velocity change, then the positions; the step counter.
  void advance(const StepReport& report, const std::vector<BodyVelocity>& free);

  Scene scene_;
  const ContactMethod& method_;
  SimulationSettings settings_;
  std::vector<RigidBody> bodies_;
  std::unique_ptr<ShapeCache> cache_;
  ContactImpulseMemory impulses_;
  int steps_ = 0;
};

}  // namespace contactlab
