// The Growth distance contact method (K. Erleben, "Methodology for Assessing Mesh-Based Contact
// Point Methods", ACM TOG 37(3), 2018, §6 and Appendix B, Algorithm 2; docs/methods.md §8).
// Registry name "growth". See src/contact/methods/growth.cpp for the algorithm, its parameters
// (MethodSettings::growth_delta, growth_shrink, growth_iterations) and what it does with
// degenerate configurations.
#pragma once

#include "contactlab/contact/method.h"

namespace contactlab {

/// The stateless Growth method (a static instance).
const ContactMethod& growth_method();

}  // namespace contactlab
