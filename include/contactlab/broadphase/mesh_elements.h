// The elements of one body as the broad phase sees them: body-frame vertices plus, per element,
// its 4 (tetrahedron) or 3 (triangle) vertex indices. A non-owning view: the mesh it was made from
// must outlive it.
//
// The candidate box of element e under pose T with margin m is the axis-aligned box of the
// world-space corners T.apply(v) (computed exactly as written here, in double), grown by m/2 on
// every side. Every broad-phase query and its brute-force reference use this one definition
// (element_world_box), so their results can be compared bit for bit.
#pragma once

#include <span>

#include "contactlab/core/aabb.h"
#include "contactlab/core/transform.h"
#include "contactlab/core/types.h"
#include "contactlab/mesh/tet_mesh.h"
#include "contactlab/mesh/tri_mesh.h"

namespace contactlab {

enum class ElementKind { kTetrahedron, kTriangle };

struct MeshElements {
  ElementKind kind = ElementKind::kTetrahedron;
  std::span<const Vec3> vertices;       ///< body frame, length units of the scene
  std::span<const Tet> tets;            ///< used when kind == kTetrahedron
  std::span<const Triangle> triangles;  ///< used when kind == kTriangle

  Index element_count() const {
    return static_cast<Index>(kind == ElementKind::kTetrahedron ? tets.size() : triangles.size());
  }
  /// Number of corners of every element: 4 or 3.
  int corner_count() const { return kind == ElementKind::kTetrahedron ? 4 : 3; }
  /// Vertex index of corner `corner` of element `element` (no bounds check).
  Index corner_index(Index element, int corner) const {
    return kind == ElementKind::kTetrahedron ? tets[element][corner] : triangles[element][corner];
  }
};

/// View of the tetrahedra of `mesh`.
MeshElements mesh_elements(const TetMesh& mesh);
/// View of the triangles of `mesh`.
MeshElements mesh_elements(const TriMesh& mesh);

/// Body-frame box of element `element` (no margin).
Aabb element_body_box(const MeshElements& elements, Index element);

/// World-space candidate box of element `element` under `pose` (body → world), grown by
/// margin/2 on every side (see the file comment). Inline so every caller rounds identically.
inline Aabb element_world_box(const MeshElements& elements, Index element, const Transform& pose, double margin) {
  Aabb box;
  const int corners = elements.corner_count();
  for (int c = 0; c < corners; ++c) {
    box.extend(pose.apply(elements.vertices[elements.corner_index(element, c)]));
  }
  return box.inflated(0.5 * margin);
}

/// Throws GeometryError naming the first element with a vertex index outside the vertex array or
/// a non-finite vertex coordinate. `source` names the caller in the message.
void validate_mesh_elements(const MeshElements& elements, const char* source);

}  // namespace contactlab
