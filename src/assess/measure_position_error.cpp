#include "contactlab/assess/measure_position_error.h"

#include <algorithm>
#include <cmath>

namespace contactlab {

PositionErrorScore measure_position_error(const ContactAssignment& assignment) {
  PositionErrorScore score;
  score.per_interface.assign(assignment.regions.size(), 0.0);
  for (const AssignedContact& c : assignment.contacts) {
    if (!c.interface_index || assignment.regions[*c.interface_index].empty() || !std::isfinite(c.distance)) continue;
    double& worst = score.per_interface[*c.interface_index];
    worst = std::max(worst, c.distance);
  }
  for (std::size_t k = 0; k < assignment.regions.size(); ++k) {
    if (!assignment.regions[k].empty()) score.max = std::max(score.max.value_or(0.0), score.per_interface[k]);
  }
  return score;
}

}  // namespace contactlab
