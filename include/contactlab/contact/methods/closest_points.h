// The Closest points contact method (K. Erleben, "Methodology for Assessing Mesh-Based Contact
// Point Methods", ACM TOG 37(3), 2018, §6; docs/methods.md §2): surface-based, normals from the
// closest points of (V,F) and (E,E) feature pairs, with an erosion envelope ε. See
// src/contact/methods/closest_points.cpp for the rules, parameters and degenerate cases.
#pragma once

#include "contactlab/contact/method.h"

#include <memory>
#include <optional>

namespace contactlab {

/// Closest points' own parameters (docs/methods.md "Parameters"); the defaults are the paper's.
struct ClosestPointsParameters {
  /// Erosion ε relative to the body pair's length (pair_length_scale): ε = relative_envelope ×
  /// that length, so the envelope scales with the bodies, as the paper's ε is relative to the
  /// object sizes (§8.1; issue 12 (b): a fixed 0.01 m on the wall scaled by 1e-3 gave 876,764
  /// contacts at 1 % quality). Surface vertices move inward by ε, so touching bodies are about 2ε
  /// apart and their separation gives the normal (§6, §8.3). Candidate tet pairs are within 4ε.
  double relative_envelope = 0.01;
  /// When set, the erosion ε in metres for every pair instead (the paper's 0.01 m in §8.3);
  /// a negative value erodes by 0 (but still widens the candidate margin by 4ε).
  std::optional<double> envelope;
};

/// The registry's "closest-points" method with the default parameters (a static instance).
const ContactMethod& closest_points_method();

/// A "closest-points" method with the given parameters (written into the contacts JSON).
std::unique_ptr<ContactMethod> make_closest_points_method(const ClosestPointsParameters& parameters);

}  // namespace contactlab
