#include "contactlab/scene/scene_transforms.h"

#include "contactlab/core/error.h"

#include <cmath>
#include <map>

namespace contactlab {
namespace {

std::shared_ptr<const Shape> scaled_shape(const Shape& shape, double scale) {
  auto out = std::make_shared<Shape>(shape);
  out->source = ShapeSource{};  // kInline: the scaled vertices are the shape
  for (Vec3& v : out->surface.vertices) v *= scale;
  for (Vec3& v : out->tets.vertices) v *= scale;  // a uniform scale keeps every tet positive
  for (Vec3& v : out->surface_map.surface.vertices) v *= scale;
  return out;
}

}  // namespace

Scene transformed(const Scene& scene, const Transform& motion, double scale) {
  if (!std::isfinite(scale) || scale <= 0.0) {
    throw InputError("", 0, "scale must be finite and > 0, got " + std::to_string(scale));
  }
  const Quat rotation(motion.rotation);
  Scene out = scene;
  // Scale each distinct shape once, so bodies that shared a shape still share it.
  std::map<const Shape*, std::shared_ptr<const Shape>> scaled;
  for (Body& body : out.bodies) {
    if (scale != 1.0 && body.shape) {
      auto [it, inserted] = scaled.try_emplace(body.shape.get());
      if (inserted) it->second = scaled_shape(*body.shape, scale);
      body.shape = it->second;
    }
    // x_world' = s R (R_b x_body + p) + t = R R_b (s x_body) + (s R p + t)
    body.position = scale * (motion.rotation * body.position) + motion.translation;
    body.orientation = (rotation * body.orientation).normalized();
    body.linear_velocity = scale * (motion.rotation * body.linear_velocity);
    body.angular_velocity = motion.rotation * body.angular_velocity;
  }
  out.gravity = motion.rotation * scene.gravity;
  if (out.ground_truth) {
    for (ContactInterface& i : out.ground_truth->interfaces) {
      for (Vec3& n : i.feasible_normals) n = motion.rotation * n;
      for (PolygonCorner& c : i.polygon) c.position = scale * (motion.rotation * c.position) + motion.translation;
      i.area *= scale * scale;
    }
  }
  return out;
}

}  // namespace contactlab
