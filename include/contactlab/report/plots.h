// The sorted plots of Erleben 2018 §8 for one case of an assessment run, as small multiples (one
// panel per method), each rendered to SVG and PNG with cairo:
// - sorted normal quality (Figures 21, 24, 27): per contact, ascending; sign-aware n·n* (1 best,
//   −1 a reversed normal; the paper's Q without its absolute value) or |n_y| (Figure 21's pillar);
// - sorted contact areas (Figures 25, 28): per planar interface the area A_R of the convex hull of
//   its contacts projected on the plane ⊥ n* (Eq. (3)), ascending, with the true interface areas
//   as dashed reference lines (the plateaus the paper expects).
#pragma once

#include "contactlab/assess/suite_run.h"

#include <cstddef>
#include <string>

namespace contactlab {

struct PlotImages {
  std::string svg;  ///< SVG document text (sizes in px)
  std::string png;  ///< PNG file bytes
};

enum class QualityMeasure {
  kSignedNormal,  ///< Measures::normal_quality: best n·n* over the feasible normals, in [−1, 1]
  kAbsNormalY,    ///< Measures::abs_normal_y: |n_y| in [0, 1] (Figure 21)
};

/// Sorted normal quality of every method on result.cases[case_index]. Each panel's subtitle gives
/// the contact count and the share with quality ≥ 0.999 (the quality threshold of docs/suite.md).
PlotImages sorted_quality_plot(const SuiteResult& result, std::size_t case_index, QualityMeasure measure);

/// Sorted per-interface hull areas A_R of every method on result.cases[case_index] (a case with
/// planar interfaces), with the distinct true areas as reference lines; each subtitle gives P.
PlotImages sorted_area_plot(const SuiteResult& result, std::size_t case_index);

}  // namespace contactlab
