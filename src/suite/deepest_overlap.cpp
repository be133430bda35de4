// deepest_overlap (planar_interfaces.h): the largest tet–tet SAT penetration depth in a scene, and
// body_pair_overlaps (body_pair_overlaps.h): the same per body pair, for derive_ground_truth.
//
// Broad phase over the scene's tets with margin 0 (touching boxes count; scene_candidate_pairs.h,
// as the contact pipeline runs it). Every candidate tet pair is tested with tet_tet_sat (default
// request: touching band 1e-9 × the pair's size); the result is the largest `depth` over pairs that
// are not separated. For two convex tets the SAT least overlap over the face normals and edge-edge
// cross products is their exact penetration depth (the shortest translation that separates them).
//
// Exactly touching bodies therefore give at most the SAT touching band (≈ 1e-9 × a tet's size),
// not necessarily 0. A scene with fewer than two bodies, or bodies without tets, gives 0.
// Throws InputError if a pose is not finite (from the broad phase).
#include "contactlab/suite/planar_interfaces.h"

#include "body_pair_overlaps.h"
#include "contactlab/geometry/tet_tet_sat.h"
#include "scene_candidate_pairs.h"

#include <algorithm>
#include <array>
#include <vector>

namespace contactlab {
namespace suite_detail {

std::vector<BodyPairOverlap> body_pair_overlaps(const Scene& scene) {
  std::vector<BodyPairOverlap> result;
  for_each_candidate_pair(scene, SceneElements::kTets, 0.0, [&](const SceneCandidatePair& pair) {
    const TetMesh& mesh_a = scene.bodies[pair.a].shape->tets;
    const TetMesh& mesh_b = scene.bodies[pair.b].shape->tets;
    bool overlapping = false;
    double deepest = 0.0;
    for (const ElementPair& ep : pair.element_pairs) {
      std::array<Vec3, 4> ta, tb;
      for (int c = 0; c < 4; ++c) {
        ta[c] = (*pair.world_a)[mesh_a.tets[ep.a][c]];
        tb[c] = (*pair.world_b)[mesh_b.tets[ep.b][c]];
      }
      const TetTetSatResult sat = tet_tet_sat(ta, tb);
      if (sat.separated) continue;
      overlapping = true;
      deepest = std::max(deepest, sat.depth);
    }
    if (overlapping) result.push_back({pair.a, pair.b, deepest});
  });
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
