#include "contactlab/geometry/closest_point_point_triangle.h"

#include <algorithm>
#include <array>

namespace contactlab {
namespace {

// Relative height below which a triangle is treated as its three edges: 2⁻²⁶ ≈ sqrt(machine
// epsilon). The plane normal (b−a)×(c−a) carries a rounding error of about ε·L², so the projection
// of p is off by about ε/h_rel·L; dropping the face costs at most h_rel·L. Both meet at √ε.
constexpr double kSliverRelativeHeight = 0x1p-26;

struct SegmentPoint {
  double t;                 // parameter on the segment, in [0, 1]
  double squared_distance;  // to the query point
  Vec3 point;
};

// Nearest point of segment [x0, x1] to p: the clamped projection t = (p − x0)·d / d·d.
SegmentPoint nearest_on_segment(const Vec3& p, const Vec3& x0, const Vec3& x1) {
  const Vec3 d = x1 - x0;
  const double dd = d.squaredNorm();
  const double t = dd > 0.0 ? std::clamp((p - x0).dot(d) / dd, 0.0, 1.0) : 0.0;
  const Vec3 point = t == 1.0 ? x1 : (x0 + t * d).eval();
  return {t, (p - point).squaredNorm(), point};
}

}  // namespace

PointTriangleClosestPoint closest_point_point_triangle(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c) {
  const std::array<const Vec3*, 3> corner{&a, &b, &c};
  const Vec3 normal = (b - a).cross(c - a);
  const double normal_squared = normal.squaredNorm();
  const double longest_squared = std::max({(b - a).squaredNorm(), (c - b).squaredNorm(), (a - c).squaredNorm()});
  const double threshold = kSliverRelativeHeight * longest_squared;
  const bool sliver = !(normal_squared > threshold * threshold);

  // Which edges may hold the closest point. For a proper triangle: project p onto the plane and
  // take its barycentric coordinates w_i = n·((x_j − q)×(x_k − q)) / |n|² (signed sub-triangle
  // areas, e.g. Ericson, Real-Time Collision Detection, §3.4). All w_i ≥ 0: the projection is the
  // answer (face). Otherwise the nearest point lies on an edge whose supporting line separates the
  // projection from the triangle, i.e. an edge whose opposite coordinate is negative.
  std::array<bool, 3> candidate_edge{true, true, true};
  if (!sliver) {
    const Vec3 projected = p - normal * (normal.dot(p - a) / normal_squared);
    Vec3 w;
    for (int i = 0; i < 3; ++i) {
      const Vec3& xj = *corner[(i + 1) % 3];
      const Vec3& xk = *corner[(i + 2) % 3];
      w[i] = normal.dot((xj - projected).cross(xk - projected)) / normal_squared;
    }
    if (w.minCoeff() >= 0.0) {
      PointTriangleClosestPoint result;
      result.barycentric = w / w.sum();
      result.closest_point = projected;
      result.squared_distance = (p - projected).squaredNorm();
      result.feature = TriangleFeature::kFace;
      result.feature_index = 0;
      return result;
    }
    for (int i = 0; i < 3; ++i) candidate_edge[i] = w[(i + 2) % 3] < 0.0;
  }

  // Best candidate edge; ties keep the lower index (deterministic).
  int best_edge = -1;
  SegmentPoint best{0.0, 0.0, a};
  for (int i = 0; i < 3; ++i) {
    if (!candidate_edge[i]) continue;
    const SegmentPoint hit = nearest_on_segment(p, *corner[i], *corner[(i + 1) % 3]);
    if (best_edge < 0 || hit.squared_distance < best.squared_distance) {
      best = hit;
      best_edge = i;
    }
  }

  PointTriangleClosestPoint result;
  result.closest_point = best.point;
  result.squared_distance = best.squared_distance;
  result.barycentric = Vec3::Zero();
  const int i0 = best_edge;
  const int i1 = (best_edge + 1) % 3;
  if (best.t == 0.0) {
    result.feature = TriangleFeature::kVertex;
    result.feature_index = i0;
    result.barycentric[i0] = 1.0;
  } else if (best.t == 1.0) {
    result.feature = TriangleFeature::kVertex;
    result.feature_index = i1;
    result.barycentric[i1] = 1.0;
  } else {
    result.feature = TriangleFeature::kEdge;
    result.feature_index = i0;
    result.barycentric[i0] = 1.0 - best.t;
    result.barycentric[i1] = best.t;
  }
  return result;
}

}  // namespace contactlab
