// A cheap, one-sided proof that a point lies within a distance of a triangle: "yes" only where the
// floating-point inputs' exact distance is certainly within it, "don't know" otherwise. For a caller
// that must answer "within `reach` of the closed triangle?" for many points, mostly well inside
// the band (Intersection's pitfall guard: points on a resting block's face), the proof replaces
// closest_point_point_triangle's region search where it succeeds, and that exact query remains
// for the rest — so the answers are those of the exact distance wherever the proof holds.
//
// The proof. Let n = (c1 − c0) × (c2 − c0), out_k = (c_{k+1} − c_k) × n the in-plane outward
// normals of the edges, θ_min the triangle's smallest angle. If p is within h of the plane and
// its projection q lies within δ outside every edge's line, q lies in the triangle grown by δ (the
// similar triangle whose corners moved δ / sin(θ_i / 2) along the bisectors), whose points are
// all within δ / sin(θ_min / 2) of the triangle (the distance to a convex set is convex: its
// maximum over the grown triangle is at a corner). With h ≤ reach / 2 and δ ≤ (reach / 2) ·
// sin(θ_min / 2), the distance is ≤ reach / √2 < reach. sin(θ_min / 2) ≥ sin(θ_min) / 2 =
// |n| / (2 |u| |v|) over the corners' edge pairs (u, v), a bound that needs no arccos.
// Rounding. n's direction is off by at most ~6 ε / sin θ_0 (θ_0 at c0; ε = 2⁻⁵³), out_k's by
// that plus a few ε, and each distance — computed as a difference of projections, n · p − n · c_k
// and out_k · p − out_k · c_k — by those angles times |p − c_k| ≤ 2√3 × the largest |coordinate|
// of p and the corners, plus a few ε of the same: bounded here by (12 + 8 / sin θ_min) ε × that,
// doubled, and subtracted from the thresholds. Triangles with an angle whose sine is below
// kMinimumSine (slivers, where those bounds grow large) get no proof at all; nor does a point
// whose coordinates are so large against `reach` that the bound leaves no room (≳ 1e4 × the
// triangle's size for a reach of 1e-9 of it).
#pragma once

#include "contactlab/core/types.h"
#include "contactlab/geometry/tolerance_band.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace contactlab {

/// What the proof needs of one triangle alone (near_triangle_proof), computed once per triangle.
struct NearTriangleProof {
  /// Triangles whose smallest angle has a sine below this get no proof (valid = false).
  static constexpr double kMinimumSine = 1e-3;
  std::array<Vec3, 3> out{};           ///< (c_{k+1} − c_k) × n: edge k's in-plane outward normal
  std::array<double, 3> offset{};      ///< out_k · c_k
  std::array<double, 3> out_length{};  ///< |out_k|
  double half_angle_sine = 0.0;        ///< a lower bound of sin(θ_min / 2)
  double rounding = 0.0;               ///< the computed distances' error bound per unit of scale
  bool valid = false;                  ///< a proof can be given (finite, angles not too sharp)
};

/// The proof's data for the triangle (c0, c1, c2) with the normal n = (c1 − c0) × (c2 − c0) as the
/// caller computed it (a tet's face plane).
inline NearTriangleProof near_triangle_proof(const std::array<Vec3, 3>& c, const Vec3& normal) {
  NearTriangleProof t;
  const TriangleEdgeNormals edges = triangle_edge_normals(c, normal);  // out_k and |out_k|²
  std::array<double, 3> length2{};                                     // |c_{k+1} − c_k|²
  for (std::size_t k = 0; k < 3; ++k) {
    length2[k] = (c[(k + 1) % 3] - c[k]).squaredNorm();
    t.out[k] = edges.out[k];
    t.offset[k] = t.out[k].dot(c[k]);
    t.out_length[k] = std::sqrt(edges.length2[k]);
  }
  double most = 0.0;  // the largest |u|² |v|² over the corners' edge pairs
  for (std::size_t k = 0; k < 3; ++k) most = std::max(most, length2[k] * length2[(k + 2) % 3]);
  // The smallest angle's sine, |n| / (|u| |v|) at the corner where |u| |v| is largest; computed to
  // a relative error of a few ε / min_sine ≤ 1e-12 (≥ kMinimumSine): 0.49 instead of 0.5 covers it.
  const double min_sine = std::sqrt(normal.squaredNorm() / most);
  t.half_angle_sine = 0.49 * min_sine;
  constexpr double kEpsilon = std::numeric_limits<double>::epsilon() / 2.0;  // unit roundoff 2⁻⁵³
  // (2√3 scale) × (12 ε + 8 ε / sin θ), doubled.
  t.rounding = 2.0 * 2.0 * std::sqrt(3.0) * (12.0 + 8.0 / min_sine) * kEpsilon;
  bool finite = std::isfinite(most) && std::isfinite(t.rounding);
  for (std::size_t k = 0; k < 3; ++k) finite = finite && std::isfinite(t.offset[k]) && std::isfinite(t.out_length[k]);
  t.valid = finite && min_sine >= NearTriangleProof::kMinimumSine;  // (false for NaN)
  return t;
}

/// True only if p's exact distance from the closed triangle is ≤ reach (for the floating-point
/// inputs as given); false says nothing. The caller supplies what it has computed already of the
/// plane: `normal_length` = |n|, `plane_gap` ≥ |n · p − n · c_k| for every corner k as computed
/// (e.g. the larger distance of n · p from the least and the greatest n · c_k), and `scale` ≥ the
/// largest |coordinate| of p and the corners. See the file comment.
inline bool certainly_near_triangle(const NearTriangleProof& t, const Vec3& p, double normal_length, double plane_gap,
                                    double scale, double reach) {
  if (!t.valid) return false;
  const double error = t.rounding * scale;  // bounds every distance's rounding below
  const double half = 0.5 * reach * (1.0 - 1e-9);
  // Within half of the plane.
  if (!(plane_gap <= (half - error) * normal_length)) return false;
  // The projection within half · sin(θ_min / 2) outside every edge's line.
  const double beyond = half * t.half_angle_sine - error;
  if (!(beyond >= 0.0)) return false;
  bool inside = true;
  for (std::size_t k = 0; k < 3; ++k) inside &= t.out[k].dot(p) <= t.offset[k] + beyond * t.out_length[k];
  return inside;
}

}  // namespace contactlab
