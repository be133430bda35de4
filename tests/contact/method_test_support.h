// Test support for contact-method kernels: a hand-built tet mesh posed in the world, as the
// driver would hand it to a kernel.
#pragma once

#include "contactlab/contact/method.h"
#include "contactlab/core/transform.h"
#include "contactlab/scene/shape.h"

#include <memory>
#include <vector>

namespace contactlab::testing {

struct PosedTestBody {
  std::shared_ptr<const Shape> shape;
  std::unique_ptr<ShapeFeatures> features;
  std::vector<Vec3> world;
  Index index = 0;

  PosedTestBody(TetMesh tets, const Transform& pose, Index body_index)
      : shape(make_shape_from_tets(std::move(tets), "test body")),
        features(std::make_unique<ShapeFeatures>(build_shape_features(*shape))),
        index(body_index) {
    for (const Vec3& v : shape->tets.vertices) world.push_back(pose.apply(v));
  }
  MethodBody body() const { return MethodBody{index, shape.get(), features.get(), world}; }
};

/// The unit corner tet (0,0,0), (1,0,0), (0,1,0), (0,0,1), positively oriented.
inline TetMesh unit_tet() {
  TetMesh m;
  m.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  m.tets = {{0, 1, 2, 3}};
  return m;
}

}  // namespace contactlab::testing
