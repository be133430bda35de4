#include "contactlab/assess/measure_normal_quality.h"

namespace contactlab {

std::vector<double> measure_normal_quality(const ContactAssignment& assignment) {
  std::vector<double> quality;
  quality.reserve(assignment.contacts.size());
  for (const AssignedContact& c : assignment.contacts) quality.push_back(c.interface_index ? c.alignment : -1.0);
  return quality;
}

}  // namespace contactlab
