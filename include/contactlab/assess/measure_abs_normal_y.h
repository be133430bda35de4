// Per-contact |n_y| (docs/suite.md "Measures"; the paper's pillar plot, Figure 21): for each contact, in
// the contact set's order, |n_y| of its unit normal (0 for a normal without direction) — the
// pillar's quality plot, where every true normal is (0, ±1, 0), so 1 is best. Needs no ground truth.
#pragma once

#include "contactlab/contact/contact.h"

#include <vector>

namespace contactlab {

std::vector<double> measure_abs_normal_y(const ContactSet& contacts);

}  // namespace contactlab
