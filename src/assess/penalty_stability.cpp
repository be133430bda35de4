#include "contactlab/assess/penalty_stability.h"

#include "contactlab/contact/generate_contacts.h"
#include "contactlab/core/error.h"
#include "contactlab/dynamics/rigid_simulation.h"

#include <fmt/core.h>
#include <Eigen/Eigenvalues>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace contactlab {
namespace {

constexpr double kGravity = 9.81;

/// The largest stable ω h in [lo, hi] (lo stable, hi not) by bisection on `stable`.
template <class Stable>
double bisect(double lo, double hi, double relative_tolerance, Stable&& stable) {
  while (hi - lo > relative_tolerance * lo) {
    const double mid = 0.5 * (lo + hi);
    (stable(mid) ? lo : hi) = mid;
  }
  return lo;
}

using Vec6 = Eigen::Matrix<double, 6, 1>;
using Mat6 = Eigen::Matrix<double, 6, 6>;

/// The body resting on its contacts: its equilibrium state, the stiffness and mass matrices of the
/// linearised motion about it, and its fastest mode.
struct Equilibrium {
  Scene scene;  ///< at the equilibrium, at rest
  std::size_t body = 0;
  Mat6 stiffness = Mat6::Zero(), mass = Mat6::Zero();
  double omega_max = 0.0;
  int contacts = 0;
};

Equilibrium settle(const Scene& scene, const ContactMethod& method, double k) {
  Equilibrium e;
  std::size_t movable = 0, count = 0;
  for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
    if (!scene.bodies[i].fixed) {
      movable = i;
      ++count;
    }
  }
  if (count != 1) {
    throw InputError(scene.name, 0,
                     "the penalty stability study needs exactly one movable body, got " + std::to_string(count));
  }
  e.body = movable;
  // Settle with symplectic Euler's penalty forces and a dashpot of about critical damping for the
  // vertical mode of ~4 contacts, at a small step, for 4 s: the start of every run.
  const double m = rigid_bodies(scene)[movable].mass;
  SimulationSettings settle_settings;
  settle_settings.penalty_integrator = PenaltyIntegrator::penalty;
  settle_settings.penalty = {k, std::sqrt(k * m)};
  const double omega_guess = std::sqrt(8.0 * k / m);
  settle_settings.time_step = 0.1 / omega_guess;
  Scene start = scene;
  for (Body& b : start.bodies) {
    b.linear_velocity = Vec3::Zero();
    b.angular_velocity = Vec3::Zero();
  }
  RigidSimulation sim(start, method, settle_settings);
  const int settle_steps = static_cast<int>(std::ceil(4.0 / settle_settings.time_step));
  for (int s = 0; s < settle_steps; ++s) sim.step();
  e.scene = sim.scene();
  for (Body& b : e.scene.bodies) {
    b.linear_velocity = Vec3::Zero();
    b.angular_velocity = Vec3::Zero();
  }
  // K = k Σ Jᵀ J over the penetrating contacts (the body's normal rows), M = diag(m I, I_world).
  const std::vector<RigidBody> bodies = rigid_bodies(e.scene);
  const RigidBody& body = bodies[movable];
  const ContactSet contacts = generate_contacts(e.scene, method, {});
  for (const Contact& c : contacts.contacts) {
    if (!(c.gap < 0.0)) continue;
    if (static_cast<std::size_t>(c.body_a) != movable && static_cast<std::size_t>(c.body_b) != movable) continue;
    Vec6 row;
    row.head<3>() = c.normal;
    row.tail<3>() = (c.position - body.centre).cross(c.normal);
    e.stiffness += k * row * row.transpose();
    ++e.contacts;
  }
  if (e.contacts == 0) {
    throw InputError(scene.name, 0,
                     "no penetrating contacts at rest under " + method.name() +
                         ": the penalty study needs a method that reports penetration as negative gaps");
  }
  e.mass.topLeftCorner<3, 3>() = body.mass * Mat3::Identity();
  e.mass.bottomRightCorner<3, 3>() = body.world_inertia();
  const Eigen::GeneralizedSelfAdjointEigenSolver<Mat6> modes(e.stiffness, e.mass, Eigen::EigenvaluesOnly);
  e.omega_max = std::sqrt(std::max(0.0, modes.eigenvalues().maxCoeff()));
  return e;
}

/// ½ uᵀ M u + ½ δqᵀ K δq of the body about the equilibrium (δq: displacement and rotation vector).
double body_energy(const Equilibrium& e, const RigidBody& now, const RigidBody& rest) {
  Vec6 u, dq;
  u.head<3>() = now.linear_velocity;
  u.tail<3>() = now.angular_velocity;
  dq.head<3>() = now.centre - rest.centre;
  const Eigen::AngleAxisd turn(now.orientation * rest.orientation.conjugate());
  dq.tail<3>() = turn.angle() * turn.axis();
  return 0.5 * u.dot(e.mass * u) + 0.5 * dq.dot(e.stiffness * dq);
}

