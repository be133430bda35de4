#include "contactlab/mesh/topology.h"

#include "contactlab/core/error.h"
#include "contactlab/geometry/predicates.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace contactlab {
namespace {

constexpr const char* kTopologySource = "build_topology";

/// One occurrence of an edge in a triangle, keyed by the sorted vertex pair.
struct EdgeRecord {
  Edge key;
  Index triangle;
  int corner;  // the edge runs from corner `corner` to corner (corner + 1) % 3

  friend bool operator<(const EdgeRecord& a, const EdgeRecord& b) {
    if (a.key != b.key) return a.key < b.key;
    if (a.triangle != b.triangle) return a.triangle < b.triangle;
    return a.corner < b.corner;
  }
};

void check_input(const TriMesh& mesh, const TopologyOptions& options) {
  if (!std::isfinite(options.flat_angle_tolerance) || options.flat_angle_tolerance < 0.0) {
    throw InputError(
        "TopologyOptions", 0,
        fmt::format("flat_angle_tolerance must be finite and >= 0 radians, got {}", options.flat_angle_tolerance));
  }
  const Index n = mesh.vertex_count();
  for (Index t = 0; t < mesh.triangle_count(); ++t) {
    const Triangle& tri = mesh.triangles[t];
    for (int i = 0; i < 3; ++i) {
      if (tri[i] < 0 || tri[i] >= n) {
        throw GeometryError(kTopologySource, 0,
                            fmt::format("triangle {} has vertex index {} out of range [0, {})", t, tri[i], n));
      }
    }
    if (tri[0] == tri[1] || tri[1] == tri[2] || tri[0] == tri[2]) {
      throw GeometryError(kTopologySource, 0,
                          fmt::format("triangle {} ({}, {}, {}) repeats a vertex index", t, tri[0], tri[1], tri[2]));
    }
  }
}

}  // namespace

EdgeKind classify_edge(const Vec3& a, const Vec3& b, const Vec3& c0, const Vec3& c1, double flat_angle_tolerance) {
  if (!(a.allFinite() && b.allFinite() && c0.allFinite() && c1.allFinite())) return EdgeKind::Degenerate;
  if (exactly_collinear(a, b, c0) || exactly_collinear(a, b, c1)) return EdgeKind::Degenerate;
  const Vec3 n0 = (b - a).cross(c0 - a);  // outward normal of (a, b, c0)
  const Vec3 n1 = (a - b).cross(c1 - b);  // outward normal of (b, a, c1)
  if (n0.squaredNorm() == 0.0 || n1.squaredNorm() == 0.0 || !n0.allFinite() || !n1.allFinite()) {
    return EdgeKind::Degenerate;  // not exactly collinear, but the normal under/overflowed
  }
  // atan2 of |sin|·|n0||n1| and cos·|n0||n1|: accurate for angles near 0 and near π alike.
  const double angle = std::atan2(n0.cross(n1).norm(), n0.dot(n1));
  if (angle <= flat_angle_tolerance) return EdgeKind::Flat;
  // Side of c1 w.r.t. the plane of (a, b, c0): below the outward normal = the solid wedge is less
  // than a half-space = convex. (b−a)·((c0−a)×(c1−a)) is also, up to two transpositions, the volume
  // of (b, a, c1, c0), so the decision does not depend on which face is f0.
  const int side = signed_volume_sign(a, b, c0, c1);
  if (side < 0) return EdgeKind::Convex;
  if (side > 0) return EdgeKind::Concave;
  // Exactly coplanar but the normals differ by more than the tolerance: either the same plane seen
  // from the same side (only with a zero tolerance and round-off in `angle`) or folded back.
  return n0.dot(n1) > 0.0 ? EdgeKind::Flat : EdgeKind::Degenerate;
}

Index MeshTopology::find_edge(Index a, Index b) const {
  const Edge key{std::min(a, b), std::max(a, b)};
  if (key[0] >= 0 && static_cast<std::size_t>(key[0]) + 1 < edges_from.size()) {
    for (Index e = edges_from[key[0]]; e < edges_from[key[0] + 1]; ++e) {
      if (edges[e][1] == key[1]) return e;
    }
    return kInvalidIndex;
  }
  auto it = std::lower_bound(edges.begin(), edges.end(), key);
  if (it == edges.end() || *it != key) return kInvalidIndex;
  return static_cast<Index>(it - edges.begin());
}

