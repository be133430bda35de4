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
// Degeneracy: ties in the ratio test (several basic variables reaching zero together, common in
// contact problems: four corners of a box on a plane) are broken by the lexicographic rule (CPS
// §4.9): among the tied rows the one whose row of [rhs, B⁻¹]/pivot is lexicographically smallest
// leaves, z₀'s row first when it is tied. That rule cannot cycle, so Lemke always ends; the number
// of pivots with a zero step is reported. Ties are judged with a relative tolerance, not exactly:
// round-off makes exactly equal ratios differ in the last bits.
//
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
};

/// "solved", "secondary ray (...)", "pivot limit".
std::string to_string(LemkeStatus status);

struct LemkeRequest {
  /// Pivots at most; 0: 50 n + 100 (Lemke needs about n on the contact problems; the bound only
  /// stops runs that round-off has sent astray).
  int max_pivots = 0;
  /// A column entry counts as positive in the ratio test above this times the column's largest
  /// magnitude (and 1e-300): round-off is not a pivot.
  double pivot_tolerance = 1e-11;
};

struct LemkeResult {
  Eigen::VectorXd z;  ///< the solution (zero where no solution was found)
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
  using Tableau = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  LemkeRequest request_;
  Tableau tableau_;
  Eigen::VectorXi basis_;  // basis_[row]: the variable basic in that row (w_i: i, z_j: n + j, z₀: 2n)
  Eigen::VectorXi ties_;
};

}  // namespace contactlab
