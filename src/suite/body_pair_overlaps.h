// Per body pair tet–tet overlap depths (internal to the suite module): what deepest_overlap reduces
// to one number and derive_ground_truth reports per pair (deepest_overlap.cpp).
#pragma once

#include "contactlab/core/types.h"
#include "contactlab/scene/scene.h"

#include <vector>

namespace contactlab::suite_detail {

struct BodyPairOverlap {
  Index a = kInvalidIndex;  ///< a < b
  Index b = kInvalidIndex;
  double depth = 0.0;  ///< the largest tet–tet SAT depth over the pair's non-separated tet pairs, m
};

/// Every candidate body pair (boxes touching) with at least one non-separated tet pair, sorted by
/// (a, b), with its deepest SAT penetration. See deepest_overlap (planar_interfaces.h).
std::vector<BodyPairOverlap> body_pair_overlaps(const Scene& scene);

}  // namespace contactlab::suite_detail
