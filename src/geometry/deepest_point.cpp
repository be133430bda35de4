#include "contactlab/geometry/deepest_point.h"

#include <Eigen/LU>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

namespace contactlab {
namespace {

/// A dense simplex tableau for the dual LP: 4 rows (Σ y_i n_i = 0 by component, Σ y_i = 1),
/// columns 0..m−1 the planes' y_i, m..m+3 the phase-1 artificials, the last the right-hand side.
class Tableau {
 public:
  explicit Tableau(std::span<const HalfSpace> planes) : m_(static_cast<int>(planes.size())), cols_(m_ + 5) {
    cells_.assign(static_cast<std::size_t>(4 * cols_), 0.0);
    for (int i = 0; i < m_; ++i) {
      for (int r = 0; r < 3; ++r) at(r, i) = planes[static_cast<std::size_t>(i)].normal[r];
      at(3, i) = 1.0;
    }
    for (int r = 0; r < 4; ++r) {
      at(r, m_ + r) = 1.0;
      basis_[static_cast<std::size_t>(r)] = m_ + r;
    }
    at(3, cols_ - 1) = 1.0;
  }

  /// Runs the simplex method on the cost vector (one entry per column but the last) over the
  /// columns [0, allowed); false when the LP is unbounded in that direction.
  bool minimise(const std::vector<double>& cost, int allowed) {
    const int max_pivots = 50 * (m_ + 4) + 100;
    for (int pivots = 0; pivots < max_pivots; ++pivots) {
      int entering = -1;
      for (int j = 0; j < allowed && entering < 0; ++j) {  // Bland: the least index that improves
        if (in_basis(j)) continue;
        double reduced = cost[static_cast<std::size_t>(j)];
        for (int r = 0; r < 4; ++r)
          reduced -= cost[static_cast<std::size_t>(basis_[static_cast<std::size_t>(r)])] * at(r, j);
        if (reduced < -kEps * cost_scale(cost)) entering = j;
      }
      if (entering < 0) return true;
      // Ratio test; among the rows that tie (degenerate pivots), Bland's least basic index.
      double best = std::numeric_limits<double>::infinity();
      for (int r = 0; r < 4; ++r) {
        if (at(r, entering) > kPivotEps) best = std::min(best, at(r, cols_ - 1) / at(r, entering));
      }
      int leaving = -1;
      for (int r = 0; r < 4; ++r) {
        const double a = at(r, entering);
        if (!(a > kPivotEps) || at(r, cols_ - 1) / a > best + 1e-15 * (1.0 + std::abs(best))) continue;
        if (leaving < 0 || basis_[static_cast<std::size_t>(r)] < basis_[static_cast<std::size_t>(leaving)]) leaving = r;
      }
      if (leaving < 0) return false;
      pivot(leaving, entering);
    }
    return true;  // the pivot limit (Bland's rule cannot cycle; this guards rounding only)
  }

  /// Pivots every artificial still basic (at level 0 after phase 1) out of the basis; false when
  /// a row has no plane column to take its place (the normals do not span space).
  bool drive_out_artificials() {
    for (int r = 0; r < 4; ++r) {
      if (basis_[static_cast<std::size_t>(r)] < m_) continue;
      int best = -1;
      for (int j = 0; j < m_; ++j) {
        if (!in_basis(j) && std::abs(at(r, j)) > kPivotEps && (best < 0 || std::abs(at(r, j)) > std::abs(at(r, best))))
          best = j;
      }
      if (best < 0) return false;
      pivot(r, best);
    }
    return true;
  }

  double rhs(int r) const { return cells_[static_cast<std::size_t>(r * cols_ + cols_ - 1)]; }
  int basic(int r) const { return basis_[static_cast<std::size_t>(r)]; }
  int columns() const { return cols_; }

 private:
  static constexpr double kEps = 1e-12;
  static constexpr double kPivotEps = 1e-11;

  double& at(int r, int c) { return cells_[static_cast<std::size_t>(r * cols_ + c)]; }
  double at(int r, int c) const { return cells_[static_cast<std::size_t>(r * cols_ + c)]; }
  bool in_basis(int j) const { return std::find(basis_.begin(), basis_.end(), j) != basis_.end(); }
  static double cost_scale(const std::vector<double>& cost) {
    double s = 0.0;
    for (const double c : cost) s = std::max(s, std::abs(c));
    return s > 0.0 ? s : 1.0;
  }
  void pivot(int row, int col) {
    const double p = at(row, col);
    for (int c = 0; c < cols_; ++c) at(row, c) /= p;
    at(row, col) = 1.0;
    for (int r = 0; r < 4; ++r) {
      if (r == row) continue;
      const double f = at(r, col);
      if (f == 0.0) continue;
      for (int c = 0; c < cols_; ++c) at(r, c) -= f * at(row, c);
      at(r, col) = 0.0;
    }
    basis_[static_cast<std::size_t>(row)] = col;
  }

