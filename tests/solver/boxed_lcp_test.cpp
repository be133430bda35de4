// The boxed LCP (solver/boxed_lcp.h). Ground truth: enumeration of every row's three states
// (at its lower bound, at its upper bound, or free with w_i = 0), each a linear system solved
// here, kept when all the BLCP's sign conditions hold — for general BLCPs with fixed bounds and for
// the contact BLCP, whose tangent bounds ±μ λ_n depend on the solution.
#include "contactlab/solver/boxed_lcp.h"
#include "contactlab/core/error.h"
#include "solver/contact_rows.h"

#include <gtest/gtest.h>

#include <Eigen/Dense>

#include <cmath>
#include <random>
#include <vector>

namespace contactlab {
namespace {

using namespace test;  // solver/contact_rows.h

enum class Row { lower, upper, free };

/// Every solution of the BLCP (A, b) whose bounds are affine in the solution, lo_i(x) = lo_i + L_i x
/// and hi_i(x) = hi_i + H_i x (L, H zero for fixed bounds; an infinite bound has a zero row), by
/// enumerating the 3ⁿ row states: x_i at its lower bound, at its upper bound, or free with w_i = 0.
std::vector<Eigen::VectorXd> enumerate(const Eigen::MatrixXd& A, const Eigen::VectorXd& b, const Eigen::VectorXd& lo,
                                       const Eigen::MatrixXd& L, const Eigen::VectorXd& hi, const Eigen::MatrixXd& H,
                                       double eps) {
  const auto n = static_cast<int>(b.size());
  int combos = 1;
  for (int i = 0; i < n; ++i) combos *= 3;
  std::vector<Eigen::VectorXd> out;
  for (int code = 0; code < combos; ++code) {
    Eigen::MatrixXd m = Eigen::MatrixXd::Zero(n, n);
    Eigen::VectorXd r = Eigen::VectorXd::Zero(n);
    std::vector<Row> state(static_cast<std::size_t>(n));
    bool possible = true;
    for (int i = 0, c = code; i < n; ++i, c /= 3) {
      state[static_cast<std::size_t>(i)] = static_cast<Row>(c % 3);
      switch (state[static_cast<std::size_t>(i)]) {
        case Row::lower:  // x_i − L_i x = lo_i
          possible &= std::isfinite(lo[i]);
          m.row(i) = -L.row(i);
          m(i, i) += 1;
          r[i] = lo[i];
          break;
        case Row::upper:  // x_i − H_i x = hi_i
          possible &= std::isfinite(hi[i]);
          m.row(i) = -H.row(i);
          m(i, i) += 1;
          r[i] = hi[i];
          break;
        case Row::free:  // w_i = 0
          m.row(i) = A.row(i);
          r[i] = -b[i];
          break;
      }
    }
    if (!possible) continue;
    const Eigen::FullPivLU<Eigen::MatrixXd> lu(m);
    if (!lu.isInvertible()) continue;
    const Eigen::VectorXd x = lu.solve(r);
    const Eigen::VectorXd w = A * x + b;
    bool ok = true;
    for (int i = 0; i < n; ++i) {
      const double lower = std::isfinite(lo[i]) ? lo[i] + L.row(i).dot(x) : lo[i];
      const double upper = std::isfinite(hi[i]) ? hi[i] + H.row(i).dot(x) : hi[i];
      ok &= x[i] >= lower - eps && x[i] <= upper + eps;
      if (state[static_cast<std::size_t>(i)] == Row::lower) ok &= w[i] >= -eps;
      if (state[static_cast<std::size_t>(i)] == Row::upper) ok &= w[i] <= eps;
    }
    if (ok) out.push_back(x);
  }
  return out;
}

// Symmetric positive definite A: the BLCP is a strictly convex box-constrained QP with one
// solution; PGS reaches the one enumeration finds.
TEST(BoxedLcp, RandomFixedBoundProblemsMatchEnumeration) {
  std::mt19937_64 rng(5);
  std::normal_distribution<double> normal;
  for (int trial = 0; trial < 100; ++trial) {
    const int n = 1 + trial % 6;
    Eigen::MatrixXd g(n, n);
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) g(i, j) = normal(rng);
    }
    const Eigen::MatrixXd A = g * g.transpose() + 0.5 * Eigen::MatrixXd::Identity(n, n);
    Eigen::VectorXd b(n), lo(n), hi(n);
    for (int i = 0; i < n; ++i) {
      b[i] = 2 * normal(rng);
      // Mixed bounds: [0, ∞) as a normal row, symmetric ±c as a friction row, one-sided, free.
      switch ((trial + i) % 4) {
        case 0:
          lo[i] = 0;
          hi[i] = INFINITY;
          break;
        case 1:
          hi[i] = std::abs(normal(rng));
          lo[i] = -hi[i];
          break;
        case 2:
          lo[i] = -INFINITY;
          hi[i] = normal(rng);
          break;
        default:
          lo[i] = -INFINITY;
          hi[i] = INFINITY;
      }
    }
    const Eigen::MatrixXd none = Eigen::MatrixXd::Zero(n, n);
    const std::vector<Eigen::VectorXd> truth = enumerate(A, b, lo, none, hi, none, 1e-10);
    ASSERT_EQ(truth.size(), 1u) << trial;
    const BoxedLcpResult r = solve_boxed_pgs(A, b, lo, hi, 100000, 1e-13);
    EXPECT_LT(r.residual, 1e-12) << trial;
    EXPECT_LT((r.x - truth[0]).norm(), 1e-10 * (1 + truth[0].norm())) << trial;
    EXPECT_LT(boxed_lcp_residual(A, b, lo, hi, truth[0]), 1e-10) << trial;
  }
}

