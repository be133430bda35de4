#include "contactlab/geometry/closest_points_triangle_triangle.h"

#include "contactlab/geometry/closest_points_segment_segment.h"
#include "contactlab/geometry/segment_triangle_intersection.h"

#include <array>

namespace contactlab {
namespace {

// Feature of a triangle holding the point at parameter t of its edge `edge` (an end vertex when t
// was clamped to 0 or 1).
void edge_feature(int edge, double t, TriangleFeature& feature, int& index) {
  if (t == 0.0) {
    feature = TriangleFeature::kVertex;
    index = edge;
  } else if (t == 1.0) {
    feature = TriangleFeature::kVertex;
    index = (edge + 1) % 3;
  } else {
    feature = TriangleFeature::kEdge;
    index = edge;
  }
}

}  // namespace

TriangleTriangleClosestPoints closest_points_triangle_triangle(const Vec3& a0, const Vec3& a1, const Vec3& a2,
                                                               const Vec3& b0, const Vec3& b1, const Vec3& b2) {
  const std::array<const Vec3*, 3> A{&a0, &a1, &a2};
  const std::array<const Vec3*, 3> B{&b0, &b1, &b2};
  TriangleTriangleClosestPoints result;

  // 1. Intersection (exact): an edge of one triangle meets the other.
  for (int side = 0; side < 2; ++side) {
    const auto& edges_of = side == 0 ? A : B;
    const auto& other = side == 0 ? B : A;
    for (int i = 0; i < 3; ++i) {
      const SegmentTriangleIntersection hit =
          segment_triangle_intersection(*edges_of[i], *edges_of[(i + 1) % 3], *other[0], *other[1], *other[2]);
      if (!hit.intersects) continue;
      result.point_a = hit.point;
      result.point_b = hit.point;
      result.squared_distance = 0.0;
      result.intersecting = true;
      result.pair = TrianglePairFeature::kIntersecting;
      result.feature_a = side == 0 ? TriangleFeature::kEdge : TriangleFeature::kFace;
      result.index_a = side == 0 ? i : 0;
      result.feature_b = side == 0 ? TriangleFeature::kFace : TriangleFeature::kEdge;
      result.index_b = side == 0 ? 0 : i;
      return result;
    }
  }

  // 2. Disjoint: best of the 6 vertex–triangle and 9 edge–edge candidates (strictly smaller wins,
  // so ties keep the earlier candidate).
  bool have = false;
  auto offer = [&](double squared_distance) {
    if (have && !(squared_distance < result.squared_distance)) return false;
    have = true;
    result.squared_distance = squared_distance;
    return true;
  };
  for (int i = 0; i < 3; ++i) {
    const PointTriangleClosestPoint q = closest_point_point_triangle(*A[i], b0, b1, b2);
    if (!offer(q.squared_distance)) continue;
    result.pair = TrianglePairFeature::kVertexFace;
    result.point_a = *A[i];
    result.point_b = q.closest_point;
    result.feature_a = TriangleFeature::kVertex;
    result.index_a = i;
    result.feature_b = q.feature;
    result.index_b = q.feature_index;
  }
  for (int i = 0; i < 3; ++i) {
    const PointTriangleClosestPoint q = closest_point_point_triangle(*B[i], a0, a1, a2);
    if (!offer(q.squared_distance)) continue;
    result.pair = TrianglePairFeature::kFaceVertex;
    result.point_a = q.closest_point;
    result.point_b = *B[i];
    result.feature_a = q.feature;
    result.index_a = q.feature_index;
    result.feature_b = TriangleFeature::kVertex;
    result.index_b = i;
  }
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      const SegmentSegmentClosestPoints q =
          closest_points_segment_segment(*A[i], *A[(i + 1) % 3], *B[j], *B[(j + 1) % 3]);
      if (!offer(q.squared_distance)) continue;
      result.pair = TrianglePairFeature::kEdgeEdge;
      result.point_a = q.point_p;
      result.point_b = q.point_q;
      edge_feature(i, q.s, result.feature_a, result.index_a);
      edge_feature(j, q.t, result.feature_b, result.index_b);
    }
  }
  return result;
}

}  // namespace contactlab
