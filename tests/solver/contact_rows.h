// Contact problems for the solver tests, built by hand from seed 003 §1.1's rows: particles and
// boxes on a fixed ground, random rigid bodies, and the dense J and M⁻¹ that check a solution
// independently of the solvers' blocked paths.
#pragma once

#include "contactlab/solver/contact_problem.h"

#include <Eigen/Dense>
#include <Eigen/Geometry>

#include <cmath>
#include <random>

namespace contactlab::test {

constexpr double kGravity = 9.81;
constexpr double kStep = 0.01;

/// The contact rows of seed 003 §1.1: direction d, body A at lever r_a, body B at lever r_b.
struct Frame {
  Vec3 n, t, b;
};

inline Frame frame_of(const Vec3& normal) {
  const Vec3 n = normal.normalized();
  const Vec3 helper = std::abs(n.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY();
  const Vec3 t = n.cross(helper).normalized();
  return {n, t, n.cross(t)};
}

inline ContactConstraint contact(Index a, Index b, const Frame& f, const Vec3& r_a, const Vec3& r_b, double mu) {
  ContactConstraint c;
  c.body_a = a;
  c.body_b = b;
  const Vec3 rows[3] = {f.n, f.t, f.b};
  for (int i = 0; i < 3; ++i) {
    c.jacobian_a.row(i) << -rows[i].transpose(), -r_a.cross(rows[i]).transpose();
    c.jacobian_b.row(i) << rows[i].transpose(), r_b.cross(rows[i]).transpose();
  }
  c.friction = mu;
  return c;
}

inline BodyInverseMass fixed_body() { return {}; }

inline BodyInverseMass particle(double mass) { return {1.0 / mass, Mat3::Zero()}; }

/// Free velocity b = J u_free for given body velocities.
inline void set_free_velocity(ContactConstraint& c, const BodyVelocity& u_a, const BodyVelocity& u_b) {
  c.free_velocity = c.jacobian_a * u_a + c.jacobian_b * u_b;
}

inline BodyVelocity linear(const Vec3& v) {
  BodyVelocity u = BodyVelocity::Zero();
  u.head<3>() = v;
  return u;
}

/// Inverse inertia of a solid box of the given full extents, axis-aligned.
inline Mat3 box_inverse_inertia(double mass, const Vec3& size) {
  const Vec3 s2 = size.cwiseProduct(size);
  return Vec3(12.0 / (mass * (s2.y() + s2.z())), 12.0 / (mass * (s2.x() + s2.z())), 12.0 / (mass * (s2.x() + s2.y())))
      .asDiagonal();
}

/// A box of `mass` and full extents `size` (centre of mass at the origin) on the fixed ground, one
/// contact per bottom corner (normal +y, friction μ), falling with g h: the four-corner problem, in
/// which the split of the weight between the corners is indeterminate.
inline ContactProblem box_on_four_corners(double mass, const Vec3& size, double mu) {
  ContactProblem problem;
  problem.bodies = {fixed_body(), {1.0 / mass, box_inverse_inertia(mass, size)}};
  for (const double sx : {-0.5, 0.5}) {
    for (const double sz : {-0.5, 0.5}) {
      const Vec3 corner(sx * size.x(), -0.5 * size.y(), sz * size.z());
      ContactConstraint c = contact(0, 1, frame_of(Vec3::UnitY()), corner, corner, mu);
      set_free_velocity(c, BodyVelocity::Zero(), linear({0, -kGravity * kStep, 0}));
      problem.contacts.push_back(c);
    }
  }
  return problem;
}

/// Random rigid bodies (one fixed) and contacts between them.
inline ContactProblem random_problem(std::mt19937_64& rng, int body_count, int contact_count) {
  std::uniform_real_distribution<double> unit(-1.0, 1.0), positive(0.5, 2.0), friction(0.0, 1.0);
  ContactProblem problem;
  problem.bodies.push_back(fixed_body());
  for (int i = 1; i < body_count; ++i) {
    const Eigen::Matrix3d q = Eigen::Quaterniond::UnitRandom().toRotationMatrix();
    const Mat3 inertia = q * Vec3(positive(rng), positive(rng), positive(rng)).asDiagonal() * q.transpose();
    problem.bodies.push_back({1.0 / positive(rng), inertia.inverse()});
  }
  std::uniform_int_distribution<Index> pick(0, body_count - 1);
  for (int k = 0; k < contact_count; ++k) {
    Index a = pick(rng), b = pick(rng);
    while (b == a) b = pick(rng);
    ContactConstraint c =
        contact(a, b, frame_of(Vec3(unit(rng), unit(rng), unit(rng))), Vec3(unit(rng), unit(rng), unit(rng)),
                Vec3(unit(rng), unit(rng), unit(rng)), friction(rng));
    c.free_velocity = Vec3(unit(rng), unit(rng), unit(rng));
    problem.contacts.push_back(c);
  }
  return problem;
}

/// J (3k × 6 bodies) and M⁻¹ assembled densely.
struct Dense {
  Eigen::MatrixXd jacobian, inverse_mass;
};

inline Dense assemble(const ContactProblem& p) {
  const auto rows = static_cast<Eigen::Index>(3 * p.contacts.size());
  const auto cols = static_cast<Eigen::Index>(6 * p.bodies.size());
  Dense d{Eigen::MatrixXd::Zero(rows, cols), Eigen::MatrixXd::Zero(cols, cols)};
  for (std::size_t k = 0; k < p.contacts.size(); ++k) {
    const auto r = static_cast<Eigen::Index>(3 * k);
    d.jacobian.block<3, 6>(r, 6 * p.contacts[k].body_a) += p.contacts[k].jacobian_a;
    d.jacobian.block<3, 6>(r, 6 * p.contacts[k].body_b) += p.contacts[k].jacobian_b;
  }
  for (std::size_t i = 0; i < p.bodies.size(); ++i) {
    const auto c = static_cast<Eigen::Index>(6 * i);
    d.inverse_mass.block<3, 3>(c, c) = p.bodies[i].inverse_mass * Mat3::Identity();
    d.inverse_mass.block<3, 3>(c + 3, c + 3) = p.bodies[i].inverse_inertia;
  }
  return d;
}

}  // namespace contactlab::test
