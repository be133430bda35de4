// The contact problem a solver sees: constraint data only, no meshes and no contact sets
// (docs/design.md "Modules": the solver module; the split Box2D and Jolt make between collision
// and solving). The dynamics module builds it from a ContactSet; every solver (PGS prox, later LCP
// and boxed LCP) takes it.
//
// Each contact k couples two bodies a and b through a 3-row block: rows (n, t, b) — the unit
// normal from A to B and two unit tangents — and columns (v, ω) of each body, world frame. The
// contact-frame relative velocity after the impulses λ (one 3-vector per contact, in the same
// frame) is
//
//   w = b + W λ,   W = J M⁻¹ Jᵀ (the Delassus operator),
//
// where b is the free relative velocity (J u_free: the velocities after the external forces of
// the step, before any contact impulse; plus any bias a caller adds, e.g. gap stabilisation) and
// M⁻¹ the block-diagonal inverse mass. Seed 003 §1.1 gives the rows: for a contact at p with
// r_A = p − x_A, r_B = p − x_B, the relative velocity along a unit direction d is
// dᵀ((v_B + ω_B × r_B) − (v_A + ω_A × r_A)), so row d of body A is (−dᵀ, −(r_A × d)ᵀ) and of body B
// (dᵀ, (r_B × d)ᵀ).
//
// Units: impulses in N·s, velocities in m/s and rad/s, inverse mass in 1/kg, inverse inertia in
// 1/(kg·m²). A fixed body has inverse mass and inverse inertia zero.
#pragma once

#include "contactlab/core/types.h"

#include <Eigen/Core>
#include <Eigen/SparseCore>

#include <string>
#include <vector>

namespace contactlab {

/// Row block of one body: rows (n, t, b), columns (v, ω). Stored by rows: the solver's J Δu is
/// then three dot products of contiguous 6-vectors and Jᵀ δ three 6-vector updates, both of which
/// vectorise (by columns, each was six 3-vector operations).
using ContactJacobianBlock = Eigen::Matrix<double, 3, 6, Eigen::RowMajor>;
/// Linear and angular velocity (or a change of them) of one body: (v, ω).
using BodyVelocity = Eigen::Matrix<double, 6, 1>;

/// The inverse of one body's mass matrix: block-diagonal (m⁻¹ I, I_world⁻¹).
struct BodyInverseMass {
  double inverse_mass = 0.0;            ///< 1/kg; 0 for a fixed body
  Mat3 inverse_inertia = Mat3::Zero();  ///< world frame, symmetric; zero for a fixed body
  bool fixed() const { return inverse_mass == 0.0 && inverse_inertia.isZero(0.0); }
};

/// One contact's constraint data.
struct ContactConstraint {
  Index body_a = kInvalidIndex;                                    ///< index into ContactProblem::bodies
  Index body_b = kInvalidIndex;                                    ///< index into ContactProblem::bodies; ≠ body_a
  ContactJacobianBlock jacobian_a = ContactJacobianBlock::Zero();  ///< rows (n, t, b) of body a
  ContactJacobianBlock jacobian_b = ContactJacobianBlock::Zero();  ///< rows (n, t, b) of body b
  Vec3 free_velocity = Vec3::Zero();                               ///< b: contact-frame velocity before impulses
  double friction = 0.0;                                           ///< Coulomb coefficient μ ≥ 0 (isotropic)
};

struct ContactProblem {
  std::vector<BodyInverseMass> bodies;
  std::vector<ContactConstraint> contacts;
};

/// What every solver returns (pgs_prox.h, polyhedral_lcp.h, boxed_lcp.h).
struct ContactSolution {
  std::vector<Vec3> impulses;                 ///< λ_k, contact frame (n, t, b), N·s
  std::vector<BodyVelocity> velocity_change;  ///< Δu = M⁻¹ Jᵀ λ per body (v, ω); zero for fixed bodies
  int iterations = 0;                         ///< sweeps run, undone ones included (Lemke: pivots)
  int rejected_sweeps = 0;                    ///< PGS prox: sweeps undone because the merit grew (ν halved each time)
  double initial_merit = 0.0;                 ///< the solver's merit of the starting impulses, m/s
  double merit = 0.0;                         ///< the solver's merit of `impulses` (its own problem's residual), m/s
  bool converged = false;                     ///< merit ≤ tolerance (with tolerance 0: merit == 0)
  std::vector<double> merit_history;          ///< at each check, if requested
  std::string status;                         ///< how the solve ended, in words ("" for PGS prox)
};

/// Checks what every solver assumes: body indices in range and distinct, every number finite,
/// inverse masses ≥ 0, friction ≥ 0. Throws InputError naming the field ("contacts[3].friction")
/// and the source `source` (the solver's name).
void validate_contact_problem(const ContactProblem& problem, const char* source);

/// W's diagonal block of contact k, J_a M_a⁻¹ J_aᵀ + J_b M_b⁻¹ J_bᵀ: the inverse of the contact's
/// effective mass in its own frame.
Mat3 delassus_block(const ContactProblem& problem, std::size_t k);

/// W = J M⁻¹ Jᵀ assembled, 3m × 3m for m contacts (rows and columns (n, t, b) per contact in the
/// problem's order): the 3×3 block (k, l) is Σ J_k(i) M_i⁻¹ J_l(i)ᵀ over the movable bodies i that
/// contacts k and l share, so W is sparse (a block per pair of contacts on one body). For FCLIB
/// export and for the solvers that need W itself (Lemke); the Gauss–Seidel solvers never form it.
Eigen::SparseMatrix<double> delassus_matrix(const ContactProblem& problem);

/// M⁻¹ Jᵀ of one body's block: the velocity change (v, ω) per unit impulse along n, t, b.
Eigen::Matrix<double, 6, 3> inverse_mass_times_transpose(const BodyInverseMass& body,
                                                         const ContactJacobianBlock& jacobian);

}  // namespace contactlab
