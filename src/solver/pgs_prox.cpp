#include "contactlab/solver/pgs_prox.h"

#include "contact_blocks.h"
#include "contactlab/core/error.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

namespace contactlab {
namespace {

constexpr const char* kPgsProxSource = "pgs_prox";
/// ν's growth after an accepted check, and the merit's growth that counts as divergence
/// (pgs_prox.h "r-factors").
constexpr double kGrowth = 1.25;
constexpr double kDivergence = 2.0;
constexpr double kCeiling = 0.9;

/// The r-factors of a contact (pgs_prox.h "r-factors"), beside its ContactBlock.
struct Rates {
  double r_normal = 0.0;   // 1 / W_kk(n, n); 0 when W_kk(n, n) = 0
  double r_tangent = 0.0;  // 1 / λ_max(W_kk's tangent block); 0 likewise
};

/// The proximal maps of §1.1.2 of seed 003 for one contact: normal onto [0, ∞), then the tangent
/// impulse onto the disk of radius μ λ_n⁺.
Vec3 prox(const Vec3& lambda, const Vec3& w, double r_normal, double r_tangent, double friction) {
  Vec3 out;
  out.x() = std::max(0.0, lambda.x() - r_normal * w.x());
  const Vec2 t(lambda.y() - r_tangent * w.y(), lambda.z() - r_tangent * w.z());
  const double radius = friction * out.x();
  // Inside the disk (a sticking contact, most of a resting stack's) the square root and the
  // division are not needed.
  const double length2 = t.squaredNorm();
  if (length2 <= radius * radius) {
    out.y() = t.x();
    out.z() = t.y();
  } else {
    const double scale = radius / std::sqrt(length2);
    out.y() = t.x() * scale;
    out.z() = t.y() * scale;
  }
  return out;
}

class PgsProx {
 public:
  PgsProx(const ContactProblem& problem, const PgsProxRequest& request)
      : order_(solver_detail::sweep_order(problem)),
        blocks_(solver_detail::contact_blocks(problem, order_)),
        rates_(blocks_.size()) {
    // blocks_, impulses_ and everything else indexed by contact are in sweep order: a sweep
    // streams them front to back.
    for (std::size_t k = 0; k < blocks_.size(); ++k) {
      const Mat3& w = blocks_[k].delassus;
      Rates& rates = rates_[k];
      // W_kk is positive semi-definite; a zero diagonal entry means that impulse moves nothing.
      if (w(0, 0) > 0) rates.r_normal = 1.0 / w(0, 0);
      // The largest eigenvalue of the 2×2 tangent block: unlike its diagonal, it does not depend on
      // which tangent basis the caller chose, so neither do the iterates.
      const double mean = 0.5 * (w(1, 1) + w(2, 2)), half_difference = 0.5 * (w(1, 1) - w(2, 2));
      const double tangent = mean + std::hypot(half_difference, 0.5 * (w(1, 2) + w(2, 1)));
      if (tangent > 0) rates.r_tangent = 1.0 / tangent;
    }
    impulses_.assign(blocks_.size(), Vec3::Zero());
    if (!request.initial_impulses.empty()) {
      for (std::size_t k = 0; k < blocks_.size(); ++k) impulses_[k] = request.initial_impulses[order_[k]];
    }
    velocity_change_.assign(problem.bodies.size(), BodyVelocity::Zero());
    for (std::size_t k = 0; k < blocks_.size(); ++k) {
      if (!blocks_[k].active()) {
        impulses_[k].setZero();  // an impulse that moves nothing is none (pgs_prox.h)
        continue;
      }
      solver_detail::apply_impulse(blocks_[k], impulses_[k], velocity_change_);
    }
  }

  /// One Gauss–Seidel sweep with the r-factors scaled by ν.
  void sweep(double nu) {
    for (std::size_t k = 0; k < blocks_.size(); ++k) {
      const solver_detail::ContactBlock& block = blocks_[k];
      const Rates& rates = rates_[k];
      if (!block.active()) continue;
      const Vec3 updated = prox(impulses_[k], solver_detail::contact_velocity(block, velocity_change_),
                                nu * rates.r_normal, nu * rates.r_tangent, block.friction);
      solver_detail::apply_impulse(block, updated - impulses_[k], velocity_change_);
      impulses_[k] = updated;
    }
  }

