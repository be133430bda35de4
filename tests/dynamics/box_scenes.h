// Small scenes for the dynamics tests: boxes from the shape generator, resting on a fixed slab.
#pragma once

#include "contactlab/scene/scene.h"
#include "scene/box_body.h"

namespace contactlab::test {

/// A fixed slab x, z ∈ [−2, 2], y ∈ [−0.5, 0] and a box of `size` resting on it (its bottom at y = 0).
inline Scene box_on_slab(const Vec3& size = Vec3(0.5, 0.3, 0.4)) {
  Scene scene;
  scene.name = "box-on-slab";
  scene.bodies.push_back(box_body("slab", Vec3(4, 0.5, 4), Vec3(0, -0.25, 0), true));
  scene.bodies.push_back(box_body("box", size, Vec3(0, 0.5 * size.y(), 0), false));
  return scene;
}

}  // namespace contactlab::test
