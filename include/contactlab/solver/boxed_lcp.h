// The contact problem as a boxed LCP (seed 003 §1.1.2.2), solved by projected Gauss–Seidel — the
// friction model of ODE's and Bullet's sequential-impulse solvers.
//
// A boxed LCP (BLCP) with bounds lo ≤ hi: find x and w = A x + b with, for every row i,
//   x_i = lo_i  and w_i ≥ 0,   or   x_i = hi_i  and w_i ≤ 0,   or   lo_i < x_i < hi_i  and w_i = 0.
// For contact k the rows are its impulse (λ_n, λ_t, λ_b) and w its velocity (contact_problem.h):
// the normal has bounds [0, ∞), each tangent [−μ λ_n, μ λ_n] — the friction disk replaced by the
// square of half-side μ λ_n around it (so a sliding impulse can be up to √2 μ λ_n long, along a
// diagonal). The tangent bounds depend on λ_n; the seed takes them "from the previous iterate",
// and so does the solver: each contact's tangent rows are bounded by its λ_n of the same sweep.
//
// Projected Gauss–Seidel: one sweep visits the contacts (the order of pgs_prox.h) and in each its
// three rows in turn, x_i ← clamp(x_i − w_i / A_ii, lo_i, hi_i), w updated after each row through
// the contact's own block W_kk (the other contacts' impulses held fixed). For a row alone this is
// exact; the sweep converges for a symmetric positive definite A (Cottle, Pang & Stone §5.2), and
// in practice on the contact problems (W is positive semi-definite).
//
// Merit (m/s): the natural-map residual of the BLCP, rows scaled by A_ii to velocity units,
//   sqrt(Σ_i (A_ii (x_i − clamp(x_i − w_i / A_ii, lo_i, hi_i)))²)
// with the tangent bounds of the current λ_n: 0 exactly at a solution. Rows whose A_ii is 0 (a
// direction in which an impulse moves nothing) are not updated and do not count; contacts between
// two fixed bodies get no impulse. Determinism: serial, the same input gives the same bits.
#pragma once

#include "contactlab/solver/contact_problem.h"

#include <Eigen/Core>

#include <vector>

namespace contactlab {

struct BoxedLcpRequest {
  /// Sweeps at most (the paper's 1000, as PGS prox).
  int max_iterations = 1000;
  /// Stop once the merit is ≤ this (m/s), checked every merit_interval sweeps; 0: never early.
  double tolerance = 0.0;
  int merit_interval = 10;
  /// Warm start, one impulse per contact (n, t, b) or empty (from zero); clamped into the box.
  std::vector<Vec3> initial_impulses;
};

/// Solves the contact problem as a BLCP (validated: InputError, source "boxed_lcp"; the request
/// too). iterations = sweeps.
ContactSolution solve_boxed_lcp(const ContactProblem& problem, const BoxedLcpRequest& request = {});

/// A general BLCP with fixed bounds (lo_i may be −∞, hi_i +∞), solved by the same projected
/// Gauss–Seidel: for tests and for callers with their own BLCP. A must be square with a positive
/// diagonal, lo ≤ hi; otherwise InputError (source "boxed_lcp").
struct BoxedLcpResult {
  Eigen::VectorXd x;
  Eigen::VectorXd w;  ///< A x + b
  int iterations = 0;
  double residual = 0.0;  ///< boxed_lcp_residual of x
};
BoxedLcpResult solve_boxed_pgs(const Eigen::MatrixXd& A, const Eigen::VectorXd& b, const Eigen::VectorXd& lo,
                               const Eigen::VectorXd& hi, int max_iterations, double tolerance = 0.0);

/// ‖A_ii (x_i − clamp(x_i − w_i / A_ii, lo_i, hi_i))‖₂ with w = A x + b: 0 exactly at a solution.
double boxed_lcp_residual(const Eigen::MatrixXd& A, const Eigen::VectorXd& b, const Eigen::VectorXd& lo,
                          const Eigen::VectorXd& hi, const Eigen::VectorXd& x);

}  // namespace contactlab
