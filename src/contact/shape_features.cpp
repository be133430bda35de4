#include "contactlab/contact/method.h"
#include "contactlab/geometry/tetrahedron_tables.h"

#include "contactlab/mesh/mass_properties.h"

#include <tbb/parallel_invoke.h>

#include <algorithm>
#include <cmath>

namespace contactlab {
namespace {

/// Tet-mesh vertex adjacency along tet edges, each list ascending.
std::vector<std::vector<Index>> vertex_neighbours(const TetMesh& mesh) {
  // Vertex → tets incidence (counting sort), then per vertex the other corners of its tets, each
  // taken once (a marker per vertex), sorted: O(tets) plus a sort of each short final list, instead
  // of sorting every vertex's list with all its repeats (about 5 times longer).
  const std::size_t vertex_count = mesh.vertices.size();
  std::vector<Index> first(vertex_count + 1, 0);
  for (const Tet& t : mesh.tets) {
    for (Index v : t) ++first[static_cast<std::size_t>(v) + 1];
  }
  for (std::size_t v = 0; v < vertex_count; ++v) first[v + 1] += first[v];
  std::vector<Index> incident(first.back());
  std::vector<Index> next(first.begin(), first.end() - 1);
  for (Index t = 0; t < mesh.tet_count(); ++t) {
    for (Index v : mesh.tets[t]) incident[next[v]++] = t;
  }
  std::vector<std::vector<Index>> neighbours(vertex_count);
  std::vector<Index> marker(vertex_count, kInvalidIndex);
  for (std::size_t v = 0; v < vertex_count; ++v) {
    std::vector<Index>& list = neighbours[v];
    for (Index i = first[v]; i < first[v + 1]; ++i) {
      for (Index w : mesh.tets[incident[i]]) {
        if (w == static_cast<Index>(v) || marker[w] == static_cast<Index>(v)) continue;
        marker[w] = static_cast<Index>(v);
        list.push_back(w);
      }
    }
    std::sort(list.begin(), list.end());
  }
  return neighbours;
}

/// Twice the largest distance of a vertex from the vertices' mean (a rotation-invariant diameter
/// estimate, within a factor 2 of the true diameter). Non-finite sums (never for validated meshes)
/// give 0, which pair_length_scale treats as a point.
double shape_length(const std::vector<Vec3>& vertices) {
  if (vertices.empty()) return 0.0;
  Vec3 mean = Vec3::Zero();
  for (const Vec3& v : vertices) mean += v;
  mean /= static_cast<double>(vertices.size());
  double radius = 0.0;
  for (const Vec3& v : vertices) radius = std::max(radius, (v - mean).norm());
  return std::isfinite(radius) ? 2.0 * radius : 0.0;
}

}  // namespace

Vec3 volume_centroid(const TetMesh& mesh) {
  if (mesh.vertices.empty()) return Vec3::Zero();
  const MassProperties props = mass_properties(mesh);
  if (props.mass > 0.0 && props.centroid.allFinite()) return props.centroid;
  Vec3 mean = Vec3::Zero();
  for (const Vec3& v : mesh.vertices) mean += v;
  return mean / static_cast<double>(mesh.vertices.size());
}

namespace {

/// ShapeFeatures::surface_triangle_ownership: of the surface triangles sharing an edge (around a
/// vertex), the one of lowest index owns it (edge_triangles and vertex_triangles list them
/// ascending); one the topology does not know is owned.
std::vector<std::uint8_t> surface_triangle_ownership(const Shape& shape, const MeshTopology& topology) {
  const auto& triangles = shape.surface_map.surface.triangles;
  std::vector<std::uint8_t> out(triangles.size(), 0);
  for (std::size_t t = 0; t < triangles.size(); ++t) {
    const auto triangle = static_cast<Index>(t);
    std::uint8_t bits = 0;
    for (std::size_t i = 0; i < 3; ++i) {
      const Index edge = topology.triangle_edges[t][i];
      const bool owns_edge = edge == kInvalidIndex || topology.edge_triangles[static_cast<std::size_t>(edge)].empty() ||
                             topology.edge_triangles[static_cast<std::size_t>(edge)].front() == triangle;
      const auto& around = topology.vertex_triangles[static_cast<std::size_t>(triangles[t][i])];
      const bool owns_vertex = around.empty() || around.front() == triangle;
      bits = static_cast<std::uint8_t>(bits | (owns_edge ? 1u << i : 0u) | (owns_vertex ? 1u << (3 + i) : 0u));
    }
    out[t] = bits;
  }
  return out;
}

/// ShapeFeatures::surface_face_ownership: the triangle's bits, moved to the tet face's corner order
/// (the face lists the triangle's corners, perhaps from another one).
std::vector<std::array<std::uint8_t, 4>> surface_face_ownership(const Shape& shape,
                                                                const std::vector<std::uint8_t>& by_triangle) {
  const TetMesh& mesh = shape.tets;
  const auto& triangles = shape.surface_map.surface.triangles;
  std::vector<std::array<std::uint8_t, 4>> out(mesh.tets.size(), {0, 0, 0, 0});
  for (std::size_t t = 0; t < mesh.tets.size(); ++t) {
    for (std::size_t f = 0; f < 4; ++f) {
      const Index triangle = shape.surface_map.tet_face_to_triangle[t][f];
      if (triangle == kInvalidIndex) continue;
      const Triangle& corners = triangles[static_cast<std::size_t>(triangle)];
      const std::uint8_t own = by_triangle[static_cast<std::size_t>(triangle)];
      std::uint8_t bits = 0;
      for (std::size_t i = 0; i < 3; ++i) {
        const Index u = mesh.tets[t][static_cast<std::size_t>(kTetFaces[f][i])];
        const Index w = mesh.tets[t][static_cast<std::size_t>(kTetFaces[f][(i + 1) % 3])];
        for (std::size_t k = 0; k < 3; ++k) {
          const Index x = corners[k], y = corners[(k + 1) % 3];
          if (x == u) bits = static_cast<std::uint8_t>(bits | (own >> (3 + k) & 1u) << (3 + i));
          if ((x == u && y == w) || (x == w && y == u)) bits = static_cast<std::uint8_t>(bits | (own >> k & 1u) << i);
        }
      }
      out[t][f] = bits;
    }
  }
  return out;
}

}  // namespace

ShapeFeatures build_shape_features(const Shape& shape) {
  ShapeFeatures f;
  f.shape = &shape;
  const TetMesh& mesh = shape.tets;
  // The two costly parts are independent: run them at once (in the caller's task arena).
  tbb::parallel_invoke([&] { f.surface_topology = build_topology(shape.surface_map.surface); },
                       [&] { f.vertex_neighbours = vertex_neighbours(mesh); });
  f.on_surface.assign(mesh.vertices.size(), false);
  for (const Triangle& t : shape.surface_map.surface.triangles) {
    for (Index v : t) f.on_surface[v] = true;
  }
  for (Index t = 0; t < mesh.tet_count(); ++t) {
    if (shape.surface_map.surface_face_count[t] > 0) f.surface_tets.push_back(t);
  }
  f.surface_triangle_ownership = surface_triangle_ownership(shape, f.surface_topology);
  f.surface_face_ownership = surface_face_ownership(shape, f.surface_triangle_ownership);
  f.tet_surface_vertices.assign(mesh.tet_count(), {kInvalidIndex, kInvalidIndex, kInvalidIndex, kInvalidIndex});
  for (Index t = 0; t < mesh.tet_count(); ++t) {
    std::array<Index, 4> sorted = mesh.tets[t];
    std::sort(sorted.begin(), sorted.end());
    int count = 0;
    for (Index v : sorted) {
      if (f.on_surface[v]) f.tet_surface_vertices[t][count++] = v;
    }
  }
  f.tet_surface_edges.assign(
      mesh.tet_count(), {kInvalidIndex, kInvalidIndex, kInvalidIndex, kInvalidIndex, kInvalidIndex, kInvalidIndex});
  for (Index t = 0; t < mesh.tet_count(); ++t) {
    const Tet& k = mesh.tets[t];
    for (std::size_t e = 0; e < 6; ++e) {
      const Index v0 = k[kTetEdges[e][0]], v1 = k[kTetEdges[e][1]];
      if (f.on_surface[v0] && f.on_surface[v1]) f.tet_surface_edges[t][e] = f.surface_topology.find_edge(v0, v1);
    }
  }
  f.canonical_surface_tet.assign(mesh.vertices.size(), kInvalidIndex);
  for (const Index t : f.surface_tets) {  // ascending: the first one met is the least
    for (const Index v : mesh.tets[t]) {
      if (f.on_surface[v] && f.canonical_surface_tet[v] == kInvalidIndex) f.canonical_surface_tet[v] = t;
    }
  }
  f.tet_canonical_vertices.assign(mesh.tet_count(), {kInvalidIndex, kInvalidIndex, kInvalidIndex, kInvalidIndex});
  for (Index t = 0; t < mesh.tet_count(); ++t) {
    int count = 0;
    for (const Index v : f.tet_surface_vertices[t]) {  // ascending
      if (v != kInvalidIndex && f.canonical_surface_tet[v] == t) f.tet_canonical_vertices[t][count++] = v;
    }
  }
  f.length_scale = shape_length(mesh.vertices);
  f.rest_centre_of_mass = volume_centroid(mesh);
  f.rest_vertex_normals.assign(mesh.vertices.size(), Vec3::Zero());
  for (Index v = 0; v < static_cast<Index>(mesh.vertices.size()); ++v) {
    if (f.on_surface[v]) f.rest_vertex_normals[v] = surface_pseudo_normal(f, mesh.vertices, v);
  }
  return f;
}

Vec3 surface_pseudo_normal(const ShapeFeatures& features, std::span<const Vec3> vertices, Index v) {
  const auto& fans = features.surface_topology.vertex_triangles;
  if (v >= static_cast<Index>(fans.size())) return Vec3::Zero();
  const auto& triangles = features.shape->surface_map.surface.triangles;
  Vec3 sum = Vec3::Zero();
  double longest = 0.0;
  for (Index t : fans[v]) {
    const Triangle& tri = triangles[t];
    const int corner = tri[0] == v ? 0 : (tri[1] == v ? 1 : 2);
    const Vec3& p = vertices[v];
    const Vec3 e1 = vertices[tri[(corner + 1) % 3]] - p;
    const Vec3 e2 = vertices[tri[(corner + 2) % 3]] - p;
    const Vec3 cross = e1.cross(e2);  // outward: triangles are listed counter-clockwise from outside
    const double cross_norm = cross.norm();
    const double l1 = e1.norm(), l2 = e2.norm();
    longest = std::max({longest, l1, l2});
    // A flat triangle has no direction and no angle: in exact arithmetic its normal is undefined,
    // and rounding (which a rotation changes) would give it any direction, with an angle up to π
    // where v lies between the others (docs/methods.md "Frame independence").
    const double edge = std::max({l1, l2, (e1 - e2).norm()});
    if (!(cross_norm > 1e-9 * edge * edge)) continue;
    const double angle = std::atan2(cross_norm, e1.dot(e2));
    sum += angle * (cross / cross_norm);
  }
  const double sum_norm = sum.norm();
  // A fan whose normals cancel (a needle or a fold) has no inward direction.
  if (!(sum_norm > 1e-9) || longest == 0.0) return Vec3::Zero();
  return sum / sum_norm;
}

double pair_length_scale(const ShapeFeatures& a, const ShapeFeatures& b) {
  const double smaller = std::min(a.length_scale, b.length_scale);
  return smaller > 0.0 ? smaller : std::max(a.length_scale, b.length_scale);
}

}  // namespace contactlab
