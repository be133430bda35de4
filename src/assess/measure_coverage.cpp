#include "contactlab/assess/measure_coverage.h"

#include "measure_checks.h"

#include <algorithm>

namespace contactlab {

CoverageScore measure_coverage(const ContactAssignment& assignment, double normal_threshold) {
  assess_detail::check_normal_threshold(normal_threshold);
  const std::size_t interfaces = assignment.feasible_normals.size();
  std::vector<std::vector<bool>> matched(interfaces);
  for (std::size_t k = 0; k < interfaces; ++k) matched[k].assign(assignment.feasible_normals[k].size(), false);
  for (const AssignedContact& c : assignment.contacts) {
    if (!c.interface_index || c.normal.isZero(0.0)) continue;
    const std::size_t k = *c.interface_index;
    for (std::size_t j = 0; j < assignment.feasible_normals[k].size(); ++j) {
      if (c.normal.dot(assignment.feasible_normals[k][j]) >= normal_threshold) matched[k][j] = true;
    }
  }
  CoverageScore score;
  score.matched_per_interface.resize(interfaces);
  for (std::size_t k = 0; k < interfaces; ++k) {
    score.matched_per_interface[k] = static_cast<int>(std::count(matched[k].begin(), matched[k].end(), true));
    score.matched += score.matched_per_interface[k];
    score.feasible += static_cast<int>(matched[k].size());
  }
  score.percent = score.feasible > 0 ? 100.0 * score.matched / score.feasible : 0.0;
  return score;
}

}  // namespace contactlab
