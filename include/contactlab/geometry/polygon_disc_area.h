// The area a polygon shares with a disc (issue 19: the rounded-triangle model's contact area, the
// overlap of two projected triangles inside their spheres' contact circle, seed 000 Figure S2).
//
// The polygon's signed area is the sum over its edges (a, b) of the signed triangles (o, a, b) with
// o the disc's centre; the disc cuts each such triangle into pieces inside the circle (straight:
// a triangle's signed area ½ a × b) and pieces outside it (the circle bounds them: a sector's
// signed area ½ r² θ, θ the signed angle from a to b). An edge is split where it crosses the circle
// (the roots of |a + t (b − a)|² = r² in [0, 1]). Exact for any simple polygon, either orientation.
#pragma once

#include "contactlab/core/types.h"

#include <span>

namespace contactlab {

/// |polygon ∩ disc(centre, radius)| ≥ 0. Fewer than 3 corners, or radius ≤ 0: 0.
double polygon_disc_area(std::span<const Vec2> polygon, const Vec2& centre, double radius);

}  // namespace contactlab
