#include "contactlab/contact/ground_truth_contacts.h"

#include <algorithm>

namespace contactlab {

ContactSet contacts_from_ground_truth(const Scene& scene) {
  ContactSet out;
  out.method = "ground-truth";
  if (!scene.ground_truth) return out;
  for (const ContactInterface& interface : scene.ground_truth->interfaces) {
    if (interface.feasible_normals.empty()) continue;
    // Planar: one normal (the plane's) at every polygon corner. Point or segment regions: every
    // feasible normal at every corner (the point-in-crack cases need all wall normals at the apex).
    const std::size_t normals = interface.planar ? 1 : interface.feasible_normals.size();
    for (const PolygonCorner& corner : interface.polygon) {
      for (std::size_t k = 0; k < normals; ++k) {
        Contact c;
        c.body_a = interface.body_a;
        c.body_b = interface.body_b;
        c.position = corner.position;
        c.normal = interface.feasible_normals[k];
        c.gap = 0.0;
        c.feature_a = corner.on_a;  // the same FeatureRef type (mesh/feature_ref.h)
        c.feature_b = corner.on_b;
        out.contacts.push_back(c);
      }
    }
  }
  // The interfaces are documented as sorted already; a scene read from JSON need not be.
  std::stable_sort(out.contacts.begin(), out.contacts.end(), [](const Contact& x, const Contact& y) {
    return std::pair(x.body_a, x.body_b) < std::pair(y.body_a, y.body_b);
  });
  return out;
}

}  // namespace contactlab
