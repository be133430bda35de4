// Lemke's method (solver/lemke.h). Ground truth: hand-derived solutions, and for random problems
// with n ≤ 8 the solution found by enumerating all 2ⁿ complementary bases (solve M_αα z_α = −q_α,
// keep the one with z ≥ 0 and w ≥ 0), independent of any pivoting.
#include "contactlab/solver/lemke.h"
#include "contactlab/core/error.h"
#include "contactlab/solver/polyhedral_lcp.h"
#include "solver/contact_rows.h"

#include <gtest/gtest.h>

#include <Eigen/Dense>

#include <optional>
#include <random>
#include <vector>

namespace contactlab {
namespace {

using namespace test;  // solver/contact_rows.h

/// The conditions of an LCP solution, checked directly.
void expect_solves(const Eigen::MatrixXd& M, const Eigen::VectorXd& q, const Eigen::VectorXd& z, double eps) {
  const Eigen::VectorXd w = M * z + q;
  for (Eigen::Index i = 0; i < q.size(); ++i) {
    EXPECT_GE(z[i], 0.0) << i;
    EXPECT_GE(w[i], -eps) << i;
    EXPECT_LE(std::min(z[i], w[i]), eps) << i << ": z " << z[i] << " w " << w[i];
  }
}

/// Every solution over the 2ⁿ complementary bases (z_α from the linear system where M_αα is
/// invertible), within `eps`.
std::vector<Eigen::VectorXd> enumerate_solutions(const Eigen::MatrixXd& M, const Eigen::VectorXd& q, double eps) {
  const auto n = static_cast<int>(q.size());
  std::vector<Eigen::VectorXd> out;
  for (unsigned mask = 0; mask < (1u << n); ++mask) {
    std::vector<int> alpha;
    for (int i = 0; i < n; ++i) {
      if (mask & (1u << i)) alpha.push_back(i);
    }
    Eigen::VectorXd z = Eigen::VectorXd::Zero(n);
    if (!alpha.empty()) {
      const auto m = static_cast<Eigen::Index>(alpha.size());
      Eigen::MatrixXd a(m, m);
      Eigen::VectorXd r(m);
      for (Eigen::Index i = 0; i < m; ++i) {
        r[i] = -q[alpha[static_cast<std::size_t>(i)]];
        for (Eigen::Index j = 0; j < m; ++j)
          a(i, j) = M(alpha[static_cast<std::size_t>(i)], alpha[static_cast<std::size_t>(j)]);
      }
      const Eigen::FullPivLU<Eigen::MatrixXd> lu(a);
      if (!lu.isInvertible()) continue;
      const Eigen::VectorXd za = lu.solve(r);
      for (Eigen::Index i = 0; i < m; ++i) z[alpha[static_cast<std::size_t>(i)]] = za[i];
    }
    const Eigen::VectorXd w = M * z + q;
    if (z.minCoeff() >= -eps && w.minCoeff() >= -eps) out.push_back(z);
  }
  return out;
}

TEST(Lemke, HandDerivedSolutions) {
  Eigen::MatrixXd M(2, 2);
  M << 2, 1, 1, 2;
  // Both positive: M z = −q, z = (4/3, 7/3), w = 0.
  LemkeResult r = solve_lemke(M, Eigen::Vector2d(-5, -6));
  ASSERT_EQ(r.status, LemkeStatus::solved);
  EXPECT_NEAR(r.z[0], 4.0 / 3.0, 1e-14);
  EXPECT_NEAR(r.z[1], 7.0 / 3.0, 1e-14);
  EXPECT_LT(r.w.norm(), 1e-14);
  // Only the first: 2 z₁ = 1, w₂ = 5 + 0.5.
  r = solve_lemke(M, Eigen::Vector2d(-1, 5));
  ASSERT_EQ(r.status, LemkeStatus::solved);
  EXPECT_NEAR(r.z[0], 0.5, 1e-15);
  EXPECT_EQ(r.z[1], 0.0);
  EXPECT_NEAR(r.w[1], 5.5, 1e-14);
  // q ≥ 0: z = 0 without a pivot.
  r = solve_lemke(M, Eigen::Vector2d(0, 3));
  EXPECT_EQ(r.status, LemkeStatus::solved);
  EXPECT_EQ(r.pivots, 0);
  EXPECT_EQ(r.z, Eigen::Vector2d::Zero());
}

// w = −1 + 0·z and w = −1 − z are negative for every z ≥ 0: no solution, and Lemke says so.
TEST(Lemke, ProblemsWithoutSolutionEndOnASecondaryRay) {
  LemkeResult r = solve_lemke(Eigen::MatrixXd::Zero(1, 1), Eigen::VectorXd::Constant(1, -1.0));
  EXPECT_EQ(r.status, LemkeStatus::secondary_ray);
  EXPECT_EQ(r.z, Eigen::VectorXd::Zero(1));
  r = solve_lemke(-Eigen::MatrixXd::Identity(3, 3), Eigen::Vector3d(-1, 2, -1));
  EXPECT_EQ(r.status, LemkeStatus::secondary_ray);
  EXPECT_NE(to_string(r.status).find("secondary ray"), std::string::npos);
}

// Positive definite (not symmetric) M: a P-matrix, one solution, which enumeration finds.
TEST(Lemke, RandomPositiveDefiniteProblemsMatchEnumeration) {
  std::mt19937_64 rng(7);
  std::normal_distribution<double> normal;
  for (int trial = 0; trial < 200; ++trial) {
    const int n = 1 + trial % 8;
    Eigen::MatrixXd b(n, n), s(n, n);
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) {
        b(i, j) = normal(rng);
        s(i, j) = normal(rng);
      }
    }
    const Eigen::MatrixXd M = b * b.transpose() + (s - s.transpose()) + 0.1 * Eigen::MatrixXd::Identity(n, n);
    Eigen::VectorXd q(n);
    for (int i = 0; i < n; ++i) q[i] = normal(rng);
    const LemkeResult r = solve_lemke(M, q);
    ASSERT_EQ(r.status, LemkeStatus::solved) << trial;
    const std::vector<Eigen::VectorXd> truth = enumerate_solutions(M, q, 1e-10);
    ASSERT_EQ(truth.size(), 1u) << trial;
    EXPECT_LT((r.z - truth[0]).norm(), 1e-9 * (1 + truth[0].norm())) << trial;
    expect_solves(M, q, r.z, 1e-9);
    EXPECT_LT(lcp_residual(M, q, r.z), 1e-9);
  }
}

