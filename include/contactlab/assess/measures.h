// The measures of the assessment suite (docs/suite.md "Measures"; Erleben 2018 §5, Eqs. (1)–(3), (7)):
// how good a contact set is against a scene's ground truth — normal quality (sign-aware), coverage
// of the feasible normals, excess over the minimal contact count, area coverage P of the planar
// interfaces, and the largest distance from a contact to the true contact region. Measures know
// nothing of methods: they read a ContactSet and a GroundTruth.
//
// measure_contacts computes them all. Each measure is also a function of its own, with its
// formula in its header, over the contacts' assignment to interfaces (contact_assignment.h):
// measure_quality.h, measure_coverage.h, measure_excess.h, measure_area_coverage.h,
// measure_position_error.h, measure_stray_contacts.h, measure_normal_quality.h,
// measure_abs_normal_y.h.
#pragma once

#include "contactlab/contact/contact.h"
#include "contactlab/scene/scene.h"

#include <optional>
#include <vector>

namespace contactlab {

struct MeasureOptions {
  /// A normal n is correct for an interface when n·n* ≥ normal_threshold for some feasible n*.
  double normal_threshold = 0.999;
};

/// The score of one ground-truth interface (one touching body pair).
struct InterfaceScore {
  Index body_a = kInvalidIndex;  ///< as the ground truth lists them
  Index body_b = kInvalidIndex;
  int contacts = 0;          ///< contacts of this body pair (either order) assigned to it
  int correct = 0;           ///< of which with a feasible normal (after ordering A→B)
  int feasible_normals = 0;  ///< feasible normals of the interface
  int normals_matched = 0;   ///< of which matched by at least one contact
  int min_contacts = 0;      ///< minimal contact count of the interface
  bool planar = false;
  double true_area = 0.0;          ///< planar: the interface's area, m²
  double hull_area = 0.0;          ///< planar: area of the convex hull of the contacts projected on
                                   ///< the plane ⊥ n* (Eq. (3)'s A_R), m²
  double hull_area_clipped = 0.0;  ///< planar: the same hull clipped to the true polygon, m²
  double position_error = 0.0;     ///< largest distance of a contact to the true region, m
};

/// The measures of one contact set on one scene (one method on one case).
struct Measures {
  int count = 0;                                ///< contacts generated
  int correct = 0;                              ///< contacts whose normal is feasible (quality numerator)
  int stray = 0;                                ///< contacts on body pairs that the ground truth says do not touch
  double quality_percent = 0.0;                 ///< 100·correct/count; 0 when count = 0
  double coverage_percent = 0.0;                ///< 100·Σ normals_matched / Σ feasible_normals
  double excess = 0.0;                          ///< count / Σ min_contacts (1 ideal, < 1 information missing)
  std::optional<double> area_coverage;          ///< P = Σ hull_area / Σ true_area (planar cases)
  std::optional<double> area_coverage_clipped;  ///< P with each hull clipped to its true polygon
  std::optional<double> position_error;         ///< max over interfaces, m; absent when no region is known
  std::vector<InterfaceScore> interfaces;       ///< in ground-truth order
  /// Per contact, in the contact set's order: the best n·n* over the feasible normals of its
  /// interface (sign-aware, in [−1, 1]; −1 for stray contacts) — the paper's Q (Eq. (2)/(7)) without
  /// the absolute value, for the sorted-quality plots (Figures 21, 24, 27).
  std::vector<double> normal_quality;
  /// Per contact: |n_y| (the paper's pillar quality plot, Figure 21 / 32).
  std::vector<double> abs_normal_y;
};

/// Scores `contacts` against `truth`. Contacts of body pair (B, A) are flipped to the ground truth's
/// order first. A pair with several interfaces (touching in two planes) gives each contact to the
/// interface whose true region is nearest, then whose normals it matches best. Quality, coverage
/// and excess are 0 when their denominator is 0 (no contacts, no feasible normals, no minimal
/// contacts); nothing is ever NaN. Throws InputError when a contact or an interface names a body
/// outside the scene or the same body twice, or when normal_threshold is not in [−1, 1].
Measures measure_contacts(const Scene& scene, const GroundTruth& truth, const ContactSet& contacts,
                          const MeasureOptions& options = {});

}  // namespace contactlab
