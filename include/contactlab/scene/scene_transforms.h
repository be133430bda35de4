// Scene transforms for the suite's studies and for invariance tests (SUITE.md "Dynamic studies",
// Erleben 2018 §8.5).
#pragma once

#include "contactlab/core/transform.h"
#include "contactlab/scene/scene.h"

#include <cstdint>

namespace contactlab {

/// The perturbation study: every movable (non-fixed) body is displaced by (dx, 0, dz) with dx, dz
/// drawn independently and uniformly from [−magnitude, magnitude] (y is up, so x/z is horizontal).
/// The draw is a fixed function of `seed` (64-bit Mersenne Twister, 53-bit mantissas), identical on
/// every platform. Planar interfaces of the ground truth are recomputed from the moved geometry;
/// non-planar ones (points and segments) keep their normals (unchanged by a translation) and their
/// region moves with the movable body of the pair (the mean displacement when both move). Whether
/// the bodies still touch there is not rechecked: a displaced apex may leave its groove.
Scene perturbed(const Scene& scene, double magnitude, std::uint64_t seed);

/// The whole scene mapped by x ↦ scale · R x + t: body poses and shapes (shapes are scaled, so
/// they become inline meshes), velocities (linear: scaled and rotated; angular: rotated), gravity
/// (rotated; its magnitude kept), and the ground truth (normals rotated, polygons mapped, areas ×
/// scale²). `scale` must be finite and > 0 (InputError otherwise).
Scene transformed(const Scene& scene, const Transform& motion, double scale = 1.0);

}  // namespace contactlab
