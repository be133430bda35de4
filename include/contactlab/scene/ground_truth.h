// Ground truth of a scene's contacts (docs/suite.md): for each touching body pair, the feasible contact
// normals, the minimal number of contact points, the true contact region (a polygon for planar
// interfaces, a segment or a point for the line and point cases), and for planar interfaces its
// area. Computed from geometry by the scene builders — never from a contact method.
#pragma once

#include "contactlab/core/types.h"
#include "contactlab/mesh/feature_ref.h"

#include <string>
#include <vector>

namespace contactlab {

/// A corner of a true contact region (polygon, segment or point) and the features of the two bodies
/// that meet there: on each body a surface vertex, a point inside a surface edge, or a point inside
/// a surface face (FeatureType kVertex, kEdge or kFace — never kTet — with indices into that body's
/// surface_map.surface, mesh/feature_ref.h).
struct PolygonCorner {
  Vec3 position;
  FeatureRef on_a, on_b;
};

struct ContactInterface {
  Index body_a = kInvalidIndex;  ///< normals point from body_a to body_b
  Index body_b = kInvalidIndex;
  std::vector<Vec3> feasible_normals;  ///< unit, world frame; any one of them is a correct normal
  int min_contacts = 0;                ///< fewest contact points that describe the contact
  bool planar = false;                 ///< a planar (area) contact: the polygon has ≥ 3 corners, area is set
  /// The true contact region, as the convex hull of these corners: a convex polygon (planar; corners
  /// CCW about the normal), a segment (two corners: the ends of the touching part of a ridge or
  /// edge) or a point (one corner: a touching apex). Empty when unknown. For a segment the corner
  /// features describe its end points only (its interior lies along edges of the bodies).
  std::vector<PolygonCorner> polygon;
  double area = 0.0;  ///< planar: m², exact area of the overlap of the touching faces
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
