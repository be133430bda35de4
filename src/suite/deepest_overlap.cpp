// deepest_overlap (planar_interfaces.h): the largest tet–tet SAT penetration depth in a scene, and
// body_pair_overlaps (body_pair_overlaps.h): the same per body pair, for derive_ground_truth.
//
// Broad phase as the contact pipeline does it (docs/design.md "Data flow"): one tet BVH per distinct shape
// (bodies share shapes through shared_ptr, e.g. the wall's 80 bricks), body boxes from
// bvh_world_bounds → candidate_body_pairs (margin 0: touching boxes count) → BVH tandem walk
// candidate_element_pairs (margin 0). Every candidate tet pair is tested with tet_tet_sat (default
// request: touching band 1e-9 × the pair's size); the result is the largest `depth` over pairs that
// are not separated. For two convex tets the SAT least overlap over the face normals and edge-edge
// cross products is their exact penetration depth (the shortest translation that separates them).
//
// Exactly touching bodies therefore give at most the SAT touching band (≈ 1e-9 × a tet's size),
// not necessarily 0. A scene with fewer than two bodies, or bodies without tets, gives 0.
// Throws InputError if a pose is not finite (from the broad phase).
#include "contactlab/suite/planar_interfaces.h"

#include "body_pair_overlaps.h"
#include "contactlab/broadphase/bvh.h"
#include "contactlab/broadphase/candidate_body_pairs.h"
#include "contactlab/broadphase/candidate_element_pairs.h"
#include "contactlab/broadphase/mesh_elements.h"
#include "contactlab/geometry/tet_tet_sat.h"

#include <algorithm>
#include <array>
#include <map>
#include <vector>

namespace contactlab {
namespace suite_detail {

std::vector<BodyPairOverlap> body_pair_overlaps(const Scene& scene) {
  std::map<const Shape*, Bvh> trees;
  const std::size_t n = scene.bodies.size();
  std::vector<const Bvh*> body_trees(n, nullptr);
  std::vector<Transform> poses(n);
  std::vector<Aabb> boxes(n);
  for (std::size_t i = 0; i < n; ++i) {
    const Body& body = scene.bodies[i];
    if (!body.shape || body.shape->tets.tets.empty()) continue;  // empty box: in no pair
    auto [it, inserted] = trees.try_emplace(body.shape.get());
    if (inserted) it->second = build_bvh(body.shape->tets);
    body_trees[i] = &it->second;
    poses[i] = body.pose();
    boxes[i] = bvh_world_bounds(it->second, poses[i]);
  }

  // World positions of a body's tet vertices, computed when the body first appears in a pair.
  std::vector<std::vector<Vec3>> world(n);
  auto world_vertices = [&](Index i) -> const std::vector<Vec3>& {
    std::vector<Vec3>& w = world[i];
    if (w.empty()) {
      const std::vector<Vec3>& local = scene.bodies[i].shape->tets.vertices;
      w.reserve(local.size());
      for (const Vec3& v : local) w.push_back(poses[i].apply(v));
    }
    return w;
  };

  std::vector<BodyPairOverlap> result;
  for (const BodyPair& pair : candidate_body_pairs(boxes, 0.0)) {
    const TetMesh& mesh_a = scene.bodies[pair.a].shape->tets;
    const TetMesh& mesh_b = scene.bodies[pair.b].shape->tets;
    const PosedBody a{body_trees[pair.a], mesh_elements(mesh_a), poses[pair.a]};
    const PosedBody b{body_trees[pair.b], mesh_elements(mesh_b), poses[pair.b]};
    const std::vector<Vec3>& world_a = world_vertices(pair.a);
    const std::vector<Vec3>& world_b = world_vertices(pair.b);
    bool overlapping = false;
    double deepest = 0.0;
    for (const ElementPair& ep : candidate_element_pairs(a, b, 0.0)) {
      std::array<Vec3, 4> ta, tb;
      for (int c = 0; c < 4; ++c) {
        ta[c] = world_a[mesh_a.tets[ep.a][c]];
        tb[c] = world_b[mesh_b.tets[ep.b][c]];
      }
      const TetTetSatResult sat = tet_tet_sat(ta, tb);
      if (sat.separated) continue;
      overlapping = true;
      deepest = std::max(deepest, sat.depth);
    }
    if (overlapping) result.push_back({pair.a, pair.b, deepest});
  }
  return result;
}

}  // namespace suite_detail

double deepest_overlap(const Scene& scene) {
  double deepest = 0.0;
  for (const suite_detail::BodyPairOverlap& pair : suite_detail::body_pair_overlaps(scene)) {
    deepest = std::max(deepest, pair.depth);
  }
  return deepest;
}

}  // namespace contactlab
