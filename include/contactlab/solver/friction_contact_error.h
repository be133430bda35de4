// One merit for every contact solver's answer, defined on the problem (W, q, μ) alone — the error
// of Siconos numerics for 3-D friction contact (fc3d_compute_error, Acary & Brogliato's natural
// map with the De Saxcé modification), so that our solvers and Siconos' are compared by the same
// measure (bench/solver_bench):
//
//   u = W r + q                                       (contact-frame velocities, (n, t, b) each)
//   per contact α:  ũ = (u_n + μ ‖u_t‖, u_t)         (De Saxcé's modified velocity)
//                   e_α = r_α − proj_{C_μ}(r_α − ũ_α)  (C_μ = {‖r_t‖ ≤ μ r_n}, the Coulomb cone)
//   error = sqrt(Σ_α ‖e_α‖²) / ‖q‖                    (relative; absolute when ‖q‖ ≤ machine ε)
//
// e = 0 exactly at a solution of the disk problem that PGS prox solves (pgs_prox.h): r in the cone,
// ũ in its dual, r ⊥ ũ. A polyhedral or boxed solution (polyhedral_lcp.h, boxed_lcp.h) solves a
// different problem and has e > 0 (the friction set differs); the measure then says how far it is
// from Coulomb's law. Units: impulse per velocity mixed as Siconos does (r − ũ), hence relative.
#pragma once

#include <Eigen/Core>
#include <Eigen/SparseCore>

namespace contactlab {

/// The projection of (r_n, r_t) onto the cone ‖r_t‖ ≤ μ r_n.
Eigen::Vector3d project_on_friction_cone(const Eigen::Vector3d& r, double mu);

/// The error above for impulses `r` (3 per contact), W (3m × 3m), q (3m), μ (m). Sizes must agree
/// (std::invalid_argument otherwise).
double friction_contact_error(const Eigen::SparseMatrix<double>& W, const Eigen::VectorXd& q, const Eigen::VectorXd& mu,
                              const Eigen::VectorXd& r);

}  // namespace contactlab
