// Geometry of the measures (docs/suite.md "Measures"; Erleben 2018 §5, Eq. (3)): the area of the convex
// hull of contact points projected on a plane, that hull clipped to a true contact polygon, and the
// distance from a point to a true contact region. A contact region is the convex hull of its
// corners (ground_truth.h): one corner is a point, two a segment, three or more a planar convex
// polygon. Lengths in the caller's unit, areas in its square.
#pragma once

#include "contactlab/core/types.h"

#include <span>

namespace contactlab {

/// Area of the convex hull of `points` projected orthogonally on the plane ⊥ `normal` (the paper's
/// A_R of Eq. (3)). `normal` need not be unit; a zero or non-finite normal gives 0. Fewer than 3
/// points, or points whose projections are collinear or coincide, give 0 (never NaN). Points with
/// non-finite coordinates are ignored.
double projected_hull_area(std::span<const Vec3> points, const Vec3& normal);

/// The same hull intersected with the projection of the convex hull of `region` on that plane:
/// the part of the contact points' hull that lies over the true contact polygon. 0 when either
/// hull has no area.
double projected_hull_area_clipped(std::span<const Vec3> points, std::span<const Vec3> region, const Vec3& normal);

/// Euclidean distance from `p` to the convex hull of `region`: a point (one corner), a segment (two,
/// or more on one line), or a planar convex polygon (corners in any order; points off its plane by
/// rounding are taken on the plane through the first corner spanned by the two corners farthest
/// from it and from their line). An empty region gives +∞.
double distance_to_contact_region(const Vec3& p, std::span<const Vec3> region);

}  // namespace contactlab
