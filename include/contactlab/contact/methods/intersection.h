// The Intersection contact method (K. Erleben, "Methodology for Assessing Mesh-Based Contact
// Point Methods", ACM TOG 37(3), 2018, §6; docs/methods.md §1): surface-based, normals from
// feature types. See src/contact/methods/intersection.cpp for the rules, parameters and
// degenerate cases.
#pragma once

#include "contactlab/contact/method.h"

namespace contactlab {

/// The registry's "intersection" method (a stateless static instance).
const ContactMethod& intersection_method();

}  // namespace contactlab
