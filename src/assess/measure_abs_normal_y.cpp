#include "contactlab/assess/measure_abs_normal_y.h"

#include "contactlab/geometry/unit_or_zero.h"

#include <cmath>

namespace contactlab {

std::vector<double> measure_abs_normal_y(const ContactSet& contacts) {
  std::vector<double> abs_y;
  abs_y.reserve(contacts.contacts.size());
  for (const Contact& c : contacts.contacts) abs_y.push_back(std::abs(unit_or_zero(c.normal).y()));
  return abs_y;
}

}  // namespace contactlab
