// Coverage of the feasible normals (docs/suite.md "Measures"; Erleben 2018 §5):
//
//   coverage % = 100 · Σ_I |{n* ∈ N_I : some c ∈ C_I has n_c · n* ≥ τ}| / Σ_I |N_I|
//
// with N_I the feasible normals of interface I and C_I the contacts assigned to it (n_c oriented
// A → B of I). The share of the feasible normals that some contact finds; 0 when there are no
// feasible normals. A contact without direction matches nothing. Ideal: 100.
#pragma once

#include "contactlab/assess/contact_assignment.h"

#include <vector>

namespace contactlab {

struct CoverageScore {
  int matched = 0;                         ///< Σ_I matched feasible normals
  int feasible = 0;                        ///< Σ_I |N_I|
  double percent = 0.0;                    ///< 100 · matched / feasible; 0 when feasible = 0
  std::vector<int> matched_per_interface;  ///< the matched feasible normals of each interface
};

/// Throws InputError when `normal_threshold` (τ) is not a number in [−1, 1].
CoverageScore measure_coverage(const ContactAssignment& assignment, double normal_threshold);

}  // namespace contactlab