/// Every solution of the contact BLCP of `problem` (rows n, t, b per contact; tangent bounds
/// ±μ λ_n, affine in the solution), W and b assembled densely.
std::vector<Eigen::VectorXd> enumerate_contact(const ContactProblem& problem, double eps) {
  const Dense d = assemble(problem);
  const Eigen::MatrixXd W = d.jacobian * d.inverse_mass * d.jacobian.transpose();
  const auto n = static_cast<Eigen::Index>(3 * problem.contacts.size());
  Eigen::VectorXd b(n), lo = Eigen::VectorXd::Zero(n), hi = Eigen::VectorXd::Zero(n);
  Eigen::MatrixXd L = Eigen::MatrixXd::Zero(n, n), H = Eigen::MatrixXd::Zero(n, n);
  for (std::size_t k = 0; k < problem.contacts.size(); ++k) {
    const auto normal = static_cast<Eigen::Index>(3 * k);
    b.segment<3>(normal) = problem.contacts[k].free_velocity;
    hi[normal] = INFINITY;  // λ_n ∈ [0, ∞)
    for (Eigen::Index t = normal + 1; t < normal + 3; ++t) {
      L(t, normal) = -problem.contacts[k].friction;  // λ_t ∈ [−μ λ_n, μ λ_n]
      H(t, normal) = problem.contacts[k].friction;
    }
  }
  return enumerate(W, b, lo, L, hi, H, eps);
}

// The contact BLCP of one or two random contacts: the PGS solution is one of the enumerated ones.
TEST(BoxedLcp, RandomContactProblemsMatchEnumeration) {
  std::mt19937_64 rng(6);
  int compared = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const ContactProblem problem = random_problem(rng, 3, 1 + trial % 2);
    BoxedLcpRequest request;
    request.max_iterations = 200000;
    request.tolerance = 1e-13;
    const ContactSolution result = solve_boxed_lcp(problem, request);
    if (!result.converged) continue;  // PGS need not converge on every coupled friction problem
    ++compared;
    const std::vector<Eigen::VectorXd> truth = enumerate_contact(problem, 1e-9);
    ASSERT_FALSE(truth.empty()) << trial;
    double nearest = INFINITY;
    for (const Eigen::VectorXd& x : truth) {
      double d = 0.0;
      for (std::size_t k = 0; k < problem.contacts.size(); ++k)
        d += (x.segment<3>(3 * k) - result.impulses[k]).squaredNorm();
      nearest = std::min(nearest, std::sqrt(d));
    }
    EXPECT_LT(nearest, 1e-9) << trial;
  }
  EXPECT_GE(compared, 50);
}

// A particle sliding on a plane: the friction square bounds each tangent by μ λ_n, so a slide
// along t loses μ g h of speed and one along the diagonal √2 μ g h (the square's corner).
TEST(BoxedLcp, ParticleSlidesWithTheSquaresBound) {
  const double mass = 2.0, mu = 0.4, normal_speed = kGravity * kStep;
  for (const bool diagonal : {false, true}) {
    const Frame f = frame_of(Vec3(0.3, 1.0, -0.2));
    const Vec3 direction = diagonal ? (f.t + f.b).normalized() : f.t;
    const double speed = 5 * mu * normal_speed;
    ContactProblem problem;
    problem.bodies = {fixed_body(), particle(mass)};
    ContactConstraint c = contact(0, 1, f, Vec3::Zero(), Vec3::Zero(), mu);
    set_free_velocity(c, BodyVelocity::Zero(), linear(-normal_speed * f.n + speed * direction));
    problem.contacts = {c};
    BoxedLcpRequest request;
    request.tolerance = 1e-14;
    const ContactSolution r = solve_boxed_lcp(problem, request);
    ASSERT_TRUE(r.converged);
    const Vec3 after = -normal_speed * f.n + speed * direction + r.velocity_change[1].head<3>();
    EXPECT_NEAR(after.dot(f.n), 0.0, 1e-13);
    const double lost = (diagonal ? std::sqrt(2.0) : 1.0) * mu * normal_speed;
    EXPECT_LT((after - (speed - lost) * direction).norm(), 1e-12) << diagonal;
  }
}

TEST(BoxedLcp, BadInputNamesTheField) {
  const Eigen::MatrixXd A = Eigen::MatrixXd::Identity(2, 2);
  EXPECT_THROW(solve_boxed_pgs(A, Eigen::Vector2d(1, 1), Eigen::Vector2d(1, 0), Eigen::Vector2d(0, 1), 10),
               InputError);  // lo > hi
  Eigen::MatrixXd singular = A;
  singular(1, 1) = 0;
  EXPECT_THROW(solve_boxed_pgs(singular, Eigen::Vector2d(1, 1), Eigen::Vector2d(0, 0), Eigen::Vector2d(1, 1), 10),
               InputError);
  BoxedLcpRequest request;
  request.max_iterations = -1;
  try {
    solve_boxed_lcp(ContactProblem{}, request);
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("max_iterations"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace contactlab
