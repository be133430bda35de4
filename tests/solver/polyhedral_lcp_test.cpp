// The polyhedral-cone LCP (solver/polyhedral_lcp.h), by Lemke on the whole problem and by block
// Gauss–Seidel, beside PGS prox and the boxed LCP. Ground truth: the LCP's entries written out by
// hand for a particle, closed forms for sliding along and between the cone's directions, statics
// for a body on three supports (a determinate problem, so every solver must give the same normal
// impulses), and for random problems the contact conditions checked on w = b + J M⁻¹ Jᵀ λ
// assembled densely here, with the polygon's edges computed here.
#include "contactlab/solver/polyhedral_lcp.h"
#include "contactlab/core/error.h"
#include "contactlab/solver/solve_contacts.h"
#include "solver/contact_rows.h"

#include <gtest/gtest.h>

#include <Eigen/Dense>

#include <cmath>
#include <numbers>
#include <random>

namespace contactlab {
namespace {

using namespace test;  // solver/contact_rows.h

constexpr double kPi = std::numbers::pi;

PolyhedralLcpRequest request(PolyhedralLcpMethod method, double tolerance = 1e-13) {
  PolyhedralLcpRequest r;
  r.method = method;
  r.max_iterations = 100000;
  r.tolerance = tolerance;
  return r;
}

TEST(PolyhedralLcp, ParticleLcpEntriesByHand) {
  const double mass = 2.0, mu = 0.3;
  const int k = 6;
  ContactProblem problem;
  problem.bodies = {fixed_body(), particle(mass)};
  ContactConstraint c = contact(0, 1, frame_of(Vec3::UnitY()), Vec3::Zero(), Vec3::Zero(), mu);
  c.free_velocity = Vec3(-0.1, 0.2, -0.05);
  problem.contacts = {c};
  const PolyhedralLcp lcp = polyhedral_lcp(problem, k);
  ASSERT_EQ(lcp.matrix.rows(), k + 2);
  // W = I / m for a particle: A_nn = 1/m, A(n, β_j) = 0, A(β_i, β_j) = cos(θ_i − θ_j) / m.
  EXPECT_NEAR(lcp.matrix(0, 0), 1 / mass, 1e-15);
  for (int i = 0; i < k; ++i) {
    EXPECT_NEAR(lcp.matrix(0, 1 + i), 0.0, 1e-15);
    for (int j = 0; j < k; ++j) EXPECT_NEAR(lcp.matrix(1 + i, 1 + j), std::cos(2 * kPi * (i - j) / k) / mass, 1e-15);
    EXPECT_EQ(lcp.matrix(1 + i, k + 1), 1.0);   // + γ in each β row
    EXPECT_EQ(lcp.matrix(k + 1, 1 + i), -1.0);  // μ λ_n − Σ β
    EXPECT_NEAR(lcp.offset[1 + i], std::cos(2 * kPi * i / k) * 0.2 + std::sin(2 * kPi * i / k) * -0.05, 1e-15);
  }
  EXPECT_EQ(lcp.matrix(k + 1, 0), mu);
  EXPECT_EQ(lcp.matrix(k + 1, k + 1), 0.0);
  EXPECT_EQ(lcp.offset[0], -0.1);
  EXPECT_EQ(lcp.offset[k + 1], 0.0);
}

// A particle sliding on a plane: along a cone direction it loses μ g h of speed, exactly between
// two directions μ cos(π/K) g h (the polygon's edge), and below that bound it sticks.
TEST(PolyhedralLcp, ParticleSlidesAlongAndBetweenTheDirections) {
  const double mass = 2.0, mu = 0.4, normal_speed = kGravity * kStep;
  const int k = 8;
  for (const PolyhedralLcpMethod method : {PolyhedralLcpMethod::lemke, PolyhedralLcpMethod::block_gauss_seidel}) {
    for (const double angle : {0.0, kPi / k, 3 * kPi / k}) {
      for (const double speed_factor : {0.5, 3.0}) {
        const Frame f = frame_of(Vec3(0.3, 1.0, -0.2));
        const Vec3 direction = std::cos(angle) * f.t + std::sin(angle) * f.b;
        const double bound = (angle == 0.0 ? 1.0 : std::cos(kPi / k)) * mu * normal_speed;
        const double speed = speed_factor * mu * normal_speed;
        ContactProblem problem;
        problem.bodies = {fixed_body(), particle(mass)};
        ContactConstraint c = contact(0, 1, f, Vec3::Zero(), Vec3::Zero(), mu);
        set_free_velocity(c, BodyVelocity::Zero(), linear(-normal_speed * f.n + speed * direction));
        problem.contacts = {c};
        const ContactSolution r = solve_polyhedral_lcp(problem, request(method));
        SCOPED_TRACE(r.status);
        ASSERT_LT(r.merit, 1e-12);
        const Vec3 after = -normal_speed * f.n + speed * direction + r.velocity_change[1].head<3>();
        EXPECT_NEAR(after.dot(f.n), 0.0, 1e-13);
        const double kept = std::max(0.0, speed - bound);
        EXPECT_LT((after - kept * direction).norm(), 1e-12) << angle << " " << speed_factor;
      }
    }
  }
}

/// A body of mass m whose centre of mass is above the triangle of three frictionless ground
/// contacts, falling with g h: the contacts stop it, and statics (Σ λ = m g h, no moment about the
/// centre) gives each normal impulse — three equations, three unknowns. (With friction the
/// tangential impulses, which can cancel in pairs, and through their moments the normal ones, are
/// indeterminate.)
TEST(PolyhedralLcp, EverySolverGivesTheStaticsOfThreeSupports) {
  const double mass = 4.0;
  const Vec3 size(1.0, 0.5, 0.8);
  const Vec3 points[3] = {{-0.4, -0.25, -0.3}, {0.45, -0.25, -0.2}, {0.1, -0.25, 0.35}};
  Eigen::Matrix3d statics;
  for (int i = 0; i < 3; ++i) statics.col(i) << 1.0, points[i].x(), points[i].z();
  const Eigen::Vector3d expected = statics.fullPivLu().solve(Eigen::Vector3d(mass * kGravity * kStep, 0, 0));
  ASSERT_GT(expected.minCoeff(), 0.0);
  ContactProblem problem;
  problem.bodies = {fixed_body(), {1.0 / mass, box_inverse_inertia(mass, size)}};
  for (const Vec3& p : points) {
    ContactConstraint c = contact(0, 1, frame_of(Vec3::UnitY()), p, p, 0.0);
    set_free_velocity(c, BodyVelocity::Zero(), linear({0, -kGravity * kStep, 0}));
    problem.contacts.push_back(c);
  }
  for (const ContactSolverKind kind :
       {ContactSolverKind::prox, ContactSolverKind::lcp, ContactSolverKind::lcp_lemke, ContactSolverKind::blcp}) {
    ContactSolverRequest r;
    r.kind = kind;
    r.sweeps.max_iterations = 100000;
    r.sweeps.tolerance = 1e-13;
    const ContactSolution s = solve_contacts(problem, r);
    SCOPED_TRACE(to_string(kind) + ": " + s.status);
    for (int i = 0; i < 3; ++i) {
      EXPECT_NEAR(s.impulses[static_cast<std::size_t>(i)].x(), expected[i], 1e-10) << i;
      EXPECT_LT(s.impulses[static_cast<std::size_t>(i)].tail<2>().norm(), 1e-10) << i;
    }
    EXPECT_LT((s.velocity_change[1] - linear({0, kGravity * kStep, 0})).norm(), 1e-10);
  }
}

// Four corners: the distribution is indeterminate (any that balances is a solution), so what every
// solver must agree on is the determinate part — the total normal impulse m g h and the box at rest.
TEST(PolyhedralLcp, EverySolverBringsABoxOnFourCornersToRest) {
  const double mass = 5.0;
  const Vec3 size(1.0, 0.4, 0.6);
  const ContactProblem problem = box_on_four_corners(mass, size, 0.5);
  for (const ContactSolverKind kind :
       {ContactSolverKind::prox, ContactSolverKind::lcp, ContactSolverKind::lcp_lemke, ContactSolverKind::blcp}) {
    ContactSolverRequest r;
    r.kind = kind;
    r.sweeps.max_iterations = 100000;
    r.sweeps.tolerance = 1e-12;
    const ContactSolution s = solve_contacts(problem, r);
    SCOPED_TRACE(to_string(kind) + ": " + s.status);
    double total = 0;
    for (const Vec3& l : s.impulses) total += l.x();
    EXPECT_NEAR(total, mass * kGravity * kStep, 1e-10);
    EXPECT_LT((s.velocity_change[1] - linear({0, kGravity * kStep, 0})).norm(), 1e-10);
  }
}

/// The contact conditions of the polyhedral cone on a solution, from w assembled densely: λ_n ≥ 0
/// ⊥ w_n ≥ 0; λ_t inside the polygon of radius μ λ_n (each edge's midpoint normal bounds it by
/// μ λ_n cos(π/K)); a sliding contact's λ_t maximises the dissipation, w_tᵀ λ_t = −μ λ_n
/// max_j(−d_jᵀ w_t).
void expect_polyhedral_conditions(const ContactProblem& problem, const ContactSolution& s, int k, double eps,
                                  int trial) {
  const Dense d = assemble(problem);
  Eigen::VectorXd lambda(3 * problem.contacts.size()), b(3 * problem.contacts.size());
  for (std::size_t c = 0; c < problem.contacts.size(); ++c) {
    lambda.segment<3>(3 * c) = s.impulses[c];
    b.segment<3>(3 * c) = problem.contacts[c].free_velocity;
  }
  const Eigen::VectorXd w = b + d.jacobian * d.inverse_mass * d.jacobian.transpose() * lambda;
  for (std::size_t c = 0; c < problem.contacts.size(); ++c) {
    const double mu = problem.contacts[c].friction, ln = lambda(3 * c), wn = w(3 * c);
    const Vec2 lt = lambda.segment<2>(3 * c + 1), wt = w.segment<2>(3 * c + 1);
    EXPECT_GE(ln, 0.0) << trial;
    EXPECT_GE(wn, -eps) << trial << " contact " << c;
    EXPECT_LT(std::abs(ln * wn), eps) << trial << " contact " << c;
    double support = -INFINITY;
    for (int j = 0; j < k; ++j) {
      const Vec2 edge_normal(std::cos(2 * kPi * (j + 0.5) / k), std::sin(2 * kPi * (j + 0.5) / k));
      EXPECT_LE(lt.dot(edge_normal), mu * ln * std::cos(kPi / k) + eps) << trial << " contact " << c;
      support = std::max(support, -Vec2(std::cos(2 * kPi * j / k), std::sin(2 * kPi * j / k)).dot(wt));
    }
    if (wt.norm() > eps) {
      EXPECT_NEAR(wt.dot(lt), -mu * ln * support, 1e-7) << trial << " sliding contact " << c;
    }
  }
}

TEST(PolyhedralLcp, RandomProblemsMeetTheConditionsWithBothMethods) {
  std::mt19937_64 rng(2027);
  int block_converged = 0;
  for (int trial = 0; trial < 30; ++trial) {
    const ContactProblem problem = random_problem(rng, 4, 2 + trial % 6);
    const ContactSolution lemke = solve_polyhedral_lcp(problem, request(PolyhedralLcpMethod::lemke));
    ASSERT_NE(lemke.status.find("solved"), std::string::npos) << trial << ": " << lemke.status;
    EXPECT_LT(lemke.merit, 1e-9) << trial;
    expect_polyhedral_conditions(problem, lemke, 8, 1e-8, trial);
    const ContactSolution block =
        solve_polyhedral_lcp(problem, request(PolyhedralLcpMethod::block_gauss_seidel, 1e-11));
    if (!block.converged) continue;  // Gauss–Seidel need not converge on every coupled friction problem
    ++block_converged;
    expect_polyhedral_conditions(problem, block, 8, 1e-8, trial);
  }
  EXPECT_GE(block_converged, 25);
}

TEST(PolyhedralLcp, WarmStartAtTheSolutionStartsConverged) {
  std::mt19937_64 rng(3);
  const ContactProblem problem = random_problem(rng, 4, 5);
  const ContactSolution cold = solve_polyhedral_lcp(problem, request(PolyhedralLcpMethod::block_gauss_seidel, 1e-12));
  ASSERT_TRUE(cold.converged);
  PolyhedralLcpRequest warm = request(PolyhedralLcpMethod::block_gauss_seidel, 1e-9);
  warm.initial_impulses = cold.impulses;
  const ContactSolution again = solve_polyhedral_lcp(problem, warm);
  EXPECT_LT(again.initial_merit, 1e-9);
  EXPECT_EQ(again.iterations, 0);
}

TEST(PolyhedralLcp, LemkeRefusesProblemsTooLargeForItsTableau) {
  std::mt19937_64 rng(4);
  const ContactProblem problem = random_problem(rng, 4, 12);
  PolyhedralLcpRequest r = request(PolyhedralLcpMethod::lemke);
  r.max_lemke_variables = 100;  // 12 contacts × 10 variables
  try {
    solve_polyhedral_lcp(problem, r);
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("120 variables, more than max_lemke_variables (100)"), std::string::npos)
        << e.what();
  }
  r.friction_directions = 2;
  EXPECT_THROW(solve_polyhedral_lcp(problem, r), InputError);
}

}  // namespace
}  // namespace contactlab
