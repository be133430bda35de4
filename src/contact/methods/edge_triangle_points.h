// Private helper of the Opposing and Growth methods (opposing.cpp, growth.cpp): the points where
// a segment (an edge) meets a triangle, robust to an edge lying in the triangle's plane.
//
// The exact segment_triangle_intersection decides whether they meet, but its point is
// interpolated along the edge, which is ill-conditioned when the edge lies in the plane up to
// rounding (e.g. coplanar faces after a rotation): it may then be any point of the common part.
// So: an edge whose two end points are within `tolerance` (absolute length) of the plane of a
// triangle with a unit normal is clipped against the triangle in that plane
// (clip_convex_polygon_in_plane), giving the end points of the common part (projected into the
// plane; none when they do not overlap); otherwise the exact test's crossing point is used.
#pragma once

#include "contactlab/core/types.h"

#include <array>
#include <vector>

namespace contactlab::contact_detail {

/// Appends to `out` the points where segment [p0, p1] meets triangle `tri` (see the file comment).
/// `normal`: the triangle's unit normal, or zero for a zero-area triangle (exact test only).
void append_edge_triangle_points(const Vec3& p0, const Vec3& p1, const std::array<Vec3, 3>& tri, const Vec3& normal,
                                 double tolerance, std::vector<Vec3>& out);

}  // namespace contactlab::contact_detail
