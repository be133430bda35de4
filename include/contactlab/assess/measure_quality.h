// Normal quality (docs/suite.md "Measures"; Erleben 2018 §5, Eqs. (2) and (7), made sign-aware):
//
//   quality % = 100 · |{c ∈ C : n_c · n* ≥ τ for some n* ∈ N_I(c)}| / |C|
//
// with C the contacts, N_I(c) the feasible normals of the interface c is assigned to and n_c
// oriented from that interface's A to its B. A reversed normal is wrong (the paper's Q takes
// |n · n*|); a stray contact is wrong; 0 when there are no contacts. Ideal: 100.
#pragma once

#include "contactlab/assess/contact_assignment.h"

#include <vector>

namespace contactlab {

struct QualityScore {
  int correct = 0;                         ///< contacts with a feasible normal
  double percent = 0.0;                    ///< 100 · correct / |C|; 0 when |C| = 0
  std::vector<int> correct_per_interface;  ///< the correct contacts of each interface
};

/// Counts the contacts whose `alignment` is ≥ `normal_threshold` (τ; measure_contacts uses 0.999).
/// Throws InputError when the threshold is not a number in [−1, 1].
QualityScore measure_quality(const ContactAssignment& assignment, double normal_threshold);

}  // namespace contactlab
