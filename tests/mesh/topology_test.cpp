#include "contactlab/mesh/topology.h"

#include "contactlab/core/error.h"
#include "mesh/test_meshes.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>

namespace contactlab {
namespace {

using testing::random_similarity;
using testing::transformed;

struct ExpectedCounts {
  Index edges, flat, convex, concave;
  Index flat_vertices, convex_vertices, concave_vertices, mixed_vertices;
};

void expect_counts(const MeshTopology& topo, const ExpectedCounts& e) {
  EXPECT_EQ(topo.edge_count(), e.edges);
  EXPECT_EQ(topo.count(EdgeKind::Flat), e.flat);
  EXPECT_EQ(topo.count(EdgeKind::Convex), e.convex);
  EXPECT_EQ(topo.count(EdgeKind::Concave), e.concave);
  EXPECT_EQ(topo.count(VertexKind::Flat), e.flat_vertices);
  EXPECT_EQ(topo.count(VertexKind::Convex), e.convex_vertices);
  EXPECT_EQ(topo.count(VertexKind::Concave), e.concave_vertices);
  EXPECT_EQ(topo.count(VertexKind::Mixed), e.mixed_vertices);
  EXPECT_TRUE(topo.closed_manifold());
  EXPECT_EQ(topo.count(EdgeKind::Degenerate), 0);
  EXPECT_EQ(topo.count(VertexKind::Irregular), 0);
}

/// The same counts and the same per-edge / per-vertex kinds after 30 random similarity transforms
/// (rotation, translation, scale 0.1..10): coplanar faces are no longer exactly coplanar after
/// rounding, which the angular tolerance absorbs.
void expect_invariant_under_similarity(const TriMesh& mesh, unsigned seed) {
  const MeshTopology reference = build_topology(mesh);
  std::mt19937 rng(seed);
  for (int i = 0; i < 30; ++i) {
    const MeshTopology topo = build_topology(transformed(mesh, random_similarity(rng)));
    EXPECT_EQ(topo.edges, reference.edges);
    EXPECT_EQ(topo.edge_kinds, reference.edge_kinds);
    EXPECT_EQ(topo.vertex_kinds, reference.vertex_kinds);
  }
}

// Unit cube, 8 vertices / 12 triangles: V − E + F = 2 gives 18 edges; the 12 cube edges are convex
// (right angles) and the 6 face diagonals flat; every corner is convex.
TEST(Topology, UnitCube) {
  const TriMesh cube = testing::box_surface();
  const MeshTopology topo = build_topology(cube);
  expect_counts(topo, {18, 6, 12, 0, 0, 8, 0, 0});
  // Which edges: a face diagonal joins corners that differ in two coordinates, a cube edge in one.
  for (Index e = 0; e < topo.edge_count(); ++e) {
    const Vec3 d = cube.vertices[topo.edges[e][1]] - cube.vertices[topo.edges[e][0]];
    const int differing = (d.array() != 0.0).count();
    EXPECT_EQ(topo.edge_kinds[e], differing == 2 ? EdgeKind::Flat : EdgeKind::Convex) << "edge " << e;
  }
  expect_invariant_under_similarity(cube, 11);
}

// Each face fanned into 4 triangles around its centre: 14 vertices, 24 triangles, so 36 edges;
// 12 cube edges convex, 4 spokes × 6 faces = 24 flat; 8 convex corners, 6 flat face centres.
TEST(Topology, CubeWithSplitFaces) {
  const TriMesh cube = testing::box_surface_split_faces(Vec3(-1, -2, -3), Vec3(2, 1, 0.5));
  expect_counts(build_topology(cube), {36, 24, 12, 0, 6, 8, 0, 0});
  expect_invariant_under_similarity(cube, 12);
}

// L prism: 12 vertices, 20 triangles → 30 edges. Geometric edges: 6 bottom + 6 top + 6 vertical =
// 18, of which only the vertical edge at the reflex corner (vertices 3–9) is concave; flat: 3 fan
// diagonals per cap + 1 diagonal per side quad = 12. The two reflex-corner vertices see the
// concave edge and convex cap edges: mixed; the other 10 are convex.
TEST(Topology, LShapedPrism) {
  const TriMesh prism = testing::l_prism_surface(0.75);
  const MeshTopology topo = build_topology(prism);
  expect_counts(topo, {30, 12, 17, 1, 0, 10, 0, 2});
  const Index reflex = topo.find_edge(9, 3);
  ASSERT_NE(reflex, kInvalidIndex);
  EXPECT_EQ(topo.edge_kinds[reflex], EdgeKind::Concave);
  EXPECT_EQ(topo.vertex_kinds[3], VertexKind::Mixed);
  EXPECT_EQ(topo.vertex_kinds[9], VertexKind::Mixed);
  expect_invariant_under_similarity(prism, 13);
}

// Box with a cubic cavity: the outer box as the cube above; the cavity surface faces inward, so
// its 12 box edges are concave and its 8 corners concave; 6 + 6 flat diagonals.
TEST(Topology, BoxWithCavity) {
  const TriMesh mesh = testing::box_with_cavity();
  expect_counts(build_topology(mesh), {36, 12, 12, 12, 0, 8, 8, 0});
  expect_invariant_under_similarity(mesh, 14);
}

// Square pyramid: 5 vertices, 6 triangles → 9 edges: 4 base + 4 lateral convex, 1 base diagonal
// flat; the apex and the base corners are convex. With the base fanned around its centre:
// 6 vertices, 8 triangles → 12 edges, 4 flat spokes, a flat base centre.
TEST(Topology, SquarePyramid) {
  for (double height : {0.3, 1.0, 5.0}) {
    const TriMesh pyramid = testing::square_pyramid_surface(2.0, height);
    const MeshTopology topo = build_topology(pyramid);
    expect_counts(topo, {9, 1, 8, 0, 0, 5, 0, 0});
    EXPECT_EQ(topo.vertex_kinds[4], VertexKind::Convex);  // apex
    for (Index v = 0; v < 4; ++v) {
      const Index lateral = topo.find_edge(v, 4);
      ASSERT_NE(lateral, kInvalidIndex);
      EXPECT_EQ(topo.edge_kinds[lateral], EdgeKind::Convex);
    }
    expect_invariant_under_similarity(pyramid, 15);
    const TriMesh fanned = testing::square_pyramid_surface(2.0, height, /*split_base=*/true);
    expect_counts(build_topology(fanned), {12, 4, 8, 0, 1, 5, 0, 0});
    expect_invariant_under_similarity(fanned, 16);
  }
}

// Hinge: triangles (a, b, c0) and (b, a, c1) with a known interior (solid) angle α between the two
// half-planes: α < π convex, α = π flat, α > π concave. Ground truth from the construction.
// 24000 cases: 40 % generic angles, 20 % within 1e-9..1e-3 rad of flat (cases within a factor 2 of
// the tolerance are skipped), 10 % almost folded (α near 0 or 2π), 15 % exact integer-coordinate
// configurations (exactly coplanar, exactly folded, perpendicular) with large offsets, 15 % exactly
// collinear or coincident corners (zero-area faces).
TEST(Topology, ClassifyEdgeAgainstConstructedDihedralAngle) {
  std::mt19937 rng(2024);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::normal_distribution<double> normal;
  const double tol = kDefaultFlatAngleTolerance;
  const double pi = std::numbers::pi;
  int checked = 0, skipped = 0;
  std::array<int, kEdgeKindCount> seen{};
  for (int iteration = 0; iteration < 24000; ++iteration) {
    const double category = unit(rng);
    Vec3 a, b, c0, c1;
    EdgeKind expected = EdgeKind::Degenerate;
    bool skip = false;
    if (category < 0.7) {
      const double scale = std::pow(10.0, -3.0 + 6.0 * unit(rng));
      a = scale * Vec3(normal(rng), normal(rng), normal(rng));
      b = a + scale * Vec3(normal(rng), normal(rng), normal(rng));
      const Vec3 e = (b - a).normalized();
      Vec3 u = Vec3(normal(rng), normal(rng), normal(rng));
      u = (u - u.dot(e) * e).normalized();
      const Vec3 w = e.cross(u);  // direction of the outward normal of (a, b, c0)
      double alpha;
      if (category < 0.4) {
        alpha = 0.01 + (2 * pi - 0.02) * unit(rng);
      } else if (category < 0.6) {
        const double delta = std::pow(10.0, -9.0 + 6.0 * unit(rng)) * (unit(rng) < 0.5 ? -1 : 1);
        alpha = pi + delta;
        if (std::abs(delta) > 0.5 * tol && std::abs(delta) < 2 * tol) skip = true;
      } else {
        const double small = std::pow(10.0, -9.0 + 7.0 * unit(rng));
        alpha = unit(rng) < 0.5 ? small : 2 * pi - small;
      }
      const double r0 = scale * (0.2 + unit(rng)), r1 = scale * (0.2 + unit(rng));
      c0 = a + (0.1 + 0.8 * unit(rng)) * (b - a) + r0 * u;
      c1 = a + (0.1 + 0.8 * unit(rng)) * (b - a) + r1 * (std::cos(alpha) * u - std::sin(alpha) * w);
      if (std::abs(alpha - pi) <= 0.5 * tol)
        expected = EdgeKind::Flat;
      else
        expected = alpha < pi ? EdgeKind::Convex : EdgeKind::Concave;
    } else {
      // Integer lattice configurations shifted by a multiple of 2^20 (exact in double), axes
      // permuted evenly (a rotation, so convex stays convex).
      std::uniform_int_distribution<int> coordinate(1, 50);
      const Vec3 offset = 1048576.0 * Vec3(coordinate(rng) - 25, coordinate(rng) - 25, coordinate(rng) - 25);
      const double len = coordinate(rng), p = coordinate(rng), q = coordinate(rng);
      const double s0 = coordinate(rng) % 10, s1 = coordinate(rng) % 10;
      // a, b on the x axis; c0 in the half-plane y > 0 of z = 0.
      Vec3 la(0, 0, 0), lb(len, 0, 0), lc0(s0, p, 0), lc1;
      // The outward normal of (a, b, c0) is (b−a)×(c0−a) = len·p·ẑ: +z. The solid is below (−z).
      const int choice = std::uniform_int_distribution<int>(0, 5)(rng);
      if (category < 0.85) {
        switch (choice) {
          case 0:
            lc1 = Vec3(s1, -q, 0);
            expected = EdgeKind::Flat;
            break;  // same plane, across
          case 1:
            lc1 = Vec3(s1, q, 0);
            expected = EdgeKind::Degenerate;
            break;  // folded back
          case 2:
            lc1 = Vec3(s1, 0, -q);
            expected = EdgeKind::Convex;
            break;  // 90° wedge
          case 3:
            lc1 = Vec3(s1, 0, q);
            expected = EdgeKind::Concave;
            break;  // 270° wedge
          case 4:
            lc1 = Vec3(s1, -q, -1);
            expected = EdgeKind::Convex;
            break;  // nearly flat, below
          default:
            lc1 = Vec3(s1, q, 1);
            expected = EdgeKind::Concave;
            break;  // nearly folded, above
        }
        // case 4: angle between normals = atan(1/q) ≥ 0.02 rad, far above the tolerance.
      } else {
        lc1 = Vec3(s1, -q, -1);
        switch (choice % 3) {
          case 0:
            lc0 = Vec3(std::floor(len / 2), 0, 0);
            break;  // on the segment ab
          case 1:
            lc0 = la;
            break;  // coincident with a
          default:
            lc1 = Vec3(len + s1 + 1, 0, 0);
            break;  // on the line ab, beyond b
        }
        expected = EdgeKind::Degenerate;
      }
      std::array<int, 3> axes{0, 1, 2};
      std::shuffle(axes.begin(), axes.end(), rng);
      // An odd permutation of the axes mirrors space and swaps convex/concave; keep it even.
      const int inversions = (axes[0] > axes[1]) + (axes[0] > axes[2]) + (axes[1] > axes[2]);
      if (inversions % 2 == 1) std::swap(axes[1], axes[2]);
      auto place = [&](const Vec3& l) {
        Vec3 r;
        for (int i = 0; i < 3; ++i) r[axes[i]] = l[i];
        return Vec3(r + offset);
      };
      a = place(la), b = place(lb), c0 = place(lc0), c1 = place(lc1);
    }
    if (skip) {
      ++skipped;
      continue;
    }
    const EdgeKind kind = classify_edge(a, b, c0, c1, tol);
    ASSERT_EQ(kind, expected) << "case " << iteration << " category " << category;
    // Either face may be taken first: (b, a, c1) with (a, b, c0) gives the same kind.
    ASSERT_EQ(classify_edge(b, a, c1, c0, tol), expected) << "case " << iteration;
    ++seen[static_cast<int>(kind)];
    ++checked;
    if (iteration % 8 == 0) {  // the same through build_topology on the two-triangle mesh
      TriMesh hinge;
      hinge.vertices = {a, b, c0, c1};
      hinge.triangles = {{0, 1, 2}, {1, 0, 3}};
      const MeshTopology topo = build_topology(hinge);
      ASSERT_EQ(topo.edge_count(), 5);
      const Index middle = topo.find_edge(0, 1);
      EXPECT_EQ(topo.edge_kinds[middle], expected);
      EXPECT_EQ(topo.count(EdgeKind::Boundary), 4);
      EXPECT_EQ(topo.boundary_edges.size(), 4u);
    }
  }
  EXPECT_GE(checked, 23000);
  EXPECT_LT(skipped, 1000);
  for (EdgeKind k : {EdgeKind::Flat, EdgeKind::Convex, EdgeKind::Concave, EdgeKind::Degenerate}) {
    EXPECT_GT(seen[static_cast<int>(k)], 500) << "kind " << static_cast<int>(k);
  }
}

TEST(Topology, FlatToleranceOption) {
  // Two triangles with normals 1e-4 rad apart: convex with the default tolerance, flat with 1e-3.
  const double angle = 1e-4;
  const Vec3 a(0, 0, 0), b(1, 0, 0), c0(0.5, 1, 0), c1(0.5, -std::cos(angle), -std::sin(angle));
  EXPECT_EQ(classify_edge(a, b, c0, c1), EdgeKind::Convex);
  EXPECT_EQ(classify_edge(a, b, c0, c1, 1e-3), EdgeKind::Flat);
  TriMesh hinge{{a, b, c0, c1}, {{0, 1, 2}, {1, 0, 3}}};
  EXPECT_EQ(build_topology(hinge).count(EdgeKind::Convex), 1);
  EXPECT_EQ(build_topology(hinge, {1e-3}).count(EdgeKind::Flat), 1);
  EXPECT_THROW(build_topology(hinge, {-1.0}), InputError);
  EXPECT_THROW(build_topology(hinge, {std::nan("")}), InputError);
}

// Random triangle soups over few vertices (so edges are often open, non-manifold or
// inconsistently oriented) against brute-force enumeration of vertex pairs: 1000 soups, about 16000
// edges in all.
TEST(Topology, AdjacencyAgainstBruteForce) {
  std::mt19937 rng(7);
  std::normal_distribution<double> normal;
  std::size_t edges_checked = 0;
  for (int soup = 0; soup < 1000; ++soup) {
    const int vertex_count = std::uniform_int_distribution<int>(3, 12)(rng);
    const int triangle_count = std::uniform_int_distribution<int>(1, 25)(rng);
    TriMesh mesh;
    for (int i = 0; i < vertex_count; ++i) mesh.vertices.emplace_back(normal(rng), normal(rng), normal(rng));
    if (soup % 10 == 0) mesh.vertices[1] = mesh.vertices[0];  // coincident vertices
    std::uniform_int_distribution<Index> pick(0, vertex_count - 1);
    while (mesh.triangle_count() < triangle_count) {
      Triangle t{pick(rng), pick(rng), pick(rng)};
      if (t[0] != t[1] && t[1] != t[2] && t[0] != t[2]) mesh.triangles.push_back(t);
    }
    const MeshTopology topo = build_topology(mesh);

    std::vector<Edge> edges;
    std::vector<std::vector<Index>> edge_triangles;
    for (Index i = 0; i < vertex_count; ++i) {
      for (Index j = i + 1; j < vertex_count; ++j) {
        std::vector<Index> tris;
        for (Index t = 0; t < triangle_count; ++t) {
          const Triangle& tri = mesh.triangles[t];
          const bool has_i = std::find(tri.begin(), tri.end(), i) != tri.end();
          const bool has_j = std::find(tri.begin(), tri.end(), j) != tri.end();
          if (has_i && has_j) tris.push_back(t);
        }
        if (!tris.empty()) {
          edges.push_back({i, j});
          edge_triangles.push_back(tris);
        }
      }
    }
    ASSERT_EQ(topo.edges, edges);
    ASSERT_EQ(topo.edge_triangles, edge_triangles);
    edges_checked += edges.size();
    for (Index e = 0; e < topo.edge_count(); ++e) {
      const auto& tris = edge_triangles[e];
      EdgeKind expected;
      if (tris.size() == 1) {
        expected = EdgeKind::Boundary;
      } else if (tris.size() > 2) {
        expected = EdgeKind::NonManifold;
      } else {
        // Direction of the edge in each triangle: +1 if it runs i → j.
        auto direction = [&](const Triangle& tri) {
          for (int k = 0; k < 3; ++k) {
            if (tri[k] == edges[e][0] && tri[(k + 1) % 3] == edges[e][1]) return 1;
          }
          return -1;
        };
        const Triangle& t0 = mesh.triangles[tris[0]];
        const Triangle& t1 = mesh.triangles[tris[1]];
        if (direction(t0) == direction(t1)) {
          expected = EdgeKind::Inconsistent;
        } else {
          Index a = edges[e][0], b = edges[e][1];
          if (direction(t0) < 0) std::swap(a, b);
          auto far = [&](const Triangle& tri) {
            for (Index v : tri) {
              if (v != a && v != b) return v;
            }
            return kInvalidIndex;
          };
          expected = classify_edge(mesh.vertices[a], mesh.vertices[b], mesh.vertices[far(t0)], mesh.vertices[far(t1)]);
        }
      }
      EXPECT_EQ(topo.edge_kinds[e], expected);
      auto listed = [&](const std::vector<Index>& list) { return std::binary_search(list.begin(), list.end(), e); };
      EXPECT_EQ(listed(topo.boundary_edges), expected == EdgeKind::Boundary);
      EXPECT_EQ(listed(topo.non_manifold_edges), expected == EdgeKind::NonManifold);
      EXPECT_EQ(listed(topo.inconsistent_edges), expected == EdgeKind::Inconsistent);
    }
    for (Index t = 0; t < triangle_count; ++t) {
      for (int k = 0; k < 3; ++k) {
        const Index e = topo.triangle_edges[t][k];
        const Index u = mesh.triangles[t][k], v = mesh.triangles[t][(k + 1) % 3];
        ASSERT_GE(e, 0);
        EXPECT_EQ(topo.edges[e], (Edge{std::min(u, v), std::max(u, v)}));
        EXPECT_EQ(topo.find_edge(v, u), e);
      }
    }
    for (Index v = 0; v < vertex_count; ++v) {
      std::vector<Index> tris;
      for (Index t = 0; t < triangle_count; ++t) {
        const Triangle& tri = mesh.triangles[t];
        if (std::find(tri.begin(), tri.end(), v) != tri.end()) tris.push_back(t);
      }
      EXPECT_EQ(topo.vertex_triangles[v], tris);
      if (tris.empty()) {
        EXPECT_EQ(topo.vertex_kinds[v], VertexKind::Isolated);
      }
    }
    // Counts agree with the per-element kinds.
    Index total = 0;
    for (int k = 0; k < kEdgeKindCount; ++k) total += topo.edge_kind_counts[k];
    EXPECT_EQ(total, topo.edge_count());
    total = 0;
    for (int k = 0; k < kVertexKindCount; ++k) total += topo.vertex_kind_counts[k];
    EXPECT_EQ(total, vertex_count);
  }
  EXPECT_GT(edges_checked, 10000u);
}

TEST(Topology, OpenAndIrregularMeshes) {
  TriMesh single{{Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(5, 5, 5)}, {{0, 1, 2}}};
  MeshTopology topo = build_topology(single);
  EXPECT_EQ(topo.edge_count(), 3);
  EXPECT_EQ(topo.count(EdgeKind::Boundary), 3);
  EXPECT_FALSE(topo.closed_manifold());
  EXPECT_EQ(topo.vertex_kinds[0], VertexKind::Irregular);
  EXPECT_EQ(topo.vertex_kinds[3], VertexKind::Isolated);

  // Cube with one triangle flipped: the three edges of that triangle become inconsistent.
  TriMesh cube = testing::box_surface();
  std::swap(cube.triangles[5][1], cube.triangles[5][2]);
  topo = build_topology(cube);
  EXPECT_EQ(topo.inconsistent_edges.size(), 3u);
  EXPECT_EQ(topo.count(EdgeKind::Inconsistent), 3);

  // Cube plus a fin triangle on one cube edge: that edge is non-manifold.
  cube = testing::box_surface();
  cube.vertices.emplace_back(2, -1, 0);
  cube.triangles.push_back({0, 1, 8});
  topo = build_topology(cube);
  ASSERT_EQ(topo.non_manifold_edges.size(), 1u);
  EXPECT_EQ(topo.edges[topo.non_manifold_edges[0]], (Edge{0, 1}));
  EXPECT_EQ(topo.boundary_edges.size(), 2u);

  // Empty mesh.
  topo = build_topology(TriMesh{});
  EXPECT_EQ(topo.edge_count(), 0);
  EXPECT_TRUE(topo.closed_manifold());
}

TEST(Topology, RejectsInvalidIndices) {
  TriMesh bad{{Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0)}, {{0, 1, 3}}};
  EXPECT_THROW(build_topology(bad), GeometryError);
  bad.triangles = {{0, 1, -1}};
  EXPECT_THROW(build_topology(bad), GeometryError);
  bad.triangles = {{0, 1, 1}};
  try {
    build_topology(bad);
    FAIL() << "expected GeometryError";
  } catch (const GeometryError& e) {
    EXPECT_NE(std::string(e.what()).find("triangle 0"), std::string::npos) << e.what();
  }
}

TEST(Topology, NonFiniteCoordinatesAreDegenerateNotNan) {
  TriMesh cube = testing::box_surface();
  cube.vertices[7] = Vec3(std::nan(""), 1, 1);
  const MeshTopology topo = build_topology(cube);
  EXPECT_GT(topo.count(EdgeKind::Degenerate), 0);
  EXPECT_EQ(topo.vertex_kinds[7], VertexKind::Irregular);
}

TEST(Topology, IndependentOfTriangleOrder) {
  const TriMesh prism = testing::l_prism_surface();
  const MeshTopology reference = build_topology(prism);
  std::mt19937 rng(3);
  TriMesh shuffled = prism;
  std::vector<Index> order(prism.triangles.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<Index>(i);
  std::shuffle(order.begin(), order.end(), rng);
  for (std::size_t i = 0; i < order.size(); ++i) shuffled.triangles[i] = prism.triangles[order[i]];
  const MeshTopology topo = build_topology(shuffled);
  EXPECT_EQ(topo.edges, reference.edges);
  EXPECT_EQ(topo.edge_kinds, reference.edge_kinds);
  EXPECT_EQ(topo.vertex_kinds, reference.vertex_kinds);
}

}  // namespace
}  // namespace contactlab
