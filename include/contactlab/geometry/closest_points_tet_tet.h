// closest_points_tet_tet: the closest points of two disjoint tetrahedra, as the minimum over
// their 16 face pairs of closest_points_triangle_triangle would find them, with less work.
//
// Inputs: tets A and B (4 corners each, any orientation, one length unit), which must not meet:
// the caller has shown them apart (growth's use: tet_tet_sat reported them separated by more than
// its band), so the exact intersection step of closest_points_triangle_triangle is skipped.
// Output: p_B − p_A of the chosen closest pair and its squared length.
//
// Which pair: closest_points_triangle_triangle over the face pairs (faces of A major, kTetFaces
// order) scans, per face pair, 3 vertex–triangle, 3 triangle–vertex and 9 edge–edge queries; the
// result is the first query in that scan whose distance is within `tie` of the least. Distinct
// closest pairs at one distance in exact arithmetic (a vertex equidistant from two edges) are so
// told apart by their place in the scan — the same in every frame — rather than by rounding.
// (For convex sets the difference p_B − p_A of a closest pair is unique in exact arithmetic; the
// pairs within `tie` of the least differ from it by at most √(2 d tie + tie²), d the distance.)
//
// Work (the reason this exists: it was 3/4 of growth's time, mostly redundant queries):
//  - each distinct query is computed once, at its first place in the scan: a vertex–triangle
//    query recurs in 3 face pairs, an edge pair in 4 with its edges reversed (the same distance up
//    to rounding, and never earlier in the scan);
//  - a query is skipped when a lower bound on its distance exceeds the least distance found so
//    far by more than a margin far above the rounding of both (1e-6 of the coordinates' magnitude
//    plus the longest half edge for vertex–triangle, 1e-9 for edge–edge): bounding spheres of faces
//    and edges, a vertex's distance from a face's plane, and projections onto two axes — `axis` (a unit vector along which the caller knows
//    the tets apart, e.g. a separating axis; zero for none) and the line of the closest corners.
//    For any unit n, points p of A and q of B are at least n·q − n·p apart, so any axis gives a
//    valid bound; a good one skips more.
// A skipped query could not have been chosen, so the result does not depend on `axis`, only the
// time does (tests/geometry/closest_points_tet_tet_test.cpp checks both against the brute force).
#pragma once

#include "contactlab/core/types.h"

#include <array>

namespace contactlab {

struct TetTetClosestPointsRequest {
  /// Closest pairs within this distance (length) of the least go to the first in the scan.
  double tie = 0.0;
  /// A unit vector along which the tets are known to be apart (either sign), or zero: a hint that
  /// saves work, never changing the result.
  Vec3 axis = Vec3::Zero();
};

struct TetTetClosestPoints {
  Vec3 separation = Vec3::Zero();  ///< p_B − p_A of the chosen closest pair (zero if none was found)
  double squared_distance = 0.0;   ///< its squared length as the chosen query computed it
};

/// Closest points of disjoint tets `a` and `b`. See the file comment.
TetTetClosestPoints closest_points_tet_tet(const std::array<Vec3, 4>& a, const std::array<Vec3, 4>& b,
                                           const TetTetClosestPointsRequest& request = {});

}  // namespace contactlab
