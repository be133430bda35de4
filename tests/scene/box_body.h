// A box body for tests that build their own scenes (suite, dynamics): the shape generator's box,
// tetrahedralized with the default switches.
#pragma once

#include "contactlab/mesh/shape_generators.h"
#include "contactlab/mesh/tetrahedralize.h"
#include "contactlab/scene/body.h"

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

}  // namespace contactlab::test
