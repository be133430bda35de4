#include "contactlab/dynamics/rigid_simulation.h"

#include "contactlab/dynamics/ccd_contacts.h"

#include "contactlab/core/error.h"
#include "contactlab/dynamics/contact_constraints.h"
#include "contactlab/dynamics/moreau_step.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>

namespace contactlab {
namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/// Per body, the radius of its rest mesh about its centre of mass (the warm start's length).
std::vector<double> body_lengths(const Scene& scene, const std::vector<RigidBody>& bodies) {
  std::vector<double> out(bodies.size(), 0.0);
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    for (const Vec3& v : scene.bodies[i].shape->tets.vertices) {
      out[i] = std::max(out[i], (v - bodies[i].body_centre).norm());
    }
  }
  return out;
}

}  // namespace

RigidSimulation::RigidSimulation(Scene scene, const ContactMethod& method, SimulationSettings settings)
    : scene_(std::move(scene)),
      method_(method),
      settings_(std::move(settings)),
      cache_(std::make_unique<ShapeCache>()),
      impulses_({}) {
  if (!std::isfinite(settings_.time_step) || settings_.time_step <= 0) {
    throw InputError("simulation", 0,
                     "time_step: expected a finite number > 0 (seconds), got " + std::to_string(settings_.time_step));
  }
  if (settings_.penalty_integrator) validate(settings_.penalty);
  if (settings_.penalty_search_pairs && settings_.penalty_integrator != PenaltyIntegrator::cpf) {
    throw InputError("simulation", 0, "penalty_search_pairs: applies to continuous penalty forces (cpf) only");
  }
  if (settings_.penalty_integrator && settings_.penalty.law == PenaltyLaw::per_area) {
    if (settings_.penalty_search_pairs) {
      throw InputError("simulation", 0, "penalty law per-area: CPF's own pair search has no contact areas");
    }
    if (!method_.reports_areas()) {
      throw InputError("simulation", 0,
                       "penalty law per-area: method '" + method_.name() +
                           "' gives no contact areas; expected rounded-triangles or solfec");
    }
  }
  bodies_ = rigid_bodies(scene_);
  impulses_ = ContactImpulseMemory(body_lengths(scene_, bodies_));
  settings_.contacts.shape_cache = cache_.get();
}

RigidSimulation::~RigidSimulation() = default;

StepReport RigidSimulation::step() {
  const double h = settings_.time_step;
  StepReport report;
  auto start = std::chrono::steady_clock::now();
  report.contacts = generate_contacts(scene_, method_, settings_.contacts);
  report.contact_seconds = seconds_since(start);

  start = std::chrono::steady_clock::now();
  std::vector<BodyVelocity> free(bodies_.size());
  for (std::size_t i = 0; i < bodies_.size(); ++i) free[i] = free_velocity(bodies_[i], scene_.gravity, h);
  if (settings_.ccd) {  // speculative contacts of fast bodies' first impacts within the step
    const CcdContactsRequest ccd{h, settings_.ccd_fast_fraction, settings_.contacts.settings.tolerance.relative,
                                 settings_.ccd_edge_edge};
    for (Contact& c : ccd_contacts(scene_, bodies_, free, ccd)) {
      report.contacts.contacts.push_back(c);
    }
  }
  if (settings_.penalty_integrator) {  // forces instead of a contact problem
    report.solve.velocity_change =
        settings_.penalty_search_pairs
            ? searched_pairs_velocity_change(scene_, bodies_, free, settings_.penalty, h, settings_.penalty_search)
            : penalty_velocity_change(scene_, report.contacts, bodies_, free, *settings_.penalty_integrator,
                                      settings_.penalty, h);
    report.solver_seconds = seconds_since(start);
    advance(report, free);
    return report;
  }
  ContactConstraints constraints = build_contact_constraints(report.contacts, bodies_, free, h);
  ContactSolverRequest request{settings_.solver_kind, settings_.solver, settings_.friction_directions};
  if (settings_.warm_start) {
    request.sweeps.initial_impulses = impulses_.initial_impulses(report.contacts, constraints.contact, bodies_);
    report.solve = solve_contacts(constraints.problem, request);
    impulses_.remember(report.contacts, constraints.contact, report.solve.impulses, bodies_);
  } else {
    report.solve = solve_contacts(constraints.problem, request);
  }
  report.constrained = std::move(constraints.contact);
  if (settings_.keep_problem) report.problem = std::move(constraints.problem);
  report.solver_seconds = seconds_since(start);
  advance(report, free);
  return report;
}

void RigidSimulation::advance(const StepReport& report, const std::vector<BodyVelocity>& free) {
  const double h = settings_.time_step;
  for (std::size_t i = 0; i < bodies_.size(); ++i) {
    RigidBody& body = bodies_[i];
    if (body.fixed) continue;
    const BodyVelocity u = free[i] + report.solve.velocity_change[i];
    body.linear_velocity = u.head<3>();
    body.angular_velocity = u.tail<3>();
    integrate_position(body, h);
  }
  store_state(bodies_, scene_);
  scene_.ground_truth.reset();  // its interfaces were exact for the poses at t = 0 only
  ++steps_;
}

double RigidSimulation::kinetic_energy() const {
  double sum = 0.0;
  for (const RigidBody& body : bodies_) sum += body.kinetic_energy();
  return sum;
}

double RigidSimulation::potential_energy() const {
  double sum = 0.0;
  for (const RigidBody& body : bodies_) sum += body.potential_energy(scene_.gravity);
  return sum;
}

}  // namespace contactlab
