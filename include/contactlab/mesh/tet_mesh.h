// Tetrahedral volume mesh. Every tet (a, b, c, d) is positively oriented:
// (b−a)·((c−a)×(d−a)) > 0. Local face i of a tet is the face opposite its vertex i, with vertices
// ordered so that its normal (by the right-hand rule) points out of the tet: see kTetFaces (contactlab/geometry/tetrahedron_tables.h).
#pragma once

#include "contactlab/core/aabb.h"
#include "contactlab/core/types.h"
#include "contactlab/geometry/tetrahedron_tables.h"

#include <vector>

namespace contactlab {

struct TetMesh {
  std::vector<Vec3> vertices;
  std::vector<Tet> tets;

  Index vertex_count() const { return static_cast<Index>(vertices.size()); }
  Index tet_count() const { return static_cast<Index>(tets.size()); }

  /// Corner `corner` (0..3) of tet `t`.
  const Vec3& corner(Index t, int corner) const { return vertices[tets[t][corner]]; }
  /// Signed volume (b−a)·((c−a)×(d−a))/6; positive for a valid tet.
  double signed_volume(Index t) const {
    const Vec3 a = corner(t, 0);
    return (corner(t, 1) - a).dot((corner(t, 2) - a).cross(corner(t, 3) - a)) / 6.0;
  }
  /// Global vertex indices of local face `face` of tet `t`, outward orientation.
  Triangle face(Index t, int face) const {
    const auto& f = kTetFaces[face];
    return {tets[t][f[0]], tets[t][f[1]], tets[t][f[2]]};
  }
  Aabb tet_bounds(Index t) const {
    Aabb box;
    for (int i = 0; i < 4; ++i) box.extend(corner(t, i));
    return box;
  }
  Aabb bounds() const {
    Aabb box;
    for (const Vec3& v : vertices) box.extend(v);
    return box;
  }
};

}  // namespace contactlab
