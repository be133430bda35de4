// The Closest points contact method (K. Erleben, "Methodology for Assessing Mesh-Based Contact
// Point Methods", ACM TOG 37(3), 2018, §6; docs/methods.md §2): surface-based, normals from the
// closest points of (V,F) and (E,E) feature pairs, with an erosion envelope ε. See
// src/contact/methods/closest_points.cpp for the rules, parameters and degenerate cases.
#pragma once

#include "contactlab/contact/method.h"

#include <memory>

namespace contactlab {

/// Closest points' own parameters (docs/methods.md "Parameters"); the defaults are the paper's.
struct ClosestPointsParameters {
  /// Erosion ε (m): surface vertices move inward by ε, so touching bodies are about 2ε apart and
  /// their separation gives the normal (paper §6, §8.3: 0.01 m). Candidate tet pairs are those
  /// within 4ε. A negative value erodes by 0 (but still widens the candidate margin by 4ε).
  double envelope = 0.01;
};

/// The registry's "closest-points" method with the default parameters (a static instance).
const ContactMethod& closest_points_method();

/// A "closest-points" method with the given parameters (written into the contacts JSON).
std::unique_ptr<ContactMethod> make_closest_points_method(const ClosestPointsParameters& parameters);

}  // namespace contactlab
