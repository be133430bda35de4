// Local numbering of a tetrahedron's faces and edges, shared by the geometry queries and TetMesh.
// For a positively oriented tet (a, b, c, d) — (b−a)·((c−a)×(d−a)) > 0 — face i is opposite
// vertex i and its corners are listed counter-clockwise seen from outside.
#pragma once

#include <array>

namespace contactlab {

/// Local vertex indices of face i (opposite vertex i), outward orientation.
inline constexpr std::array<std::array<int, 3>, 4> kTetFaces{{{1, 2, 3}, {0, 3, 2}, {0, 1, 3}, {0, 2, 1}}};

/// Local vertex indices of the 6 edges.
inline constexpr std::array<std::array<int, 2>, 6> kTetEdges{{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}};

/// Index in kTetEdges of the edge joining local vertices u ≠ v (either order).
constexpr int tet_edge_index(int u, int v) {
  if (u > v) {
    const int w = u;
    u = v;
    v = w;
  }
  return u == 0 ? v - 1 : u + v;  // (0,1) 0, (0,2) 1, (0,3) 2, (1,2) 3, (1,3) 4, (2,3) 5
}
static_assert(tet_edge_index(0, 1) == 0 && tet_edge_index(3, 0) == 2 && tet_edge_index(1, 2) == 3 &&
              tet_edge_index(3, 1) == 4 && tet_edge_index(2, 3) == 5);

}  // namespace contactlab
