#include "contactlab/solver/lemke.h"

#include "contactlab/core/error.h"

#include <Eigen/LU>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace contactlab {
namespace {

constexpr const char* kLemkeSource = "lemke";
/// Ratios (and lexicographic entries) within this relative distance of the minimum are ties.
constexpr double kTieTolerance = 1e-11;
/// Entries of q below this times its largest magnitude are round-off (see solve()).
constexpr double kNoise = 1e-12;
/// Harris's δ, relative to the largest right-hand side (see the ratio test).
constexpr double kHarris = 1e-9;
/// A run's answer is accepted when its residual ‖min(z, w)‖ is at most this times q's largest entry.
constexpr double kAccept = 1e-6;
/// Below this times q's largest entry the tableau's answer is exact to round-off: no LU polish.
constexpr double kExact = 1e-13;

}  // namespace

std::string to_string(LemkeStatus status) {
  switch (status) {
    case LemkeStatus::solved:
      return "solved";
    case LemkeStatus::secondary_ray:
      return "secondary ray (the entering column has no positive entry: Lemke found no solution)";
    case LemkeStatus::pivot_limit:
      return "pivot limit";
    case LemkeStatus::inaccurate:
      return "inaccurate (z0 left the basis, but every run's residual was above 1e-6 of q's largest entry)";
  }
  return "unknown";
}

void LemkeSolver::solve(const Eigen::Ref<const Eigen::MatrixXd>& M, const Eigen::Ref<const Eigen::VectorXd>& q,
                        LemkeResult& result) {
  // Harris's δ first at 1e-9; a run that ends on a secondary ray or at the pivot limit (round-off
  // can do either on a degenerate contact problem, lemke.h), or with z₀ out but a residual above
  // kAccept of q's largest entry, is tried again with a larger δ, then a smaller one. The pivots of
  // every run count. No run accurate: the most accurate of those that ended, marked inaccurate.
  int pivots = 0, degenerate = 0;
  const double scale = q.size() > 0 ? q.cwiseAbs().maxCoeff() : 0.0;
  const double accept = kAccept * scale;
  LemkeResult best;
  double best_residual = std::numeric_limits<double>::infinity();
  for (const double harris : {kHarris, 100 * kHarris, 0.01 * kHarris}) {
    run(M, q, harris, result);
    pivots += result.pivots;
    degenerate += result.degenerate_pivots;
    if (result.status != LemkeStatus::solved) continue;
    if (result.pivots == 0) break;  // z = 0 was the solution: nothing to read again
    // The LU of the basis only where the tableau's answer is not already exact to round-off: the
    // one-contact problems of the block solver (thousands per step) almost never need it.
    double residual = result.z.cwiseMin(result.w).norm();
    if (residual > kExact * scale) {
      refine(M, q, result);
      residual = result.z.cwiseMin(result.w).norm();
    }
    if (residual <= accept) break;
    if (residual < best_residual) {
      best_residual = residual;
      best = result;
    }
    result.status = LemkeStatus::inaccurate;
  }
  if (result.status != LemkeStatus::solved && std::isfinite(best_residual)) {
    result = std::move(best);
    result.status = LemkeStatus::inaccurate;
  }
  result.pivots = pivots;
  result.degenerate_pivots = degenerate;
}

