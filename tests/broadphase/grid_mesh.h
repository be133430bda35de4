// Header-only generators of test and benchmark meshes for the broad phase: jittered grid tet
// meshes (6 Kuhn tets per cell), random point-cloud tet meshes (small tets over nearby points),
// the boundary triangles of a tet mesh, and random rotations. Shared by tests/broadphase and
// bench/broadphase_bench.cpp so both run on the same scenes.
#pragma once

#include <algorithm>
#include <array>
#include <map>
#include <numeric>
#include <random>
#include <utility>
#include <vector>

#include "contactlab/core/transform.h"
#include "contactlab/core/types.h"
#include "contactlab/mesh/tet_mesh.h"
#include "contactlab/mesh/tri_mesh.h"

namespace contactlab::testing {

/// Swaps two corners of every negatively oriented tet so that all have volume ≥ 0.
inline void orient_tets_positively(TetMesh& mesh) {
  for (Index t = 0; t < mesh.tet_count(); ++t) {
    if (mesh.signed_volume(t) < 0.0) std::swap(mesh.tets[t][2], mesh.tets[t][3]);
  }
}

/// Grid of nx × ny × nz cells of size `spacing` from `origin`, each cell cut into the 6 Kuhn tets
/// around its main diagonal (conforming across cells). Every vertex is moved by a uniform random
/// offset in [−jitter, jitter] × spacing per axis (jitter < 0.25 keeps the tets non-inverted
/// before orientation; jitter = 0 leaves the vertices exactly on the grid, so dyadic spacing and
/// origin give dyadic coordinates).
inline TetMesh grid_tet_mesh(int nx, int ny, int nz, const Vec3& spacing, const Vec3& origin, double jitter,
                             std::mt19937* rng) {
  TetMesh mesh;
  auto id = [&](int i, int j, int k) { return static_cast<Index>((k * (ny + 1) + j) * (nx + 1) + i); };
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int k = 0; k <= nz; ++k) {
    for (int j = 0; j <= ny; ++j) {
      for (int i = 0; i <= nx; ++i) {
        Vec3 p = origin + Vec3(i * spacing.x(), j * spacing.y(), k * spacing.z());
        if (jitter > 0.0 && rng != nullptr) {
          p += jitter * Vec3(u(*rng) * spacing.x(), u(*rng) * spacing.y(), u(*rng) * spacing.z());
        }
        mesh.vertices.push_back(p);
      }
    }
  }
  // Kuhn subdivision: tet = path 000 → 111 adding the axes in each of the 6 orders.
  static constexpr std::array<std::array<int, 3>, 6> kOrders{
      {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};
  for (int k = 0; k < nz; ++k) {
    for (int j = 0; j < ny; ++j) {
      for (int i = 0; i < nx; ++i) {
        for (const auto& order : kOrders) {
          std::array<int, 3> c{i, j, k};
          Tet tet{};
          tet[0] = id(c[0], c[1], c[2]);
          for (int s = 0; s < 3; ++s) {
            ++c[order[s]];
            tet[s + 1] = id(c[0], c[1], c[2]);
          }
          mesh.tets.push_back(tet);
        }
      }
    }
  }
  orient_tets_positively(mesh);
  return mesh;
}

/// `point_count` uniform random points in the box [0, size]³ and `tet_count` small random tets,
/// each over a random point and 3 distinct points among its 8 nearest neighbours (so tets are
/// small, may overlap each other and may be slivers or flat: fine for the broad phase).
/// Needs point_count ≥ 4.
inline TetMesh random_cloud_tet_mesh(int point_count, int tet_count, double size, std::mt19937& rng) {
  TetMesh mesh;
  std::uniform_real_distribution<double> u(0.0, size);
  for (int i = 0; i < point_count; ++i) mesh.vertices.emplace_back(u(rng), u(rng), u(rng));
  const int k = std::min(8, point_count - 1);
  std::uniform_int_distribution<int> pick_point(0, point_count - 1);
  std::vector<int> order(static_cast<std::size_t>(point_count));
  for (int t = 0; t < tet_count; ++t) {
    const int p = pick_point(rng);
    std::iota(order.begin(), order.end(), 0);
    const Vec3 c = mesh.vertices[p];
    std::partial_sort(order.begin(), order.begin() + k + 1, order.end(), [&](int x, int y) {
      const double dx = (mesh.vertices[x] - c).squaredNorm();
      const double dy = (mesh.vertices[y] - c).squaredNorm();
      return dx < dy || (dx == dy && x < y);
    });
    // order[0] is p itself; choose 3 of the next k.
    std::vector<int> near(order.begin() + 1, order.begin() + k + 1);
    std::shuffle(near.begin(), near.end(), rng);
    mesh.tets.push_back({p, near[0], near[1], near[2]});
  }
  orient_tets_positively(mesh);
  return mesh;
}

/// The boundary triangles of a tet mesh (faces used by exactly one tet), outward oriented,
/// in tet order; the vertices are shared with the tet mesh.
inline TriMesh boundary_tri_mesh(const TetMesh& mesh) {
  std::map<std::array<Index, 3>, int> uses;
  auto key = [](Triangle f) {
    std::sort(f.begin(), f.end());
    return std::array<Index, 3>{f[0], f[1], f[2]};
  };
  for (Index t = 0; t < mesh.tet_count(); ++t) {
    for (int f = 0; f < 4; ++f) ++uses[key(mesh.face(t, f))];
  }
  TriMesh tri;
  tri.vertices = mesh.vertices;
  for (Index t = 0; t < mesh.tet_count(); ++t) {
    for (int f = 0; f < 4; ++f) {
      if (uses[key(mesh.face(t, f))] == 1) tri.triangles.push_back(mesh.face(t, f));
    }
  }
  return tri;
}

/// Indices of the tets with at least one boundary face.
inline std::vector<Index> boundary_tets(const TetMesh& mesh) {
  std::map<std::array<Index, 3>, int> uses;
  auto key = [](Triangle f) {
    std::sort(f.begin(), f.end());
    return std::array<Index, 3>{f[0], f[1], f[2]};
  };
  for (Index t = 0; t < mesh.tet_count(); ++t) {
    for (int f = 0; f < 4; ++f) ++uses[key(mesh.face(t, f))];
  }
  std::vector<Index> result;
  for (Index t = 0; t < mesh.tet_count(); ++t) {
    for (int f = 0; f < 4; ++f) {
      if (uses[key(mesh.face(t, f))] == 1) {
        result.push_back(t);
        break;
      }
    }
  }
  return result;
}

/// Uniformly distributed random rotation (normalised Gaussian quaternion).
inline Mat3 random_rotation(std::mt19937& rng) {
  std::normal_distribution<double> n(0.0, 1.0);
  Quat q(n(rng), n(rng), n(rng), n(rng));
  if (q.norm() < 1e-12) q = Quat::Identity();
  return q.normalized().toRotationMatrix();
}

}  // namespace contactlab::testing
