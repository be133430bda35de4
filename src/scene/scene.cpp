#include "contactlab/scene/scene.h"

#include <algorithm>

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

double Scene::length_scale() const {
  Vec3 sum = Vec3::Zero();
  std::size_t count = 0;
  for (const Body& body : bodies) {
    if (!body.shape) continue;
    const Transform pose = body.pose();
    for (const Vec3& v : body.shape->surface.vertices) sum += pose.apply(v);
    count += body.shape->surface.vertices.size();
  }
  if (count == 0) return 0.0;
  const Vec3 mean = sum / static_cast<double>(count);
  double radius = 0.0;
  for (const Body& body : bodies) {
    if (!body.shape) continue;
    const Transform pose = body.pose();
    for (const Vec3& v : body.shape->surface.vertices) radius = std::max(radius, (pose.apply(v) - mean).norm());
  }
  return 2.0 * radius;
}

Index Scene::find_body(const std::string& name) const {
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    if (bodies[i].name == name) return static_cast<Index>(i);
  }
  return kInvalidIndex;
}

}  // namespace contactlab
