// Projected Gauss–Seidel on the proximal-map formulation of contact with isotropic Coulomb
// friction: the solver of the paper's simulations (K. Erleben, "Methodology for Assessing
// Mesh-Based Contact Point Methods", ACM TOG 37(3), 2018, §7: "a projected Gauss-Seidel method
// based on a proximal map formulation with isotropic Coulomb friction", 1000 iterations, no
// stabilisation; details in K. Erleben, "Rigid body contact problems using proximal operators",
// SCA 2017).
//
// Problem (contact_problem.h): find impulses λ_k = (λ_n, λ_t) per contact with w = b + W λ and
//   0 ≤ λ_n ⊥ w_n ≥ 0                                  (non-penetration, seed 003 §1.1.1.1)
//   ‖λ_t‖ ≤ μ λ_n,  λ_t = argmin over that disk of w_tᵀ λ_t   (maximal dissipation, §1.1.2)
// Both are fixed points of proximal maps (Erleben 2017 §3): for any r > 0,
//   λ_n = max(0, λ_n − r w_n),   λ_t = proj_{‖·‖ ≤ μ λ_n}(λ_t − r w_t).
//
// One iteration is one Gauss–Seidel sweep over the contacts in the sweep order (below): for contact k,
// w_k = b_k + J_a Δu_a + J_b Δu_b (Δu: each body's velocity change from the impulses so far, kept
// up to date, so W is never formed), then the normal update, then the friction update on the
// disk of the *new* λ_n, and Δu of both bodies moves by M⁻¹Jᵀ(λ_k⁺ − λ_k).
//
// r-factors, per contact block, from its effective mass (the diagonal block W_kk of W):
//   r_n = ν / W_kk(n, n),   r_t = ν / λ_max(W_kk's 2×2 tangent block)
// (one r for both tangents keeps the disk projection a proximal map; the eigenvalue, unlike the
// diagonal, does not depend on the tangent basis, so neither do the iterates). With ν = 1 the normal
// update alone solves its row exactly. After `merit_interval` sweeps the merit is computed;
// if it more than doubled since the last accepted check (divergence), those sweeps are undone and
// ν halved (Erleben 2017 §4's strategy against divergence); otherwise ν grows by 1.25, up to its
// initial value or, after a divergence, 0.9 × the halved value. A merit that merely fails to fall is no divergence: Gauss–Seidel's merit need not
// fall from one check to the next, and undoing such sweeps stalled the solve. Checking every sweep
// would cost about as much as the sweeps themselves, so the interval between checks doubles after
// each accepted one, up to `max_merit_interval` (80), and falls back to `merit_interval` after a
// rejected one: the 100 checks of 1000 sweeps at a fixed 10 cost 4–5 % of the solve on the wall
// (bench/simulation_bench), the 15 of the growing interval under 1 %.
//
// Order: contacts are swept in rounds, the first contact of every body pair, then the second of
// every pair, and so on (within a round in the input's order; a pair is unordered). Contacts of
// one pair come in runs (one interface's points), and in the input's order each update would wait
// for the one before it, which changed the same two bodies' Δu: the sweep was one chain of
// dependent arithmetic (~45 ns per contact on this machine). In rounds, neighbouring contacts
// mostly act on other bodies and the processor overlaps them: 20 % less time per sweep on the
// wall, and the merit after 1000 sweeps 2–15 times lower on pillar, wall and arch
// (bench/simulation_bench, opposing and closest-points). Results come back in the input's order.
//
// Merit: the natural-map residual at the current λ, with the r-factors of ν = 1 (fixed for the
// whole solve so that values compare):
//   merit = sqrt(Σ_k ‖R_k⁻¹ (λ_k − prox_k(λ_k − R_k w_k))‖²)   [m/s]
// It is 0 exactly at a solution, for any positive R. Contacts between two fixed bodies (W_kk = 0)
// cannot be acted on: their impulse stays 0 and they do not count in the merit.
//
// Determinism: one thread, the sweep order a function of the input's order and body indices only;
// the same input gives the same bits.
#pragma once

#include "contactlab/solver/contact_problem.h"

#include <vector>

namespace contactlab {

struct PgsProxRequest {
  /// Sweeps at most; the paper forces 1000 in every step (§7).
  int max_iterations = 1000;
  /// Stop as soon as the merit is ≤ this (m/s). 0: never stop early (the paper's fixed-iteration
  /// mode; the default).
  double tolerance = 0.0;
  /// ν of the r-factors at the start (0 < ν; ν < 2 converges for a single frictionless contact).
  double initial_r_scale = 1.0;
  /// Sweeps before the first merit check (≥ 1): the divergence test, the tolerance test and the
  /// history happen at checks only; a rejected check undoes the sweeps since the last one.
  int merit_interval = 10;
  /// The interval doubles after every accepted check, up to this (≥ 1); a rejected check resets
  /// it to merit_interval. Set it to merit_interval for checks at a fixed interval (with a
  /// tolerance, a solve may run up to this many sweeps past the one that met it).
  int max_merit_interval = 80;
  /// Warm start: one impulse per contact (n, t, b), or empty to start from zero (the paper's).
  std::vector<Vec3> initial_impulses;
  /// Keep the merit of every check in ContactSolution::merit_history (off: only the last).
  bool record_merit_history = false;
};

/// Solves `problem` (validated first: InputError naming the field, source "pgs_prox"); the request
/// is checked too (max_iterations ≥ 0, tolerance ≥ 0, initial_r_scale > 0, warm start size).
ContactSolution solve_pgs_prox(const ContactProblem& problem, const PgsProxRequest& request = {});

}  // namespace contactlab