double body_energy_growth(const Equilibrium& e, const ContactMethod& method, PenaltyIntegrator integrator,
                          double omega_h, double k, int steps, double growth_limit) {
  Scene start = e.scene;
  const double h = omega_h / e.omega_max;
  // CPF rests g h² / 2 higher than symplectic Euler on a horizontal slab (its contacts predict
  // gravity's motion over the step: see particle_energy_growth).
  if (integrator == PenaltyIntegrator::cpf) start.bodies[e.body].position.y() += 0.5 * kGravity * h * h;
  const RigidBody rest = rigid_bodies(start)[e.body];
  // A small start velocity in every direction (1e-4 m/s, 1e-4 rad/s): far within the contacts'
  // linear range, far above the energy's rounding.
  start.bodies[e.body].linear_velocity = Vec3(1.0, 0.7, -0.8) * 1e-4;
  start.bodies[e.body].angular_velocity = Vec3(-0.6, 0.9, 0.5) * 1e-4;
  SimulationSettings settings;
  settings.penalty_integrator = integrator;
  settings.penalty = {k, 0.0};
  settings.time_step = h;
  RigidSimulation sim(start, method, settings);
  const double e0 = body_energy(e, sim.bodies()[e.body], rest);
  double largest = e0;
  for (int s = 0; s < steps; ++s) {
    sim.step();
    largest = std::max(largest, body_energy(e, sim.bodies()[e.body], rest));
    if (!(largest <= growth_limit * e0)) break;  // unstable (or not finite): no need to go on
  }
  return largest / e0;
}

}  // namespace

double particle_energy_growth(PenaltyIntegrator integrator, double omega_h, int steps) {
  // m = k = 1: ω = 1, h = ω h. Gravity g: resting depth x_eq = −m g / k under symplectic Euler; CPF
  // rests g h² / 2 higher, where its impulse h k (−x − h v* / 2) with the predicted v* = −g h
  // equals m g h.
  const double m = 1.0, k = 1.0, h = omega_h;
  const double x_eq = -m * kGravity / k + (integrator == PenaltyIntegrator::cpf ? 0.5 * kGravity * h * h : 0.0);
  const PenaltySettings settings{k, 0.0};
  double x = x_eq * (1.0 + 1e-4), v = 0.0;
  const auto energy = [&] { return 0.5 * m * v * v + 0.5 * k * (x - x_eq) * (x - x_eq); };
  const double e0 = energy();
  double largest = e0;
  for (int s = 0; s < steps; ++s) {
    const double free = v - kGravity * h;  // the free velocity: gravity only
    const double impulse = integrator == PenaltyIntegrator::penalty ? penalty_impulse(x, v, settings, h)
                                                                    : continuous_penalty_impulse(x, free, settings, h);
    v = free + impulse / m;
    x += h * v;
    largest = std::max(largest, energy());
    if (!std::isfinite(largest) || largest > 1e30 * e0) break;
  }
  return largest / e0;
}

double predicted_bounce_energy_ratio(PenaltyIntegrator integrator, double omega_h) {
  if (integrator == PenaltyIntegrator::penalty) return 1.0;
  const double a = omega_h * omega_h, det = 1.0 - 0.5 * a;
  if (!(det > 0.0)) return 0.0;
  const double cosine = (2.0 - 1.5 * a) / (2.0 * std::sqrt(det));
  if (!(std::abs(cosine) < 1.0)) return 0.0;  // no oscillation: beyond the analysis
  return std::pow(det, std::numbers::pi / std::acos(cosine));
}

double particle_bounce_energy_ratio(PenaltyIntegrator integrator, double omega_h) {
  const PenaltySettings settings{1.0, 0.0};  // m = k = 1, ω = 1
  const double h = omega_h;
  double x = 0.37, v = -1.0;  // above the plane, coming down at 1 m/s
  bool touched = false;
  for (int s = 0; s < 1000000; ++s) {
    const double impulse = integrator == PenaltyIntegrator::penalty ? penalty_impulse(x, v, settings, h)
                                                                    : continuous_penalty_impulse(x, v, settings, h);
    v += impulse;
    x += h * v;
    touched = touched || x < 0.0;
    // Left the plane for good: above it, moving up, and the next step's contact force is nil.
    if (touched && x > 0.0 && v > 0.0) return v * v;  // (½ v²) / (½ · 1²)
  }
  return std::numeric_limits<double>::quiet_NaN();
}

