// Private helper of the Closest points method (closest_points.cpp, docs/methods.md §2): a cheap,
// conservative answer to "would the (E,E) test find these edges' closest points at an end?",
// asked before the segment–segment query.
//
// Closest points makes an (E,E) contact only from closest points inside both edges, farther than
// the band tol from their ends (an end is a vertex against an edge, which its (V,F) pairs report).
// Edges meeting at a corner — most (E,E) pairs on stacked blocks and arches — end there, and the
// query that finds it is the method's costliest step. The lines' closest points have a closed
// form; where its rounding, and the query's, are certainly below half the band, an estimate within
// tol/2 of an end tells the answer without the query. Elsewhere it answers false and the query
// decides, so no contact ever changes.
#pragma once

#include "contactlab/core/types.h"

#include <limits>

namespace contactlab::contact_detail {

/// Whether the closest points of the edges a0 + s·da and b0 + t·db (s, t in [0, 1]) certainly lie
/// within tol of an end of one of them — so that closest_points_segment_segment would return
/// s·|da| ≤ tol, (1 − s)·|da| ≤ tol, t·|db| ≤ tol or (1 − t)·|db| ≤ tol. `between` = b0 − a0,
/// `cross` = da × db with norm `cross_norm` (the edges not parallel: cross_norm > 0), `length_a`
/// = |da|, `length_b` = |db|. False means "not known": the caller runs the query.
///
/// The lines' closest points are at s = (between × db)·cross / |cross|² and t = (between × da)·cross
/// / |cross|². Closest points inside both segments are the lines' and the query returns them
/// unclamped (a clamp puts one at an end). Both this estimate and the query's values of s·|da| and
/// t·|db| are within δ ≈ 40 ε_mach (|between| / sin²θ + (|da| + |db|) / sin θ) of the exact ones,
/// where sin θ = |cross| / (|da| |db|) (the cross product of the directions carries the
/// cancellation). Where 10 δ is at most tol/2, an estimate within tol/2 of an end (or beyond it)
/// puts the query's value within tol of that end. (Inline: asked for every (E,E) pair that passes
/// the boxes.)
inline bool ends_within_half_band(const Vec3& between, const Vec3& da, const Vec3& db, const Vec3& cross,
                                  double cross_norm, double length_a, double length_b, double tol) {
  const double sine = cross_norm / (length_a * length_b);
  constexpr double kRounding = 400.0 * std::numeric_limits<double>::epsilon();  // 10 δ's constant
  const double half = 0.5 * tol;
  if (!(kRounding * (between.norm() / (sine * sine) + (length_a + length_b) / sine) <= half)) return false;
  const double squared = cross_norm * cross_norm;
  const double along_a = between.cross(db).dot(cross) / squared * length_a;  // s·|da|
  const double along_b = between.cross(da).dot(cross) / squared * length_b;  // t·|db|
  return along_a <= half || length_a - along_a <= half || along_b <= half || length_b - along_b <= half;
}

}  // namespace contactlab::contact_detail