MeshTopology build_topology(const TriMesh& mesh, const TopologyOptions& options) {
  check_input(mesh, options);
  const Index triangle_count = mesh.triangle_count();
  const Index vertex_count = mesh.vertex_count();

  std::vector<EdgeRecord> records;
  records.reserve(mesh.triangles.size() * 3);
  for (Index t = 0; t < triangle_count; ++t) {
    const Triangle& tri = mesh.triangles[t];
    for (int i = 0; i < 3; ++i) {
      const Index u = tri[i], v = tri[(i + 1) % 3];
      records.push_back({Edge{std::min(u, v), std::max(u, v)}, t, i});
    }
  }
  std::sort(records.begin(), records.end());

  MeshTopology topo;
  topo.triangle_edges.assign(triangle_count, {kInvalidIndex, kInvalidIndex, kInvalidIndex});
  for (std::size_t begin = 0; begin < records.size();) {
    std::size_t end = begin + 1;
    while (end < records.size() && records[end].key == records[begin].key) ++end;
    const Index e = topo.edge_count();
    topo.edges.push_back(records[begin].key);
    std::vector<Index>& triangles = topo.edge_triangles.emplace_back();
    for (std::size_t i = begin; i < end; ++i) {
      topo.triangle_edges[records[i].triangle][records[i].corner] = e;
      // A triangle with distinct corners holds an edge once, so this list has no duplicates.
      triangles.push_back(records[i].triangle);
    }
    begin = end;
  }

  topo.vertex_triangles.assign(vertex_count, {});
  for (Index t = 0; t < triangle_count; ++t) {
    for (Index v : mesh.triangles[t]) topo.vertex_triangles[v].push_back(t);
  }

  // Edge kinds.
  topo.edge_kinds.assign(topo.edges.size(), EdgeKind::Degenerate);
  for (Index e = 0; e < topo.edge_count(); ++e) {
    const std::vector<Index>& tris = topo.edge_triangles[e];
    EdgeKind kind;
    if (tris.size() == 1) {
      kind = EdgeKind::Boundary;
      topo.boundary_edges.push_back(e);
    } else if (tris.size() > 2) {
      kind = EdgeKind::NonManifold;
      topo.non_manifold_edges.push_back(e);
    } else {
      // Orient the edge as triangle tris[0] traverses it: (a, b, c0); the other must run (b, a).
      const Triangle& t0 = mesh.triangles[tris[0]];
      const Triangle& t1 = mesh.triangles[tris[1]];
      int i0 = 0;
      while (topo.triangle_edges[tris[0]][i0] != e) ++i0;
      int i1 = 0;
      while (topo.triangle_edges[tris[1]][i1] != e) ++i1;
      const Index a = t0[i0], b = t0[(i0 + 1) % 3], c0 = t0[(i0 + 2) % 3];
      const Index c1 = t1[(i1 + 2) % 3];
      if (t1[i1] == a) {  // same direction as in t0
        kind = EdgeKind::Inconsistent;
        topo.inconsistent_edges.push_back(e);
      } else {
        kind = classify_edge(mesh.vertices[a], mesh.vertices[b], mesh.vertices[c0], mesh.vertices[c1],
                             options.flat_angle_tolerance);
      }
    }
    topo.edge_kinds[e] = kind;
    ++topo.edge_kind_counts[static_cast<int>(kind)];
  }

  // Vertex kinds from the kinds of the incident edges.
  std::vector<std::uint8_t> has_convex(vertex_count, 0), has_concave(vertex_count, 0), has_irregular(vertex_count, 0),
      has_edge(vertex_count, 0);
  for (Index e = 0; e < topo.edge_count(); ++e) {
    const EdgeKind kind = topo.edge_kinds[e];
    for (Index v : topo.edges[e]) {
      has_edge[v] = 1;
      if (kind == EdgeKind::Convex)
        has_convex[v] = 1;
      else if (kind == EdgeKind::Concave)
        has_concave[v] = 1;
      else if (kind != EdgeKind::Flat)
        has_irregular[v] = 1;
    }
  }
  topo.vertex_kinds.assign(vertex_count, VertexKind::Isolated);
  for (Index v = 0; v < vertex_count; ++v) {
    VertexKind kind = VertexKind::Isolated;
    if (!has_edge[v])
      kind = VertexKind::Isolated;
    else if (has_irregular[v])
      kind = VertexKind::Irregular;
    else if (has_convex[v] && has_concave[v])
      kind = VertexKind::Mixed;
    else if (has_convex[v])
      kind = VertexKind::Convex;
    else if (has_concave[v])
      kind = VertexKind::Concave;
    else
      kind = VertexKind::Flat;
    topo.vertex_kinds[v] = kind;
    ++topo.vertex_kind_counts[static_cast<int>(kind)];
  }
  topo.edges_from.assign(static_cast<std::size_t>(vertex_count) + 1, 0);
  for (const Edge& e : topo.edges) ++topo.edges_from[static_cast<std::size_t>(e[0]) + 1];
  for (std::size_t v = 1; v < topo.edges_from.size(); ++v) topo.edges_from[v] += topo.edges_from[v - 1];
  return topo;
}

}  // namespace contactlab
