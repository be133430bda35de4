// Exact/adaptive orientation predicates (Shewchuk, "Adaptive Precision Floating-Point Arithmetic
// and Fast Robust Geometric Predicates", 1997), as shipped in the TetGen library. Every geometric
// sign decision in contactlab (orientation, side-of-plane, inside-tet) goes through these
// (docs/design.md "Conventions"). The returned value's sign is exact; its magnitude approximates the
// determinant.
#pragma once

#include "contactlab/core/types.h"

namespace contactlab {

/// Positive if a, b, c are in counter-clockwise order, negative if clockwise, zero if collinear.
/// Equals (approximately) twice the signed area of triangle abc.
double orient2d(const Vec2& a, const Vec2& b, const Vec2& c);

/// Shewchuk's orient3d: positive if d lies *below* the plane through a, b, c, where "below" means
/// a, b, c appear counter-clockwise seen from above; zero if coplanar. Equals (approximately)
/// (a−d)·((b−d)×(c−d)) = −6 × the right-handed signed volume of tet (a, b, c, d).
/// Prefer signed_volume_sign() in new code: its sign convention is the right-handed one.
double orient3d(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d);

/// Sign in {−1, 0, +1} of (b−a)·((c−a)×(d−a)) — the right-handed signed volume of tet
/// (a, b, c, d): +1 when d is on the side of the normal (b−a)×(c−a). Exact.
int signed_volume_sign(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d);

/// Sign in {−1, 0, +1} of orient2d.
int orient2d_sign(const Vec2& a, const Vec2& b, const Vec2& c);

/// Exactly collinear in 3-D: (b−a)×(c−a) vanishes iff its three components — the orientations of
/// the projections on the three coordinate planes — all vanish, each decided by orient2d exactly.
bool exactly_collinear(const Vec3& a, const Vec3& b, const Vec3& c);

}  // namespace contactlab
