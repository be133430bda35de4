// build_shape_features against definitions evaluated directly on the meshes: vertex neighbours are
// the other corners of the tets around a vertex (sets of pairs built here), surface vertices and
// surface tets are those of the boundary triangles, and the owner of a surface edge or vertex is
// the lowest-index triangle holding it (found by scanning them all).
#include "contactlab/contact/method.h"
#include "contactlab/geometry/tetrahedron_tables.h"
#include "contactlab/mesh/shape_generators.h"
#include "contactlab/mesh/tetrahedralize.h"
#include "contactlab/scene/shape.h"
#include "contactlab/suite/builtin_scenes.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <set>
#include <string>
#include <utility>

namespace contactlab {
namespace {

void expect_features_match_definitions(const Shape& shape) {
  const ShapeFeatures f = build_shape_features(shape);
  const TetMesh& mesh = shape.tets;
  std::set<std::pair<Index, Index>> edges;  // both directions
  for (const Tet& t : mesh.tets) {
    for (Index u : t) {
      for (Index w : t) {
        if (u != w) edges.insert({u, w});
      }
    }
  }
  ASSERT_EQ(f.vertex_neighbours.size(), mesh.vertices.size());
  std::size_t listed = 0;
  for (std::size_t v = 0; v < mesh.vertices.size(); ++v) {
    const std::vector<Index>& list = f.vertex_neighbours[v];
    EXPECT_TRUE(std::is_sorted(list.begin(), list.end())) << v;
    EXPECT_EQ(std::set<Index>(list.begin(), list.end()).size(), list.size()) << v;  // no repeats
    for (Index w : list) EXPECT_TRUE(edges.contains({static_cast<Index>(v), w})) << v << " " << w;
    listed += list.size();
  }
  EXPECT_EQ(listed, edges.size());  // and none missing

  std::set<Index> surface_vertices;
  for (const Triangle& t : shape.surface_map.surface.triangles) surface_vertices.insert(t.begin(), t.end());
  for (std::size_t v = 0; v < mesh.vertices.size(); ++v) {
    EXPECT_EQ(f.on_surface[v], surface_vertices.contains(static_cast<Index>(v))) << v;
  }
  std::set<Index> surface_tets;
  for (const TetFaceRef& face : shape.surface_map.triangle_to_tet_face) surface_tets.insert(face.tet);
  EXPECT_EQ(f.surface_tets, std::vector<Index>(surface_tets.begin(), surface_tets.end()));

  // Ownership: a face owns an edge (a vertex) when no surface triangle of lower index has both
  // ends (has it) — found here by scanning every triangle. Each surface edge and vertex then has
  // exactly one owner among the (tet, face, corner) entries.
  const auto& triangles = shape.surface_map.surface.triangles;
  const auto lowest_with = [&](std::initializer_list<Index> vertices) {
    for (std::size_t t = 0; t < triangles.size(); ++t) {
      if (std::all_of(vertices.begin(), vertices.end(), [&](Index v) {
            return std::find(triangles[t].begin(), triangles[t].end(), v) != triangles[t].end();
          })) {
        return static_cast<Index>(t);
      }
    }
    return kInvalidIndex;
  };
  ASSERT_EQ(f.surface_face_ownership.size(), mesh.tets.size());
  std::map<std::pair<Index, Index>, int> edge_owners;
  std::map<Index, int> vertex_owners;
  for (std::size_t t = 0; t < mesh.tets.size(); ++t) {
    for (std::size_t face = 0; face < 4; ++face) {
      const Index triangle = shape.surface_map.tet_face_to_triangle[t][face];
      const std::uint8_t bits = f.surface_face_ownership[t][face];
      if (triangle == kInvalidIndex) {
        EXPECT_EQ(bits, 0) << t << " " << face;
        continue;
      }
      for (std::size_t i = 0; i < 3; ++i) {
        const Index u = mesh.tets[t][static_cast<std::size_t>(kTetFaces[face][i])];
        const Index w = mesh.tets[t][static_cast<std::size_t>(kTetFaces[face][(i + 1) % 3])];
        const bool owns_edge = (bits >> i & 1u) != 0, owns_vertex = (bits >> (3 + i) & 1u) != 0;
        EXPECT_EQ(owns_edge, lowest_with({u, w}) == triangle) << t << " " << face << " " << i;
        EXPECT_EQ(owns_vertex, lowest_with({u}) == triangle) << t << " " << face << " " << i;
        edge_owners[{std::min(u, w), std::max(u, w)}] += owns_edge ? 1 : 0;
        vertex_owners[u] += owns_vertex ? 1 : 0;
      }
    }
  }
  // The same per surface triangle, in the triangle's corner order.
  ASSERT_EQ(f.surface_triangle_ownership.size(), triangles.size());
  for (std::size_t t = 0; t < triangles.size(); ++t) {
    const std::uint8_t bits = f.surface_triangle_ownership[t];
    for (std::size_t i = 0; i < 3; ++i) {
      const Index u = triangles[t][i], w = triangles[t][(i + 1) % 3];
      EXPECT_EQ((bits >> i & 1u) != 0, lowest_with({u, w}) == static_cast<Index>(t)) << t << " " << i;
      EXPECT_EQ((bits >> (3 + i) & 1u) != 0, lowest_with({u}) == static_cast<Index>(t)) << t << " " << i;
    }
  }
  for (const auto& [edge, owners] : edge_owners) EXPECT_EQ(owners, 1) << edge.first << "-" << edge.second;
  for (const auto& [v, owners] : vertex_owners) EXPECT_EQ(owners, 1) << v;
  EXPECT_EQ(vertex_owners.size(), surface_vertices.size());
}

TEST(ShapeFeatures, MatchTheirDefinitionsOnTheSuiteShapes) {
  // Coarse shapes (few interior vertices) and refined ones (most vertices interior).
  for (const auto& [name, refined] :
       {std::pair{"pillar", false}, std::pair{"arch", false}, std::pair{"crack-hole", false}, std::pair{"arch", true},
        std::pair{"internal-edge", true}}) {
    SCOPED_TRACE(std::string(name) + (refined ? " refined" : ""));
    const Scene scene = make_builtin_scene(name, {.refined = refined});
    std::set<const Shape*> done;
    for (const Body& body : scene.bodies) {
      if (done.insert(body.shape.get()).second) expect_features_match_definitions(*body.shape);
    }
  }
}

TEST(ShapeFeatures, RestVertexNormalsAreThePseudoNormals) {
  // A 2 × 4 × 6 box (kTetGenDefaultSwitches keep its 8 corners as the only surface vertices): each
  // corner meets three faces at right angles, however they are split into triangles, so its
  // pseudo-normal is the corner's diagonal direction (±1, ±1, ±1)/√3.
  const auto shape = make_shape({}, box_surface(Vec3(2, 4, 6)), kTetGenDefaultSwitches, "box");
  const ShapeFeatures f = build_shape_features(*shape);
  ASSERT_EQ(f.rest_vertex_normals.size(), shape->tets.vertices.size());
  Vec3 centre = Vec3::Zero();
  for (const Vec3& v : shape->tets.vertices) centre += v;
  centre /= static_cast<double>(shape->tets.vertices.size());
  int corners = 0;
  for (std::size_t v = 0; v < shape->tets.vertices.size(); ++v) {
    if (!f.on_surface[v]) {
      EXPECT_TRUE(f.rest_vertex_normals[v].isZero()) << v;
      continue;
    }
    const Vec3 d = shape->tets.vertices[v] - centre;
    const Vec3 expected = Vec3(d.x() > 0 ? 1 : -1, d.y() > 0 ? 1 : -1, d.z() > 0 ? 1 : -1) / std::sqrt(3.0);
    EXPECT_LE((f.rest_vertex_normals[v] - expected).norm(), 1e-12) << v;
    // The same from a rotated copy of the vertices, rotated back.
    const Mat3 r = Eigen::AngleAxisd(0.7, Vec3(1, 2, 3).normalized()).toRotationMatrix();
    std::vector<Vec3> moved;
    for (const Vec3& x : shape->tets.vertices) moved.push_back(r * x + Vec3(5, -7, 11));
    EXPECT_LE((r.transpose() * surface_pseudo_normal(f, moved, static_cast<Index>(v)) - expected).norm(), 1e-12);
    ++corners;
  }
  EXPECT_EQ(corners, 8);
}

}  // namespace
}  // namespace contactlab
