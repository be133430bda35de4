#include "contactlab/scene/scene_transforms.h"

#include "contactlab/core/error.h"

#include <cmath>
#include <limits>
#include <map>
#include <sstream>

namespace contactlab {
namespace {

std::shared_ptr<const Shape> scaled_shape(const Shape& shape, double scale) {
  auto out = std::make_shared<Shape>(shape);
  // kTets: the scaled tet mesh is the shape, so that writing and reading the scene back gives these
  // very tets (TetGen run again on the scaled surface may tetrahedralize it differently).
  out->source = ShapeSource{};
  out->source.kind = ShapeSource::Kind::kTets;
  for (Vec3& v : out->surface.vertices) v *= scale;
  for (Vec3& v : out->tets.vertices) v *= scale;  // a uniform scale keeps every tet positive
  for (Vec3& v : out->surface_map.surface.vertices) v *= scale;
  return out;
}

/// Orthonormal with determinant 1, within a tolerance far above rounding and far below any
/// scaling or shear: what transformed() relies on to keep distances and orientations.
bool is_rotation(const Mat3& r) {
  constexpr double kTolerance = 1e-9;
  return r.allFinite() && ((r.transpose() * r - Mat3::Identity()).cwiseAbs().maxCoeff() <= kTolerance) &&
         std::abs(r.determinant() - 1.0) <= kTolerance;
}

}  // namespace

Mat3 rotation_about(const Vec3& axis, double angle) {
  if (!axis.allFinite() || axis.isZero(0.0) || !std::isfinite(angle)) {
    std::ostringstream out;
    out << "expected a finite non-zero axis and a finite angle, got axis (" << axis.x() << ", " << axis.y() << ", "
        << axis.z() << "), angle " << angle;
    throw InputError("", 0, out.str());
  }
  // An axis whose squared length is a normal number is normalised as before (same bits, same
  // output); any other is first divided by its largest component, which is then 1.
  const double squared = axis.squaredNorm();
  const Vec3 unit = std::isfinite(squared) && squared >= std::numeric_limits<double>::min()
                        ? axis.normalized()
                        : Vec3(axis / axis.cwiseAbs().maxCoeff()).normalized();
  return Eigen::AngleAxisd(angle, unit).toRotationMatrix();
}

Scene pushed_along_gravity(const Scene& scene, double distance) {
  if (!(distance >= 0.0) || !std::isfinite(distance)) {
    std::ostringstream out;
    out << "push distance must be finite and at least 0 m, got " << distance;
    throw InputError("", 0, out.str());
  }
  // Gravity's direction when it has one (a rotated scene keeps its down); −y, the suite's down,
  // otherwise (none, or not finite). Its length may be anything finite and non-zero, even 1e-300:
  // normalised by its largest component first, so the unit vector neither overflows nor underflows.
  Vec3 down = -Vec3::UnitY();
  if (const double largest = scene.gravity.cwiseAbs().maxCoeff(); scene.gravity.allFinite() && largest > 0.0) {
    down = (scene.gravity / largest).normalized();
  }
  Scene out = scene;
  for (Body& body : out.bodies) {
    if (!body.fixed) body.position += distance * down;
  }
  return out;
}

Scene transformed(const Scene& scene, const Transform& motion, double scale) {
  if (!(scale >= kMinScale && scale <= kMaxScale)) {
    std::ostringstream out;
    out << "scale must be in [" << kMinScale << ", " << kMaxScale << "], got " << scale;
    throw InputError("", 0, out.str());
  }
  if (!is_rotation(motion.rotation)) throw InputError("", 0, "the motion's matrix is not a rotation");
  if (!motion.translation.allFinite()) throw InputError("", 0, "the motion's translation is not finite");
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
    body.orientation = normalized_orientation(rotation * body.orientation);
    body.linear_velocity = scale * (motion.rotation * body.linear_velocity);
    body.angular_velocity = motion.rotation * body.angular_velocity;
  }
  out.gravity = motion.rotation * scene.gravity;
  if (out.sparsify) {  // absolute lengths and areas scale with the scene
    out.sparsify->minarea *= scale * scale;
    if (out.sparsify->mindist) *out.sparsify->mindist *= scale;
  }
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
