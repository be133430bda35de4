// Intersection of two closed triangles A = (a0, a1, a2) and B = (b0, b1, b2) in 3-D.
//
// The yes/no answer is exact: every decision is the sign of an exact orient3d/orient2d predicate
// (predicates.h), so touching triangles (a shared vertex, a vertex on the other's edge or face, a
// shared edge) count as intersecting and no tolerance is involved. The approach follows the
// observation behind P. Guigue and O. Devillers, "Fast and robust triangle-triangle overlap test
// using orientation predicates", J. Graphics Tools 8(1), 2003: signs of the vertices against the
// other triangle's plane reject most pairs; for non-coplanar triangles the intersection is a
// segment whose endpoints lie on the edges of A or of B, so it is found from the six edge–triangle
// tests (an edge crosses the other triangle iff the line's orientations against the triangle's
// three edges agree; Plücker-coordinate form of the same orient3d signs). Coplanar triangles are
// tested in the coordinate projection where they keep their area (edge crossings and vertex
// containment with orient2d).
//
// Outputs:
//  - `intersect`: the closed triangles share at least one point (exact).
//  - `coplanar`: both triangles are non-degenerate, lie in one plane and overlap (a polygon, of
//    possibly zero area when they only touch); p0, p1 are then not set (use polygon clipping).
//  - p0, p1: otherwise, when `intersect`, the endpoints of the intersection segment (p0 == p1 when
//    it is a single point). Endpoints are interpolated in floating point along the edges, so they
//    lie on both triangles up to rounding (≈ machine epsilon × the coordinates' magnitude).
//
// Collapsed triangles (collinear or coincident corners, detected exactly) are handled as the
// segment or point they are: their intersection with the other triangle (or segment) is reported
// the same way, with `coplanar` false. Inputs must be finite.
#pragma once

#include "contactlab/core/types.h"

namespace contactlab {

struct TriangleTriangleIntersection {
  bool intersect = false;  ///< the closed triangles share a point
  bool coplanar = false;   ///< non-degenerate, coplanar and overlapping; p0, p1 unset
  Vec3 p0 = Vec3::Zero();  ///< first endpoint of the intersection segment
  Vec3 p1 = Vec3::Zero();  ///< second endpoint (equal to p0 for a single point)
};

TriangleTriangleIntersection triangle_triangle_intersection(const Vec3& a0, const Vec3& a1, const Vec3& a2,
                                                            const Vec3& b0, const Vec3& b1, const Vec3& b2);

/// triangle_triangle_intersection(a0, …, b2).intersect, without the intersection segment: where
/// no corner lies on the other triangle's plane, Guigue and Devillers' test itself — the six
/// corner-against-plane signs and two more orientations (eight orient3d) instead of the segment's
/// up to 45 —, exact; every other case (a corner on a plane, coplanar or collapsed triangles, a
/// touch where the two orientations are 0) is answered by triangle_triangle_intersection.
bool triangles_intersect(const Vec3& a0, const Vec3& a1, const Vec3& a2, const Vec3& b0, const Vec3& b1,
                         const Vec3& b2);

}  // namespace contactlab
