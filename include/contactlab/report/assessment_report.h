// The assessment report: everything `contactlab assess -o DIR` writes into DIR —
//   index.html          the report page: tables with the reference values beside ours, the plots,
//                       a 3-D view link per case × method (docs/assessment.md)
//   tables.txt          the terminal tables (fundamental_cases_table, structures_table)
//   assessment.csv      assessment_csv(result)
//   assessment.json     assessment_json(result)
//   plots/CASE-quality.svg|png, plots/pillar-abs-ny.svg|png, plots/CASE-areas.svg|png
//                       for the structures (pillar, wall, arch) in the result
//   view/viewer.js      one copy of the viewer bundle, shared by
//   view/CASE.html      one viewer page per case with every method's contacts as a set;
//                       view/CASE.html#METHOD shows that method's set alone
#pragma once

#include "contactlab/assess/suite_run.h"
#include "contactlab/report/assessment_tables.h"
#include "contactlab/report/viewer_page.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace contactlab {

struct AssessmentReportOptions {
  const ReferenceValues* reference = nullptr;  ///< values shown beside ours (paper_reference())
  std::optional<ViewerBundle> viewer{};        ///< absent: no 3-D pages; the page says so (viewer_page.h)
  std::string command{};                       ///< the command line, shown on the page
  /// Called before each step with a short description ("plots for wall", "3-D view of arch").
  std::function<void(const std::string&)> progress{};
};

/// Writes the report into `dir` (created if missing; files already there with the same names are
/// replaced; nothing else in it is touched). The files appear all or none (AtomicFileSet,
/// core/output_files.h): on any failure the temporaries and the folders this call created are
/// removed, and a name in the way that is not a regular file (a folder, a link, …) is an InputError. Viewer pages need the scenes: each
/// case is rebuilt with make_builtin_scene(name, {result.refined}) — the same meshes the run used,
/// TetGen being deterministic. Returns the paths written, relative to `dir`. Throws InputError when
/// a file cannot be written, std::runtime_error when the viewer template lacks its placeholders.
std::vector<std::string> write_assessment_report(const std::string& dir, const SuiteResult& result,
                                                 const AssessmentReportOptions& options = {});

}  // namespace contactlab
