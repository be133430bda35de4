#include "contactlab/dynamics/contact_constraints.h"

#include <cmath>

namespace contactlab {

ContactFrame contact_frame(const Vec3& normal, const Quat& axes) {
  // Two oblique directions of body A's frame (contact_constraints.h).
  static const Vec3 first = Vec3(1.0, std::sqrt(2.0), std::sqrt(3.0)).normalized();
  static const Vec3 second = Vec3(-std::sqrt(3.0), 1.0, std::sqrt(2.0)).normalized();
  const Vec3 n = normal.normalized();
  const Vec3 a1 = axes * first, a2 = axes * second;
  const Vec3 axis = std::abs(n.dot(a1)) <= std::abs(n.dot(a2)) ? a1 : a2;
  const Vec3 t = n.cross(axis).normalized();
  return {n, t, n.cross(t)};
}

ContactConstraints build_contact_constraints(const ContactSet& contacts, const std::vector<RigidBody>& bodies,
                                             const std::vector<BodyVelocity>& free, double time_step) {
  ContactConstraints out;
  out.problem.bodies.reserve(bodies.size());
  for (const RigidBody& body : bodies) out.problem.bodies.push_back(body.inverse_mass());
  for (std::size_t i = 0; i < contacts.contacts.size(); ++i) {
    const Contact& contact = contacts.contacts[i];
    const RigidBody& a = bodies[contact.body_a];
    const RigidBody& b = bodies[contact.body_b];
    if (a.fixed && b.fixed) continue;
    const ContactFrame frame = contact_frame(contact.normal, a.orientation);
    const Vec3 r_a = contact.position - a.centre;
    const Vec3 r_b = contact.position - b.centre;
    ContactConstraint c;
    c.body_a = contact.body_a;
    c.body_b = contact.body_b;
    const Vec3 rows[3] = {frame.normal, frame.tangent, frame.bitangent};
    for (int k = 0; k < 3; ++k) {
      c.jacobian_a.row(k) << -rows[k].transpose(), -r_a.cross(rows[k]).transpose();
      c.jacobian_b.row(k) << rows[k].transpose(), r_b.cross(rows[k]).transpose();
    }
    c.free_velocity = c.jacobian_a * free[contact.body_a] + c.jacobian_b * free[contact.body_b];
    if (contact.gap > 0) c.free_velocity.x() += contact.gap / time_step;  // speculative (header)
    c.friction = std::sqrt(a.friction * b.friction);
    out.problem.contacts.push_back(c);
    out.contact.push_back(i);
  }
  return out;
}

}  // namespace contactlab
