// The report page, index.html (internal to the report module): what write_assessment_report puts
// in front of the files it writes.
#pragma once

#include "contactlab/assess/suite_run.h"
#include "contactlab/report/assessment_tables.h"

#include <string>
#include <vector>

namespace contactlab::report_detail {

struct ReportFigure {
  std::string case_name;
  std::string stem;  ///< plots/STEM.svg and plots/STEM.png
  std::string caption;
};

struct ReportIndex {
  const SuiteResult* result = nullptr;
  const ReferenceValues* reference = nullptr;
  std::vector<ReportFigure> figures;
  bool has_viewer = false;  ///< view/CASE.html pages exist
  std::string command;
};

/// The page: run summary; the fundamental cases in the layout of Table 8 (Coverage, Quality,
/// Excess; each cell ours with the reference value beneath); one table per structure (Table 7 and
/// §8.2–8.3 measures, ours and the reference side by side); the plots (SVG, linked to the PNG); a
/// case × method grid of links to the 3-D views; the data files. Self-contained: no scripts, no
/// network, only relative links to the files of the report.
std::string report_index_html(const ReportIndex& index);

}  // namespace contactlab::report_detail
