// A rigid motion with uniform scale of a whole scene, ground truth included: for invariance tests and
// for users who place a scene elsewhere. (The perturbation study's scene is suite/perturbed.h.)
#pragma once

#include "contactlab/core/transform.h"
#include "contactlab/scene/scene.h"

namespace contactlab {

/// The whole scene mapped by x ↦ scale · R x + t: body poses and shapes (shapes are scaled, so
/// they become inline meshes), velocities (linear: scaled and rotated; angular: rotated), gravity
/// (rotated; its magnitude kept), and the ground truth (normals rotated, polygons mapped, areas ×
/// scale²). `scale` must be finite and > 0 (InputError otherwise).
Scene transformed(const Scene& scene, const Transform& motion, double scale = 1.0);

}  // namespace contactlab