namespace {

/// The body of `e` dropped flat onto its support at 0.5 m/s, without gravity, at step h: its
/// kinetic energy once it has left the contacts over the energy before.
double body_bounce_energy_ratio(const Equilibrium& e, const ContactMethod& method, PenaltyIntegrator integrator,
                                double k, double h, double* omega_bounce) {
  Scene start = e.scene;
  start.gravity = Vec3::Zero();
  // From the resting pose, lifted out of the contacts' reach by a few steps of travel.
  const std::vector<RigidBody> at_rest = rigid_bodies(e.scene);
  const double m = at_rest[e.body].mass;
  const int n = e.contacts;
  *omega_bounce = std::sqrt(n * k / m);
  const double speed = 0.5, depth = m * kGravity / (n * k);
  start.bodies[e.body].position.y() += depth + 3.0 * speed * h;
  start.bodies[e.body].linear_velocity = Vec3(0, -speed, 0);
  start.bodies[e.body].angular_velocity = Vec3::Zero();
  SimulationSettings settings;
  settings.penalty_integrator = integrator;
  settings.penalty = {k, 0.0};
  settings.time_step = h;
  RigidSimulation sim(start, method, settings);
  const double before = sim.kinetic_energy();
  bool touched = false;
  for (int s = 0; s < 100000; ++s) {
    const StepReport r = sim.step();
    bool pressed = false;
    for (const Contact& c : r.contacts.contacts) pressed = pressed || c.gap < 0.0;
    touched = touched || pressed;
    if (touched && !pressed && sim.bodies()[e.body].linear_velocity.y() > 0.0) return sim.kinetic_energy() / before;
  }
  return std::numeric_limits<double>::quiet_NaN();
}

}  // namespace

PenaltyStabilityResult run_penalty_stability(const PenaltyStabilityRequest& request) {
  if (request.steps < 1 || request.body_steps < 1 || !(request.growth_limit > 1.0) ||
      !(request.relative_tolerance > 0.0) || !(request.sweep_step > 0.0) || !(request.sweep_end > request.sweep_step)) {
    throw InputError("penalty-stability", 0, "steps, growth limit, tolerance or sweep out of range");
  }
  PenaltyStabilityResult result;
  result.request = request;
  const auto stopped = [&] { return request.stop && request.stop(); };
  const auto say = [&](const std::string& what) {
    if (request.progress) request.progress(what);
  };
  const std::array<std::pair<PenaltyIntegrator, double>, 2> integrators{
      {{PenaltyIntegrator::penalty, 2.0}, {PenaltyIntegrator::cpf, std::numbers::sqrt2}}};
  for (const auto& [integrator, bound] : integrators) {
    if (stopped()) {
      result.stopped = true;
      return result;
    }
    IntegratorStability s;
    s.integrator = integrator;
    s.analytic = bound;
    const auto stable = [&](double omega_h) {
      return particle_energy_growth(integrator, omega_h, request.steps) <= request.growth_limit;
    };
    s.measured = bisect(0.5, 3.0, request.relative_tolerance, stable);
    for (double w = request.sweep_step; w <= request.sweep_end + 1e-12; w += request.sweep_step) {
      s.sweep.push_back({w, particle_energy_growth(integrator, w, request.steps)});
    }
    say(fmt::format("particle, {}: largest stable ω h {:.4f} (seed: {:.4f})", to_string(integrator), s.measured,
                    bound));
    result.particle.push_back(std::move(s));
    for (const double w : {0.05, 0.1, 0.2, 0.5}) {
      result.bounces.push_back({"particle", integrator, w, particle_bounce_energy_ratio(integrator, w),
                                predicted_bounce_energy_ratio(integrator, w)});
    }
  }
  if (!request.body_scene || !request.method) return result;
  const Equilibrium e = settle(*request.body_scene, *request.method, request.body_stiffness);
  result.body_name = request.body_scene->bodies[e.body].name;
  result.method = request.method->name();
  result.body_omega_max = e.omega_max;
  result.body_contacts = e.contacts;
  result.body_stiffness = request.body_stiffness;
  say(fmt::format("{} settled on {} contacts: fastest mode {:.4g} rad/s", result.body_name, e.contacts, e.omega_max));
  bool halted = false;
  for (const auto& [integrator, bound] : integrators) {
    IntegratorStability s;
    s.integrator = integrator;
    s.analytic = bound;
    // A stopped study runs nothing more: every run then counts as unstable, and the result is
    // marked incomplete below.
    const auto growth = [&](double omega_h) {
      halted = halted || stopped();
      if (halted) return std::numeric_limits<double>::infinity();
      return body_energy_growth(e, *request.method, integrator, omega_h, request.body_stiffness, request.body_steps,
                                request.growth_limit);
    };
    // Coarser than the particle's: every run generates contacts at every step.
    s.measured = bisect(0.5 * bound, 1.5 * bound, std::max(request.relative_tolerance, 1e-3),
                        [&](double w) { return growth(w) <= request.growth_limit; });
    for (const double f : {0.5, 0.8, 0.9, 0.95, 1.05, 1.1, 1.2, 1.5}) s.sweep.push_back({f * bound, growth(f * bound)});
    if (halted) {
      result.stopped = true;
      return result;
    }
    say(fmt::format("{}, {}: largest stable ω_max h {:.4f} (seed: {:.4f})", result.body_name, to_string(integrator),
                    s.measured, bound));
    result.body.push_back(std::move(s));
    double omega = 0.0;
    const double h = 0.01;
    const double ratio = body_bounce_energy_ratio(e, *request.method, integrator, request.body_stiffness, h, &omega);
    result.bounces.push_back(
        {result.body_name, integrator, omega * h, ratio, predicted_bounce_energy_ratio(integrator, omega * h)});
  }
  return result;
}

}  // namespace contactlab
