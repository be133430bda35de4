// Convex hull and area of points in the plane.
//
// convex_hull_2d: Andrew's monotone chain (A. M. Andrew, "Another efficient algorithm for convex
// hulls in two dimensions", Inf. Proc. Letters 9(5), 1979), O(n log n), with every turn decided by
// the exact orient2d predicate. Output: the hull's corners in counter-clockwise order starting at
// the lexicographically smallest point (x, then y), without repeated or collinear corners.
// Degenerate input: no points → empty; all points equal → that one point; all points collinear →
// the two extreme points. Points with NaN coordinates are ignored.
#pragma once

#include "contactlab/core/types.h"

#include <span>
#include <vector>

namespace contactlab {

std::vector<Vec2> convex_hull_2d(std::span<const Vec2> points);

/// Signed area of a simple polygon by the shoelace formula: positive for counter-clockwise corners.
/// Fewer than 3 corners → 0.
double polygon_signed_area(std::span<const Vec2> polygon);

/// Area of the convex hull of `points` (≥ 0).
double convex_hull_area_2d(std::span<const Vec2> points);

}  // namespace contactlab
