// The Growth distance contact method (K. Erleben, "Methodology for Assessing Mesh-Based Contact
// Point Methods", ACM TOG 37(3), 2018, §6 and Appendix B, Algorithm 2; docs/methods.md §8).
// Registry name "growth". See src/contact/methods/growth.cpp for the algorithm, its parameters
// and what it does with degenerate configurations.
#pragma once

#include "contactlab/contact/method.h"

#include <memory>

namespace contactlab {

/// Growth's own parameters (docs/methods.md "Parameters"); the defaults are the paper's
/// (Appendix B). Written into the contacts JSON as growth_delta, growth_shrink, growth_iterations.
struct GrowthParameters {
  /// Grow back until the scaled tets are within δ = delta × the smaller tet's diameter. A negative
  /// value counts as 0 (grow back for the whole iteration budget).
  double delta = 0.01;
  /// Shrink factor β: α ← β α until the scaled tets separate (Algorithm 2, lines 1–4). A value
  /// outside (0, 1) runs as 0.9.
  double shrink = 0.9;
  /// At most this many grow-back (bisection) steps (Algorithm 2, lines 7–13).
  int iterations = 20;
};

/// The registry's "growth" method with the default parameters (a static instance).
const ContactMethod& growth_method();

/// A "growth" method with the given parameters.
std::unique_ptr<ContactMethod> make_growth_method(const GrowthParameters& parameters);

}  // namespace contactlab
