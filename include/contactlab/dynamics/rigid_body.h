// Rigid-body state for simulation: mass properties from each body's tet mesh and the scene's
// density, and the state the stepper advances — centre of mass, orientation, velocities.
//
// Conventions (docs/design.md: SI units, y up): a scene body's pose maps body-frame points to the
// world, x = R(q) x_body + position. The simulator's state is the centre of mass c = R(q) c_body +
// position instead (c_body: the tet mesh's centroid), so that the Newton–Euler equations are those
// of seed 003 §1.1 without offset terms. A scene's `linear_velocity` is the velocity of the centre
// of mass; `angular_velocity` is in the world frame. Fixed bodies have infinite mass: zero inverse
// mass and inverse inertia; they never move.
#pragma once

#include "contactlab/core/types.h"
#include "contactlab/scene/scene.h"
#include "contactlab/solver/contact_problem.h"

#include <vector>

namespace contactlab {

struct RigidBody {
  bool fixed = false;
  double mass = 0.0;                     ///< kg: density × tet volume (fixed bodies too, for reports)
  Mat3 body_inertia = Mat3::Zero();      ///< about the centre of mass, body axes, kg·m²
  Vec3 body_centre = Vec3::Zero();       ///< centre of mass in the body frame, m
  Vec3 centre = Vec3::Zero();            ///< centre of mass, world, m
  Quat orientation = Quat::Identity();   ///< unit
  Vec3 linear_velocity = Vec3::Zero();   ///< of the centre of mass, m/s
  Vec3 angular_velocity = Vec3::Zero();  ///< world frame, rad/s
  double friction = 0.0;                 ///< the scene body's Coulomb coefficient

  /// The scene pose's position: c − R(q) c_body.
  Vec3 origin() const { return centre - orientation * body_centre; }
  /// Inertia about the centre of mass in the world frame: R I_body Rᵀ.
  Mat3 world_inertia() const;
  /// M⁻¹ for the solver (world frame); zero for a fixed body.
  BodyInverseMass inverse_mass() const;
  /// (v, ω).
  BodyVelocity velocity() const;
  /// ½ m |v|² + ½ ωᵀ I_world ω; 0 for a fixed body.
  double kinetic_energy() const;
  /// −m g·c (zero at the origin's height); 0 for a fixed body.
  double potential_energy(const Vec3& gravity) const;
};

/// The rigid bodies of `scene`, in its order: mass properties of each shape's tet mesh at the
/// body's density. Throws InputError (source: the scene's name, field "bodies[i]") for a movable
/// body whose mass or principal inertia is not positive — it could not respond to any force.
std::vector<RigidBody> rigid_bodies(const Scene& scene);

/// How far the bodies have moved from a start: the largest centre-of-mass displacement and the
/// largest rotation (angle of q_start⁻¹ q) over the movable bodies, and which bodies. For the
/// stability verdicts of the paper's §7.5 (does the pillar stay standing?).
struct LargestMotion {
  double displacement = 0.0;  ///< m
  Index displaced_body = kInvalidIndex;
  double rotation = 0.0;  ///< rad, in [0, π]
  Index rotated_body = kInvalidIndex;
};

/// `start` and `now` hold the same bodies in the same order (std::invalid_argument otherwise).
LargestMotion largest_motion(const std::vector<RigidBody>& start, const std::vector<RigidBody>& now);

/// Writes the bodies' poses and velocities back into `scene` (same order and count).
void store_state(const std::vector<RigidBody>& bodies, Scene& scene);

}  // namespace contactlab
