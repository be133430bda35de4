// Sorted normal-quality plots (Erleben 2018 §8.1–8.3, Figures 21, 24, 27): per method, the quality
// of every contact in ascending order — a method whose normals are all right is a flat line at 1.
#include "contactlab/report/plots.h"

#include "contactlab/report/assessment_tables.h"

#include "plot_canvas.h"

#include <fmt/core.h>

#include <algorithm>

namespace contactlab {

PlotImages sorted_quality_plot(const SuiteResult& result, std::size_t case_index, QualityMeasure measure) {
  const double threshold = MeasureOptions{}.normal_threshold;
  const bool signed_normal = measure == QualityMeasure::kSignedNormal;
  report_detail::SmallMultiples figure;
  const std::string& name = result.cases.at(case_index);
  if (signed_normal) {
    figure.title = name + ": sorted normal quality n·n* (Erleben 2018, Figs. 24, 27)";
    figure.note = "sign-aware: 1 best, 0 perpendicular, −1 reversed";
    figure.y_label = "n·n*";
    figure.y_min = -1.0;
  } else {
    figure.title = name + ": sorted |n_y| (Erleben 2018, Fig. 21)";
    figure.note = "1 best; a reversed normal also scores 1";
    figure.y_label = "|n_y|";
    figure.y_min = 0.0;
  }
  figure.y_max = 1.0;
  figure.x_label = "contacts, sorted by quality";
  for (std::size_t m = 0; m < result.methods.size(); ++m) {
    const Measures& measures = result.at(m, case_index).measures;
    report_detail::Panel panel;
    panel.title = method_label(result, m);
    panel.values = signed_normal ? measures.normal_quality : measures.abs_normal_y;
    std::sort(panel.values.begin(), panel.values.end());
    const auto good = std::count_if(panel.values.begin(), panel.values.end(), [&](double q) { return q >= threshold; });
    panel.subtitle =
        panel.values.empty()
            ? std::string("0 contacts")
            : fmt::format("{} contacts, {:.1f} % ≥ {}", panel.values.size(),
                          100.0 * static_cast<double>(good) / static_cast<double>(panel.values.size()), threshold);
    panel.empty_message = "no contacts";
    figure.panels.push_back(std::move(panel));
  }
  return report_detail::render_small_multiples(figure);
}

}  // namespace contactlab
