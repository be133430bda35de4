#include "contactlab/broadphase/mesh_elements.h"

#include <string>

#include "check_inputs.h"

namespace contactlab {

MeshElements mesh_elements(const TetMesh& mesh) { return {ElementKind::kTetrahedron, mesh.vertices, mesh.tets, {}}; }

MeshElements mesh_elements(const TriMesh& mesh) { return {ElementKind::kTriangle, mesh.vertices, {}, mesh.triangles}; }

Aabb element_body_box(const MeshElements& elements, Index element) {
  Aabb box;
  const int corners = elements.corner_count();
  for (int c = 0; c < corners; ++c) box.extend(elements.vertices[elements.corner_index(element, c)]);
  return box;
}

void validate_mesh_elements(const MeshElements& elements, const char* source) {
  const Index n = elements.element_count();
  const auto vertex_count = static_cast<Index>(elements.vertices.size());
  const int corners = elements.corner_count();
  const char* name = elements.kind == ElementKind::kTetrahedron ? "tet " : "triangle ";
  for (Index e = 0; e < n; ++e) {
    for (int c = 0; c < corners; ++c) {
      const Index v = elements.corner_index(e, c);
      if (v < 0 || v >= vertex_count) {
        broadphase_detail::throw_geometry_error(source, name + std::to_string(e) + " has vertex index " +
                                                            std::to_string(v) + ", expected 0.." +
                                                            std::to_string(vertex_count - 1));
      }
      if (!elements.vertices[v].allFinite()) {
        broadphase_detail::throw_geometry_error(
            source, name + std::to_string(e) + " uses vertex " + std::to_string(v) + " with a non-finite coordinate");
      }
    }
  }
}

}  // namespace contactlab
