#include "contactlab/solver/boxed_lcp.h"

#include "contact_blocks.h"
#include "contactlab/core/error.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace contactlab {
namespace {

constexpr const char* kBoxedLcpSource = "boxed_lcp";

/// One row's natural-map step, A_ii (x − clamp(x − w / A_ii, lo, hi)), in velocity units.
double row_residual(double a_ii, double x, double w, double lo, double hi) {
  return a_ii * (x - std::clamp(x - w / a_ii, lo, hi));
}

void validate_request(const BoxedLcpRequest& request, std::size_t contact_count) {
  solver_detail::validate_sweeps(kBoxedLcpSource, request.max_iterations, request.tolerance, request.merit_interval,
                                 request.initial_impulses, contact_count);
}

class BoxedSolve {
 public:
  explicit BoxedSolve(const ContactProblem& problem)
      : order_(solver_detail::sweep_order(problem)),
        blocks_(solver_detail::contact_blocks(problem, order_)),
        impulses_(blocks_.size(), Vec3::Zero()),
        velocity_change_(problem.bodies.size(), BodyVelocity::Zero()) {}

  void start_from(const std::vector<Vec3>& initial) {
    for (std::size_t k = 0; k < blocks_.size(); ++k) {
      if (!blocks_[k].active()) continue;
      Vec3 lambda = initial[order_[k]];
      lambda.x() = std::max(0.0, lambda.x());
      const double bound = blocks_[k].friction * lambda.x();
      lambda.y() = std::clamp(lambda.y(), -bound, bound);
      lambda.z() = std::clamp(lambda.z(), -bound, bound);
      if (!(blocks_[k].delassus(1, 1) > 0)) lambda.y() = 0.0;
      if (!(blocks_[k].delassus(2, 2) > 0)) lambda.z() = 0.0;
      solver_detail::apply_impulse(blocks_[k], lambda, velocity_change_);
      impulses_[k] = lambda;
    }
  }

  /// One projected Gauss–Seidel sweep (boxed_lcp.h).
  void sweep() {
    for (std::size_t k = 0; k < blocks_.size(); ++k) {
      if (!blocks_[k].active()) continue;
      const solver_detail::ContactBlock& c = blocks_[k];
      Vec3 w = solver_detail::contact_velocity(c, velocity_change_);
      Vec3 lambda = impulses_[k];
      const Mat3& a = c.delassus;
      // Normal, then each tangent with the bounds of the new λ_n; w follows through W_kk.
      const double normal = std::max(0.0, lambda.x() - w.x() / a(0, 0));
      w += a.col(0) * (normal - lambda.x());
      lambda.x() = normal;
      const double bound = c.friction * normal;
      for (int i = 1; i < 3; ++i) {
        if (!(a(i, i) > 0)) continue;
        const double updated = std::clamp(lambda[i] - w[i] / a(i, i), -bound, bound);
        w += a.col(i) * (updated - lambda[i]);
        lambda[i] = updated;
      }
      solver_detail::apply_impulse(c, lambda - impulses_[k], velocity_change_);
      impulses_[k] = lambda;
    }
  }

  double merit() const {
    double sum = 0.0;
    for (std::size_t k = 0; k < blocks_.size(); ++k) {
      if (!blocks_[k].active()) continue;
      const solver_detail::ContactBlock& c = blocks_[k];
      const Vec3 w = solver_detail::contact_velocity(c, velocity_change_);
      const Vec3& lambda = impulses_[k];
      const double bound = c.friction * lambda.x();
      double r = row_residual(c.delassus(0, 0), lambda.x(), w.x(), 0.0, INFINITY);
      sum += r * r;
      for (int i = 1; i < 3; ++i) {
        if (!(c.delassus(i, i) > 0)) continue;
        r = row_residual(c.delassus(i, i), lambda[i], w[i], -bound, bound);
        sum += r * r;
      }
    }
    return std::sqrt(sum);
  }

