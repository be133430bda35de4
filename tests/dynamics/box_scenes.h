// Small scenes for the dynamics tests: boxes from the shape generator, resting on a fixed slab.
#pragma once

#include "contactlab/mesh/shape_generators.h"
#include "contactlab/mesh/tetrahedralize.h"
#include "contactlab/scene/scene.h"

#include <string>
#include <utility>

namespace contactlab::test {

/// A box body of full extents `size`, centred at `position` (its tet mesh is centred at the origin).
inline Body box_body(const std::string& name, const Vec3& size, const Vec3& position, bool fixed,
                     const Quat& orientation = Quat::Identity()) {
  Body body;
  body.name = name;
  ShapeSource source{ShapeSource::Kind::kGenerator, "box", {{"size", {size.x(), size.y(), size.z()}}}, {}};
  body.shape = make_shape(std::move(source), box_surface(size), kTetGenDefaultSwitches, name);
  body.position = position;
  body.orientation = orientation;
  body.fixed = fixed;
  return body;
}

/// A fixed slab x, z ∈ [−2, 2], y ∈ [−0.5, 0] and a box of `size` resting on it (its bottom at y = 0).
inline Scene box_on_slab(const Vec3& size = Vec3(0.5, 0.3, 0.4)) {
  Scene scene;
  scene.name = "box-on-slab";
  scene.bodies.push_back(box_body("slab", Vec3(4, 0.5, 4), Vec3(0, -0.25, 0), true));
  scene.bodies.push_back(box_body("box", size, Vec3(0, 0.5 * size.y(), 0), false));
  return scene;
}

}  // namespace contactlab::test