  int m_;
  int cols_;
  std::vector<double> cells_;
  std::array<int, 4> basis_{};
};

/// The point (x, t) where the 4 planes `basis` hold with equality, n_i · x + t = h_i, or nothing
/// when their system is singular or its solution not finite.
std::optional<Eigen::Vector4d> equality_point(const std::vector<HalfSpace>& local,
                                              const std::array<std::size_t, 4>& basis) {
  Eigen::Matrix4d system;
  Eigen::Vector4d rhs;
  for (int r = 0; r < 4; ++r) {
    const HalfSpace& p = local[basis[static_cast<std::size_t>(r)]];
    system.row(r) << p.normal.x(), p.normal.y(), p.normal.z(), 1.0;
    rhs[r] = p.offset;
  }
  const Eigen::FullPivLU<Eigen::Matrix4d> lu(system);
  if (!lu.isInvertible()) return std::nullopt;
  const Eigen::Vector4d z = lu.solve(rhs);
  if (!z.allFinite()) return std::nullopt;
  return z;
}

/// The primal optimum by brute force: every 4 planes whose system n_i · x + t = h_i is regular give
/// a vertex (x, t) of the primal's feasible set; the feasible one (no plane's slack below −δ) with
/// the largest t is an optimum — a bounded LP attains it at a vertex. C(m, 4) solves of 4×4: 70 for
/// two tets. The fallback where the simplex's basis is singular or its point not optimal; false
/// when no 4 planes give a feasible vertex (the normals do not span space).
bool deepest_vertex(const std::vector<HalfSpace>& local, double slack_band, Vec3& x, double& t) {
  const std::size_t m = local.size();
  bool found = false;
  std::array<std::size_t, 4> q{};
  const auto visit = [&] {
    const std::optional<Eigen::Vector4d> vertex = equality_point(local, q);
    if (!vertex) return;
    const Eigen::Vector4d& z = *vertex;
    if (found && !(z[3] > t)) return;
    for (const HalfSpace& p : local) {
      if (p.offset - p.normal.dot(z.head<3>()) - z[3] < -slack_band) return;
    }
    found = true;
    x = z.head<3>();
    t = z[3];
  };
  for (q[0] = 0; q[0] < m; ++q[0])
    for (q[1] = q[0] + 1; q[1] < m; ++q[1])
      for (q[2] = q[1] + 1; q[2] < m; ++q[2])
        for (q[3] = q[2] + 1; q[3] < m; ++q[3]) visit();
  return found;
}

}  // namespace

DeepestPoint deepest_point(std::span<const HalfSpace> planes, const Vec3& reference) {
  DeepestPoint out;
  out.point = reference;
  if (planes.empty()) {
    out.depth = std::numeric_limits<double>::infinity();
    return out;
  }
  // Offsets relative to the reference point.
  std::vector<HalfSpace> local(planes.begin(), planes.end());
  for (HalfSpace& p : local) p.offset -= p.normal.dot(reference);
  const int m = static_cast<int>(local.size());
  Tableau tableau(local);
  // Phase 1: minimise the artificials' sum; > 0 at the optimum means 0 is not a positive
  // combination of the normals with Σ y = 1 — no finite optimum of the primal (unbounded).
  std::vector<double> phase1(static_cast<std::size_t>(tableau.columns() - 1), 0.0);
  for (int r = 0; r < 4; ++r) phase1[static_cast<std::size_t>(m + r)] = 1.0;
  tableau.minimise(phase1, m + 4);
  double infeasibility = 0.0;
  for (int r = 0; r < 4; ++r) {
    if (tableau.basic(r) >= m) infeasibility += tableau.rhs(r);
  }
  if (infeasibility > 1e-9 || !tableau.drive_out_artificials()) {
    out.depth = 0.0;
    return out;  // bounded = false
  }
  // Phase 2: minimise Σ y_i h_i over the planes' columns.
  std::vector<double> phase2(static_cast<std::size_t>(tableau.columns() - 1), 0.0);
  for (int i = 0; i < m; ++i) phase2[static_cast<std::size_t>(i)] = local[static_cast<std::size_t>(i)].offset;
  const bool optimal = tableau.minimise(phase2, m);
  // The basic planes hold with equality at the primal optimum: n_i · x + t = h_i.
  std::array<std::size_t, 4> basis{};
  for (int r = 0; r < 4; ++r) basis[static_cast<std::size_t>(r)] = static_cast<std::size_t>(tableau.basic(r));
  Vec3 x = Vec3::Zero();
  double t = 0.0;
  // The certificate: the basis is regular and its point (x, t) feasible — no plane's slack below
  // t − δ, δ a rounding band of 1e-12 of the offsets' magnitude — with the simplex ended at
  // optimality. Otherwise the brute force (deepest_vertex). Two planes that are one up to rounding
  // (flush faces of two touching tets: the same corners, unit normals a bit apart) can both enter
  // the basis after a tiny pivot has grown the tableau's rounding above kPivotEps — a singular
  // basis, which gave no point at all and so no Solfec contact for that pair in some frames.
  double offset_scale = 0.0;
  for (const HalfSpace& p : local) offset_scale = std::max(offset_scale, std::abs(p.offset));
  const double slack_band = 1e-12 * offset_scale;
  bool certified = false;
  if (const std::optional<Eigen::Vector4d> z = optimal ? equality_point(local, basis) : std::nullopt) {
    x = z->head<3>();
    t = (*z)[3];
    certified = true;
    for (const HalfSpace& p : local) certified = certified && !(p.offset - p.normal.dot(x) - t < -slack_band);
  }
  if (!certified && !deepest_vertex(local, slack_band, x, t)) return out;  // bounded = false
  double depth = std::numeric_limits<double>::infinity();
  for (const HalfSpace& p : local) depth = std::min(depth, p.offset - p.normal.dot(x));
  out.point = reference + x;
  out.depth = depth;
  out.bounded = true;
  return out;
}

}  // namespace contactlab
