// Bvh: structure invariants checked by walking the tree, determinism, subsets, bad input, and the
// conservative world box that the tandem walk relies on.
#include "contactlab/broadphase/bvh.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>
#include <vector>

#include "broadphase/grid_mesh.h"
#include "contactlab/core/error.h"

namespace contactlab {
namespace {

using testing::grid_tet_mesh;
using testing::random_cloud_tet_mesh;
using testing::random_rotation;

bool same_box(const Aabb& x, const Aabb& y) { return x.min == y.min && x.max == y.max; }

// Walks the tree from the root and checks every invariant stated in bvh.h against the element
// boxes computed here from the mesh.
void check_tree(const Bvh& bvh, const std::vector<Aabb>& element_boxes, std::vector<Index> expected) {
  if (expected.empty()) {
    EXPECT_TRUE(bvh.empty());
    EXPECT_TRUE(bvh.elements.empty());
    return;
  }
  EXPECT_LE(bvh.nodes.size(), 2 * expected.size() - 1);
  std::vector<Index> seen;
  std::vector<char> visited(bvh.nodes.size(), 0);
  int max_depth = 0;
  struct Item {
    Index node;
    int depth;
  };
  std::vector<Item> stack{{0, 1}};
  while (!stack.empty()) {
    const Item item = stack.back();
    stack.pop_back();
    EXPECT_FALSE(visited[item.node]) << "node reached twice";
    visited[item.node] = 1;
    max_depth = std::max(max_depth, item.depth);
    const BvhNode& n = bvh.nodes[item.node];
    Aabb want;
    if (n.is_leaf()) {
      EXPECT_LE(n.count, kBvhMaxLeafSize);
      for (Index i = n.first; i < n.first + n.count; ++i) {
        seen.push_back(bvh.elements[i]);
        want.extend(element_boxes[bvh.elements[i]]);
      }
    } else {
      EXPECT_EQ(n.count, 0);
      ASSERT_LT(static_cast<std::size_t>(n.first + 1), bvh.nodes.size());
      EXPECT_GT(n.first, item.node);
      want.extend(bvh.nodes[n.first].box);
      want.extend(bvh.nodes[n.first + 1].box);
      stack.push_back({n.first, item.depth + 1});
      stack.push_back({n.first + 1, item.depth + 1});
    }
    EXPECT_TRUE(same_box(n.box, want)) << "node " << item.node;
  }
  EXPECT_TRUE(std::all_of(visited.begin(), visited.end(), [](char v) { return v != 0; }));
  std::sort(seen.begin(), seen.end());
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(seen, expected);
  // Median splits: depth ≤ ⌈log2(n / 4)⌉ + 1 (levels counted from 1 at the root).
  const double n = static_cast<double>(expected.size());
  EXPECT_LE(max_depth, std::max(1, static_cast<int>(std::ceil(std::log2(n / kBvhMaxLeafSize))) + 1));
}

std::vector<Aabb> tet_boxes(const TetMesh& mesh) {
  std::vector<Aabb> boxes;
  for (Index t = 0; t < mesh.tet_count(); ++t) boxes.push_back(mesh.tet_bounds(t));
  return boxes;
}

TEST(Bvh, StructureInvariantsOnRandomMeshes) {
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> cells(1, 6);
  for (int s = 0; s < 60; ++s) {
    const TetMesh mesh =
        (s % 2 == 0) ? grid_tet_mesh(cells(rng), cells(rng), cells(rng), Vec3(0.3, 0.2, 0.5), Vec3(1, 2, 3), 0.2, &rng)
                     : random_cloud_tet_mesh(4 + s * 3, 1 + s * 5, 2.0, rng);
    const Bvh bvh = build_bvh(mesh);
    std::vector<Index> all(static_cast<std::size_t>(mesh.tet_count()));
    std::iota(all.begin(), all.end(), 0);
    check_tree(bvh, tet_boxes(mesh), all);
    EXPECT_EQ(bvh.source_element_count, mesh.tet_count());
    // Deterministic: a second build gives the same bytes.
    const Bvh again = build_bvh(mesh);
    ASSERT_EQ(again.nodes.size(), bvh.nodes.size());
    EXPECT_EQ(again.elements, bvh.elements);
    for (std::size_t i = 0; i < bvh.nodes.size(); ++i) {
      EXPECT_TRUE(same_box(again.nodes[i].box, bvh.nodes[i].box));
      EXPECT_EQ(again.nodes[i].first, bvh.nodes[i].first);
      EXPECT_EQ(again.nodes[i].count, bvh.nodes[i].count);
    }
  }
}

TEST(Bvh, TriangleMeshesSubsetsAndDegenerateBoxes) {
  std::mt19937 rng(12);
  const TetMesh tets = grid_tet_mesh(3, 2, 4, Vec3::Constant(0.5), Vec3::Zero(), 0.15, &rng);
  const TriMesh tris = testing::boundary_tri_mesh(tets);
  std::vector<Aabb> tri_boxes;
  for (Index t = 0; t < tris.triangle_count(); ++t) tri_boxes.push_back(tris.triangle_bounds(t));
  std::vector<Index> all(tri_boxes.size());
  std::iota(all.begin(), all.end(), 0);
  check_tree(build_bvh(tris), tri_boxes, all);

  const std::vector<Index> subset = testing::boundary_tets(tets);
  ASSERT_LT(subset.size(), static_cast<std::size_t>(tets.tet_count()));
  const Bvh sub = build_bvh(mesh_elements(tets), subset);
  check_tree(sub, tet_boxes(tets), subset);
  EXPECT_EQ(sub.source_element_count, tets.tet_count());

  // All boxes identical points (zero extent, all centres equal): still a valid balanced tree.
  std::vector<Aabb> points(37, Aabb::from_points(Vec3(1, 1, 1), Vec3(1, 1, 1)));
  std::vector<Index> ids(points.size());
  std::iota(ids.begin(), ids.end(), 0);
  check_tree(build_bvh(points), points, ids);
  // Empty subset and empty input.
  EXPECT_TRUE(build_bvh(points, std::vector<Index>{}).empty());
  EXPECT_TRUE(build_bvh(std::vector<Aabb>{}).empty());
  EXPECT_TRUE(build_bvh(TriMesh{}).bounds().empty());
}

TEST(Bvh, RejectsBadInput) {
  TetMesh mesh;
  mesh.vertices = {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1)};
  mesh.tets = {{0, 1, 2, 3}};
  EXPECT_NO_THROW(build_bvh(mesh));
  TetMesh bad_index = mesh;
  bad_index.tets[0][2] = 7;
  EXPECT_THROW(build_bvh(bad_index), GeometryError);
  TetMesh nan_vertex = mesh;
  nan_vertex.vertices[1].y() = std::nan("");
  EXPECT_THROW(build_bvh(nan_vertex), GeometryError);
  TetMesh inf_vertex = mesh;
  inf_vertex.vertices[3].z() = std::numeric_limits<double>::infinity();
  EXPECT_THROW(build_bvh(inf_vertex), GeometryError);
  EXPECT_THROW(build_bvh(mesh_elements(mesh), std::vector<Index>{1}), InputError);
  EXPECT_THROW(build_bvh(mesh_elements(mesh), std::vector<Index>{-1}), InputError);
  EXPECT_THROW(build_bvh(mesh_elements(mesh), std::vector<Index>{0, 0}), InputError);
  EXPECT_THROW(build_bvh(std::vector<Aabb>{Aabb{}}), GeometryError);  // empty box
}

// The pruning boxes must contain the computed image of every point of the body-frame box, for any
// pose, despite rounding; checked on 3·10^4 cases, many degenerate (flat or point boxes, boxes far
// from the origin, tiny boxes, axis-permuting and identity rotations, huge translations).
TEST(Bvh, ConservativeWorldBoxContainsEveryTransformedPoint) {
  std::mt19937 rng(13);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::uniform_int_distribution<int> pick(0, 5);
  long long cases = 0;
  for (int s = 0; s < 3000; ++s) {
    const double scale = std::pow(10.0, -6.0 + 12.0 * u(rng));
    const Vec3 offset = Vec3(u(rng) - 0.5, u(rng) - 0.5, u(rng) - 0.5) * scale * std::pow(10.0, 6.0 * u(rng));
    Vec3 extent = Vec3(u(rng), u(rng), u(rng)) * scale;
    const int kind = pick(rng);
    if (kind == 1) extent.x() = 0.0;  // flat box
    if (kind == 2) extent.setZero();  // point box
    Transform pose;
    pose.rotation = random_rotation(rng);
    if (kind == 3) pose.rotation = Mat3::Identity();
    if (kind == 4) pose.rotation << 0, 1, 0, 0, 0, 1, 1, 0, 0;  // axis permutation
    pose.translation = Vec3(u(rng) - 0.5, u(rng) - 0.5, u(rng) - 0.5) * scale * std::pow(10.0, 8.0 * u(rng));
    const Aabb box{offset, offset + extent};
    const Aabb world = conservative_world_box(box, pose);
    Aabb exact_ish;  // box of the computed corner images
    for (int p = 0; p < 10; ++p) {
      Vec3 local;
      if (p < 8) {
        local = Vec3((p & 1) ? box.max.x() : box.min.x(), (p & 2) ? box.max.y() : box.min.y(),
                     (p & 4) ? box.max.z() : box.min.z());
      } else {
        local = box.min + Vec3(u(rng), u(rng), u(rng)).cwiseProduct(extent);
        local = local.cwiseMax(box.min).cwiseMin(box.max);
      }
      const Vec3 image = pose.apply(local);
      exact_ish.extend(image);
      EXPECT_TRUE(world.contains(image)) << "case " << s << " point " << p;
      ++cases;
    }
    // ... and stays tight: within a relative 1e-12 of the scale of the numbers involved.
    const double slack = 1e-12 * (pose.translation.norm() + offset.norm() + extent.norm());
    EXPECT_LE((exact_ish.min - world.min).maxCoeff(), slack);
    EXPECT_GE((exact_ish.min - world.min).minCoeff(), 0.0);
    EXPECT_LE((world.max - exact_ish.max).maxCoeff(), slack);
  }
  EXPECT_EQ(cases, 30000);
}

TEST(Bvh, WorldBoundsContainEveryElementWorldBox) {
  std::mt19937 rng(14);
  for (int s = 0; s < 50; ++s) {
    const TetMesh mesh = random_cloud_tet_mesh(30, 60, 3.0, rng);
    const MeshElements elements = mesh_elements(mesh);
    const Bvh bvh = build_bvh(mesh);
    std::uniform_real_distribution<double> u(-1e3, 1e3);
    const Transform pose{random_rotation(rng), Vec3(u(rng), u(rng), u(rng))};
    const Aabb bounds = bvh_world_bounds(bvh, pose);
    for (Index e = 0; e < mesh.tet_count(); ++e) {
      const Aabb box = element_world_box(elements, e, pose, 0.0);
      EXPECT_TRUE(bounds.contains(box.min) && bounds.contains(box.max)) << s << " " << e;
    }
  }
  EXPECT_TRUE(bvh_world_bounds(Bvh{}, Transform::identity()).empty());
}

}  // namespace
}  // namespace contactlab
