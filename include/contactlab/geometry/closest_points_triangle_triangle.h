// closest_points_triangle_triangle: the closest pair of points of two closed triangles in 3-D.
//
// Inputs: triangle A (a0, a1, a2) and triangle B (b0, b1, b2), one length unit throughout, any
// winding; degenerate triangles (collinear or coincident corners) are allowed.
// Output (TriangleTriangleClosestPoints): the closest points on A and on B, the squared distance
// (length²), whether they intersect, and the feature pair that realises the distance.
//
// Method: intersection is decided exactly with segment_triangle_intersection on the 3 edges of A
// against B and the 3 edges of B against A (two closed triangles meet iff an edge of one meets the
// other — the boundary of their intersection lies on their edges). Then intersecting: distance 0 and
// point_a == point_b, a common point (where the first such edge, in the order A's edges 0..2, B's
// edges 0..2, meets the other triangle). Disjoint: the minimum lies on a vertex–triangle or an
// edge–edge pair (convex polygons: the minimum of |x − y| over A × B is reached with one of them a
// vertex or both on edges), so the answer is the best of 6 closest_point_point_triangle and 9
// closest_points_segment_segment queries; ties go to the first in that order.
// Feature conventions as in closest_point_point_triangle.h (vertex i, edge i = (i, i+1 mod 3), face).
#pragma once

#include "contactlab/core/types.h"
#include "contactlab/geometry/closest_point_point_triangle.h"

#include <cstdint>

namespace contactlab {

/// Which query realised a triangle–triangle distance.
enum class TrianglePairFeature : std::uint8_t {
  kVertexFace,    ///< a vertex of A against triangle B (B's side may be a face, edge or vertex)
  kFaceVertex,    ///< triangle A against a vertex of B
  kEdgeEdge,      ///< an edge of A against an edge of B (either side may be an end vertex)
  kIntersecting,  ///< the triangles meet; an edge of one side meets the other triangle
};

struct TriangleTriangleClosestPoints {
  /// Closest point on A.
  Vec3 point_a = Vec3::Zero();
  /// Closest point on B (equal to point_a when intersecting).
  Vec3 point_b = Vec3::Zero();
  /// |point_a − point_b|², length²; exactly 0 when intersecting.
  double squared_distance = 0.0;
  /// The closed triangles share a point (exact decision, symmetric in A and B).
  bool intersecting = false;
  /// Which query realised the distance.
  TrianglePairFeature pair = TrianglePairFeature::kVertexFace;
  /// The feature of A holding point_a, with its index (vertex 0..2, edge 0..2, face 0). For an
  /// edge–edge pair, an edge clamped at an end reports that vertex. When intersecting: the edge of
  /// A that meets B, or the face of A when an edge of B meets A.
  TriangleFeature feature_a = TriangleFeature::kVertex;
  int index_a = 0;
  /// The feature of B holding point_b, as feature_a.
  TriangleFeature feature_b = TriangleFeature::kVertex;
  int index_b = 0;
};

/// Closest points of triangles (a0, a1, a2) and (b0, b1, b2). See the file comment.
TriangleTriangleClosestPoints closest_points_triangle_triangle(const Vec3& a0, const Vec3& a1, const Vec3& a2,
                                                               const Vec3& b0, const Vec3& b1, const Vec3& b2);

}  // namespace contactlab
