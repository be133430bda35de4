#include "contactlab/scene/scene.h"

namespace contactlab {

Aabb Scene::bounds() const {
  Aabb box;
  for (const Body& body : bodies) {
    if (!body.shape) continue;
    const Transform pose = body.pose();
    for (const Vec3& v : body.shape->surface.vertices) box.extend(pose.apply(v));
  }
  return box;
}

Index Scene::find_body(const std::string& name) const {
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    if (bodies[i].name == name) return static_cast<Index>(i);
  }
  return kInvalidIndex;
}

}  // namespace contactlab
