// The exact CCD verdict (issue 18): does a query's vertex touch its triangle, or its edges touch,
// at some t in [0, 1]? Decided in rational arithmetic (GMP) from the query's doubles, with no
// tolerance and no rounding: the oracle the tests measure the floating-point methods against.
//
// With every point moving linearly, the contact condition is r(t) = u e1(t) + v e2(t) for some
// (u, v) in the feature's parameter domain P — vertex–face: r = p − a, e1 = b − a, e2 = c − a,
// P the triangle u, v ≥ 0, u + v ≤ 1; edge–edge: r = b0 − a0, e1 = a1 − a0, e2 = b0 − b1, P the
// square [0, 1]². With n = e1 × e2 and N = |n|², it holds at t exactly when one of
//   1. N > 0, r · n = 0 (coplanar) and the solution u = U/N, v = V/N — U = (r × e2) · n,
//      V = (e1 × r) · n (Cramer's rule) — lies in P: U, V ≥ 0 and N − U − V ≥ 0 (triangle), or
//      N − U ≥ 0 and N − V ≥ 0 (square);
//   2. n = 0, e1 ≠ 0 (the image of P is a segment along e1, e2 = λ e1): r × e1 = 0 and
//      s = r·e1 / |e1|² lies in the hull of the images of P's corners, {0, 1, λ} (triangle) or
//      {0, 1, λ, 1 + λ} (square), λ = e1·e2 / |e1|² — s between some two of them;
//   3. e1 = 0, e2 ≠ 0: r × e2 = 0 and 0 ≤ r · e2 ≤ |e2|²;
//   4. e1 = e2 = 0: r = 0.
// Each case is a conjunction of sign conditions on polynomials in t with rational coefficients
// (degree ≤ 4). Whether one holds somewhere in [0, 1] is decided exactly: when an equation's
// polynomial is not identically zero, at the real roots of the equations' gcd (isolated by Sturm
// sequences, signs at an algebraic root by gcd and interval refinement); otherwise at 0, 1 and every
// root of the inequalities' polynomials, and just to the right and left of each (the sign there is
// that of the first non-vanishing derivative) — every connected part of the solution set has such
// a point. Slow (tens of microseconds a query): for tests and for checking files' ground truth.
#pragma once

#include "contactlab/ccd/ccd_query.h"

namespace contactlab {

/// True when the query's features touch (distance exactly 0) at some t in [0, 1], decided exactly.
/// Inputs must be finite (std::invalid_argument otherwise).
bool exact_ccd(const CcdQuery& query);

}  // namespace contactlab