void LemkeSolver::run(const Eigen::Ref<const Eigen::MatrixXd>& M, const Eigen::Ref<const Eigen::VectorXd>& q,
                      double harris, LemkeResult& result) {
  const auto n = static_cast<int>(q.size());
  result.z.setZero(n);
  result.pivots = 0;
  result.degenerate_pivots = 0;
  result.status = LemkeStatus::solved;
  if (n == 0 || q.minCoeff() >= 0) {  // z = 0 is a solution
    result.w = q;
    return;
  }
  // Columns: w (n, the identity at the start: B⁻¹ for the lexicographic rule), z (n), z₀, rhs.
  const int z0 = 2 * n, rhs = 2 * n + 1;
  tableau_.resize(n, 2 * n + 2);
  tableau_.leftCols(n).setIdentity();
  tableau_.middleCols(n, n) = -M;
  tableau_.col(z0).setConstant(-1.0);
  // Entries of q within round-off of zero (relative to its largest) are zero: in a contact problem
  // they are the relative velocities of bodies that move together, 1e-15 where exactly 0 was
  // meant, and their noise turns an exactly degenerate problem — which the lexicographic rule
  // handles — into a nearly degenerate one on which Lemke ended on a secondary ray (the pillar).
  const double q_noise = kNoise * q.cwiseAbs().maxCoeff();
  for (int i = 0; i < n; ++i) tableau_(i, rhs) = std::abs(q[i]) <= q_noise ? 0.0 : q[i];
  basis_.resize(n);
  for (int i = 0; i < n; ++i) basis_[i] = i;
  ties_.resize(n);
  const int max_pivots = request_.max_pivots > 0 ? request_.max_pivots : 10 * n + 100;

  const auto pivot = [&](int row, int column) {
    tableau_.row(row) /= tableau_(row, column);
    for (int i = 0; i < n; ++i) {
      if (i == row) continue;
      const double f = tableau_(i, column);
      if (f != 0.0) tableau_.row(i) -= f * tableau_.row(row);
      tableau_(i, column) = 0.0;
    }
    tableau_(row, column) = 1.0;
    ++result.pivots;
  };
  // Among the rows ties_[0..count), the lexicographic minimum of [rhs, B⁻¹] row / divisor.
  const auto lexicographic_min = [&](int count, const auto& divisor) {
    for (int j = 0; j < n && count > 1; ++j) {
      double least = std::numeric_limits<double>::infinity(), largest = 0.0;
      for (int t = 0; t < count; ++t) {
        const double v = tableau_(ties_[t], j) / divisor(ties_[t]);
        least = std::min(least, v);
        largest = std::max(largest, std::abs(v));
      }
      int kept = 0;
      for (int t = 0; t < count; ++t) {
        if (tableau_(ties_[t], j) / divisor(ties_[t]) <= least + kTieTolerance * largest) ties_[kept++] = ties_[t];
      }
      count = kept;
    }
    return ties_[0];
  };

  // z₀ enters where q is most negative: the ratio test of the column −e, min q_i / 1; ties by the
  // lexicographic rule on (q_i, e_i) — with e_i the larger index is the smaller row.
  const double q_min = q.minCoeff();
  const double q_scale = q.cwiseAbs().maxCoeff();
  int count = 0;
  for (int i = 0; i < n; ++i) {
    if (q[i] <= q_min + kTieTolerance * q_scale) ties_[count++] = i;
  }
  int row = lexicographic_min(count, [](int) { return 1.0; });
  int leaving = basis_[row];
  pivot(row, z0);
  basis_[row] = z0;
  int entering = leaving + n;  // the complement of w_i is z_i

  for (;;) {
    if (result.pivots >= max_pivots) {
      result.status = LemkeStatus::pivot_limit;
      break;
    }
    const auto column = tableau_.col(entering);
    const double column_scale = column.cwiseAbs().maxCoeff();
    const double positive = std::max(request_.pivot_tolerance * column_scale, 1e-300);
    // Harris's two-pass ratio test (lemke.h "Degeneracy"): the step bound of rows allowed to go
    // δ below zero, then, among the rows that reach zero within it, the largest pivot element.
    const double delta = harris * std::max(q_scale, tableau_.col(rhs).cwiseAbs().maxCoeff());
    double bound = std::numeric_limits<double>::infinity(), least = bound;
    for (int i = 0; i < n; ++i) {
      if (column[i] <= positive) continue;
      const double value = std::max(0.0, tableau_(i, rhs));
      bound = std::min(bound, (value + delta) / column[i]);
      least = std::min(least, value / column[i]);
    }
    if (!std::isfinite(bound)) {
      result.status = LemkeStatus::secondary_ray;
      break;
    }
    count = 0;
    int z0_row = -1;
    double largest = 0.0;
    for (int i = 0; i < n; ++i) {
      if (column[i] <= positive || std::max(0.0, tableau_(i, rhs)) / column[i] > bound) continue;
      ties_[count++] = i;
      largest = std::max(largest, column[i]);
      if (basis_[i] == z0) z0_row = i;
    }
    if (least * column_scale <= delta) ++result.degenerate_pivots;
    if (z0_row >= 0) {
      row = z0_row;  // z₀ can leave: a solution
    } else {
      int kept = 0;
      for (int t = 0; t < count; ++t) {
        if (column[ties_[t]] >= (1.0 - kTieTolerance) * largest) ties_[kept++] = ties_[t];
      }
      row = lexicographic_min(kept, [&](int i) { return column[i]; });
    }
    leaving = basis_[row];
    pivot(row, entering);
    basis_[row] = entering;
    if (leaving == z0) break;  // solved
    entering = leaving < n ? leaving + n : leaving - n;
  }
  for (int i = 0; i < n; ++i) {
    if (basis_[i] >= n && basis_[i] < z0) result.z[basis_[i] - n] = std::max(0.0, tableau_(i, rhs));
  }
  // Not a solution: report none rather than a point that looks like one.
  if (result.status != LemkeStatus::solved) result.z.setZero();
  result.w.noalias() = M * result.z;
  result.w += q;
}

