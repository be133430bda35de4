// The large overlapping pair shared by the benchmarks (broadphase_bench, methods_bench), so both
// time the same configuration: two jittered grid tet meshes (tests/broadphase/grid_mesh.h) of
// cells × cells × (cells + cells/6) cells × 6 Kuhn tets, cell size 1/cells (each body about
// 1 × 1 × 1.17), vertices jittered by up to 0.2 cells per axis. A sits at the identity; B is
// rotated by 30° about (1, 1, 1) about its own centre and moved 2/3 of the size along +x, so the two
// overlap over about a third of their extent: a large share of both surfaces cut through the other
// body, neither a corner touch nor containment. cells = 12 gives 12096 tets per body.
#pragma once

#include <numbers>
#include <random>

#include "broadphase/grid_mesh.h"
#include "contactlab/core/transform.h"
#include "contactlab/mesh/tet_mesh.h"

namespace contactlab::bench {

struct OverlappingGridPair {
  TetMesh mesh_a, mesh_b;  ///< body frame
  Transform pose_a, pose_b;
};

inline OverlappingGridPair overlapping_grid_pair(int cells) {
  std::mt19937 rng(2024);
  const int nx = cells, ny = cells, nz = cells + cells / 6;
  const Vec3 h = Vec3::Constant(1.0 / static_cast<double>(cells));
  OverlappingGridPair pair;
  pair.mesh_a = testing::grid_tet_mesh(nx, ny, nz, h, Vec3::Zero(), 0.2, &rng);
  pair.mesh_b = testing::grid_tet_mesh(nx, ny, nz, h, Vec3::Zero(), 0.2, &rng);
  const Vec3 centre = pair.mesh_b.bounds().center();
  const Mat3 r = Eigen::AngleAxisd(std::numbers::pi / 6.0, Vec3(1, 1, 1).normalized()).toRotationMatrix();
  pair.pose_a = Transform::identity();
  pair.pose_b.rotation = r;
  pair.pose_b.translation = centre - r * centre + Vec3(2.0 / 3.0, 0.0, 0.0);
  return pair;
}

}  // namespace contactlab::bench
