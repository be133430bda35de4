// Private to the solver module: what every Gauss–Seidel contact solver (PGS prox, the polyhedral
// LCP's block PGS, the boxed LCP's PGS) needs of one contact during a sweep, copied next to what is
// computed once per solve so that a sweep streams one array, and the sweep order they share.
#pragma once

#include "contactlab/solver/contact_problem.h"

#include <algorithm>
#include <vector>

namespace contactlab::solver_detail {

struct ContactBlock {
  ContactJacobianBlock jacobian_a;
  ContactJacobianBlock jacobian_b;
  Vec3 free_velocity;
  double friction = 0.0;
  Index body_a = 0, body_b = 0;
  bool moves_a = false, moves_b = false;  // the body is not fixed: an impulse changes its velocity
  // M⁻¹ Jᵀ of each body, stored by columns (one 6-vector per impulse direction): an impulse
  // change δ moves the bodies by Δu += (M⁻¹ Jᵀ) δ, 18 multiply-adds a body instead of the 30 of
  // Jᵀδ then M⁻¹ (as Bullet keeps m⁻¹ n and I⁻¹ (r × n) per row). On the wall with opposing it took
  // the sweep from 1.27× Bullet's time per row to 1.07–1.15× (bench/simulation_bench, 3 runs of
  // each, alternating), although it streams more memory per sweep.
  Eigen::Matrix<double, 6, 3> response_a = Eigen::Matrix<double, 6, 3>::Zero();
  Eigen::Matrix<double, 6, 3> response_b = Eigen::Matrix<double, 6, 3>::Zero();
  Mat3 delassus = Mat3::Zero();  // W_kk = J_a M_a⁻¹ J_aᵀ + J_b M_b⁻¹ J_bᵀ
  /// Some impulse of the contact moves a body (W_kk is positive semi-definite: a zero normal
  /// diagonal means both bodies are fixed). An inactive contact gets no impulse from any solver.
  bool active() const { return delassus(0, 0) > 0; }
};

/// The order of a sweep (pgs_prox.h "Order"): contact k goes in round r_k, its rank among the
/// contacts of its body pair (0 for the pair's first contact in the input, 1 for the second, …),
/// rounds in turn, the input order within a round. order[s] is the problem's index of the s-th
/// contact swept.
std::vector<std::size_t> sweep_order(const ContactProblem& problem);

/// The blocks of the problem's contacts in `order`.
std::vector<ContactBlock> contact_blocks(const ContactProblem& problem, const std::vector<std::size_t>& order);

/// Relative contact-frame velocity of a contact with the bodies' velocity changes Δu: b + J Δu (a
/// fixed body's Δu is 0 for good, so its block is skipped).
inline Vec3 contact_velocity(const ContactBlock& c, const std::vector<BodyVelocity>& velocity_change) {
  Vec3 w = c.free_velocity;
  if (c.moves_a) w.noalias() += c.jacobian_a * velocity_change[c.body_a];
  if (c.moves_b) w.noalias() += c.jacobian_b * velocity_change[c.body_b];
  return w;
}

/// Δu_i += (M_i⁻¹ J_iᵀ) δ for both bodies: three updates of a 6-vector by the columns (contiguous).
inline void apply_impulse(const ContactBlock& c, const Vec3& delta, std::vector<BodyVelocity>& velocity_change) {
  const auto apply_to = [&](Index i, const Eigen::Matrix<double, 6, 3>& response) {
    BodyVelocity& du = velocity_change[i];
    du.noalias() += response.col(0) * delta.x();
    du.noalias() += response.col(1) * delta.y();
    du.noalias() += response.col(2) * delta.z();
  };
  if (c.moves_a) apply_to(c.body_a, c.response_a);
  if (c.moves_b) apply_to(c.body_b, c.response_b);
}

/// The checks every sweeping solver makes of its request (InputError, source `source`, naming the
/// field): max_iterations ≥ 0, tolerance finite and ≥ 0, merit_interval ≥ 1, initial_impulses
/// empty or one finite impulse per contact.
void validate_sweeps(const char* source, int max_iterations, double tolerance, int merit_interval,
                     const std::vector<Vec3>& initial_impulses, std::size_t contact_count);

/// Sweeps `solve` (its sweep() and merit()) up to max_iterations times, checking the merit every
/// merit_interval sweeps when a tolerance is set and stopping once it is met; fills the result's
/// iterations, initial_merit, merit and converged.
template <typename Solve>
void run_sweeps(Solve& solve, int max_iterations, double tolerance, int merit_interval, ContactSolution& result) {
  result.initial_merit = solve.merit();
  double merit = result.initial_merit;
  while (result.iterations < max_iterations && !(tolerance > 0 && merit <= tolerance)) {
    const int sweeps = std::min(merit_interval, max_iterations - result.iterations);
    for (int s = 0; s < sweeps; ++s) solve.sweep();
    result.iterations += sweeps;
    if (tolerance > 0) merit = solve.merit();
  }
  result.merit = solve.merit();
  result.converged = tolerance > 0 ? result.merit <= tolerance : result.merit == 0.0;
}

/// Results in the problem's order of contacts from values in sweep order.
template <typename T>
std::vector<T> in_input_order(const std::vector<T>& swept, const std::vector<std::size_t>& order) {
  std::vector<T> out(swept.size());
  for (std::size_t k = 0; k < swept.size(); ++k) out[order[k]] = swept[k];
  return out;
}

}  // namespace contactlab::solver_detail
