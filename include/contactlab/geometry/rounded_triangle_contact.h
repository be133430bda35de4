// Contact of two rounded triangles (issue 19; seed 000, "Resolution of contact and contact point for
// two rounded triangles", the supplementary information of a deformable-cell DEM model): each
// surface triangle carries an encompassing sphere, and two triangles touch where their spheres
// overlap inside both triangles.
//
// The sphere (the seed leaves its choice to the model): over the smallest circle holding the
// triangle (its circumcircle when no angle is obtuse, else the circle on its longest side, centre ρ
// and radius ρ), its centre on the inward normal line through that circle's centre, radius
// R = roundness × ρ (roundness κ ≥ 1): it holds the triangle (through all three corners when the
// triangle is acute), and bulges outward by R − √(R² − ρ²) = ρ (κ − √(κ² − 1)) ≈ ρ / 2κ at the
// circle's centre — 0.10 ρ for κ = 5 — so the larger the roundness, the flatter.
//
// For triangles P (sphere c1, R1, unit outward normal n1) and Q (c2, R2, n2):
//   0. the caps rise at most their bulges above their triangles: triangles farther apart than the
//      two bulges do not touch — unless each lies wholly behind the other's plane, where the bodies
//      overlap deeper than the bulges (a penetrating pair), and they are at most `depth_reach`
//      apart (two faces facing each other across the bodies' insides look, pair by pair, like a
//      deep penetration: the caller bounds it by the bodies' size);
//   1. facing (eq. 37): n1 · (c2 − c1) > 0 and n2 · (c1 − c2) > 0, else no contact;
//   2. the spheres overlap: δs = R1 + R2 − |c2 − c1| > 0 (the seed writes δs = |c2 − c1| − R1 − R2
//      and h = |c − cp|²; we read both as the overlap and the distance, the only readings under which
//      eq. 36 is dimensionally consistent and vanishes on the contact circle), and neither contains
//      the other's centre plane's circle (|R1 − R2| < |c2 − c1|);
//   3. the contact plane is the plane of the spheres' intersection circle: centre
//      c = c1 + a u, u = (c2 − c1)/|c2 − c1|, a = (d² + R1² − R2²) / 2d, radius r = √(R1² − a²);
//   4. P and Q projected orthogonally onto it; S = P′ ∩ Q′ (a convex polygon of 3–6 corners — the
//      seed builds it from the 9 edge–edge intersections and the 6 corner-in-triangle tests; here
//      its area is judged on the triangles' six half-planes, by the largest disc inside them, and
//      its corners come from clipping one projection by the other);
//   5. the contact point cp = the point of S nearest c (c itself when inside S; else the nearest
//      point of the edges of S's corners by clipping — well conditioned on the slivers that
//      perpendicular faces of neighbouring blocks give, where a corner of two nearly parallel lines
//      carries a rounding of ε / sin(angle)); a contact only when h = |c − cp| < r (the overlap
//      region meets the contact circle);
//   6. the overlap there (eq. 36): δt = δs − R1 − R2 + √(R1² − h²) + √(R2² − h²)
//      = √(R1² − h²) + √(R2² − h²) − |c2 − c1|, the spheres' overlap along u at distance h from
//      their axis; the normal is u (from P's sphere to Q's); the two surface points that overlap
//      there (on the line through cp along u) must lie on the caps — the spheres' parts outside
//      their triangles' planes — or there is no contact (our reading: the rounded triangles are the
//      triangles under their caps, and the whole spheres of two large triangles at an angle
//      overlap deeply far from either cap; penetrating triangles, one behind the other, still
//      overlap cap to cap);
//   7. the contact's area: |S ∩ circle| (S clipped, then cut by the circle: polygon_disc_area.h).
// The seed asks for an intersecting area: S with no area (the projections touching along an edge
// or at a corner, or a triangle seen edge-on, whose projection is a segment) gives no contact; with
// a band, S must hold a disc of that diameter (S shrunk by band / 2 is not empty): a corner of one
// exactly on an edge of the other leaves, after rounding, a sliver or nothing — either way none.
// That disc's radius is the optimum of a small linear program, found from every three of the six
// lines with the least slack evaluated at each solution: no threshold on a corner's rounding, which
// on slivers between nearly parallel lines (nearly coplanar faces of neighbouring blocks, tilted)
// is ε / sin(angle) and decided by the frame.
#pragma once

#include "contactlab/core/types.h"

#include <array>
#include <limits>
#include <optional>

namespace contactlab {

/// The encompassing sphere of a rounded triangle, and the triangle's unit outward normal.
struct RoundedTriangle {
  Vec3 centre = Vec3::Zero();
  double radius = 0.0;
  double bulge = 0.0;          ///< R − √(R² − ρ²): how far the sphere's cap rises above the triangle
  Vec3 normal = Vec3::Zero();  ///< (b − a) × (c − a), unit
};

/// The sphere of triangle abc (counter-clockwise seen from outside) with `roundness` κ ≥ 1; nullopt
/// for a triangle without area (its circumcentre is undefined).
std::optional<RoundedTriangle> rounded_triangle(const Vec3& a, const Vec3& b, const Vec3& c, double roundness);

struct RoundedTriangleContact {
  Vec3 point = Vec3::Zero();          ///< cp, on the contact plane
  Vec3 normal = Vec3::Zero();         ///< u, unit, from P's sphere towards Q's
  double overlap = 0.0;               ///< δt > 0 at cp
  double sphere_overlap = 0.0;        ///< δs
  Vec3 circle_centre = Vec3::Zero();  ///< c
  double circle_radius = 0.0;         ///< r
  double offset = 0.0;                ///< h = |c − cp|
  /// |S ∩ contact circle|, m²: the part of the projections' overlap inside the circle (the dark red
  /// area of the seed's Figure S2), the area a pressure acts on (docs/penalty.md's force law).
  double area = 0.0;
};

/// The contact of rounded triangles P and Q (corners counter-clockwise seen from outside their
/// bodies), or nullopt when they do not face each other, their spheres do not overlap, or the
/// overlap of their projections misses the contact circle. `band` ≥ 0 (a length) settles the
/// borderline cases the same way in any frame: facing needs n · (c2 − c1) > band on both sides, and
/// a contact needs δs, δt > band and h < r − band (the contact method passes its touching band).
/// `depth_reach` (a length): how far apart a penetrating pair (each triangle behind the other's
/// plane by more than the band) may be; other pairs must be within the two bulges.
std::optional<RoundedTriangleContact> rounded_triangle_contact(
    const std::array<Vec3, 3>& p, const std::array<Vec3, 3>& q, double roundness = 5.0, double band = 0.0,
    double depth_reach = std::numeric_limits<double>::infinity());

}  // namespace contactlab
