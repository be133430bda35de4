// A rigid motion with uniform scale of a whole scene, ground truth included: for invariance tests and
// for users who place a scene elsewhere. (The perturbation study's scene is suite/perturbed.h.)
#pragma once

#include "contactlab/core/transform.h"
#include "contactlab/scene/scene.h"

namespace contactlab {

/// The whole scene mapped by x ↦ scale · R x + t: body poses and shapes (shapes are scaled, so
/// they become inline meshes), velocities (linear: scaled and rotated; angular: rotated), gravity
/// (rotated; its magnitude kept), and the ground truth (normals rotated, polygons mapped, areas ×
/// scale²). InputError unless `scale` is in [kMinScale, kMaxScale], motion.rotation is a rotation
/// (orthonormal, determinant 1, within 1e-9) and motion.translation is finite.
Scene transformed(const Scene& scene, const Transform& motion, double scale = 1.0);

/// Every movable (non-fixed) body moved `distance` m along gravity (−y when the scene has none, or
/// a gravity that is not finite):
/// pushed into what it rests on, as a simulation leaves resting bodies (issue 15's "1 mm" state).
/// Shapes, velocities and the ground truth stay as they are: the same contact sites and normals,
/// whose polygons now lie up to `distance` from the moved faces. InputError unless `distance` is
/// finite and at least 0.
Scene pushed_along_gravity(const Scene& scene, double distance);

/// Range of transformed()'s scale: 1/kMaxCoordinateMagnitude to kMaxCoordinateMagnitude, so that a
/// scene of unit size stays within the coordinate limit either way (docs/errors-and-limits.md).
inline constexpr double kMinScale = 1e-50;
inline constexpr double kMaxScale = 1e50;

/// The rotation by `angle` radians about `axis`, which may have any finite non-zero length: it is
/// normalised without overflow or underflow (Eigen's normalized() turned (1e308, 1e308, 0) into a
/// zero axis). InputError for a zero or non-finite axis or a non-finite angle.
Mat3 rotation_about(const Vec3& axis, double angle);

}  // namespace contactlab
