// closest_point_point_triangle: the point of a closed triangle nearest to a query point.
//
// Inputs: the query point p and the triangle's corners a, b, c (one length unit throughout, any
// winding). Degenerate triangles (collinear or coincident corners) are allowed.
// Output (PointTriangleClosestPoint): the nearest point (unique, the triangle being convex), its
// barycentric coordinates, the squared distance (length²) and the triangle feature whose Voronoi
// region holds p.
//
// Conventions: vertex i is corner i (0 = a, 1 = b, 2 = c); edge i joins vertex i to vertex
// (i + 1) mod 3 (0 = ab, 1 = bc, 2 = ca); the face is the triangle's relative interior.
//
// Degenerate and near-degenerate triangles: a triangle whose height is below 2⁻²⁶ ≈ 1.5e-8 of its
// longest edge (|(b−a)×(c−a)| ≤ 2⁻²⁶ · longest edge²; collinear and coincident corners included)
// is treated as the union of its three edges, so the answer is a vertex or an edge (vertex 0 when
// all corners coincide); the distance is then off by at most that height. Otherwise the distance
// is accurate to about machine epsilon / (relative height) × the triangle's size. The threshold
// balances the two error sources. Never NaN for finite input.
#pragma once

#include "contactlab/core/types.h"

#include <cstdint>

namespace contactlab {

/// Which kind of feature of a triangle: a corner, a side or the interior.
enum class TriangleFeature : std::uint8_t { kVertex, kEdge, kFace };

struct PointTriangleClosestPoint {
  /// The point of the triangle nearest to p.
  Vec3 closest_point = Vec3::Zero();
  /// Weights (w_a, w_b, w_c) of the corners: closest_point ≈ w_a a + w_b b + w_c c, sum 1, each in
  /// [0, 1]. For feature vertex i, exactly the unit vector e_i; for edge i, the weight of the
  /// opposite corner (i + 2) mod 3 is exactly 0.
  Vec3 barycentric = Vec3(1.0, 0.0, 0.0);
  /// |p − closest_point|², in length².
  double squared_distance = 0.0;
  /// The feature whose Voronoi region holds p (its relative interior holds closest_point). On a
  /// region boundary, rounding may pick either neighbour; closest_point is the same either way.
  TriangleFeature feature = TriangleFeature::kVertex;
  /// Vertex 0..2, edge 0..2 (see the conventions above) or 0 for the face.
  int feature_index = 0;
};

/// The point of triangle (a, b, c) nearest to p. See the file comment for conventions.
PointTriangleClosestPoint closest_point_point_triangle(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c);

}  // namespace contactlab
