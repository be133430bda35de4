// Edge/face/vertex adjacency of a triangle mesh and the dihedral classification of its edges and
// vertices (convex / concave / flat), used to pick contact features (docs/design.md "mesh").
//
// Input: a TriMesh (triangles counter-clockwise seen from outside, tri_mesh.h) and TopologyOptions.
// Output: MeshTopology with
//   - the unique edges, each (smaller vertex, larger vertex), sorted lexicographically;
//   - edge → adjacent triangles (ascending), triangle → its 3 edges, vertex → incident triangles;
//   - boundary edges (one triangle), non-manifold edges (three or more), inconsistently oriented
//     edges (two triangles that traverse the edge in the same direction);
//   - a kind for every edge and every vertex, and the count of each kind.
//
// Edge classification (an edge with exactly two consistently oriented triangles f0, f1):
//   - Degenerate: f0 or f1 has zero area (its corners are exactly collinear, tested with exact
//     orient2d on the three coordinate projections, or its floating-point normal vanishes), or the
//     two triangles lie exactly in one plane folded onto each other (a zero-angle knife edge).
//   - Flat: the angle between the two triangles' normals is at most
//     TopologyOptions::flat_angle_tolerance (radians) — an internal edge of a planar region.
//   - Convex / Concave: the far corner of f1 lies strictly below / above the plane of f0 (below =
//     against f0's outward normal), decided by the exact predicate signed_volume_sign. The sign is
//     the same whichever face is taken as f0.
// Edges with one, three or more, or inconsistently oriented triangles get Boundary, NonManifold or
// Inconsistent and are also listed in boundary_edges / non_manifold_edges / inconsistent_edges.
//
// Vertex classification (over the edges incident to the vertex):
//   - Isolated: no incident triangle;
//   - Irregular: some incident edge is Boundary, NonManifold, Inconsistent or Degenerate;
//   - Flat: all incident edges flat; Convex: all convex or flat, at least one convex;
//     Concave: all concave or flat, at least one concave; Mixed: both convex and concave.
//
// Errors: GeometryError (source "build_topology") for a triangle with a vertex index out of range
// or a repeated vertex index; InputError for a negative or non-finite flat_angle_tolerance.
#pragma once

#include "contactlab/core/types.h"
#include "contactlab/mesh/tri_mesh.h"

#include <array>
#include <cstdint>
#include <vector>

namespace contactlab {

enum class EdgeKind : std::uint8_t { Flat, Convex, Concave, Boundary, NonManifold, Inconsistent, Degenerate };
inline constexpr int kEdgeKindCount = 7;

enum class VertexKind : std::uint8_t { Flat, Convex, Concave, Mixed, Irregular, Isolated };
inline constexpr int kVertexKindCount = 6;

/// Default angular tolerance (radians) below which two adjacent triangles count as coplanar.
inline constexpr double kDefaultFlatAngleTolerance = 1e-6;

struct TopologyOptions {
  /// Two triangles sharing an edge are coplanar (the edge is Flat) when the angle between their
  /// normals is at most this many radians. Must be finite and ≥ 0.
  double flat_angle_tolerance = kDefaultFlatAngleTolerance;
};

struct MeshTopology {
  /// Unique edges (smaller vertex first), sorted lexicographically.
  std::vector<Edge> edges;
  /// edge_triangles[e]: triangles containing edge e, ascending.
  std::vector<std::vector<Index>> edge_triangles;
  /// triangle_edges[t][i]: the edge from corner i to corner (i + 1) % 3 of triangle t.
  std::vector<std::array<Index, 3>> triangle_edges;
  /// vertex_triangles[v]: triangles incident to vertex v, ascending (one entry per triangle).
  std::vector<std::vector<Index>> vertex_triangles;

  /// Edges with exactly one triangle (open boundary), ascending.
  std::vector<Index> boundary_edges;
  /// Edges with three or more triangles, ascending.
  std::vector<Index> non_manifold_edges;
  /// Edges whose two triangles traverse them in the same direction, ascending.
  std::vector<Index> inconsistent_edges;

  std::vector<EdgeKind> edge_kinds;                          ///< per edge
  std::vector<VertexKind> vertex_kinds;                      ///< per vertex of the input mesh
  std::array<Index, kEdgeKindCount> edge_kind_counts{};      ///< indexed by EdgeKind
  std::array<Index, kVertexKindCount> vertex_kind_counts{};  ///< indexed by VertexKind

  Index edge_count() const { return static_cast<Index>(edges.size()); }
  Index count(EdgeKind kind) const { return edge_kind_counts[static_cast<int>(kind)]; }
  Index count(VertexKind kind) const { return vertex_kind_counts[static_cast<int>(kind)]; }
  /// True when every edge has exactly two consistently oriented triangles.
  bool closed_manifold() const {
    return boundary_edges.empty() && non_manifold_edges.empty() && inconsistent_edges.empty();
  }
  /// edges_from[v] .. edges_from[v + 1]: the edges whose smaller vertex is v (a run of `edges`,
  /// which is sorted), for find_edge; one entry per vertex of the input mesh, plus one.
  std::vector<Index> edges_from;
  /// Index of edge {a, b} (either order), or kInvalidIndex: a scan of the few edges from the smaller
  /// vertex (edges_from; a binary search over all edges when that is not set). The kernels label
  /// contacts with it, and the binary search was a twelfth of the intersection method's time.
  Index find_edge(Index a, Index b) const;
};

/// Builds adjacency and classification (see the file comment). O(n log n) in the triangle count.
MeshTopology build_topology(const TriMesh& mesh, const TopologyOptions& options = {});

/// Classifies one edge shared by triangles (a, b, c0) and (b, a, c1) — consistently oriented, both
/// counter-clockwise seen from outside — with the rules of build_topology. Returns Flat, Convex,
/// Concave or Degenerate.
EdgeKind classify_edge(const Vec3& a, const Vec3& b, const Vec3& c0, const Vec3& c1,
                       double flat_angle_tolerance = kDefaultFlatAngleTolerance);

}  // namespace contactlab
