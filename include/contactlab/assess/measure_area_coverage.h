// Area coverage P and P clipped (docs/suite.md "Measures"; Erleben 2018 §5, Eqs. (3) and (5)):
//
//   P         = Σ_I A_R(I) / Σ_I A_I
//   P clipped = Σ_I A_R'(I) / Σ_I A_I
//
// over the planar interfaces I with a feasible normal, where A_R(I) is the area of the convex hull
// of the positions of the contacts assigned to I projected on the plane ⊥ n* (I's first feasible
// normal; projected_hull_area, contact_region.h), A_R'(I) that hull clipped to I's projected true
// polygon first (projected_hull_area_clipped) and A_I the true area (ContactInterface::area).
// Stray contacts are in no hull. P clipped < P means contacts outside the true region. Ideal: both 1.
#pragma once

#include "contactlab/assess/contact_assignment.h"
#include "contactlab/scene/ground_truth.h"

#include <optional>
#include <vector>

namespace contactlab {

struct AreaCoverageScore {
  std::vector<double> hull_area;          ///< A_R(I) per interface, m²; 0 for the others
  std::vector<double> hull_area_clipped;  ///< A_R'(I) per interface, m²; 0 for the others
  std::optional<double> p;                ///< P; absent without planar interfaces or when Σ A_I = 0
  std::optional<double> p_clipped;        ///< P clipped; present exactly when p is
};

/// `assignment` must come from assign_contacts with the same `truth`.
AreaCoverageScore measure_area_coverage(const ContactAssignment& assignment, const GroundTruth& truth);

}  // namespace contactlab
