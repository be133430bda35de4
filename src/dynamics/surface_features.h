// Small helpers the dynamics module shares (CCD contacts, penalty forces): a surface's edges in the
// order feature references use, and the overlap of two boxes widened by a margin. Closest points of
// segments and of a point and a triangle are geometry's (closest_points_segment_segment.h,
// closest_point_point_triangle.h).
#pragma once

#include "contactlab/core/aabb.h"
#include "contactlab/core/types.h"
#include "contactlab/mesh/tri_mesh.h"

#include <array>
#include <vector>

namespace contactlab {

/// The surface's edges as sorted vertex pairs (smaller first), in build_topology's order (sorted,
/// unique): an edge's index here is its FeatureRef index (mesh/feature_ref.h). build_topology gives
/// the same list with adjacency and edge classes the callers do not need, every step.
std::vector<std::array<Index, 2>> surface_edges(const TriMesh& surface);

/// The boxes overlap once each is widened by `margin` on every side.
inline bool boxes_within(const Aabb& a, const Aabb& b, double margin) {
  for (int k = 0; k < 3; ++k) {
    if (a.min[k] - margin > b.max[k] || b.min[k] - margin > a.max[k]) return false;
  }
  return true;
}

}  // namespace contactlab
