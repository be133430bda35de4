// Intersection of two convex polygons by Sutherland–Hodgman clipping (I. E. Sutherland and
// G. W. Hodgman, "Reentrant polygon clipping", CACM 17(1), 1974): the subject is clipped in turn by
// the half-plane left of each edge of the clip polygon. Inside/outside decisions use the exact
// orient2d predicate (a corner exactly on a clip edge is kept); crossing points are interpolated in
// floating point.
//
// Inputs: convex polygons as corner lists, either orientation (the clip polygon is reoriented to
// counter-clockwise internally). Output: the intersection's corners in the subject's orientation,
// consecutive duplicates removed. It may be degenerate (two corners, or collinear ones) when the
// polygons only touch along an edge or at a corner. A clip polygon with fewer than 3 corners or
// zero area gives an empty result.
#pragma once

#include "contactlab/core/types.h"

#include <span>
#include <vector>

namespace contactlab {

std::vector<Vec2> clip_convex_polygon(std::span<const Vec2> subject, std::span<const Vec2> clip);

/// The same for polygons in 3-D lying (approximately) in planes perpendicular to the unit `normal`:
/// both are projected orthogonally onto the plane through clip[0] with that normal, clipped there,
/// and the result is returned as points on that plane.
std::vector<Vec3> clip_convex_polygon_in_plane(std::span<const Vec3> subject, std::span<const Vec3> clip,
                                               const Vec3& normal);

}  // namespace contactlab
