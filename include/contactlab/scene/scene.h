// A scene: bodies, gravity, and (for the assessment suite, or where it can be derived) the ground
// truth of the contacts at the initial state.
#pragma once

#include "contactlab/core/aabb.h"
#include "contactlab/core/types.h"
#include "contactlab/mesh/tetrahedralize.h"
#include "contactlab/scene/body.h"
#include "contactlab/scene/contact_settings.h"
#include "contactlab/scene/ground_truth.h"

#include <optional>
#include <string>
#include <vector>

namespace contactlab {

struct Scene {
  std::string name;
  std::string description;
  std::vector<Body> bodies;
  Vec3 gravity = kDefaultGravity;
  std::string tetgen_switches = kTetGenDefaultSwitches;  ///< default for bodies (a shape may override)
  std::optional<GroundTruth> ground_truth;
  /// Solfec's contact sparsification for this scene (JSON "sparsify"); unset: none. The commands
  /// apply it unless their --sparsify overrides it (`assess` applies only its own).
  std::optional<SparsifyOptions> sparsify;

  /// World bounding box of all bodies' surfaces at their current poses.
  Aabb bounds() const;
  /// The scene's length scale, to which tolerances are relative: the diameter of the smallest
  /// sphere about the mean of all surface vertices (world frame) that holds them all. It lies
  /// between the scene's diameter and twice it, and unlike a bounding box diagonal it does not
  /// change under rotation (it scales with a uniform scale).
  double length_scale() const;
  /// Index of the body named `name`, or kInvalidIndex.
  Index find_body(const std::string& name) const;
};

}  // namespace contactlab
