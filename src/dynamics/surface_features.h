// Small geometric helpers the dynamics module shares (CCD contacts, penalty forces): a surface's
// edges in the order feature references use, and the closest points of two segments.
#pragma once

#include "contactlab/core/types.h"
#include "contactlab/mesh/tri_mesh.h"

#include <array>
#include <utility>
#include <vector>

namespace contactlab {

/// The surface's edges as sorted vertex pairs (smaller first), in build_topology's order (sorted,
/// unique): an edge's index here is its FeatureRef index (mesh/feature_ref.h).
std::vector<std::array<Index, 2>> surface_edges(const TriMesh& surface);

/// The closest points of segments [p0, p1] and [q0, q1] (degenerate segments included) and their
/// parameters s, r in [0, 1]: p0 + s (p1 − p0), q0 + r (q1 − q0) (Ericson, "Real-Time Collision
/// Detection", §5.1.9).
struct SegmentClosestPoints {
  Vec3 on_p, on_q;
  double s = 0.0, r = 0.0;
};
SegmentClosestPoints closest_points_of_segments(const Vec3& p0, const Vec3& p1, const Vec3& q0, const Vec3& q1);

/// The barycentric weights (w_a, w_b, w_c) of the point of triangle abc nearest p (Ericson §5.1.5):
/// non-negative, summing to 1. A collapsed triangle: the nearest point of its longest side.
std::array<double, 3> closest_point_weights(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c);

}  // namespace contactlab
