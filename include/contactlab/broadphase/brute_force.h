// Brute-force references for the broad phase: every pair tested, no hierarchy, no sorting tricks.
// Tests and benchmarks compare candidate_element_pairs / candidate_body_pairs against these; they
// use the same pair definitions (see those headers) and return the same sorted order.
#pragma once

#include <span>
#include <vector>

#include "contactlab/broadphase/candidate_body_pairs.h"
#include "contactlab/broadphase/candidate_element_pairs.h"
#include "contactlab/broadphase/mesh_elements.h"
#include "contactlab/core/aabb.h"
#include "contactlab/core/transform.h"

namespace contactlab {

/// All (i, j) over every element i of `a` and j of `b` whose candidate boxes overlap;
/// sorted by (i, j). O(n_a · n_b) box tests.
std::vector<ElementPair> brute_force_element_pairs(const MeshElements& a, const Transform& pose_a,
                                                   const MeshElements& b, const Transform& pose_b, double margin);
/// The same over the element subsets `elements_a` of a and `elements_b` of b (e.g. Bvh::elements).
std::vector<ElementPair> brute_force_element_pairs(const MeshElements& a, const Transform& pose_a,
                                                   std::span<const Index> elements_a, const MeshElements& b,
                                                   const Transform& pose_b, std::span<const Index> elements_b,
                                                   double margin);

/// All body pairs a < b by the definition of candidate_body_pairs; O(n²) box tests.
std::vector<BodyPair> brute_force_body_pairs(std::span<const Aabb> world_boxes, double margin,
                                             const std::vector<bool>& fixed = {});

}  // namespace contactlab
