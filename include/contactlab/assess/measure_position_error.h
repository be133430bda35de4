// Position error (docs/suite.md "Measures"; our addition to Erleben 2018 §5):
//
//   position error = max_{c ∈ C} dist(p_c, R_I(c))
//
// the largest distance, in m, from a contact's position to the true region R of the interface it
// is assigned to (the convex hull of the region's corners: polygon, segment or point;
// distance_to_contact_region, contact_region.h). Stray contacts and interfaces without a known
// region contribute nothing. Ideal: 0.
#pragma once

#include "contactlab/assess/contact_assignment.h"

#include <optional>
#include <vector>

namespace contactlab {

struct PositionErrorScore {
  std::vector<double> per_interface;  ///< largest distance of the interface's contacts, m; 0 without any
  std::optional<double> max;          ///< over the interfaces with a known region; absent when none has one
};

PositionErrorScore measure_position_error(const ContactAssignment& assignment);

}  // namespace contactlab
