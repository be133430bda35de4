#include "contactlab/contact/method.h"

#include <algorithm>

namespace contactlab {

ShapeFeatures build_shape_features(const Shape& shape) {
  ShapeFeatures f;
  f.shape = &shape;
  f.surface_topology = build_topology(shape.surface_map.surface);
  const TetMesh& mesh = shape.tets;
  f.vertex_neighbours.assign(mesh.vertices.size(), {});
  for (const Tet& t : mesh.tets) {
    for (const auto& e : kTetEdges) {
      f.vertex_neighbours[t[e[0]]].push_back(t[e[1]]);
      f.vertex_neighbours[t[e[1]]].push_back(t[e[0]]);
    }
  }
  for (auto& list : f.vertex_neighbours) {
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
  }
  f.on_surface.assign(mesh.vertices.size(), false);
  for (const Triangle& t : shape.surface_map.surface.triangles) {
    for (Index v : t) f.on_surface[v] = true;
  }
  for (Index t = 0; t < mesh.tet_count(); ++t) {
    if (shape.surface_map.surface_face_count[t] > 0) f.surface_tets.push_back(t);
  }
  return f;
}

}  // namespace contactlab
