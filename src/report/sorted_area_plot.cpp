// Sorted contact-area plots (Erleben 2018 §8.2–8.3, Figures 25, 28): per method, the area A_R of the
// convex hull of each planar interface's contacts projected on the plane ⊥ n* (Eq. (3)), ascending.
// A method that covers every region shows the plateaus of the true areas (dashed lines).
#include "contactlab/report/plots.h"

#include "contactlab/report/assessment_tables.h"

#include "plot_canvas.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

namespace contactlab {
namespace {

/// The distinct true areas of the planar interfaces (equal up to 1e-9 relative), ascending.
std::vector<double> distinct_true_areas(const Measures& measures) {
  std::vector<double> areas;
  for (const InterfaceScore& s : measures.interfaces) {
    if (s.planar) areas.push_back(s.true_area);
  }
  std::sort(areas.begin(), areas.end());
  std::vector<double> distinct;
  for (double a : areas) {
    if (distinct.empty() || a - distinct.back() > 1e-9 * std::max(1.0, std::abs(a))) distinct.push_back(a);
  }
  return distinct;
}

}  // namespace

PlotImages sorted_area_plot(const SuiteResult& result, std::size_t case_index) {
  report_detail::SmallMultiples figure;
  const std::string& name = result.cases.at(case_index);
  figure.title = name + ": sorted contact areas A_R (Erleben 2018, Eq. (3), Figs. 25, 28)";
  figure.x_label = "interfaces, sorted by A_R";
  figure.y_label = "A_R (m²)";
  figure.markers = true;
  double largest = 0.0;
  for (std::size_t m = 0; m < result.methods.size(); ++m) {
    const Measures& measures = result.at(m, case_index).measures;
    report_detail::Panel panel;
    panel.title = method_label(result, m);
    for (const InterfaceScore& s : measures.interfaces) {
      if (!s.planar) continue;
      panel.values.push_back(s.hull_area);
      largest = std::max({largest, s.hull_area, s.true_area});
    }
    std::sort(panel.values.begin(), panel.values.end());
    panel.subtitle = measures.area_coverage
                         ? fmt::format("P = {:.2f} (clipped {:.2f}), {} interfaces", *measures.area_coverage,
                                       measures.area_coverage_clipped.value_or(0.0), panel.values.size())
                         : std::string("no planar interfaces");
    panel.empty_message = "no planar interfaces";
    figure.panels.push_back(std::move(panel));
  }
  if (!result.methods.empty()) {
    figure.reference_lines = distinct_true_areas(result.at(0, case_index).measures);
    std::string values;
    for (double area : figure.reference_lines) values += (values.empty() ? "" : ", ") + report_detail::tick_label(area);
    if (!values.empty()) figure.note = "dashed: the true areas, " + values + " m²";
  }
  figure.y_min = 0.0;
  figure.y_max = largest > 0.0 ? 1.15 * largest : 1.0;
  return report_detail::render_small_multiples(figure);
}

}  // namespace contactlab
