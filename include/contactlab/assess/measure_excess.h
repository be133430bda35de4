// Excess (docs/suite.md "Measures"; Erleben 2018 §5):
//
//   excess = |C| / Σ_I m_I
//
// with |C| the number of contacts (stray ones included) and m_I the minimal contact count of
// interface I (ContactInterface::min_contacts). Below 1 information is missing, above 1 it is
// redundant; 0 when Σ_I m_I = 0. Ideal: 1.
#pragma once

#include "contactlab/scene/ground_truth.h"

namespace contactlab {

double measure_excess(int contact_count, const GroundTruth& truth);

}  // namespace contactlab
