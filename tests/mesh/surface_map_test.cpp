#include "contactlab/mesh/surface_map.h"

#include "contactlab/core/error.h"
#include "contactlab/geometry/predicates.h"
#include "mesh/test_meshes.h"

#include <gtest/gtest.h>

#include <map>
#include <random>

namespace contactlab {
namespace {

using testing::CellSplit;

/// Brute-force closedness: every undirected edge of the surface is used by exactly two triangles,
/// once in each direction (so the orientation is consistent).
void expect_closed_and_consistent(const TriMesh& surface) {
  std::map<std::pair<Index, Index>, int> directed;
  for (const Triangle& t : surface.triangles) {
    for (int i = 0; i < 3; ++i) ++directed[{t[i], t[(i + 1) % 3]}];
  }
  for (const auto& [edge, count] : directed) {
    EXPECT_EQ(count, 1) << "directed edge " << edge.first << "→" << edge.second;
    const auto reverse = directed.find({edge.second, edge.first});
    EXPECT_TRUE(reverse != directed.end() && reverse->second == 1)
        << "edge " << edge.first << "–" << edge.second << " lacks its opposite half";
  }
}

/// The maps are mutually inverse and the per-tet counts match.
void expect_maps_consistent(const TetMesh& mesh, const SurfaceMap& map) {
  ASSERT_EQ(map.tet_face_to_triangle.size(), mesh.tets.size());
  ASSERT_EQ(map.surface_face_count.size(), mesh.tets.size());
  ASSERT_EQ(map.triangle_to_tet_face.size(), map.surface.triangles.size());
  EXPECT_EQ(map.surface.vertices, mesh.vertices);
  std::size_t boundary = 0;
  for (Index t = 0; t < mesh.tet_count(); ++t) {
    int count = 0;
    for (int f = 0; f < 4; ++f) {
      const Index tri = map.tet_face_to_triangle[t][f];
      if (tri == kInvalidIndex) continue;
      ++count;
      ++boundary;
      EXPECT_TRUE(map.is_boundary(t, f));
      ASSERT_LT(tri, map.triangle_count());
      EXPECT_EQ(map.triangle_to_tet_face[tri], (TetFaceRef{t, f}));
      EXPECT_EQ(map.surface.triangles[tri], mesh.face(t, f));
    }
    EXPECT_EQ(map.surface_face_count[t], count);
  }
  EXPECT_EQ(boundary, map.surface.triangles.size());
  std::vector<Index> used;
  for (const Triangle& t : map.surface.triangles) used.insert(used.end(), t.begin(), t.end());
  std::sort(used.begin(), used.end());
  used.erase(std::unique(used.begin(), used.end()), used.end());
  EXPECT_EQ(map.surface_vertices, used);
}

// Box [lo, hi] split into n×m×k cells of 5 or 6 tets. Each cell face on the box boundary is split
// into two triangles by either split (the 6-tet split and the parity-alternating 5-tet split both
// cut every cell face along one diagonal), and there are 2(nm + nk + mk) boundary cell faces, so
// the surface has 2·(2nm + 2nk + 2mk) triangles. Ground truth per face: a face is on the boundary
// iff all three corners lie on one box side (geometry of the grid), and its normal must point out of
// that side; the areas add up to the box's; the surface is closed.
TEST(SurfaceMap, BoxGrids) {
  const Vec3 lo(-1.0, 0.5, 2.0), hi(1.5, 2.0, 2.75);
  const Vec3 size = hi - lo, centre = 0.5 * (lo + hi);
  const double box_area = 2 * (size.x() * size.y() + size.x() * size.z() + size.y() * size.z());
  std::size_t faces_checked = 0;
  for (CellSplit split : {CellSplit::Six, CellSplit::Five}) {
    for (int n = 1; n <= 3; ++n) {
      for (int m = 1; m <= 3; ++m) {
        for (int k = 1; k <= 3; ++k) {
          const TetMesh mesh = testing::box_grid_tets(lo, hi, n, m, k, split);
          ASSERT_EQ(mesh.tet_count(), (split == CellSplit::Six ? 6 : 5) * n * m * k);
          const SurfaceMap map = build_surface_map(mesh);
          expect_maps_consistent(mesh, map);
          EXPECT_EQ(map.triangle_count(), 2 * (2 * n * m + 2 * n * k + 2 * m * k));
          double area = 0;
          for (Index t = 0; t < mesh.tet_count(); ++t) {
            for (int f = 0; f < 4; ++f) {
              ++faces_checked;
              const Triangle tri = mesh.face(t, f);
              // Which box side holds all three corners (grid coordinates are exact: lo, hi).
              int side_axis = -1;
              double side_sign = 0;
              for (int axis = 0; axis < 3; ++axis) {
                for (double sign : {-1.0, 1.0}) {
                  const double plane = sign < 0 ? lo[axis] : hi[axis];
                  bool all = true;
                  for (Index v : tri) all = all && mesh.vertices[v][axis] == plane;
                  if (all) side_axis = axis, side_sign = sign;
                }
              }
              ASSERT_EQ(map.is_boundary(t, f), side_axis >= 0) << "tet " << t << " face " << f;
              if (side_axis < 0) continue;
              const Index i = map.tet_face_to_triangle[t][f];
              const Vec3 normal = map.surface.area_normal(i);
              const Vec3 centroid = (mesh.vertices[tri[0]] + mesh.vertices[tri[1]] + mesh.vertices[tri[2]]) / 3.0;
              // Outward: normal along its own axis has the sign of (centroid − box centre).
              EXPECT_GT(normal[side_axis] * (centroid - centre)[side_axis], 0.0);
              EXPECT_GT(normal[side_axis] * side_sign, 0.0);
              EXPECT_NEAR(normal.norm(), std::abs(normal[side_axis]), 1e-12 * normal.norm());
              area += 0.5 * normal.norm();
            }
          }
          EXPECT_NEAR(area, box_area, 1e-12 * box_area);
          expect_closed_and_consistent(map.surface);
        }
      }
    }
  }
  EXPECT_GT(faces_checked, 9000u);
}

// Random subsets of the tets of a 4×4×4 grid (each tet kept with probability 0.4..0.9), under a
// random similarity transform: a face is on the boundary iff no other kept tet has the same three
// vertices (brute force over all pairs of kept faces); each boundary triangle sees its own tet's
// fourth vertex strictly behind it (exact predicate); the surface is closed and consistently
// oriented as a chain (it bounds a union of tets, possibly with non-manifold edges). About 30000
// faces in all.
TEST(SurfaceMap, RandomTetSubsetsAgainstBruteForce) {
  std::mt19937 rng(99);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::size_t faces_checked = 0;
  for (int trial = 0; trial < 24; ++trial) {
    const CellSplit split = trial % 2 == 0 ? CellSplit::Six : CellSplit::Five;
    const TetMesh grid = testing::box_grid_tets(Vec3::Zero(), Vec3::Ones(), 4, 4, 4, split);
    const double keep = 0.4 + 0.5 * unit(rng);
    TetMesh mesh;
    mesh.vertices = grid.vertices;
    for (const Tet& t : grid.tets) {
      if (unit(rng) < keep) mesh.tets.push_back(t);
    }
    mesh = testing::transformed(mesh, testing::random_similarity(rng));
    const SurfaceMap map = build_surface_map(mesh);
    expect_maps_consistent(mesh, map);

    const Index faces = mesh.tet_count() * 4;
    std::vector<std::array<Index, 3>> keys(faces);
    for (Index i = 0; i < faces; ++i) {
      Triangle tri = mesh.face(i / 4, i % 4);
      std::sort(tri.begin(), tri.end());
      keys[i] = tri;
    }
    for (Index i = 0; i < faces; ++i) {
      bool shared = false;
      for (Index j = 0; j < faces && !shared; ++j) shared = j != i && keys[j] == keys[i];
      const Index t = i / 4;
      const int f = i % 4;
      ASSERT_EQ(map.is_boundary(t, f), !shared) << "trial " << trial << " tet " << t << " face " << f;
      ++faces_checked;
      if (shared) continue;
      const Triangle& tri = map.surface.triangles[map.tet_face_to_triangle[t][f]];
      const Vec3& opposite = mesh.corner(t, f);  // local face f is opposite local vertex f
      EXPECT_EQ(signed_volume_sign(mesh.vertices[tri[0]], mesh.vertices[tri[1]], mesh.vertices[tri[2]], opposite), -1);
    }
    // Closed as a chain: each directed edge is matched by as many opposite ones (a union of tets
    // may touch itself along an edge, where an edge then has 4 triangles).
    std::map<std::pair<Index, Index>, int> balance;
    for (const Triangle& tri : map.surface.triangles) {
      for (int i = 0; i < 3; ++i) {
        const Index u = tri[i], v = tri[(i + 1) % 3];
        balance[{std::min(u, v), std::max(u, v)}] += u < v ? 1 : -1;
      }
    }
    for (const auto& [edge, net] : balance) EXPECT_EQ(net, 0) << edge.first << "–" << edge.second;
    Vec3 total_area_vector = Vec3::Zero();
    double total_area = 0;
    for (Index i = 0; i < map.triangle_count(); ++i) {
      total_area_vector += map.surface.area_normal(i);
      total_area += map.surface.area_normal(i).norm();
    }
    EXPECT_LT(total_area_vector.norm(), 1e-12 * total_area);  // closed surface: Σ n dA = 0
  }
  EXPECT_GT(faces_checked, 10000u);
}

TEST(SurfaceMap, SingleTetAndEmptyMesh) {
  TetMesh tet{{Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1), Vec3(7, 7, 7)}, {{0, 1, 2, 3}}};
  const SurfaceMap map = build_surface_map(tet);
  expect_maps_consistent(tet, map);
  EXPECT_EQ(map.triangle_count(), 4);
  EXPECT_EQ(map.surface_face_count[0], 4);
  EXPECT_EQ(map.surface_vertices, (std::vector<Index>{0, 1, 2, 3}));  // vertex 4 unused
  // Outward: face opposite vertex 0 has normal (1,1,1) direction; the others point along −axes.
  EXPECT_GT(map.surface.area_normal(0).dot(Vec3(1, 1, 1)), 0);
  EXPECT_GT(map.surface.area_normal(1).dot(Vec3(-1, 0, 0)), 0);
  EXPECT_GT(map.surface.area_normal(2).dot(Vec3(0, -1, 0)), 0);
  EXPECT_GT(map.surface.area_normal(3).dot(Vec3(0, 0, -1)), 0);

