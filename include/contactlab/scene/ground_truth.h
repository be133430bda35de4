// Ground truth of a scene's contacts (SUITE.md): for each touching body pair, the feasible contact
// normals, the minimal number of contact points, and for planar interfaces the contact polygon and
// its area. Computed from geometry by the scene builders — never from a contact method.
#pragma once

#include "contactlab/core/types.h"

#include <string>
#include <vector>

namespace contactlab {

/// What a point of a contact region is on one body: a surface vertex, a point inside a surface
/// edge, or a point inside a surface face (indices into that body's surface mesh).
enum class FeatureKind { kVertex, kEdge, kFace };

struct FeatureOnBody {
  FeatureKind kind = FeatureKind::kFace;
  Index index = kInvalidIndex;  ///< vertex index, edge index (MeshTopology order) or triangle index
};

/// A corner of a planar contact polygon and the features of the two bodies that meet there.
struct PolygonCorner {
  Vec3 position;
  FeatureOnBody on_a, on_b;
};

struct ContactInterface {
  Index body_a = kInvalidIndex;  ///< normals point from body_a to body_b
  Index body_b = kInvalidIndex;
  std::vector<Vec3> feasible_normals;  ///< unit, world frame; any one of them is a correct normal
  int min_contacts = 0;                ///< fewest contact points that describe the contact
  bool planar = false;                 ///< a planar (area) contact: polygon and area are set
  std::vector<PolygonCorner> polygon;  ///< planar: corners of the convex contact polygon, CCW about the normal
  double area = 0.0;                   ///< planar: m², exact area of the overlap of the touching faces
};

struct GroundTruth {
  std::vector<ContactInterface> interfaces;  ///< sorted by (body_a, body_b)

  double total_area() const {
    double sum = 0.0;
    for (const ContactInterface& i : interfaces) sum += i.area;
    return sum;
  }
  int total_min_contacts() const {
    int sum = 0;
    for (const ContactInterface& i : interfaces) sum += i.min_contacts;
    return sum;
  }
};

}  // namespace contactlab
