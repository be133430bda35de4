#include "surface_feature_at.h"

#include "contactlab/geometry/closest_point_point_triangle.h"
#include "contactlab/mesh/topology.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace contactlab {
namespace {

double point_segment_distance(const Vec3& p, const Vec3& a, const Vec3& b) {
  const Vec3 d = b - a;
  const double length2 = d.squaredNorm();
  const double t = length2 > 0.0 ? std::clamp((p - a).dot(d) / length2, 0.0, 1.0) : 0.0;
  return (p - (a + t * d)).norm();
}

/// Keeps the nearest candidate within the tolerance; on equal distance the first (lowest index).
struct Nearest {
  double tolerance;
  Index index = kInvalidIndex;
  double distance = std::numeric_limits<double>::infinity();
  void consider(Index i, double d) {
    if (d <= tolerance && d < distance) {
      index = i;
      distance = d;
    }
  }
};

}  // namespace

FeatureRef surface_feature_at(const Body& body, const Vec3& p, double tolerance) {
  if (!body.shape) return {FeatureType::kFace, kInvalidIndex};
  const SurfaceMap& map = body.shape->surface_map;
  const TriMesh& surface = map.surface;
  // Work in the body frame: the pose is rigid, so distances are the same.
  const Vec3 q = body.pose().inverse().apply(p);

  Nearest vertex{tolerance};
  for (Index v : map.surface_vertices) vertex.consider(v, (surface.vertices[v] - q).norm());
  if (vertex.index != kInvalidIndex) return {FeatureType::kVertex, vertex.index};

  const MeshTopology topology = build_topology(surface);
  Nearest edge{tolerance};
  for (Index e = 0; e < topology.edge_count(); ++e) {
    const Edge& ends = topology.edges[e];
    edge.consider(e, point_segment_distance(q, surface.vertices[ends[0]], surface.vertices[ends[1]]));
  }
  if (edge.index != kInvalidIndex) return {FeatureType::kEdge, edge.index};

  Nearest face{tolerance};
  for (Index t = 0; t < surface.triangle_count(); ++t) {
    const Triangle& tri = surface.triangles[t];
    const PointTriangleClosestPoint closest =
        closest_point_point_triangle(q, surface.vertices[tri[0]], surface.vertices[tri[1]], surface.vertices[tri[2]]);
    face.consider(t, std::sqrt(closest.squared_distance));
  }
  return {FeatureType::kFace, face.index};
}

}  // namespace contactlab
