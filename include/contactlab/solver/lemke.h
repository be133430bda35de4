// Lemke's complementary pivoting method for the linear complementarity problem (LCP)
//
//   find z ≥ 0 with w = M z + q ≥ 0 and zᵀ w = 0          (M: n×n, any; q: n)
//
// (C. E. Lemke, "Bimatrix equilibrium points and mathematical programming", Management Science
// 11(7), 1965; the scheme as in Cottle, Pang & Stone, "The Linear Complementarity Problem", 1992,
// §4.4). With the covering vector e = (1, …, 1) and an artificial variable z₀ the system
// w = q + M z + e z₀ starts from the basis {w}, z₀ entering at the most negative q_i; every later
// pivot brings in the complement of the variable that just left, the minimum-ratio test picks who
// leaves, and the run ends when z₀ leaves (a solution) or when the entering column has no positive
// entry (a secondary ray: Lemke cannot solve this problem — it may have no solution, or M is not of
// a class for which Lemke is guaranteed to work).
//
// Degeneracy and round-off: contact problems are degenerate (four corners of a box on a plane:
// W's normal block has rank 3 for four rows; bodies that move together have relative velocities
// of 1e-15 where 0 was meant) and the dense tableau gathers round-off pivot by pivot. The textbook
// lexicographic rule (Cottle, Pang & Stone §4.9), exact in exact arithmetic, ended a third of the
// pillar's and the arch's steps on a secondary ray or with a residual of 10⁰–10⁴ after pivots on
// elements of 1e-11 blew the tableau up to 1e10. So, as practical pivoting codes do:
//  - entries of q within 1e-12 of its largest are taken as 0 (exact degeneracy, not noise);
//  - the ratio test is Harris's two-pass one: the step bound of the rows allowed to go δ below
//    zero (δ = 1e-9 of the largest right-hand side), then among the rows reaching zero within it
//    the largest pivot element; z₀'s row whenever it is among them (the run ends); the
//    lexicographic rule only among equally large pivots;
//  - unless the tableau's answer is exact to round-off (residual ≤ 1e-13 max|q|), the final basis
//    is solved once more from M and q with an LU factorisation, and that z kept when its residual
//    is smaller;
//  - a run ending on a secondary ray or at the pivot limit (Harris's rule can cycle, in theory), or
//    with a residual ‖min(z, w)‖ above 1e-6 of max|q| (the pillar's step 184 ended "solved" with
//    0.77), is tried again with δ 100× larger, then 100× smaller; when none is accurate, the most
//    accurate is returned, status inaccurate.
// On the pillar (40 contacts, 400 variables) and the arch (560) over 60 and 30 simulated steps
// every solve then ends solved with a natural-map residual below 1e-6 (it was 10 of 60 and 9 of 30
// failing before); with the LCP in velocity units (polyhedral_lcp.h "Units"), 60 steps of each end
// solved with a merit below 1e-9 m/s. Pivots whose step was (within δ) zero are counted as
// degenerate. The tolerances are relative to the largest entries: give Lemke an LCP whose
// variables share one unit.
// Used for the polyhedral-cone contact LCP (polyhedral_lcp.h): whole problems when they are small,
// and the one-contact subproblems of its block Gauss–Seidel solver. Dense tableau, O(n²) per
// pivot: for n up to a few thousand.
#pragma once

#include <Eigen/Core>

#include <string>

namespace contactlab {

enum class LemkeStatus {
  solved,         ///< z₀ left the basis: z solves the LCP (up to round-off; see the residual)
  secondary_ray,  ///< the entering column had no positive entry: no solution found
  pivot_limit,    ///< LemkeRequest::max_pivots reached
  inaccurate,     ///< z₀ left, but the residual stayed above 1e-6 of max|q| in every run: the best z
};

/// "solved", "secondary ray (...)", "pivot limit".
std::string to_string(LemkeStatus status);

struct LemkeRequest {
  /// Pivots at most per run; 0: 10 n + 100 (Lemke needs well under n on the contact problems;
  /// the bound stops runs that cycle or that round-off has sent astray).
  int max_pivots = 0;
  /// A column entry counts as positive in the ratio test above this times the column's largest
  /// magnitude (and 1e-300): round-off is not a pivot.
  double pivot_tolerance = 1e-11;
};

struct LemkeResult {
  Eigen::VectorXd z;  ///< the solution (zero where none was found; the best found when inaccurate)
  Eigen::VectorXd w;  ///< M z + q, computed from z
  LemkeStatus status = LemkeStatus::solved;
  int pivots = 0;             ///< including the first (z₀ entering)
  int degenerate_pivots = 0;  ///< pivots whose step length was zero (ties broken lexicographically)
};

/// Solves the LCP (M, q). Throws InputError (source "lemke") when M is not square, M and q do not
/// match or an entry is not finite. q ≥ 0 gives z = 0 with no pivot.
LemkeResult solve_lemke(const Eigen::MatrixXd& M, const Eigen::VectorXd& q, const LemkeRequest& request = {});

/// The LCP's natural-map residual ‖min(z, M z + q)‖₂ (componentwise min): 0 exactly at a solution.
double lcp_residual(const Eigen::MatrixXd& M, const Eigen::VectorXd& q, const Eigen::VectorXd& z);

/// Lemke's tableau, reusable: solving many small LCPs of one size (the one-contact problems of a
/// sweep) allocates once. solve() is solve_lemke() without the checks.
class LemkeSolver {
 public:
  explicit LemkeSolver(LemkeRequest request = {}) : request_(request) {}
  /// Solves (M, q) into `result` (its vectors are resized only when n changes).
  void solve(const Eigen::Ref<const Eigen::MatrixXd>& M, const Eigen::Ref<const Eigen::VectorXd>& q,
             LemkeResult& result);

 private:
  void run(const Eigen::Ref<const Eigen::MatrixXd>& M, const Eigen::Ref<const Eigen::VectorXd>& q, double harris,
           LemkeResult& result);
  void refine(const Eigen::Ref<const Eigen::MatrixXd>& M, const Eigen::Ref<const Eigen::VectorXd>& q,
              LemkeResult& result);
  using Tableau = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  LemkeRequest request_;
  Tableau tableau_;
  Eigen::VectorXi basis_;  // basis_[row]: the variable basic in that row (w_i: i, z_j: n + j, z₀: 2n)
  Eigen::VectorXi ties_;
};

}  // namespace contactlab
