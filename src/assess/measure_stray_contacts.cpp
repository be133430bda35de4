#include "contactlab/assess/measure_stray_contacts.h"

#include <algorithm>

namespace contactlab {

int measure_stray_contacts(const ContactAssignment& assignment) {
  return static_cast<int>(std::count_if(assignment.contacts.begin(), assignment.contacts.end(),
                                        [](const AssignedContact& c) { return !c.interface_index; }));
}

}  // namespace contactlab
