#include "contactlab/assess/measure_area_coverage.h"

#include "contactlab/assess/contact_region.h"

namespace contactlab {

AreaCoverageScore measure_area_coverage(const ContactAssignment& assignment, const GroundTruth& truth) {
  const std::size_t interfaces = truth.interfaces.size();
  std::vector<std::vector<Vec3>> positions(interfaces);  // in the contact set's order
  for (const AssignedContact& c : assignment.contacts) {
    if (c.interface_index) positions[*c.interface_index].push_back(c.position);
  }
  AreaCoverageScore score;
  score.hull_area.assign(interfaces, 0.0);
  score.hull_area_clipped.assign(interfaces, 0.0);
  double hull_area = 0.0, hull_area_clipped = 0.0, true_area = 0.0;
  bool any_planar = false;
  for (std::size_t k = 0; k < interfaces; ++k) {
    const ContactInterface& in = truth.interfaces[k];
    if (!in.planar || assignment.feasible_normals[k].empty()) continue;
    const Vec3& normal = assignment.feasible_normals[k].front();
    score.hull_area[k] = projected_hull_area(positions[k], normal);
    score.hull_area_clipped[k] = projected_hull_area_clipped(positions[k], assignment.regions[k], normal);
    hull_area += score.hull_area[k];
    hull_area_clipped += score.hull_area_clipped[k];
    true_area += in.area;
    any_planar = true;
  }
  if (any_planar && true_area > 0.0) {
    score.p = hull_area / true_area;
    score.p_clipped = hull_area_clipped / true_area;
  }
  return score;
}

}  // namespace contactlab
