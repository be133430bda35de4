#include "contactlab/dynamics/rigid_body.h"

#include "contactlab/core/error.h"
#include "contactlab/mesh/mass_properties.h"

#include <Eigen/Eigenvalues>

#include <stdexcept>
#include <string>

namespace contactlab {

Mat3 RigidBody::world_inertia() const {
  const Mat3 r = orientation.toRotationMatrix();
  return r * body_inertia * r.transpose();
}

BodyInverseMass RigidBody::inverse_mass() const {
  if (fixed) return {};
  const Mat3 r = orientation.toRotationMatrix();
  // I_world⁻¹ = R I_body⁻¹ Rᵀ; I_body is symmetric positive definite (checked in rigid_bodies).
  const Mat3 inverse = r * body_inertia.inverse() * r.transpose();
  return {1.0 / mass, 0.5 * (inverse + inverse.transpose())};
}

BodyVelocity RigidBody::velocity() const {
  BodyVelocity u;
  u << linear_velocity, angular_velocity;
  return u;
}

double RigidBody::kinetic_energy() const {
  if (fixed) return 0.0;
  return 0.5 * mass * linear_velocity.squaredNorm() + 0.5 * angular_velocity.dot(world_inertia() * angular_velocity);
}

double RigidBody::potential_energy(const Vec3& gravity) const { return fixed ? 0.0 : -mass * gravity.dot(centre); }

std::vector<RigidBody> rigid_bodies(const Scene& scene) {
  std::vector<RigidBody> bodies;
  bodies.reserve(scene.bodies.size());
  for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
    const Body& body = scene.bodies[i];
    const MassProperties props = mass_properties(body.shape->tets, body.density);
    RigidBody rigid;
    rigid.fixed = body.fixed;
    rigid.mass = props.mass;
    rigid.body_inertia = 0.5 * (props.inertia + props.inertia.transpose());
    rigid.body_centre = props.centroid;
    rigid.orientation = normalized_orientation(body.orientation);
    rigid.centre = rigid.orientation * props.centroid + body.position;
    rigid.linear_velocity = body.linear_velocity;
    rigid.angular_velocity = body.angular_velocity;
    rigid.friction = body.friction;
    if (!body.fixed) {
      const double smallest =
          Eigen::SelfAdjointEigenSolver<Mat3>(rigid.body_inertia, Eigen::EigenvaluesOnly).eigenvalues().minCoeff();
      if (!(props.mass > 0) || !(smallest > 0)) {
        throw InputError(scene.name, 0,
                         "bodies[" + std::to_string(i) + "] ('" + body.name +
                             "'): a movable body needs a positive mass and inertia, got mass " +
                             std::to_string(props.mass) + " kg and smallest principal inertia " +
                             std::to_string(smallest) + " kg m^2");
      }
    }
    bodies.push_back(rigid);
  }
  return bodies;
}

LargestMotion largest_motion(const std::vector<RigidBody>& start, const std::vector<RigidBody>& now) {
  if (start.size() != now.size()) {
    throw std::invalid_argument("largest_motion: " + std::to_string(start.size()) + " bodies at the start, " +
                                std::to_string(now.size()) + " now");
  }
  LargestMotion m;
  for (std::size_t i = 0; i < now.size(); ++i) {
    if (now[i].fixed) continue;
    const double moved = (now[i].centre - start[i].centre).norm();
    const double turned = now[i].orientation.angularDistance(start[i].orientation);
    if (m.displaced_body == kInvalidIndex || moved > m.displacement) {
      m.displacement = moved;
      m.displaced_body = static_cast<Index>(i);
    }
    if (m.rotated_body == kInvalidIndex || turned > m.rotation) {
      m.rotation = turned;
      m.rotated_body = static_cast<Index>(i);
    }
  }
  return m;
}

void store_state(const std::vector<RigidBody>& bodies, Scene& scene) {
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    Body& body = scene.bodies[i];
    body.position = bodies[i].origin();
    body.orientation = bodies[i].orientation;
    body.linear_velocity = bodies[i].linear_velocity;
    body.angular_velocity = bodies[i].angular_velocity;
  }
}

}  // namespace contactlab
