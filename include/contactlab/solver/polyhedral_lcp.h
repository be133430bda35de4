// The contact problem as a linear complementarity problem with a polyhedral friction cone (seed 003
// §1.1.2.1; D. Stewart & J. Trinkle, "An implicit time-stepping scheme for rigid body dynamics with
// inelastic collisions and Coulomb friction", IJNME 39, 1996; M. Anitescu & F. Potra, Nonlinear
// Dynamics 14, 1997), solved by Lemke's method or by block projected Gauss–Seidel.
//
// Per contact k the friction disk ‖λ_t‖ ≤ μ λ_n is replaced by the polygon spanned by K unit
// directions in the tangent plane, d_j = cos θ_j t + sin θ_j b with θ_j = 2π j / K (K even gives
// each direction its opposite twin, as the seed asks), and non-negative friction impulses β_j along
// them: λ_t = Σ_j β_j d_j. With the slack γ_k (the sliding speed) the conditions are
//
//   0 ≤ λ_n ⊥ w_n ≥ 0                                   (non-penetration)
//   0 ≤ β_j ⊥ d_jᵀ w_t + γ ≥ 0        for every j       (friction opposes sliding)
//   0 ≤ γ   ⊥ μ λ_n − Σ_j β_j ≥ 0                       (the impulse stays in the cone)
//
// with w = b + W λ (contact_problem.h). Variables x_k = (λ_n, β_1…β_K, γ) per contact, so the LCP
// has (K + 2) rows per contact: A = Gᵀ W G plus the coupling entries (β rows: +1 in γ's column; γ
// row: μ in λ_n's, −1 in each β's), q = Gᵀ b (0 in γ rows), where G maps x_k to λ_k = (λ_n, Σ β_j
// cos θ_j, Σ β_j sin θ_j). The polygon's corners lie on the circle: the friction bound is μ along
// each d_j and μ cos(π/K) between two (0.924 μ for K = 8), so a polyhedral solution sticks a little
// less than the disk's.
//
// Methods:
//  - Lemke on the whole LCP (lemke.h; Stewart & Trinkle show it is solvable and Lemke processes
//    it): exact up to round-off, but dense — (K + 2)·m variables for m contacts, O(n²) per pivot and
//    about n pivots; refused above PolyhedralLcpRequest::max_lemke_variables.
//  - Block projected Gauss–Seidel: sweep the contacts (the sweep order of pgs_prox.h); at contact k
//    hold all others fixed and solve its own (K + 2)-variable LCP exactly with Lemke — the block
//    version of the PGS of seed 003 (a scalar projection cannot handle the γ row, whose diagonal is
//    zero). A contact whose normal velocity without its own impulse is separating (c_n ≥ 0) gets
//    λ = 0 and γ = max_j(−d_jᵀ c_t)⁺ at once, which is that LCP's solution.
//
// Units: λ_n and β are impulses (N·s), γ a velocity, the rows velocities except γ's (an impulse):
// Lemke's tolerances, relative to the largest entry, would then depend on the units — a scene
// scaled by 0.005 pivoted differently and one step's answer moved by 1e-8 (the box then jumped).
// So Lemke gets each contact's block in velocity units: with c = W_nn of the contact, the
// variables c λ_n, c β, γ and the γ row multiplied by c; every entry of the matrix is then a
// number, and a similarity transform of the scene scales q and the solution alike
// (tests/dynamics/simulation_frame_test.cpp, AnisotropicFrictionSlidesAlikeInAnyFrame: 1e-15).
//
// Merit (m/s): the natural-map residual of the LCP, each row brought to velocity units —
//   sqrt(Σ_k [min(W_nn λ_n, w_n)² + Σ_j min(a_j β_j, d_jᵀ w_t + γ)² + min(γ, W_nn (μ λ_n − Σ β_j))²])
// with a_j = d_jᵀ W_tt d_j (W's diagonal block of the contact): 0 exactly at a solution of this LCP.
// It is not the merit of the disk problem (pgs_prox.h): a polyhedral solution is not a solution of
// that one. Contacts between two fixed bodies (W_nn = 0) get no impulse and no residual, as in PGS
// prox. Determinism: serial, the same input gives the same bits.
#pragma once

#include "contactlab/solver/contact_problem.h"
#include "contactlab/solver/lemke.h"

#include <Eigen/Core>

#include <vector>

namespace contactlab {

enum class PolyhedralLcpMethod {
  block_gauss_seidel,  ///< sweeps of one-contact Lemke solves (the default; any size)
  lemke,               ///< Lemke on the whole LCP (small problems)
};

struct PolyhedralLcpRequest {
  /// K, the friction directions per contact (≥ 3); the seed's polyhedral cone, 8 by default.
  int friction_directions = 8;
  PolyhedralLcpMethod method = PolyhedralLcpMethod::block_gauss_seidel;
  /// Block Gauss–Seidel: sweeps at most (the paper's 1000, as PGS prox).
  int max_iterations = 1000;
  /// Block Gauss–Seidel: stop once the merit is ≤ this (m/s), checked every merit_interval sweeps.
  /// 0: never stop early.
  double tolerance = 0.0;
  int merit_interval = 10;
  /// Block Gauss–Seidel: warm start, one impulse per contact (n, t, b) or empty (from zero). Each is
  /// written on the two directions around its tangent part (and scaled into the cone).
  std::vector<Vec3> initial_impulses;
  /// Lemke's settings, for the whole problem and for the one-contact problems.
  LemkeRequest lemke;
  /// The whole-problem Lemke is refused (InputError) above this many LCP variables: its dense
  /// tableau takes 16 n² bytes (4000 variables: 256 MB).
  int max_lemke_variables = 4000;
};

/// The whole LCP of `problem` (header comment), for Lemke and for tests: `matrix` A and `offset` q,
/// (K + 2) rows per contact in the problem's order (the rows of inactive contacts — both bodies
/// fixed — are kept, with A's diagonal 1 there and q 0, so that x = 0 solves them).
struct PolyhedralLcp {
  Eigen::MatrixXd matrix;
  Eigen::VectorXd offset;
  int friction_directions = 0;
};
PolyhedralLcp polyhedral_lcp(const ContactProblem& problem, int friction_directions);

/// λ_k = G x_k: a contact's impulse (n, t, b) from its LCP variables (λ_n, β_1…β_K, γ).
Vec3 polyhedral_impulse(const Eigen::Ref<const Eigen::VectorXd>& x, int friction_directions);

/// Solves `problem` (validated: InputError, source "polyhedral_lcp"; the request too). With the
/// Lemke method, iterations = Lemke's pivots and status its ending (solved, secondary ray, pivot
/// limit, with the pivots and degenerate pivots); with block Gauss–Seidel, iterations = sweeps and
/// status says how many one-contact solves did not end in a solution (none on the suite's scenes).
ContactSolution solve_polyhedral_lcp(const ContactProblem& problem, const PolyhedralLcpRequest& request = {});

}  // namespace contactlab
