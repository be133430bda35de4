#include "contactlab/solver/contact_problem.h"

#include "contactlab/core/error.h"

#include <cmath>
#include <string>
#include <utility>
#include <vector>

namespace contactlab {
namespace {

std::string field(const char* list, std::size_t i, const char* name) {
  return std::string(list) + "[" + std::to_string(i) + "]." + name;
}

}  // namespace

void validate_contact_problem(const ContactProblem& problem, const char* source) {
  const auto fail = [&](const std::string& where, const std::string& what) {
    throw InputError(source, 0, where + ": " + what);
  };
  for (std::size_t i = 0; i < problem.bodies.size(); ++i) {
    const BodyInverseMass& body = problem.bodies[i];
    if (!std::isfinite(body.inverse_mass) || body.inverse_mass < 0) {
      fail(field("bodies", i, "inverse_mass"),
           "expected a finite number >= 0, got " + std::to_string(body.inverse_mass));
    }
    if (!body.inverse_inertia.allFinite()) fail(field("bodies", i, "inverse_inertia"), "expected finite entries");
  }
  const auto body_count = static_cast<Index>(problem.bodies.size());
  for (std::size_t k = 0; k < problem.contacts.size(); ++k) {
    const ContactConstraint& c = problem.contacts[k];
    if (c.body_a < 0 || c.body_a >= body_count) {
      fail(field("contacts", k, "body_a"),
           "expected a body index in [0, " + std::to_string(body_count) + "), got " + std::to_string(c.body_a));
    }
    if (c.body_b < 0 || c.body_b >= body_count || c.body_b == c.body_a) {
      fail(field("contacts", k, "body_b"), "expected a body index in [0, " + std::to_string(body_count) +
                                               ") other than body_a, got " + std::to_string(c.body_b));
    }
    if (!c.jacobian_a.allFinite()) fail(field("contacts", k, "jacobian_a"), "expected finite entries");
    if (!c.jacobian_b.allFinite()) fail(field("contacts", k, "jacobian_b"), "expected finite entries");
    if (!c.free_velocity.allFinite()) fail(field("contacts", k, "free_velocity"), "expected finite entries");
    if (!std::isfinite(c.friction) || c.friction < 0) {
      fail(field("contacts", k, "friction"), "expected a finite number >= 0, got " + std::to_string(c.friction));
    }
  }
}

Eigen::Matrix<double, 6, 3> inverse_mass_times_transpose(const BodyInverseMass& body,
                                                         const ContactJacobianBlock& jacobian) {
  Eigen::Matrix<double, 6, 3> result;
  result.topRows<3>() = body.inverse_mass * jacobian.leftCols<3>().transpose();
  result.bottomRows<3>() = body.inverse_inertia * jacobian.rightCols<3>().transpose();
  return result;
}

Eigen::SparseMatrix<double> delassus_matrix(const ContactProblem& problem) {
  // Per movable body, the contacts acting on it and with which Jacobian block.
  struct Side {
    Eigen::Index contact;
    const ContactJacobianBlock* jacobian;
    Eigen::Matrix<double, 6, 3> response;  // M⁻¹ Jᵀ
  };
  std::vector<std::vector<Side>> sides(problem.bodies.size());
  for (std::size_t k = 0; k < problem.contacts.size(); ++k) {
    const ContactConstraint& c = problem.contacts[k];
    for (const auto& [body, jacobian] : {std::pair{c.body_a, &c.jacobian_a}, std::pair{c.body_b, &c.jacobian_b}}) {
      const BodyInverseMass& mass = problem.bodies[static_cast<std::size_t>(body)];
      if (mass.fixed()) continue;
      sides[static_cast<std::size_t>(body)].push_back(
          {static_cast<Eigen::Index>(k), jacobian, inverse_mass_times_transpose(mass, *jacobian)});
    }
  }
  std::vector<Eigen::Triplet<double>> entries;
  for (const std::vector<Side>& body : sides) {
    for (const Side& row : body) {
      for (const Side& column : body) {
        const Mat3 block = *row.jacobian * column.response;
        for (int i = 0; i < 3; ++i) {
          for (int j = 0; j < 3; ++j) entries.emplace_back(3 * row.contact + i, 3 * column.contact + j, block(i, j));
        }
      }
    }
  }
  const auto n = static_cast<Eigen::Index>(3 * problem.contacts.size());
  Eigen::SparseMatrix<double> w(n, n);
  w.setFromTriplets(entries.begin(), entries.end());  // duplicates (two shared bodies) are summed
  return w;
}

Mat3 delassus_block(const ContactProblem& problem, std::size_t k) {
  const ContactConstraint& c = problem.contacts[k];
  return c.jacobian_a * inverse_mass_times_transpose(problem.bodies[c.body_a], c.jacobian_a) +
         c.jacobian_b * inverse_mass_times_transpose(problem.bodies[c.body_b], c.jacobian_b);
}

}  // namespace contactlab
