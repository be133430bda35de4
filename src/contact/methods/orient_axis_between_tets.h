// Private helper of the surface-based contact methods (Intersection, Closest points): orients a
// contact axis from element A to element B and measures the two tets' overlap along it.
//
// Inputs: a unit axis u (see below for its sign), the world corners of tet A and tet B, two
// antisymmetric hint vectors (ones that negate exactly when A and B are swapped, e.g. nA − nB and
// cB − cA) and the tolerance tol (length). Along ±u, B must move by
//   overlap(+u) = max_A(u·x) − min_B(u·x)   or   overlap(−u) = max_B(u·x) − min_A(u·x)
// to separate (the SAT overlap of the two signs; Erleben 2018 §6, the "overlap measure"). The
// sign with the smaller overlap is the direction A→B. Ties — overlaps within `tol` of each other,
// so that rounding noise never decides — go to the sign with hint·u > tol (first hint, then the
// second), and last (a configuration symmetric in every measure) to +u itself. The caller's u
// must negate exactly when A and B are swapped (the methods pass unit(e_A × e_B) with canonically
// ordered edges), so every decision is mirrored under the swap (the overlaps swap exactly, the
// hints negate exactly, u negates) and the result negates exactly: the methods' symmetry
// requirement; and every rule is frame-independent, so rigid motions move the result along.
// Output: the oriented unit normal and overlap (its smaller value; < 0 when u separates them,
// −overlap is then the gap along the normal).
#pragma once

#include "contactlab/core/types.h"

#include <array>
#include <cstddef>

namespace contactlab::contact_detail {

struct OrientedAxis {
  Vec3 normal = Vec3::Zero();  ///< ±u, from A to B
  double overlap = 0.0;        ///< length; < 0 when the tets are separated along the normal
  bool along_u = true;         ///< normal is +u (else −u)
};

OrientedAxis orient_axis_between_tets(const Vec3& u, const std::array<Vec3, 4>& tet_a, const std::array<Vec3, 4>& tet_b,
                                      const Vec3& hint, const Vec3& second_hint, double tol);

/// A tet's corners by coordinate: the projections of all four on an axis then take two corners per
/// instruction (SSE2), where projecting Vec3 by Vec3 took one; Intersection projects each candidate
/// pair's tets on thousands of axes a query.
struct TetCoordinates {
  alignas(16) std::array<double, 4> x, y, z;
};
inline TetCoordinates tet_coordinates(const std::array<Vec3, 4>& t) {
  TetCoordinates c;
  for (std::size_t i = 0; i < 4; ++i) c.x[i] = t[i].x(), c.y[i] = t[i].y(), c.z[i] = t[i].z();
  return c;
}

/// orient_axis_between_tets on the corners by coordinate: the same result, bit for bit (the same
/// products and sums, u·x = (u_x x + u_y y) + u_z z, and the same extremes).
OrientedAxis orient_axis_between_tets(const Vec3& u, const TetCoordinates& tet_a, const TetCoordinates& tet_b,
                                      const Vec3& hint, const Vec3& second_hint, double tol);

/// Centroid of a tet.
inline Vec3 tet_centroid(const std::array<Vec3, 4>& t) { return 0.25 * ((t[0] + t[1]) + (t[2] + t[3])); }

}  // namespace contactlab::contact_detail
