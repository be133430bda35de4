// Distance between two convex polyhedra given by their vertices — the GJK algorithm (E. G.
// Gilbert, D. W. Johnson, S. S. Keerthi, "A fast procedure for computing the distance between
// complex objects in three-dimensional space", IEEE J. Robotics and Automation 4(2), 1988), which
// Solfec-1.0 runs first in its convex intersection (seed 004, line 1: "d, p, q = gjk(va, vb)") and
// again to refine a contact's gap (lines 13–15).
//
// Why our own and not libccd (Debian's libccd-dev 2.1): libccd's GJK answers "do they intersect"
// and, with EPA or MPR, a penetration depth; it has no separation distance or closest points,
// which are what both uses above need.
//
// The algorithm: the Minkowski difference A − B is the hull of the points a_i − b_j; GJK walks a
// simplex of at most 4 of its support points towards the point v of A − B nearest the origin
// (|v| is the distance). The nearest point of the simplex is found by its Voronoi regions, with
// closest_point_point_triangle for the triangles (so degenerate simplices are handled there).
// Stop when the support point w in direction −v improves |v|² by no more than
// request.relative_tolerance² · |v|² (then |v| is within that relative tolerance of the
// distance), when the simplex holds the origin (distance 0), when w is already in the simplex,
// or after request.max_iterations.
//
// Frame: the start direction is the difference of the vertex centroids, so the iterations are
// the same (to rounding) in any rigid frame and at any uniform scale. Touching polyhedra give a
// distance of order ε × their size, not necessarily 0; callers compare against a band.
// Inputs must be finite and non-empty (std::invalid_argument otherwise).
#pragma once

#include "contactlab/core/types.h"

#include <span>

namespace contactlab {

struct GjkRequest {
  double relative_tolerance = 1e-12;  ///< stop when |v|² − v·w ≤ tol² |v|²
  int max_iterations = 100;           ///< the simplex search is finite; this only guards rounding loops
};

struct GjkResult {
  double distance = 0.0;        ///< ≥ 0; 0 when the polyhedra intersect
  Vec3 point_a = Vec3::Zero();  ///< a point of A nearest B (a common point when they intersect)
  Vec3 point_b = Vec3::Zero();  ///< a point of B nearest A; point_a − point_b has length `distance`
  int iterations = 0;
  bool converged = true;  ///< false: max_iterations reached (the result is still an upper bound)
};

/// Distance between the convex hulls of `a` and `b`.
GjkResult gjk_distance(std::span<const Vec3> a, std::span<const Vec3> b, const GjkRequest& request = {});

}  // namespace contactlab
