// A rigid body of a scene: shape, pose, velocities and material (docs/design.md conventions: SI units,
// y up). The pose maps body-frame points to the world: x_world = R(orientation) x_body + position.
#pragma once

#include "contactlab/core/transform.h"
#include "contactlab/core/types.h"
#include "contactlab/scene/shape.h"

#include <cmath>
#include <limits>
#include <memory>
#include <string>

namespace contactlab {

inline constexpr double kDefaultDensity = 2000.0;  ///< kg/m³ (Erleben 2018, §6)
inline constexpr double kDefaultFriction = 0.5;    ///< Coulomb μ (Erleben 2018, §6)

/// `q` normalised. Eigen divides by sqrt(w² + x² + y² + z²), which overflows to inf for components
/// of 1e300 (the rotation came out zero) and underflows to 0 for 1e-200 (not normalised at all):
/// such a quaternion is first divided by its largest component, the same rotation. One whose
/// squared length is a normal number takes Eigen's path unchanged (same bits as before).
inline Quat normalized_orientation(const Quat& q) {
  const double squared = q.coeffs().squaredNorm();
  const double largest = q.coeffs().cwiseAbs().maxCoeff();
  if ((std::isfinite(squared) && squared >= std::numeric_limits<double>::min()) || !std::isfinite(largest) ||
      largest == 0.0) {
    return q.normalized();
  }
  return Quat(q.coeffs() / largest).normalized();
}

struct Body {
  std::string name;                      ///< unique within a scene
  std::shared_ptr<const Shape> shape;    ///< may be shared by several bodies (e.g. the wall's bricks)
  Vec3 position = Vec3::Zero();          ///< m
  Quat orientation = Quat::Identity();   ///< unit quaternion; stored as given so JSON round trips exactly
  Vec3 linear_velocity = Vec3::Zero();   ///< m/s
  Vec3 angular_velocity = Vec3::Zero();  ///< rad/s, world frame
  double density = kDefaultDensity;      ///< kg/m³
  double friction = kDefaultFriction;    ///< Coulomb coefficient
  bool fixed = false;                    ///< infinite mass: never moves

  Transform pose() const { return Transform::from_quaternion(normalized_orientation(orientation), position); }
};

}  // namespace contactlab