  const SurfaceMap empty = build_surface_map(TetMesh{});
  EXPECT_EQ(empty.triangle_count(), 0);
  EXPECT_TRUE(empty.surface_vertices.empty());
}

TEST(SurfaceMap, PyramidSplits) {
  for (int variant = 0; variant < 3; ++variant) {
    const TetMesh mesh = testing::square_pyramid_tets(2.0, 1.5, variant);
    const SurfaceMap map = build_surface_map(mesh);
    expect_maps_consistent(mesh, map);
    // Base: 2 triangles (variant 0) or 4 (fanned around the centre); 4 lateral triangles.
    EXPECT_EQ(map.triangle_count(), variant == 0 ? 6 : 8);
    expect_closed_and_consistent(map.surface);
  }
}

TEST(SurfaceMap, RejectsNonManifoldAndOverlappingTets) {
  // Three tets on the face (0, 1, 2): two on one side would overlap; here tets 1 and 2 are on the
  // same side, so the face is shared by three tets.
  TetMesh mesh;
  mesh.vertices = {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1), Vec3(0, 0, -1), Vec3(0.2, 0.2, -1)};
  testing::add_tet(mesh, 0, 1, 2, 3);
  testing::add_tet(mesh, 0, 1, 2, 4);
  testing::add_tet(mesh, 0, 1, 2, 5);
  try {
    build_surface_map(mesh);
    FAIL() << "expected GeometryError";
  } catch (const GeometryError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("(0, 1, 2)"), std::string::npos) << what;
    EXPECT_NE(what.find("3 tets"), std::string::npos) << what;
  }
  // Two tets on the same side of a face (overlap).
  mesh.tets.erase(mesh.tets.begin());
  try {
    build_surface_map(mesh);
    FAIL() << "expected GeometryError";
  } catch (const GeometryError& e) {
    EXPECT_NE(std::string(e.what()).find("same orientation"), std::string::npos) << e.what();
  }
  // A duplicated tet.
  mesh.tets = {mesh.tets[0], mesh.tets[0]};
  EXPECT_THROW(build_surface_map(mesh), GeometryError);
  // Bad indices.
  mesh.tets = {{0, 1, 2, 6}};
  EXPECT_THROW(build_surface_map(mesh), GeometryError);
  mesh.tets = {{0, 1, 2, 2}};
  EXPECT_THROW(build_surface_map(mesh), GeometryError);
}

TEST(SurfaceMap, Deterministic) {
  const TetMesh mesh = testing::box_grid_tets(Vec3::Zero(), Vec3(1, 2, 3), 3, 2, 2, CellSplit::Five);
  const SurfaceMap a = build_surface_map(mesh);
  const SurfaceMap b = build_surface_map(mesh);
  EXPECT_EQ(a.surface.triangles, b.surface.triangles);
  EXPECT_EQ(a.triangle_to_tet_face, b.triangle_to_tet_face);
  // Triangles come in increasing (tet, face) order.
  for (Index i = 1; i < a.triangle_count(); ++i) {
    const TetFaceRef& p = a.triangle_to_tet_face[i - 1];
    const TetFaceRef& q = a.triangle_to_tet_face[i];
    EXPECT_TRUE(p.tet < q.tet || (p.tet == q.tet && p.face < q.face));
  }
}

}  // namespace
}  // namespace contactlab
