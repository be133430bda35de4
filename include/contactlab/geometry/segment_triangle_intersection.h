// segment_triangle_intersection: does a closed segment meet a closed triangle, and where?
//
// Inputs: segment from p0 to p1 and triangle (a, b, c), one length unit throughout, any winding.
// Zero-length segments and degenerate triangles (collinear or coincident corners) are allowed.
// Output (SegmentTriangleIntersection): whether they share a point, a common point and its
// parameter on the segment, and whether the segment lies in the triangle's plane.
//
// The yes/no decision is exact: it is made only from signs of Shewchuk's orient3d/orient2d
// (predicates.h), so touching counts as intersecting (an end point on the triangle, the segment
// through a vertex or along an edge) and the answer is invariant under swapping p0/p1 or
// permuting a, b, c. Only the returned point is computed in floating point (it lies on both within
// rounding). Method: both end points strictly on one side of the plane ⇒ disjoint; otherwise, for
// a segment not in the plane, the line pierces the closed triangle iff the three signed volumes
// (p0, p1, a, b), (p0, p1, b, c), (p0, p1, c, a) do not have strictly mixed signs (the Plücker-
// coordinate side test, e.g. Segura & Feito 2001); in the coplanar case the problem is projected
// exactly onto a coordinate plane where it stays non-degenerate and solved with orient2d (an end
// point inside, or a boundary edge crossed). A collinear triangle is the segment between its two
// farthest corners.
#pragma once

#include "contactlab/core/types.h"

namespace contactlab {

struct SegmentTriangleIntersection {
  /// The closed segment and the closed triangle share at least one point (exact decision).
  bool intersects = false;
  /// Both end points lie exactly in the triangle's plane (always true for a collinear triangle,
  /// which spans no plane). Set whether or not they intersect.
  bool coplanar = false;
  /// When intersects: a common point. Crossing a plane: where the segment crosses it; coplanar: the
  /// middle of the part of the segment inside the triangle. Zero otherwise.
  Vec3 point = Vec3::Zero();
  /// point ≈ p0 + segment_parameter (p1 − p0), in [0, 1]; 0 when not intersecting.
  double segment_parameter = 0.0;
};

/// Intersection of the closed segment [p0, p1] with the closed triangle (a, b, c).
SegmentTriangleIntersection segment_triangle_intersection(const Vec3& p0, const Vec3& p1, const Vec3& a, const Vec3& b,
                                                          const Vec3& c);

}  // namespace contactlab
