// Plots of a dynamic study (dynamic_study_tables.h, docs/studies.md): per method, a series over the
// steps of one case — the contact count (Erleben 2018, Figure 22) and the largest displacement
// since t = 0 — as small multiples with a shared y range, so that the panels compare.
#include "contactlab/report/dynamic_study_tables.h"

#include "plot_canvas.h"

#include <fmt/core.h>

#include <algorithm>

namespace contactlab {
namespace {

enum class Series { kCounts, kDisplacement };

PlotImages study_plot(const DynamicStudyResult& result, std::size_t case_index, Series series) {
  const bool counts = series == Series::kCounts;
  report_detail::SmallMultiples figure;
  const std::string& name = result.cases.at(case_index);
  figure.title = counts ? name + ": contacts per step (Erleben 2018, Fig. 22)"
                        : name + ": largest displacement of a body since t = 0";
  figure.note = counts ? "" : fmt::format("dashed: {:g} % of L, the standing threshold", 100.0 * kStandingFraction);
  figure.x_label = "step (0: the first)";
  figure.y_label = counts ? "contacts" : "m";
  figure.y_min = 0.0;
  figure.y_max = 0.0;
  for (std::size_t m = 0; m < result.methods.size(); ++m) {
    const DynamicRun& run = result.at(m, case_index);
    report_detail::Panel panel;
    panel.title = run.method;
    if (counts) {
      panel.values.assign(run.contact_counts.begin(), run.contact_counts.end());
      const CountStatistics s = count_statistics(run.contact_counts);
      panel.subtitle = fmt::format("mean {:.1f}, {:.0f}–{:.0f}", s.mean, s.min, s.max);
    } else {
      panel.values = run.largest_displacement;
      panel.subtitle = fmt::format("{:.3g} m: {}", run.motion.displacement, run.standing() ? "standing" : "collapsed");
    }
    panel.empty_message = "no steps";
    for (const double v : panel.values) figure.y_max = std::max(figure.y_max, v);
    figure.panels.push_back(std::move(panel));
  }
  if (!counts && !result.runs.empty()) {
    const double threshold = kStandingFraction * result.at(0, case_index).length_scale;
    figure.reference_lines.push_back(threshold);
    figure.y_max = std::max(figure.y_max, 2.0 * threshold);
  }
  if (figure.y_max <= 0.0) figure.y_max = 1.0;
  return report_detail::render_small_multiples(figure);
}

}  // namespace

PlotImages study_counts_plot(const DynamicStudyResult& result, std::size_t case_index) {
  return study_plot(result, case_index, Series::kCounts);
}

PlotImages study_displacement_plot(const DynamicStudyResult& result, std::size_t case_index) {
  return study_plot(result, case_index, Series::kDisplacement);
}

}  // namespace contactlab
