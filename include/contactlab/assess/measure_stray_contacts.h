// Stray contacts (docs/suite.md "Measures"): |{c ∈ C : the ground truth has no interface for c's
// body pair}| — contacts between bodies that do not touch. They count as wrong in quality and
// in the excess's |C|, and are in no hull. Ideal: 0.
#pragma once

#include "contactlab/assess/contact_assignment.h"

namespace contactlab {

int measure_stray_contacts(const ContactAssignment& assignment);

}  // namespace contactlab
