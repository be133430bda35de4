#include "surface_features.h"

#include <algorithm>

namespace contactlab {

std::vector<std::array<Index, 2>> surface_edges(const TriMesh& surface) {
  std::vector<std::array<Index, 2>> edges;
  edges.reserve(3 * surface.triangles.size());
  for (const Triangle& t : surface.triangles) {
    for (int c = 0; c < 3; ++c) {
      const Index a = t[c], b = t[(c + 1) % 3];
      edges.push_back({std::min(a, b), std::max(a, b)});
    }
  }
  std::sort(edges.begin(), edges.end());
  edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
  return edges;
}

}  // namespace contactlab
