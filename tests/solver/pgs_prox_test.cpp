// PGS prox (solver/pgs_prox.h). Ground truth: closed forms (a particle on the ground, sticking and
// sliding friction, a box brought to rest, a plastic head-on impact) and, for random problems, the
// complementarity and cone conditions checked on w = b + Wλ with W assembled densely here, not by
// the solver's blocked path.
#include "contactlab/solver/pgs_prox.h"
#include "contactlab/core/error.h"
#include "solver/contact_rows.h"

#include <gtest/gtest.h>

#include <Eigen/Dense>

#include <cmath>
#include <random>

namespace contactlab {
namespace {

using namespace test;  // solver/contact_rows.h

PgsProxRequest request(int max_iterations, double tolerance) {
  PgsProxRequest r;
  r.max_iterations = max_iterations;
  r.tolerance = tolerance;
  return r;
}

TEST(PgsProx, ParticleOnTheGroundStopsWithTheWeightImpulse) {
  const double mass = 3.0;
  ContactProblem problem;
  problem.bodies = {fixed_body(), particle(mass)};
  ContactConstraint c = contact(0, 1, frame_of(Vec3::UnitY()), Vec3::Zero(), Vec3::Zero(), 0.5);
  set_free_velocity(c, BodyVelocity::Zero(), linear({0, -kGravity * kStep, 0}));
  problem.contacts = {c};
  const ContactSolution result = solve_pgs_prox(problem, request(10, 1e-12));
  ASSERT_TRUE(result.converged);
  EXPECT_NEAR(result.impulses[0].x(), mass * kGravity * kStep, 1e-12);
  EXPECT_NEAR(result.impulses[0].tail<2>().norm(), 0.0, 1e-15);
  EXPECT_NEAR(result.velocity_change[1](1), kGravity * kStep, 1e-12);
  EXPECT_EQ(result.velocity_change[0], BodyVelocity::Zero());  // the ground does not move
}

TEST(PgsProx, SeparatingContactGetsNoImpulse) {
  ContactProblem problem;
  problem.bodies = {fixed_body(), particle(1.0)};
  ContactConstraint c = contact(0, 1, frame_of(Vec3::UnitY()), Vec3::Zero(), Vec3::Zero(), 0.5);
  set_free_velocity(c, BodyVelocity::Zero(), linear({0.3, 0.2, 0}));
  problem.contacts = {c};
  const ContactSolution result = solve_pgs_prox(problem);
  EXPECT_EQ(result.impulses[0], Vec3::Zero());
  EXPECT_EQ(result.merit, 0.0);
  EXPECT_TRUE(result.converged);
}

// A particle sliding along a plane of any orientation: it sticks when m |v_t| ≤ μ m g h, else it
// keeps |v_t| − μ g h of its tangential speed, in the same direction.
TEST(PgsProx, FrictionSticksOrSlidesByCoulombsLaw) {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  const double mass = 2.0, mu = 0.4;
  const double normal_speed = kGravity * kStep;  // approach speed the normal impulse removes
  for (int trial = 0; trial < 50; ++trial) {
    const Frame f = frame_of(Vec3(unit(rng), unit(rng), unit(rng)));
    // Tangential speed from well below to well above the sticking limit μ g h.
    const double speed = (0.2 + 0.1 * trial) * mu * normal_speed;
    const Vec3 tangent_dir = (std::cos(trial) * f.t + std::sin(trial) * f.b).normalized();
    ContactProblem problem;
    problem.bodies = {fixed_body(), particle(mass)};
    ContactConstraint c = contact(0, 1, f, Vec3::Zero(), Vec3::Zero(), mu);
    set_free_velocity(c, BodyVelocity::Zero(), linear(-normal_speed * f.n + speed * tangent_dir));
    problem.contacts = {c};
    const ContactSolution result = solve_pgs_prox(problem, request(50, 1e-13));
    ASSERT_TRUE(result.converged) << trial;
    const Vec3 after = -normal_speed * f.n + speed * tangent_dir + result.velocity_change[1].head<3>();
    EXPECT_NEAR(after.dot(f.n), 0.0, 1e-12) << trial;
    const double kept = std::max(0.0, speed - mu * normal_speed);
    const Vec3 expected_tangential = kept * tangent_dir;
    EXPECT_LT((after - after.dot(f.n) * f.n - expected_tangential).norm(), 1e-12) << trial;
  }
}

// A box falling onto the ground with four corner contacts comes to rest: linear velocity change
// +g h up, no rotation, total normal impulse m g h.
TEST(PgsProx, BoxOnFourCornersComesToRest) {
  const double mass = 5.0;
  const Vec3 size(1.0, 0.4, 0.6);
  const ContactProblem problem = box_on_four_corners(mass, size, 0.5);
  const ContactSolution result = solve_pgs_prox(problem, request(10000, 1e-12));
  ASSERT_TRUE(result.converged) << result.merit;
  BodyVelocity expected = linear({0, kGravity * kStep, 0});
  EXPECT_LT((result.velocity_change[1] - expected).norm(), 1e-10);
  double total = 0;
  for (const Vec3& l : result.impulses) total += l.x();
  EXPECT_NEAR(total, mass * kGravity * kStep, 1e-10);
}

// Two particles meeting head-on without friction end with one common velocity (a plastic impact):
// momentum conserved, relative normal velocity 0.
TEST(PgsProx, HeadOnImpactConservesMomentum) {
  const double mass_a = 1.5, mass_b = 4.0;
  const Vec3 v_a(2.0, 0.1, 0), v_b(-1.0, 0.3, 0);
  ContactProblem problem;
  problem.bodies = {particle(mass_a), particle(mass_b)};
  ContactConstraint c = contact(0, 1, frame_of(Vec3::UnitX()), Vec3::Zero(), Vec3::Zero(), 0.0);
  set_free_velocity(c, linear(v_a), linear(v_b));
  problem.contacts = {c};
  const ContactSolution result = solve_pgs_prox(problem, request(10, 1e-13));
  ASSERT_TRUE(result.converged);
  const Vec3 after_a = v_a + result.velocity_change[0].head<3>();
  const Vec3 after_b = v_b + result.velocity_change[1].head<3>();
  EXPECT_LT((mass_a * after_a + mass_b * after_b - (mass_a * v_a + mass_b * v_b)).norm(), 1e-12);
  const double common = (mass_a * v_a.x() + mass_b * v_b.x()) / (mass_a + mass_b);
  EXPECT_NEAR(after_a.x(), common, 1e-12);
  EXPECT_NEAR(after_b.x(), common, 1e-12);
  EXPECT_NEAR(after_a.y(), v_a.y(), 1e-15);  // no friction: tangential velocities untouched
  EXPECT_NEAR(after_b.y(), v_b.y(), 1e-15);
}

// The solution satisfies the contact conditions, checked on w = b + J M⁻¹ Jᵀ λ assembled densely.
TEST(PgsProx, RandomProblemsMeetTheContactConditions) {
  std::mt19937_64 rng(2026);
  for (int trial = 0; trial < 30; ++trial) {
    const ContactProblem problem = random_problem(rng, 5, 2 + trial % 9);
    const ContactSolution result = solve_pgs_prox(problem, request(200000, 1e-11));
    ASSERT_TRUE(result.converged) << "trial " << trial << " merit " << result.merit;
    const Dense d = assemble(problem);
    Eigen::VectorXd lambda(3 * problem.contacts.size()), b(3 * problem.contacts.size());
    for (std::size_t k = 0; k < problem.contacts.size(); ++k) {
      lambda.segment<3>(3 * k) = result.impulses[k];
      b.segment<3>(3 * k) = problem.contacts[k].free_velocity;
    }
    const Eigen::VectorXd du = d.inverse_mass * d.jacobian.transpose() * lambda;
    for (std::size_t i = 0; i < problem.bodies.size(); ++i) {
      EXPECT_LT((du.segment<6>(6 * i) - result.velocity_change[i]).norm(), 1e-10) << trial;
    }
    const Eigen::VectorXd w = b + d.jacobian * du;
    constexpr double eps = 1e-8;
    for (std::size_t k = 0; k < problem.contacts.size(); ++k) {
      const double mu = problem.contacts[k].friction;
      const double ln = lambda(3 * k), wn = w(3 * k);
      const Vec2 lt = lambda.segment<2>(3 * k + 1), wt = w.segment<2>(3 * k + 1);
      EXPECT_GE(ln, 0.0) << trial;
      EXPECT_GE(wn, -eps) << trial << " contact " << k;
      EXPECT_LT(std::abs(ln * wn), eps) << trial << " contact " << k;
      EXPECT_LE(lt.norm(), mu * ln + eps) << trial;
      if (lt.norm() < mu * ln - eps) {
        EXPECT_LT(wt.norm(), eps) << trial << " sticking contact " << k << " slips";
      } else if (wt.norm() > eps) {
        // Sliding: the friction impulse opposes the slip, at the cone's edge.
        EXPECT_LT((lt + mu * ln * wt.normalized()).norm(), 1e-6) << trial << " contact " << k;
      }
    }
  }
}

// ν = 4 overshoots (a single contact needs ν < 2): with a merit check after every sweep, the sweeps that more than double the merit are
// undone with ν halved, and the solve still converges.
TEST(PgsProx, StepsTooLongAreUndoneAndHalved) {
  ContactProblem problem;
  problem.bodies = {fixed_body(), particle(1.0)};
  ContactConstraint c = contact(0, 1, frame_of(Vec3::UnitY()), Vec3::Zero(), Vec3::Zero(), 0.5);
  set_free_velocity(c, BodyVelocity::Zero(), linear({0, -1.0, 0}));
  problem.contacts = {c};
  const ContactSolution result = solve_pgs_prox(problem, [] {
    PgsProxRequest r = request(1000, 1e-12);
    r.initial_r_scale = 4.0;
    r.record_merit_history = true;
    r.merit_interval = 1;
    r.max_merit_interval = 1;
    return r;
  }());
  EXPECT_TRUE(result.converged);
  EXPECT_GE(result.rejected_sweeps, 1);
  EXPECT_NEAR(result.impulses[0].x(), 1.0, 1e-12);
  ASSERT_EQ(result.merit_history.size(), static_cast<std::size_t>(result.iterations));
  for (std::size_t i = 1; i < result.merit_history.size(); ++i) {
    EXPECT_LE(result.merit_history[i], 2 * result.merit_history[i - 1]);  // kept merits never double
  }
}

// The sweep visits contacts in rounds (pgs_prox.h "Order"), not in the input's order; impulses come
// back in the input's order, and a warm start is read in it. Three particles, each pressed into the
// ground along x and along y by one contact each (frictionless: the unique solution is λ = m v per
// direction), listed pair by pair so that the sweep order differs from the input order.
TEST(PgsProx, ImpulsesComeBackInTheInputOrder) {
  const double masses[3] = {1.0, 2.5, 4.0};
  const Vec3 velocities[3] = {{-0.3, -0.7, 0.0}, {-1.1, -0.2, 0.0}, {-0.05, -2.0, 0.0}};
  ContactProblem problem;
  problem.bodies = {fixed_body()};
  std::vector<double> expected;
  for (int p = 0; p < 3; ++p) {
    problem.bodies.push_back(particle(masses[p]));
    for (const Vec3& normal : {Vec3(Vec3::UnitX()), Vec3(Vec3::UnitY())}) {
      ContactConstraint c = contact(0, p + 1, frame_of(normal), Vec3::Zero(), Vec3::Zero(), 0.0);
      set_free_velocity(c, BodyVelocity::Zero(), linear(velocities[p]));
      problem.contacts.push_back(c);
      expected.push_back(-masses[p] * velocities[p].dot(normal));
    }
  }
  const ContactSolution result = solve_pgs_prox(problem, request(100, 1e-13));
  ASSERT_TRUE(result.converged);
  for (std::size_t k = 0; k < expected.size(); ++k) {
    EXPECT_NEAR(result.impulses[k].x(), expected[k], 1e-12) << "contact " << k;
  }
  // Warm-started from the solution in the input's order, the solve starts converged.
  PgsProxRequest warm = request(100, 1e-13);
  for (double lambda : expected) warm.initial_impulses.push_back(Vec3(lambda, 0, 0));
  EXPECT_LT(solve_pgs_prox(problem, warm).initial_merit, 1e-13);
}

// With merit_interval 10 and max_merit_interval 80, the checks come after 10, 30, 70, 150, 230, …
// sweeps (the interval doubles after each accepted check) — seen in the merit history's length.
TEST(PgsProx, TheMeritIntervalGrowsWhileChecksPass) {
  ContactProblem problem;
  problem.bodies = {fixed_body(), particle(2.0)};
  ContactConstraint c = contact(0, 1, frame_of(Vec3::UnitY()), Vec3::Zero(), Vec3::Zero(), 0.5);
  set_free_velocity(c, BodyVelocity::Zero(), linear({0.1, -1.0, 0}));
  problem.contacts = {c};
  PgsProxRequest r = request(310, 0.0);
  r.record_merit_history = true;
  const ContactSolution result = solve_pgs_prox(problem, r);
  EXPECT_EQ(result.rejected_sweeps, 0);
  EXPECT_EQ(result.iterations, 310);
  EXPECT_EQ(result.merit_history.size(), 6u);  // at 10, 30, 70, 150, 230, 310
  r.max_merit_interval = 10;
  EXPECT_EQ(solve_pgs_prox(problem, r).merit_history.size(), 31u);
  r.max_merit_interval = 0;
  EXPECT_THROW(solve_pgs_prox(problem, r), InputError);
}

// Isotropic friction: turning each contact's tangent basis about its normal changes no iterate —
// the world-frame impulses after a fixed number of sweeps agree to rounding.
TEST(PgsProx, TangentBasisDoesNotMatter) {
  std::mt19937_64 rng(17);
  std::uniform_real_distribution<double> angle(0.0, 6.283185307179586);
  for (int trial = 0; trial < 10; ++trial) {
    const ContactProblem problem = random_problem(rng, 5, 8);
    ContactProblem turned = problem;
    std::vector<Mat3> frames;  // rows n, t, b of each turned contact, world frame
    for (ContactConstraint& c : turned.contacts) {
      const double a = angle(rng);
      Mat3 turn = Mat3::Identity();  // mixes rows t and b
      turn.block<2, 2>(1, 1) << std::cos(a), std::sin(a), -std::sin(a), std::cos(a);
      c.jacobian_a = turn * c.jacobian_a;
      c.jacobian_b = turn * c.jacobian_b;
      c.free_velocity = turn * c.free_velocity;
      frames.push_back(turn);
    }
    const ContactSolution original = solve_pgs_prox(problem, request(3, 0.0));
    const ContactSolution rotated = solve_pgs_prox(turned, request(3, 0.0));
    for (std::size_t k = 0; k < problem.contacts.size(); ++k) {
      // λ in the original basis = turnᵀ λ in the turned one.
      EXPECT_LT((original.impulses[k] - frames[k].transpose() * rotated.impulses[k]).norm(), 1e-10) << trial;
    }
  }
}

TEST(PgsProx, WarmStartAtTheSolutionTakesNoSweep) {
  std::mt19937_64 rng(5);
  const ContactProblem problem = random_problem(rng, 4, 5);
  const ContactSolution cold = solve_pgs_prox(problem, request(100000, 1e-11));
  ASSERT_TRUE(cold.converged);
  const ContactSolution warm = solve_pgs_prox(problem, [&] {
    PgsProxRequest r = request(100000, 1e-11);
    r.initial_impulses = cold.impulses;
    return r;
  }());
  EXPECT_EQ(warm.iterations, 0);
  EXPECT_LE(warm.initial_merit, 1e-11);
}

TEST(PgsProx, FixedIterationModeRunsEverySweep) {
  std::mt19937_64 rng(9);
  const ContactProblem problem = random_problem(rng, 4, 6);
  const ContactSolution result = solve_pgs_prox(problem, request(37, 0.0));
  EXPECT_EQ(result.iterations, 37);
  EXPECT_LE(result.merit, result.initial_merit);
}

TEST(PgsProx, ContactBetweenFixedBodiesGetsNoImpulse) {
  ContactProblem problem;
  problem.bodies = {fixed_body(), fixed_body()};
  ContactConstraint c = contact(0, 1, frame_of(Vec3::UnitY()), Vec3::Zero(), Vec3::Zero(), 0.5);
  c.free_velocity = Vec3(-1, 0, 0);
  problem.contacts = {c};
  const ContactSolution result = solve_pgs_prox(problem, [] {
    PgsProxRequest r;
    r.initial_impulses = {Vec3(1, 0, 0)};
    return r;
  }());
  EXPECT_EQ(result.impulses[0], Vec3::Zero());
  EXPECT_EQ(result.merit, 0.0);
  EXPECT_TRUE(std::isfinite(result.merit));
}

TEST(PgsProx, BadInputNamesTheField) {
  ContactProblem problem;
  problem.bodies = {fixed_body(), particle(1.0)};
  problem.contacts = {contact(0, 1, frame_of(Vec3::UnitY()), Vec3::Zero(), Vec3::Zero(), 0.5)};
  const auto message = [&](ContactProblem p, PgsProxRequest r = {}) {
    try {
      solve_pgs_prox(p, r);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  ContactProblem p = problem;
  p.contacts[0].friction = -0.1;
  EXPECT_NE(message(p).find("contacts[0].friction"), std::string::npos) << message(p);
  p = problem;
  p.contacts[0].body_b = 7;
  EXPECT_NE(message(p).find("contacts[0].body_b"), std::string::npos) << message(p);
  p = problem;
  p.contacts[0].body_b = 0;
  EXPECT_NE(message(p).find("other than body_a"), std::string::npos) << message(p);
  p = problem;
  p.contacts[0].free_velocity.x() = std::nan("");
  EXPECT_NE(message(p).find("contacts[0].free_velocity"), std::string::npos) << message(p);
  p = problem;
  p.bodies[1].inverse_mass = -1;
  EXPECT_NE(message(p).find("bodies[1].inverse_mass"), std::string::npos) << message(p);
  PgsProxRequest r = request(-1, 0.0);
  EXPECT_NE(message(problem, r).find("max_iterations"), std::string::npos);
  r = request(10, std::nan(""));
  EXPECT_NE(message(problem, r).find("tolerance"), std::string::npos);
  r = request(10, 0.0);
  r.merit_interval = 0;
  EXPECT_NE(message(problem, r).find("merit_interval"), std::string::npos);
  r = request(10, 0.0);
  r.initial_r_scale = 0;
  EXPECT_NE(message(problem, r).find("initial_r_scale"), std::string::npos);
  r = request(10, 0.0);
  r.initial_impulses = {Vec3::Zero(), Vec3::Zero()};
  EXPECT_NE(message(problem, r).find("initial_impulses"), std::string::npos);
  EXPECT_NE(message(problem).find("no error"), std::string::npos);
}

}  // namespace
}  // namespace contactlab
