#include "contactlab/solver/lemke.h"

#include "contactlab/core/error.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace contactlab {
namespace {

constexpr const char* kSource = "lemke";
/// Ratios (and lexicographic entries) within this relative distance of the minimum are ties.
constexpr double kTieTolerance = 1e-11;

}  // namespace

std::string to_string(LemkeStatus status) {
  switch (status) {
    case LemkeStatus::solved:
      return "solved";
    case LemkeStatus::secondary_ray:
      return "secondary ray (the entering column has no positive entry: Lemke found no solution)";
    case LemkeStatus::pivot_limit:
      return "pivot limit";
  }
  return "unknown";
}

void LemkeSolver::solve(const Eigen::Ref<const Eigen::MatrixXd>& M, const Eigen::Ref<const Eigen::VectorXd>& q,
                        LemkeResult& result) {
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
  tableau_.col(rhs) = q;
  basis_.resize(n);
  for (int i = 0; i < n; ++i) basis_[i] = i;
  ties_.resize(n);
  const int max_pivots = request_.max_pivots > 0 ? request_.max_pivots : 50 * n + 100;

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
    double least = std::numeric_limits<double>::infinity();
    double rhs_scale = 0.0;
    for (int i = 0; i < n; ++i) {
      if (column[i] <= positive) continue;
      least = std::min(least, std::max(0.0, tableau_(i, rhs)) / column[i]);
      rhs_scale = std::max(rhs_scale, std::abs(tableau_(i, rhs)) / column[i]);
    }
    if (!std::isfinite(least)) {
      result.status = LemkeStatus::secondary_ray;
      break;
    }
    count = 0;
    int z0_row = -1;
    for (int i = 0; i < n; ++i) {
      if (column[i] <= positive) continue;
      if (std::max(0.0, tableau_(i, rhs)) / column[i] <= least + kTieTolerance * rhs_scale) {
        ties_[count++] = i;
        if (basis_[i] == z0) z0_row = i;
      }
    }
    if (least <= kTieTolerance * rhs_scale) ++result.degenerate_pivots;
    row = z0_row >= 0 ? z0_row : lexicographic_min(count, [&](int i) { return column[i]; });
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

LemkeResult solve_lemke(const Eigen::MatrixXd& M, const Eigen::VectorXd& q, const LemkeRequest& request) {
  if (M.rows() != M.cols()) {
    throw InputError(kSource, 0,
                     "M: expected a square matrix, got " + std::to_string(M.rows()) + "x" + std::to_string(M.cols()));
  }
  if (M.rows() != q.size()) {
    throw InputError(
        kSource, 0, "q: expected " + std::to_string(M.rows()) + " entries (M's size), got " + std::to_string(q.size()));
  }
  if (!M.allFinite()) throw InputError(kSource, 0, "M: expected finite entries");
  if (!q.allFinite()) throw InputError(kSource, 0, "q: expected finite entries");
  if (request.max_pivots < 0) {
    throw InputError(kSource, 0, "max_pivots: expected >= 0, got " + std::to_string(request.max_pivots));
  }
  if (!(request.pivot_tolerance >= 0 && request.pivot_tolerance < 1)) {
    throw InputError(kSource, 0, "pivot_tolerance: expected a number in [0, 1)");
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
