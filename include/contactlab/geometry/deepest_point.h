// The deepest point of an intersection of half-spaces: the x that maximises the least slack
// min_i (h_i − n_i · x) over planes n_i · x ≤ h_i with unit normals — the centre of the largest
// ball inside (the Chebyshev centre). Solfec's convex intersection needs a point inside both
// polyhedra and "refines" the one GJK gives by "pushing it deeper inside" (seed 004, line 4); this
// is the deepest such point, found exactly as the linear program
//     maximise t  subject to  n_i · x + t ≤ h_i,
// solved through its dual, minimise Σ y_i h_i subject to Σ y_i n_i = 0, Σ y_i = 1, y ≥ 0
// (4 equality rows, one column per plane), by the two-phase simplex method with Bland's rule (no
// cycling on the many degenerate pivots of planes through one point). The optimal basis's 4
// planes hold with equality at the optimum: their 4×4 system gives (x, t). That point is checked —
// a regular basis, no plane's slack below t by more than 1e-12 of the offsets — and where the check
// fails (two planes equal up to rounding, as flush faces of touching tets, both in a basis after a
// tiny pivot: a singular system), the optimum is found by brute force instead, over every 4 planes'
// vertex of the primal (C(m, 4) 4×4 solves; 70 for two tets).
//
// Why our own: the LP has 4 rows and a handful of columns (8 for two tets); a dense tableau is a
// few hundred flops, where a general LP library's set-up alone costs more than the whole solve.
//
// Result: `depth` = t* — > 0 when the half-spaces have a common interior (the ball's radius),
// 0 when they meet only in a lower-dimensional set (touching), < 0 when they have no common
// point (−depth is the least amount by which every plane must be pushed out for one).
// `bounded` is false when the normals do not surround the origin (the intersection is unbounded
// or no plane is given): then `point` is the reference and `depth` is +∞ for an empty list.
// Frame: computed relative to `reference` (pass a point near the planes, e.g. a vertex centroid,
// to keep offsets small); the answer is the same point in any rigid frame up to rounding, but
// where the optimum is not unique (a slab: any point of its mid-plane) the simplex's choice is.
#pragma once

#include "contactlab/geometry/convex_polyhedron.h"

#include <span>

namespace contactlab {

struct DeepestPoint {
  Vec3 point = Vec3::Zero();
  double depth = 0.0;
  bool bounded = false;
};

DeepestPoint deepest_point(std::span<const HalfSpace> planes, const Vec3& reference = Vec3::Zero());

}  // namespace contactlab
