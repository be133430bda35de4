// Axis-aligned bounding box. An empty box has min = +inf, max = −inf so that extend() just works.
#pragma once

#include "contactlab/core/transform.h"
#include "contactlab/core/types.h"

#include <limits>

namespace contactlab {

struct Aabb {
  Vec3 min = Vec3::Constant(std::numeric_limits<double>::infinity());
  Vec3 max = Vec3::Constant(-std::numeric_limits<double>::infinity());

  static Aabb from_points(const Vec3& a, const Vec3& b) { return {a.cwiseMin(b), a.cwiseMax(b)}; }

  bool empty() const { return (min.array() > max.array()).any(); }
  void extend(const Vec3& p) {
    min = min.cwiseMin(p);
    max = max.cwiseMax(p);
  }
  void extend(const Aabb& b) {
    min = min.cwiseMin(b.min);
    max = max.cwiseMax(b.max);
  }
  /// Grows the box by `margin` on every side.
  Aabb inflated(double margin) const { return {(min.array() - margin).matrix(), (max.array() + margin).matrix()}; }

  Vec3 center() const { return 0.5 * (min + max); }
  Vec3 extents() const { return max - min; }
  double diagonal() const { return empty() ? 0.0 : extents().norm(); }
  int longest_axis() const {
    Vec3 e = extents();
    int axis = 0;
    if (e[1] > e[axis]) axis = 1;
    if (e[2] > e[axis]) axis = 2;
    return axis;
  }

  /// Closed-interval overlap: boxes that share only a face, edge or corner do overlap.
  bool overlaps(const Aabb& b) const {
    return (min.array() <= b.max.array()).all() && (b.min.array() <= max.array()).all();
  }
  bool contains(const Vec3& p) const { return (min.array() <= p.array()).all() && (p.array() <= max.array()).all(); }

  /// Smallest box containing the image of this box under `t` (conservative for rotations).
  Aabb transformed(const Transform& t) const {
    if (empty()) return *this;
    Vec3 c = t.apply(center());
    Vec3 h = t.rotation.cwiseAbs() * (0.5 * extents());
    return {c - h, c + h};
  }
};

}  // namespace contactlab
