// The assembled Delassus operator (solver/contact_problem.h) against J M⁻¹ Jᵀ multiplied out
// densely here.
#include "contactlab/solver/contact_problem.h"
#include "solver/contact_rows.h"

#include <gtest/gtest.h>

#include <Eigen/Dense>

#include <random>

namespace contactlab {
namespace {

TEST(ContactProblem, DelassusMatrixIsJacobianTimesInverseMassTimesJacobianTransposed) {
  std::mt19937_64 rng(12);
  for (int trial = 0; trial < 20; ++trial) {
    const ContactProblem problem = test::random_problem(rng, 2 + trial % 5, 1 + trial % 9);
    const test::Dense d = test::assemble(problem);
    const Eigen::MatrixXd expected = d.jacobian * d.inverse_mass * d.jacobian.transpose();
    const Eigen::MatrixXd w = Eigen::MatrixXd(delassus_matrix(problem));
    ASSERT_EQ(w.rows(), expected.rows());
    EXPECT_LT((w - expected).norm(), 1e-12 * (1 + expected.norm())) << trial;
    for (std::size_t k = 0; k < problem.contacts.size(); ++k) {
      EXPECT_LT((w.block<3, 3>(3 * k, 3 * k) - delassus_block(problem, k)).norm(), 1e-12) << trial;
    }
  }
}

}  // namespace
}  // namespace contactlab