void LemkeSolver::refine(const Eigen::Ref<const Eigen::MatrixXd>& M, const Eigen::Ref<const Eigen::VectorXd>& q,
                         LemkeResult& result) {
  // The final basis read again from M and q: B x_B = q with B's columns e_i (w_i basic) and −M_j
  // (z_j basic), one LU — free of the round-off the tableau gathered pivot by pivot.
  const auto n = static_cast<int>(q.size());
  Eigen::MatrixXd basis_matrix(n, n);
  for (int r = 0; r < n; ++r) {
    if (basis_[r] < n) {
      basis_matrix.col(r).setZero();
      basis_matrix(basis_[r], r) = 1.0;
    } else {
      basis_matrix.col(r) = -M.col(basis_[r] - n);
    }
  }
  const Eigen::PartialPivLU<Eigen::MatrixXd> lu(basis_matrix);
  const Eigen::VectorXd x = lu.solve(q);
  Eigen::VectorXd z = Eigen::VectorXd::Zero(n);
  for (int r = 0; r < n; ++r) {
    if (basis_[r] >= n) z[basis_[r] - n] = std::max(0.0, x[r]);
  }
  if (!z.allFinite()) return;
  Eigen::VectorXd w = M * z + q;
  if (z.cwiseMin(w).norm() < result.z.cwiseMin(result.w).norm()) {
    result.z = std::move(z);
    result.w = std::move(w);
  }
}

LemkeResult solve_lemke(const Eigen::MatrixXd& M, const Eigen::VectorXd& q, const LemkeRequest& request) {
  if (M.rows() != M.cols()) {
    throw InputError(kLemkeSource, 0,
                     "M: expected a square matrix, got " + std::to_string(M.rows()) + "x" + std::to_string(M.cols()));
  }
  if (M.rows() != q.size()) {
    throw InputError(
        kLemkeSource, 0,
        "q: expected " + std::to_string(M.rows()) + " entries (M's size), got " + std::to_string(q.size()));
  }
  if (!M.allFinite()) throw InputError(kLemkeSource, 0, "M: expected finite entries");
  if (!q.allFinite()) throw InputError(kLemkeSource, 0, "q: expected finite entries");
  if (request.max_pivots < 0) {
    throw InputError(kLemkeSource, 0, "max_pivots: expected >= 0, got " + std::to_string(request.max_pivots));
  }
  if (!(request.pivot_tolerance >= 0 && request.pivot_tolerance < 1)) {
    throw InputError(kLemkeSource, 0, "pivot_tolerance: expected a number in [0, 1)");
  }
  LemkeSolver solver(request);
  LemkeResult result;
  solver.solve(M, q, result);
  return result;
}

double lcp_residual(const Eigen::MatrixXd& M, const Eigen::VectorXd& q, const Eigen::VectorXd& z) {
  const Eigen::VectorXd w = M * z + q;
  return z.cwiseMin(w).norm();
}

}  // namespace contactlab
