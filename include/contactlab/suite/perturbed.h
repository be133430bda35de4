// The perturbation study's scene (docs/suite.md "Dynamic studies"; Erleben 2018 §8.5): movable
// bodies displaced at random in x/z, with the ground truth re-derived from the moved geometry.
#pragma once

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

}  // namespace contactlab
