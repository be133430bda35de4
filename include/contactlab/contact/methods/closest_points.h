// The Closest points contact method (K. Erleben, "Methodology for Assessing Mesh-Based Contact
// Point Methods", ACM TOG 37(3), 2018, §6; docs/methods.md §2): surface-based, normals from the
// closest points of (V,F) and (E,E) feature pairs, with an erosion envelope ε. See
// src/contact/methods/closest_points.cpp for the rules, parameters and degenerate cases.
#pragma once

#include "contactlab/contact/method.h"

namespace contactlab {

/// The registry's "closest-points" method (a stateless static instance).
const ContactMethod& closest_points_method();

}  // namespace contactlab