  std::vector<Vec3> impulses_in_input_order() const { return solver_detail::in_input_order(impulses_, order_); }
  std::vector<BodyVelocity>& velocity_change() { return velocity_change_; }

 private:
  std::vector<std::size_t> order_;
  std::vector<solver_detail::ContactBlock> blocks_;
  std::vector<Vec3> impulses_;
  std::vector<BodyVelocity> velocity_change_;
};

void validate_general(const Eigen::MatrixXd& A, const Eigen::VectorXd& b, const Eigen::VectorXd& lo,
                      const Eigen::VectorXd& hi) {
  const auto fail = [](const std::string& what) { throw InputError(kBoxedLcpSource, 0, what); };
  const Eigen::Index n = A.rows();
  if (A.cols() != n) fail("A: expected a square matrix");
  if (b.size() != n || lo.size() != n || hi.size() != n) fail("b, lo, hi: expected " + std::to_string(n) + " entries");
  if (!A.allFinite() || !b.allFinite()) fail("A, b: expected finite entries");
  for (Eigen::Index i = 0; i < n; ++i) {
    if (!(A(i, i) > 0)) fail("A(" + std::to_string(i) + "," + std::to_string(i) + "): expected > 0");
    if (std::isnan(lo[i]) || std::isnan(hi[i]) || lo[i] > hi[i] || lo[i] == INFINITY || hi[i] == -INFINITY) {
      fail("lo[" + std::to_string(i) + "], hi[" + std::to_string(i) + "]: expected lo <= hi, lo < inf, hi > -inf");
    }
  }
}

}  // namespace

ContactSolution solve_boxed_lcp(const ContactProblem& problem, const BoxedLcpRequest& request) {
  validate_contact_problem(problem, kBoxedLcpSource);
  validate_request(request, problem.contacts.size());
  BoxedSolve solve(problem);
  if (!request.initial_impulses.empty()) solve.start_from(request.initial_impulses);
  ContactSolution result;
  solver_detail::run_sweeps(solve, request.max_iterations, request.tolerance, request.merit_interval, result);
  result.impulses = solve.impulses_in_input_order();
  result.velocity_change = std::move(solve.velocity_change());
  return result;
}

double boxed_lcp_residual(const Eigen::MatrixXd& A, const Eigen::VectorXd& b, const Eigen::VectorXd& lo,
                          const Eigen::VectorXd& hi, const Eigen::VectorXd& x) {
  const Eigen::VectorXd w = A * x + b;
  double sum = 0.0;
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    const double r = row_residual(A(i, i), x[i], w[i], lo[i], hi[i]);
    sum += r * r;
  }
  return std::sqrt(sum);
}

BoxedLcpResult solve_boxed_pgs(const Eigen::MatrixXd& A, const Eigen::VectorXd& b, const Eigen::VectorXd& lo,
                               const Eigen::VectorXd& hi, int max_iterations, double tolerance) {
  validate_general(A, b, lo, hi);
  if (max_iterations < 0) throw InputError(kBoxedLcpSource, 0, "max_iterations: expected >= 0");
  BoxedLcpResult result;
  const Eigen::Index n = A.rows();
  result.x = Eigen::VectorXd::Zero(n).cwiseMax(lo).cwiseMin(hi);
  result.w = A * result.x + b;
  while (result.iterations < max_iterations) {
    for (Eigen::Index i = 0; i < n; ++i) {
      const double updated = std::clamp(result.x[i] - result.w[i] / A(i, i), lo[i], hi[i]);
      result.w += A.col(i) * (updated - result.x[i]);
      result.x[i] = updated;
    }
    ++result.iterations;
    if (tolerance > 0 && result.iterations % 10 == 0 && boxed_lcp_residual(A, b, lo, hi, result.x) <= tolerance) break;
  }
  result.w = A * result.x + b;
  result.residual = boxed_lcp_residual(A, b, lo, hi, result.x);
  return result;
}

}  // namespace contactlab
