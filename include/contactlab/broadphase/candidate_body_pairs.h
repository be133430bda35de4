// Candidate body pairs of a scene (the first stage of the broad phase).
//
// Definition. Bodies a < b form a candidate pair iff their world boxes, each grown by margin/2 on
// every side, overlap (closed intervals: touching counts), unless `fixed` is given and both are
// fixed. A box that is empty (min > max on some axis) or has a NaN coordinate overlaps nothing;
// infinite coordinates are allowed (a half-space-like body).
//
// Method: sort-and-sweep (sweep and prune; D. Baraff, "Dynamic simulation of non-penetrating
// rigid bodies", PhD thesis, Cornell 1992) on one axis, the one along which the box centres spread
// most; boxes sorted by (min on that axis, index), result sorted by (a, b), so the output does not
// depend on sort stability. Equals brute_force_body_pairs (brute_force.h).
//
// Body boxes: bvh_world_bounds (bvh.h) gives boxes for which this culling never drops an element
// pair of candidate_element_pairs with the same margin.
#pragma once

#include <compare>
#include <span>
#include <vector>

#include "contactlab/core/aabb.h"
#include "contactlab/core/types.h"

namespace contactlab {

/// Indices of two bodies, a < b.
struct BodyPair {
  Index a = kInvalidIndex;
  Index b = kInvalidIndex;
  friend auto operator<=>(const BodyPair&, const BodyPair&) = default;
};

/// Candidate body pairs sorted by (a, b). `fixed` is empty or has one flag per body.
/// Throws InputError if margin is negative or not finite, or `fixed` has the wrong size.
std::vector<BodyPair> candidate_body_pairs(std::span<const Aabb> world_boxes, double margin,
                                           const std::vector<bool>& fixed = {});

}  // namespace contactlab
