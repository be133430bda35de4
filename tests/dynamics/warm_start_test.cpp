// Warm start across steps (dynamics/warm_start.h, SimulationSettings::warm_start). Ground truth:
// the matching rule applied by hand to contacts placed on purpose (same place and normal on body A
// within the radius, or not), the same after a similarity of the whole configuration; a resting box
// whose load the previous step already carries (the starting merit falls to rounding). Issue 15's
// structures standing with it: semi_local_standing_test.cpp.
#include "contactlab/dynamics/warm_start.h"

#include "assess/make_contact.h"
#include "contactlab/contact/method.h"
#include "contactlab/dynamics/contact_constraints.h"
#include "contactlab/dynamics/rigid_simulation.h"
#include "contactlab/suite/load_scene.h"
#include "dynamics/box_scenes.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numbers>
#include <random>

namespace contactlab {
namespace {

using testing::make_contact;

/// A body with its centre of mass at c, turned by q.
RigidBody body_at(const Vec3& c, const Quat& q) {
  RigidBody body;
  body.centre = c;
  body.orientation = q;
  return body;
}

struct Configuration {
  std::vector<RigidBody> bodies;
  ContactSet before, after;
  std::vector<Vec3> impulses;  ///< of `before`, contact frames
};

/// Three bodies (lengths 1, 0.5, 2); `before`: two contacts of pair (0, 1) and one of (1, 2);
/// `after`: the first moved by 0.4 % of the pair's length 0.5 (a match), the second by 2 % (none),
/// the third with its normal turned by 20° (none), and one of a pair that had none (none).
Configuration configuration() {
  Configuration c;
  c.bodies = {body_at(Vec3(0, 0, 0), Quat::Identity()), body_at(Vec3(0, 1, 0), Quat::Identity()),
              body_at(Vec3(1, 1, 0), Quat::Identity())};
  const Vec3 up = Vec3::UnitY();
  c.before.contacts = {make_contact(0, 1, Vec3(0.1, 0.5, 0.1), up), make_contact(0, 1, Vec3(-0.1, 0.5, 0.1), up),
                       make_contact(1, 2, Vec3(0.5, 1.0, 0.0), Vec3::UnitX())};
  c.impulses = {Vec3(2.0, 0.3, -0.1), Vec3(1.0, 0.0, 0.2), Vec3(5.0, 0.0, 0.0)};
  const Vec3 turned = Eigen::AngleAxisd(20.0 * std::numbers::pi / 180.0, Vec3::UnitZ()) * Vec3::UnitX();
  c.after.contacts = {make_contact(0, 1, Vec3(0.102, 0.5, 0.1), up), make_contact(0, 1, Vec3(-0.1, 0.5, 0.11), up),
                      make_contact(1, 2, Vec3(0.5, 1.0, 0.0), turned), make_contact(0, 2, Vec3(0.5, 0.5, 0.0), up)};
  return c;
}

std::vector<std::size_t> all(const ContactSet& set) {
  std::vector<std::size_t> out(set.contacts.size());
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = i;
  return out;
}

/// The starting impulses for `after` given `before`'s, with everything mapped by x ↦ s R x + t.
std::vector<Vec3> warm(Configuration c, const Mat3& r, const Vec3& t, double s) {
  const Quat q(r);
  for (RigidBody& b : c.bodies) b.centre = s * (r * b.centre) + t, b.orientation = q * b.orientation;
  for (ContactSet* set : {&c.before, &c.after}) {
    for (Contact& k : set->contacts) k.position = s * (r * k.position) + t, k.normal = r * k.normal;
  }
  // The impulses as vectors turn with the scene; their components in the (new) contact frames:
  for (std::size_t k = 0; k < c.impulses.size(); ++k) {
    const Configuration plain_configuration = configuration();
    const ContactFrame old_frame = contact_frame(
        plain_configuration.before.contacts[k].normal,
        plain_configuration.bodies[static_cast<std::size_t>(plain_configuration.before.contacts[k].body_a)]
            .orientation);
    const Vec3 world = c.impulses[k].x() * old_frame.normal + c.impulses[k].y() * old_frame.tangent +
                       c.impulses[k].z() * old_frame.bitangent;
    const ContactFrame frame = contact_frame(
        c.before.contacts[k].normal, c.bodies[static_cast<std::size_t>(c.before.contacts[k].body_a)].orientation);
    const Vec3 turned = r * world;
    c.impulses[k] = Vec3(turned.dot(frame.normal), turned.dot(frame.tangent), turned.dot(frame.bitangent));
  }
  ContactImpulseMemory memory({s * 1.0, s * 0.5, s * 2.0});
  EXPECT_TRUE(memory.initial_impulses(c.after, all(c.after), c.bodies).empty()) << "nothing remembered yet";
  memory.remember(c.before, all(c.before), c.impulses, c.bodies);
  std::vector<Vec3> out = memory.initial_impulses(c.after, all(c.after), c.bodies);
  // Back to world vectors, then into the unmoved configuration's frames, for comparison.
  for (std::size_t k = 0; k < out.size(); ++k) {
    const ContactFrame frame = contact_frame(
        c.after.contacts[k].normal, c.bodies[static_cast<std::size_t>(c.after.contacts[k].body_a)].orientation);
    const Vec3 world =
        r.transpose() * (out[k].x() * frame.normal + out[k].y() * frame.tangent + out[k].z() * frame.bitangent);
    const Configuration plain_configuration = configuration();
    const ContactFrame plain = contact_frame(
        plain_configuration.after.contacts[k].normal,
        plain_configuration.bodies[static_cast<std::size_t>(plain_configuration.after.contacts[k].body_a)].orientation);
    out[k] = Vec3(world.dot(plain.normal), world.dot(plain.tangent), world.dot(plain.bitangent));
  }
  return out;
}

TEST(WarmStart, MatchesTheNearbyContactWithTheSameNormalOnly) {
  const std::vector<Vec3> out = warm(configuration(), Mat3::Identity(), Vec3::Zero(), 1.0);
  ASSERT_EQ(out.size(), 4u);
  // The radius: 0.01 × the smaller length of pair (0, 1), 0.5.
  EXPECT_LT((out[0] - Vec3(2.0, 0.3, -0.1)).norm(), 1e-15) << "moved 0.002 < 0.005: the first contact's impulse";
  EXPECT_EQ(out[1], Vec3::Zero()) << "moved 0.01 > 0.005";
  EXPECT_EQ(out[2], Vec3::Zero()) << "normal turned by 20°";
  EXPECT_EQ(out[3], Vec3::Zero()) << "a pair with nothing remembered";
}

TEST(WarmStart, SameMatchesUnderRandomSimilarityTransforms) {
  const std::vector<Vec3> plain = warm(configuration(), Mat3::Identity(), Vec3::Zero(), 1.0);
  std::mt19937 rng(2026);
  std::uniform_real_distribution<double> unit(-1.0, 1.0), exponent(-3.0, 3.0);
  for (int trial = 0; trial < 10; ++trial) {
    Quat q(unit(rng), unit(rng), unit(rng), unit(rng));
    q.normalize();
    const double s = std::pow(10.0, exponent(rng));
    const std::vector<Vec3> moved =
        warm(configuration(), q.toRotationMatrix(), 50.0 * Vec3(unit(rng), unit(rng), unit(rng)), s);
    ASSERT_EQ(moved.size(), plain.size());
    for (std::size_t k = 0; k < plain.size(); ++k) {
      EXPECT_LT((moved[k] - plain[k]).norm(), 1e-12) << "trial " << trial << " contact " << k << " scale " << s;
    }
  }
}

/// The starting and final merits of step 2 of a box resting on a slab (opposing: its face corners).
ContactSolution second_step(bool warm_start) {
  SimulationSettings settings;
  settings.warm_start = warm_start;
  RigidSimulation sim(test::box_on_slab(), *find_contact_method("opposing"), settings);
  sim.step();
  return sim.step().solve;
}

TEST(WarmStart, ARestingBoxStartsFromItsLoad) {
  const ContactSolution cold = second_step(false), warm = second_step(true);
  std::printf("box at rest, step 2: starting merit %.3g m/s cold, %.3g m/s warm\n", cold.initial_merit,
              warm.initial_merit);
  EXPECT_GT(cold.initial_merit, 1e-2);  // g h ≈ 0.098 m/s to take out
  EXPECT_LT(warm.initial_merit, 1e-6 * cold.initial_merit);
  // Both carry the box's weight: Σ λ_n = m g h.
  const double weight = 0.5 * 0.3 * 0.4 * 2000.0 * 9.81 * 0.01;
  for (const ContactSolution* r : {&cold, &warm}) {
    double sum = 0.0;
    for (const Vec3& l : r->impulses) sum += l.x();
    EXPECT_NEAR(sum, weight, 1e-9 * weight);
  }
}

}  // namespace
}  // namespace contactlab