  /// The natural-map residual with ν = 1 (pgs_prox.h "Merit").
  double merit() const {
    double sum = 0.0;
    for (std::size_t k = 0; k < blocks_.size(); ++k) {
      const Rates& rates = rates_[k];
      if (!blocks_[k].active()) continue;
      const Vec3 step = impulses_[k] - prox(impulses_[k], solver_detail::contact_velocity(blocks_[k], velocity_change_),
                                            rates.r_normal, rates.r_tangent, blocks_[k].friction);
      // R⁻¹ step, in velocity units; a tangent with r_t = 0 (frictionless direction that moves
      // nothing) cannot step at all.
      const double n = step.x() / rates.r_normal;
      const double t = rates.r_tangent > 0 ? step.y() / rates.r_tangent : 0.0;
      const double b = rates.r_tangent > 0 ? step.z() / rates.r_tangent : 0.0;
      sum += n * n + t * t + b * b;
    }
    return std::sqrt(sum);
  }

  std::vector<Vec3>& impulses() { return impulses_; }
  /// The impulses in the problem's order of contacts.
  std::vector<Vec3> impulses_in_input_order() const { return solver_detail::in_input_order(impulses_, order_); }
  std::vector<BodyVelocity>& velocity_change() { return velocity_change_; }

 private:
  std::vector<std::size_t> order_;  // order_[k]: the problem's index of the k-th contact swept
  std::vector<solver_detail::ContactBlock> blocks_;
  std::vector<Rates> rates_;
  std::vector<Vec3> impulses_;
  std::vector<BodyVelocity> velocity_change_;
};

void validate_request(const PgsProxRequest& request, std::size_t contact_count) {
  solver_detail::validate_sweeps(kPgsProxSource, request.max_iterations, request.tolerance, request.merit_interval,
                                 request.initial_impulses, contact_count);
  const auto fail = [](const std::string& what) { throw InputError(kPgsProxSource, 0, what); };
  if (request.max_merit_interval < 1) {
    fail("max_merit_interval: expected >= 1, got " + std::to_string(request.max_merit_interval));
  }
  if (!std::isfinite(request.initial_r_scale) || request.initial_r_scale <= 0) {
    fail("initial_r_scale: expected a finite number > 0, got " + std::to_string(request.initial_r_scale));
  }
}

}  // namespace

ContactSolution solve_pgs_prox(const ContactProblem& problem, const PgsProxRequest& request) {
  validate_contact_problem(problem, kPgsProxSource);
  validate_request(request, problem.contacts.size());

  PgsProx solver(problem, request);
  ContactSolution result;
  double merit = solver.merit();
  result.initial_merit = merit;
  double nu = request.initial_r_scale;
  double nu_ceiling = nu;
  int interval = request.merit_interval;
  std::vector<Vec3> kept_impulses;
  std::vector<BodyVelocity> kept_velocity_change;
  while (result.iterations < request.max_iterations && !(request.tolerance > 0 && merit <= request.tolerance)) {
    kept_impulses = solver.impulses();
    kept_velocity_change = solver.velocity_change();
    const int sweeps = std::min(interval, request.max_iterations - result.iterations);
    for (int s = 0; s < sweeps; ++s) solver.sweep(nu);
    result.iterations += sweeps;
    const double next = solver.merit();
    if (!(next <= kDivergence * merit)) {
      // Divergence (Erleben 2017 §4): the merit more than doubled since the last accepted check (or
      // is not a number). Undo the sweeps and take smaller steps. A merit that merely fails to fall
      // is no divergence: the merit of Gauss–Seidel iterates need not fall from one check to the
      // next, and undoing such sweeps stalled the solve (on the pillar, 5,000 of 20,000 sweeps
      // undone and a merit 100× that of plain Gauss–Seidel).
      solver.impulses().swap(kept_impulses);
      solver.velocity_change().swap(kept_velocity_change);
      result.rejected_sweeps += sweeps;
      nu *= 0.5;
      // ν never grows back to where it diverged, nor to exactly half of it: for one contact a step
      // of exactly twice the right length cycles between two iterates of equal merit.
      nu_ceiling = kCeiling * nu;
      interval = request.merit_interval;
    } else {
      merit = next;
      // Accepted: let the steps grow back towards ν₀, so that one divergent check does not slow
      // the rest of the solve.
      nu = std::min(kGrowth * nu, nu_ceiling);
      // And check less often while the solve goes well: a check costs about half a sweep.
      interval = std::max(request.merit_interval, std::min(2 * interval, request.max_merit_interval));
    }
    if (request.record_merit_history) result.merit_history.push_back(merit);
  }
  result.merit = merit;
  result.converged = request.tolerance > 0 ? merit <= request.tolerance : merit == 0.0;
  result.impulses = solver.impulses_in_input_order();
  result.velocity_change = std::move(solver.velocity_change());
  return result;
}

}  // namespace contactlab
