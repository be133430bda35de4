// The Opposing contact method ("most opposing surfaces"; K. Erleben, "Methodology for Assessing
// Mesh-Based Contact Point Methods", ACM TOG 37(3), 2018, §6 and Appendix A, Algorithm 1;
// docs/methods.md §7). Registry name "opposing". See src/contact/methods/opposing.cpp for the
// algorithm, its parameters and what it does with degenerate configurations.
#pragma once

#include "contactlab/contact/method.h"

namespace contactlab {

/// The stateless Opposing method (a static instance).
const ContactMethod& opposing_method();

}  // namespace contactlab
