// The broad phase over a whole scene at its poses (internal to the suite module), as the contact
// pipeline runs it (docs/design.md "Data flow"): one BVH per distinct shape (bodies share shapes
// through shared_ptr, e.g. the wall's 80 bricks), body boxes from bvh_world_bounds →
// candidate_body_pairs → BVH tandem walk candidate_element_pairs, both with the same margin.
// Shared by deepest_overlap / body_pair_overlaps (tets) and derive_ground_truth (surface triangles).
#pragma once

#include "contactlab/broadphase/candidate_element_pairs.h"
#include "contactlab/core/types.h"
#include "contactlab/scene/scene.h"

#include <functional>
#include <vector>

namespace contactlab::suite_detail {

/// Which elements of each body the candidates are: its tets (Shape::tets) or the triangles of the
/// surface the contact methods see (Shape::surface_map.surface).
enum class SceneElements { kTets, kSurfaceTriangles };

/// One candidate body pair and its candidate element pairs.
struct SceneCandidatePair {
  Index a = kInvalidIndex;  ///< a < b, as candidate_body_pairs orders them
  Index b = kInvalidIndex;
  const std::vector<Vec3>* world_a = nullptr;  ///< world positions of body a's element-mesh vertices
  const std::vector<Vec3>* world_b = nullptr;
  std::vector<ElementPair> element_pairs;  ///< (element of a, element of b), candidate_element_pairs order
};

/// Calls `visit` for every body pair whose world boxes come within `margin` (m), in
/// candidate_body_pairs order. Bodies without a shape or without such elements are in no pair.
/// World vertices are computed once per body, when it first appears in a pair. Throws InputError
/// for a non-finite pose or margin (from the broad phase).
void for_each_candidate_pair(const Scene& scene, SceneElements elements, double margin,
                             const std::function<void(const SceneCandidatePair&)>& visit);

}  // namespace contactlab::suite_detail