// Symmetric positive semi-definite M of low rank (as a contact problem's W with more contacts than
// the bodies have freedoms): solutions need not be unique, but w is, and Lemke ends with one
// whenever enumeration finds any — including the degenerate ties of repeated rows.
TEST(Lemke, RandomSemidefiniteProblemsMatchEnumeration) {
  std::mt19937_64 rng(8);
  std::normal_distribution<double> normal;
  int solvable = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const int n = 2 + trial % 7, rank = 1 + trial % (n - 1);
    Eigen::MatrixXd b(n, rank);
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < rank; ++j) b(i, j) = normal(rng);
    }
    if (trial % 3 == 0) b.row(n - 1) = b.row(0);  // a repeated row: ties in every ratio test
    const Eigen::MatrixXd M = b * b.transpose();
    Eigen::VectorXd q(n);
    for (int i = 0; i < n; ++i) q[i] = normal(rng);
    if (trial % 3 == 0) q[n - 1] = q[0];
    const std::vector<Eigen::VectorXd> truth = enumerate_solutions(M, q, 1e-9);
    const LemkeResult r = solve_lemke(M, q);
    if (truth.empty()) {
      EXPECT_NE(r.status, LemkeStatus::solved) << trial;
      continue;
    }
    ++solvable;
    ASSERT_EQ(r.status, LemkeStatus::solved) << trial;
    expect_solves(M, q, r.z, 1e-8);
    EXPECT_LT((M * r.z - M * truth[0]).norm(), 1e-8 * (1 + (M * truth[0]).norm())) << trial;
  }
  EXPECT_GT(solvable, 20);
}

// A box resting on four corners is the degenerate case of contact: W's normal block has rank 3 for
// four rows, every corner's ratio ties. Lemke ends (no cycling) with a solution whose total normal
// impulse is the box's weight impulse.
TEST(Lemke, DegenerateBoxOnFourCornersTerminatesWithTheWeight) {
  const double mass = 5.0;
  const Vec3 size(1.0, 0.4, 0.6);
  const ContactProblem problem = box_on_four_corners(mass, size, 0.5);
  const PolyhedralLcp lcp = polyhedral_lcp(problem, 8);
  const LemkeResult r = solve_lemke(lcp.matrix, lcp.offset);
  ASSERT_EQ(r.status, LemkeStatus::solved) << to_string(r.status);
  EXPECT_GT(r.degenerate_pivots, 0);
  expect_solves(lcp.matrix, lcp.offset, r.z, 1e-12);
  double total = 0.0;
  for (int k = 0; k < 4; ++k) total += r.z[k * 10];
  EXPECT_NEAR(total, mass * kGravity * kStep, 1e-12);
}

TEST(Lemke, PivotLimitIsReported) {
  Eigen::MatrixXd M(2, 2);
  M << 2, 1, 1, 2;
  LemkeRequest request;
  request.max_pivots = 1;
  const LemkeResult r = solve_lemke(M, Eigen::Vector2d(-5, -6), request);
  EXPECT_EQ(r.status, LemkeStatus::pivot_limit);
  EXPECT_EQ(r.z, Eigen::Vector2d::Zero());
}

TEST(Lemke, BadInputNamesTheProblem) {
  EXPECT_THROW(solve_lemke(Eigen::MatrixXd::Zero(2, 3), Eigen::Vector2d(1, 1)), InputError);
  EXPECT_THROW(solve_lemke(Eigen::MatrixXd::Zero(2, 2), Eigen::Vector3d(1, 1, 1)), InputError);
  Eigen::MatrixXd M = Eigen::MatrixXd::Identity(2, 2);
  M(0, 1) = std::nan("");
  try {
    solve_lemke(M, Eigen::Vector2d(-1, -1));
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("M: expected finite entries"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace contactlab
