// Triangle surface mesh: shared vertices and index triangles. Triangles of a closed surface are
// ordered counter-clockwise seen from outside, so (b−a)×(c−a) is the outward normal.
#pragma once

#include "contactlab/core/aabb.h"
#include "contactlab/core/types.h"

#include <vector>

namespace contactlab {

struct TriMesh {
  std::vector<Vec3> vertices;
  std::vector<Triangle> triangles;

  Index vertex_count() const { return static_cast<Index>(vertices.size()); }
  Index triangle_count() const { return static_cast<Index>(triangles.size()); }

  /// Corner `corner` (0..2) of triangle `t`.
  const Vec3& corner(Index t, int corner) const { return vertices[triangles[t][corner]]; }
  /// Unnormalised normal (b−a)×(c−a): length is twice the area.
  Vec3 area_normal(Index t) const { return (corner(t, 1) - corner(t, 0)).cross(corner(t, 2) - corner(t, 0)); }
  Aabb triangle_bounds(Index t) const {
    Aabb box;
    for (int i = 0; i < 3; ++i) box.extend(corner(t, i));
    return box;
  }
  Aabb bounds() const {
    Aabb box;
    for (const Vec3& v : vertices) box.extend(v);
    return box;
  }
};

}  // namespace contactlab
