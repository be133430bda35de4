// Constraint building (dynamics/contact_constraints.h). Ground truth: the relative velocity of the
// contact points computed directly from the rigid-body velocity field, v + ω × r.
#include "contactlab/dynamics/contact_constraints.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace contactlab {
namespace {

TEST(ContactFrame, OrthonormalRightHandedForAnyNormal) {
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::vector<Vec3> normals = {Vec3::UnitX(), -Vec3::UnitY(), Vec3::UnitZ(), Vec3(1, 1, 0), Vec3(1, 1, 1)};
  for (int i = 0; i < 100; ++i) normals.emplace_back(unit(rng), unit(rng), unit(rng));
  for (const Vec3& n : normals) {
    const ContactFrame f = contact_frame(n);
    EXPECT_LT((f.normal - n.normalized()).norm(), 1e-15);
    EXPECT_NEAR(f.tangent.norm(), 1.0, 1e-15);
    EXPECT_NEAR(f.bitangent.norm(), 1.0, 1e-15);
    EXPECT_NEAR(f.normal.dot(f.tangent), 0.0, 1e-15);
    EXPECT_NEAR(f.normal.dot(f.bitangent), 0.0, 1e-15);
    EXPECT_NEAR(f.tangent.dot(f.bitangent), 0.0, 1e-15);
    EXPECT_NEAR(f.normal.cross(f.tangent).dot(f.bitangent), 1.0, 1e-15);
  }
}

RigidBody random_body(std::mt19937_64& rng, bool fixed) {
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  RigidBody body;
  body.fixed = fixed;
  body.mass = 2.0;
  body.body_inertia = Vec3(0.3, 0.4, 0.5).asDiagonal();
  body.centre = Vec3(unit(rng), unit(rng), unit(rng));
  body.orientation = Quat::UnitRandom();
  if (!fixed) {
    body.linear_velocity = Vec3(unit(rng), unit(rng), unit(rng));
    body.angular_velocity = Vec3(unit(rng), unit(rng), unit(rng));
  }
  body.friction = 0.25 + 0.5 * std::abs(unit(rng));
  return body;
}

// b = J u is the relative velocity (v_B + ω_B × r_B) − (v_A + ω_A × r_A) in the contact frame.
TEST(ContactConstraints, RowsGiveTheRelativeVelocityOfTheContactPoints) {
  std::mt19937_64 rng(8);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (int trial = 0; trial < 50; ++trial) {
    const std::vector<RigidBody> bodies = {random_body(rng, trial % 3 == 0), random_body(rng, false)};
    std::vector<BodyVelocity> free = {bodies[0].velocity(), bodies[1].velocity()};
    ContactSet set;
    Contact c;
    c.body_a = 0;
    c.body_b = 1;
    c.position = Vec3(unit(rng), unit(rng), unit(rng));
    c.normal = Vec3(unit(rng), unit(rng), unit(rng)).normalized();
    c.gap = trial % 2 == 0 ? 0.0 : -0.01;
    set.contacts.push_back(c);
    const ContactConstraints built = build_contact_constraints(set, bodies, free, 0.01);
    ASSERT_EQ(built.problem.contacts.size(), 1u);
    const auto point_velocity = [&](const RigidBody& body) -> Vec3 {
      return body.linear_velocity + body.angular_velocity.cross(c.position - body.centre);
    };
    const Vec3 relative = point_velocity(bodies[1]) - point_velocity(bodies[0]);
    const ContactFrame f = contact_frame(c.normal, bodies[0].orientation);
    const Vec3 expected(relative.dot(f.normal), relative.dot(f.tangent), relative.dot(f.bitangent));
    EXPECT_LT((built.problem.contacts[0].free_velocity - expected).norm(), 1e-14) << trial;
    EXPECT_DOUBLE_EQ(built.problem.contacts[0].friction, std::sqrt(bodies[0].friction * bodies[1].friction));
  }
}

// A separated contact (gap g > 0) lets the bodies approach by g within the step: + g/h on the
// normal row. Contacts between two fixed bodies are left out.
TEST(ContactConstraints, SpeculativeGapAndFixedPairs) {
  std::mt19937_64 rng(1);
  const std::vector<RigidBody> bodies = {random_body(rng, true), random_body(rng, false), random_body(rng, true)};
  std::vector<BodyVelocity> free(3, BodyVelocity::Zero());
  ContactSet set;
  Contact c;
  c.body_a = 0;
  c.body_b = 1;
  c.gap = 0.002;
  set.contacts.push_back(c);
  c.body_b = 2;  // fixed–fixed
  set.contacts.push_back(c);
  const ContactConstraints built = build_contact_constraints(set, bodies, free, 0.01);
  ASSERT_EQ(built.problem.contacts.size(), 1u);
  EXPECT_EQ(built.contact, std::vector<std::size_t>{0});
  EXPECT_NEAR(built.problem.contacts[0].free_velocity.x(), 0.002 / 0.01, 1e-15);
  EXPECT_EQ(built.problem.contacts[0].free_velocity.tail<2>(), Vec2::Zero());
}

}  // namespace
}  // namespace contactlab
