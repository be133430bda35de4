// Per-contact normal quality (docs/suite.md "Measures"; Erleben 2018 §5, Eqs. (2)/(7) without the
// absolute value): for each contact c, in the contact set's order,
//
//   q_c = max_{n* ∈ N_I(c)} n_c · n*   ∈ [−1, 1]
//
// with n_c unit and oriented A → B of c's interface I(c); −1 for a stray contact or a contact
// without direction. Sorted, these are the paper's quality plots (Figures 21, 24, 27).
#pragma once

#include "contactlab/assess/contact_assignment.h"

#include <vector>

namespace contactlab {

std::vector<double> measure_normal_quality(const ContactAssignment& assignment);

}  // namespace contactlab
