#include "contactlab/dynamics/moreau_step.h"

#include <Eigen/LU>

namespace contactlab {
namespace {

Mat3 skew(const Vec3& v) {
  Mat3 m;
  m << 0, -v.z(), v.y(), v.z(), 0, -v.x(), -v.y(), v.x(), 0;
  return m;
}

}  // namespace

BodyVelocity free_velocity(const RigidBody& body, const Vec3& gravity, double time_step) {
  if (body.fixed) return BodyVelocity::Zero();
  const double h = time_step;
  const Mat3 rotation = body.orientation.toRotationMatrix();
  const Mat3& inertia = body.body_inertia;
  // Body frame: f(x) = I (x − ω) + h x × I x = 0, one Newton step from x = ω, where f(ω) = h ω × I ω
  // and f'(ω) = I + h (skew(ω) I − skew(I ω)) (moreau_step.h "Gyroscopic term").
  const Vec3 omega = rotation.transpose() * body.angular_velocity;
  const Vec3 momentum = inertia * omega;
  const Vec3 residual = h * omega.cross(momentum);
  const Mat3 jacobian = inertia + h * (skew(omega) * inertia - skew(momentum));
  const Vec3 stepped = omega - jacobian.fullPivLu().solve(residual);
  BodyVelocity u;
  u << body.linear_velocity + h * gravity, rotation * stepped;
  return u;
}

void integrate_position(RigidBody& body, double time_step) {
  if (body.fixed) return;
  const double h = time_step;
  body.centre += h * body.linear_velocity;
  // q⁺ = q + (h/2) (0, ω) ⊗ q, renormalised (moreau_step.h).
  const Quat spin(0.0, body.angular_velocity.x(), body.angular_velocity.y(), body.angular_velocity.z());
  Quat next = body.orientation;
  next.coeffs() += 0.5 * h * (spin * body.orientation).coeffs();
  body.orientation = normalized_orientation(next);
}

}  // namespace contactlab
