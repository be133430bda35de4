#include "contactlab/scene/scene_transforms.h"

#include "contactlab/core/error.h"
#include "contactlab/scene/planar_interfaces.h"

#include <cmath>
#include <map>
#include <random>

namespace contactlab {
namespace {

// Uniform in [−1, 1] from the top 53 bits of a 64-bit Mersenne Twister draw. std::mt19937_64's
// output sequence is fixed by the standard, unlike std::uniform_real_distribution's mapping.
double symmetric_unit(std::mt19937_64& rng) {
  const double u = static_cast<double>(rng() >> 11) * 0x1.0p-53;  // [0, 1)
  return 2.0 * u - 1.0;
}

std::shared_ptr<const Shape> scaled_shape(const Shape& shape, double scale) {
  auto out = std::make_shared<Shape>(shape);
  out->source = ShapeSource{};  // kInline: the scaled vertices are the shape
  for (Vec3& v : out->surface.vertices) v *= scale;
  for (Vec3& v : out->tets.vertices) v *= scale;  // a uniform scale keeps every tet positive
  for (Vec3& v : out->surface_map.surface.vertices) v *= scale;
  return out;
}

}  // namespace

Scene perturbed(const Scene& scene, double magnitude, std::uint64_t seed) {
  if (!std::isfinite(magnitude) || magnitude < 0.0) {
    throw InputError("", 0, "perturbation magnitude must be finite and >= 0, got " + std::to_string(magnitude));
  }
  Scene out = scene;
  std::mt19937_64 rng(seed);
  std::vector<Vec3> moved(out.bodies.size(), Vec3::Zero());
  for (std::size_t b = 0; b < out.bodies.size(); ++b) {
    Body& body = out.bodies[b];
    if (body.fixed) continue;
    const double dx = magnitude * symmetric_unit(rng);
    const double dz = magnitude * symmetric_unit(rng);
    moved[b] = Vec3(dx, 0.0, dz);
    body.position += moved[b];
  }
  if (out.ground_truth) {
    std::vector<ContactInterface> kept;
    for (ContactInterface i : out.ground_truth->interfaces) {
      if (i.planar) continue;
      // A point or segment region sits on the features of the body that moved: it goes along with
      // that body (with the mean displacement when both moved).
      const bool a_moved = !out.bodies[i.body_a].fixed, b_moved = !out.bodies[i.body_b].fixed;
      const Vec3 shift = a_moved && b_moved ? Vec3(0.5 * (moved[i.body_a] + moved[i.body_b]))
                                            : (a_moved ? moved[i.body_a] : moved[i.body_b]);
      for (PolygonCorner& corner : i.polygon) corner.position += shift;
      kept.push_back(std::move(i));
    }
    for (ContactInterface& i : find_planar_interfaces(out)) kept.push_back(std::move(i));
    std::stable_sort(kept.begin(), kept.end(), [](const ContactInterface& a, const ContactInterface& b) {
      return std::pair(a.body_a, a.body_b) < std::pair(b.body_a, b.body_b);
    });
    out.ground_truth->interfaces = std::move(kept);
  }
  return out;
}

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
