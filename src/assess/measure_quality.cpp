#include "contactlab/assess/measure_quality.h"

#include "measure_checks.h"

namespace contactlab {

QualityScore measure_quality(const ContactAssignment& assignment, double normal_threshold) {
  assess_detail::check_normal_threshold(normal_threshold);
  QualityScore score;
  score.correct_per_interface.assign(assignment.feasible_normals.size(), 0);
  for (const AssignedContact& c : assignment.contacts) {
    if (!c.interface_index || !(c.alignment >= normal_threshold)) continue;
    ++score.correct_per_interface[*c.interface_index];
    ++score.correct;
  }
  const int count = static_cast<int>(assignment.contacts.size());
  score.percent = count > 0 ? 100.0 * score.correct / count : 0.0;
  return score;
}

}  // namespace contactlab
