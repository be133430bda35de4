// Boundary surface of a tetrahedral mesh and the maps between its triangles and the tets' faces.
//
// Input: a TetMesh whose tets are positively oriented (tet_mesh.h). A tet face is on the boundary
// when no other tet has a face with the same three vertices. Output: the boundary as a TriMesh that
// shares the tet mesh's vertex array (all vertices are copied, indices are unchanged; vertices used
// by no boundary triangle are listed in no triangle — `surface_vertices` lists the used ones), each
// triangle oriented counter-clockwise seen from outside the solid (taken from kTetFaces, which is
// outward for a positively oriented tet), plus the maps boundary triangle ↔ (tet, local face).
//
// Boundary triangles are numbered in increasing (tet, local face) order, so the output depends
// only on the input arrays (deterministic).
//
// Errors (GeometryError, source "build_surface_map"): a tet with a vertex index out of range or a
// repeated vertex index; a face shared by three or more tets (non-manifold volume mesh); a face
// shared by two tets that both see it with the same orientation (overlapping or inverted tets).
#pragma once

#include "contactlab/core/types.h"
#include "contactlab/mesh/tet_mesh.h"
#include "contactlab/mesh/tri_mesh.h"

#include <cstdint>
#include <vector>

namespace contactlab {

/// One face of one tet: tet index and local face 0..3 (the face opposite local vertex `face`).
struct TetFaceRef {
  Index tet = kInvalidIndex;
  int face = -1;

  friend bool operator==(const TetFaceRef&, const TetFaceRef&) = default;
};

struct SurfaceMap {
  /// Boundary triangles over the tet mesh's full vertex array (same indices), outward oriented.
  TriMesh surface;
  /// Sorted indices of the vertices used by at least one boundary triangle.
  std::vector<Index> surface_vertices;
  /// triangle_to_tet_face[i]: the tet face that boundary triangle i is.
  std::vector<TetFaceRef> triangle_to_tet_face;
  /// tet_face_to_triangle[t][f]: the boundary triangle of local face f of tet t, or kInvalidIndex
  /// when that face is shared with another tet (interior face).
  std::vector<std::array<Index, 4>> tet_face_to_triangle;
  /// surface_face_count[t]: how many of tet t's four faces are on the boundary (0..4).
  std::vector<std::uint8_t> surface_face_count;

  /// True when local face `face` of tet `tet` is a boundary face.
  bool is_boundary(Index tet, int face) const { return tet_face_to_triangle[tet][face] != kInvalidIndex; }
  Index triangle_count() const { return surface.triangle_count(); }
};

/// Builds the boundary surface and its maps (see the file comment). O(n log n) in the tet count.
SurfaceMap build_surface_map(const TetMesh& mesh);

}  // namespace contactlab
