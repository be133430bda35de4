// Rigid transform x ↦ R x + t (rotation then translation), used for body poses.
#pragma once

#include "contactlab/core/types.h"

namespace contactlab {

struct Transform {
  Mat3 rotation = Mat3::Identity();
  Vec3 translation = Vec3::Zero();

  static Transform identity() { return {}; }
  static Transform from_translation(const Vec3& t) { return {Mat3::Identity(), t}; }
  /// Rotation from a unit quaternion (normalised here) and a translation.
  static Transform from_quaternion(const Quat& q, const Vec3& t) { return {q.normalized().toRotationMatrix(), t}; }
  /// Rotation by `angle` radians about `axis` (normalised here), then translation.
  static Transform from_axis_angle(const Vec3& axis, double angle, const Vec3& t = Vec3::Zero()) {
    return {Eigen::AngleAxisd(angle, axis.normalized()).toRotationMatrix(), t};
  }

  /// Maps a point.
  Vec3 apply(const Vec3& p) const { return rotation * p + translation; }
  /// Maps a direction (no translation).
  Vec3 apply_vector(const Vec3& v) const { return rotation * v; }
  Transform inverse() const {
    Mat3 rt = rotation.transpose();
    return {rt, -(rt * translation)};
  }
  /// Composition: (a * b).apply(p) == a.apply(b.apply(p)).
  friend Transform operator*(const Transform& a, const Transform& b) {
    return {a.rotation * b.rotation, a.rotation * b.translation + a.translation};
  }
};

}  // namespace contactlab
