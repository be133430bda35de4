// The corners of the overlap of two planar regions, each given as triangles lying in one plane —
// the contact polygon of two faces resting on each other whatever their triangulations (internal
// edges and vertices, T-junctions, different tessellations on the two sides). A building block of
// the semi-local contact method (issue 15; ../shared/METHODS.md "Beyond the seeds": "coplanar
// surface patches merged into polygons, contact regions from polygon clipping").
//
// Input: the triangles of region A and of region B (3-D corners), the plane (a point and a unit
// normal; the corners should lie within the band of it: everything is projected onto it), and the
// band tol (an absolute length, geometry/tolerance_band.h). Region A is the closed union of A's
// triangles, likewise B. Output: the corners of A ∩ B — the points where the boundary of the
// overlap turns — as points of the plane. No area in common (disjoint, or touching along an edge or
// at a point) → no corners.
//
// Method (local, no topology needed): the candidates are the corners of every triangle and the
// crossings of the edges of A's triangles with those of B's (an edge shared by two triangles of the
// same region, end points within tol, is interior and not crossed). At a candidate p the *angular
// set* of a region is the set of directions from p that enter it, a union of arcs of the circle,
// the union of those of its triangles:
//   p farther than tol outside a triangle (beyond the band of an edge line) → no arc;
//   within tol of two edge lines (a corner) → the arc between the corner's two edges;
//   within tol of one edge line → the half circle on the triangle's side of the edge;
//   else (inside) → the whole circle.
// The angular set of A ∩ B is the intersection of the two. p is a corner iff that set is not
// empty, not the whole circle (p inside) and not one arc of π (p on a straight part of the
// boundary, e.g. a T-junction or an internal vertex on an edge of the region). Arcs are compared
// with the angular band (PlanarOverlapRequest::angle_band, 1e-9 rad by default): arcs closer than it join, narrower ones are
// dropped (no area at p), and "π" and "whole" are judged within it. Candidates within tol of an
// earlier one are the same corner (the first is kept, in candidate order: A's triangle corners,
// B's, then crossings in (A triangle, B triangle, edge, edge) order).
//
// Frame independence: the decisions compare distances with tol and angles with the angular band, both
// invariant under rigid motion and uniform scale (tol scaled with the scene), with rounding far
// below either; the output order depends only on the input order.
// Degenerate input (never NaN): triangles no thicker than 2 tol (their smallest height) have no
// area within the band and are ignored, as are non-finite inputs (empty result).
// Cost: O(m (n_A + n_B)) for m candidates; meant for the few triangles of one interface.
#pragma once

#include "contactlab/core/types.h"

#include <array>
#include <span>
#include <vector>

namespace contactlab {

struct PlanarOverlapRequest {
  Vec3 origin = Vec3::Zero();   ///< a point of the plane
  Vec3 normal = Vec3::UnitY();  ///< unit normal of the plane
  double tolerance = 0.0;       ///< the band (absolute length, ≥ 0)
  /// The angular band (rad, in [0, 0.5)): arcs closer than it join, narrower ones are
  /// dropped, and a set within it of one arc of π is a straight boundary. A caller whose two
  /// regions may be turned against each other by a little (the semi-local method's tilted
  /// interfaces) widens it, so that edges crossing at a grazing angle make no corner.
  double angle_band = 1e-9;
};

struct PlanarOverlapCorners {
  std::vector<Vec3> corners;  ///< the overlap's corners, on the plane
  /// Of each corner: true where the overlap's angle there exceeds π (a reflex corner).
  std::vector<bool> reflex;
};

using Triangle3 = std::array<Vec3, 3>;

PlanarOverlapCorners planar_overlap_corners(std::span<const Triangle3> a, std::span<const Triangle3> b,
                                            const PlanarOverlapRequest& request);
/// The same into `out` (cleared first), reusing its storage: a caller that runs it for every
/// interface of every body pair keeps one.
void planar_overlap_corners(std::span<const Triangle3> a, std::span<const Triangle3> b,
                            const PlanarOverlapRequest& request, PlanarOverlapCorners& out);

}  // namespace contactlab
