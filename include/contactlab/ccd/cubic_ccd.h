// The seed's CCD (seed 003 §1.2), kept as the baseline the benchmark compares against: the four
// points become coplanar when the cubic f(t) = (x1(t) − x0(t)) · ((x2(t) − x0(t)) × (x3(t) − x0(t)))
// vanishes; its roots in [0, 1], in increasing order, are tested with the inside test at that time
// (vertex–face: the vertex's barycentric coordinates in the triangle all ≥ 0; edge–edge: the two
// segments' closest points inside both and within a relative 1e-12 of each other), and the first
// root that passes is the time of impact.
//
// Plain floating point, as the seed states it: roots are found on the monotone pieces between the
// cubic's critical points by bisection, and the inside tests have no tolerance. It misses
// collisions: a root the rounding moves off the feature, a double root that never changes sign,
// and motion that is coplanar throughout (f ≡ 0 to rounding: reported as no collision). It has no
// minimum separation. The benchmark counts its misses (bench/ccd_bench, `contactlab ccd --method
// cubic`).
#pragma once

#include "contactlab/ccd/ccd_query.h"

namespace contactlab {

/// The cubic-root CCD of `query` (min_separation and the search limits of CcdRequest do not apply).
CcdResult cubic_ccd(const CcdQuery& query);

}  // namespace contactlab
