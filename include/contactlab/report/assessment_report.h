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

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace contactlab {

/// The viewer's build output (viewer/dist): the page template with its data and bundle
/// placeholders (viewer/README.md, "Page assembly") and the bundle script.
struct ViewerBundle {
  std::string template_html;
  std::string script;
};

struct AssessmentReportOptions {
  const ReferenceValues* reference = nullptr;  ///< values shown beside ours (paper_reference())
  std::optional<ViewerBundle> viewer{};        ///< absent: no 3-D pages; the page says so
  std::string command{};                       ///< the command line, shown on the page
  /// Called before each step with a short description ("plots for wall", "3-D view of arch").
  std::function<void(const std::string&)> progress{};
};

/// Writes the report into `dir` (created if missing; files already there with the same names are
/// replaced, each atomically; nothing else in it is touched). Viewer pages need the scenes: each
/// case is rebuilt with make_builtin_scene(name, {result.refined}) — the same meshes the run used,
/// TetGen being deterministic. Returns the paths written, relative to `dir`. Throws InputError when
/// a file cannot be written, std::runtime_error when the viewer template lacks its placeholders.
std::vector<std::string> write_assessment_report(const std::string& dir, const SuiteResult& result,
                                                 const AssessmentReportOptions& options = {});

/// The HTML of a viewer page with `data_json` (viewer_data_json) inlined and the bundle loaded from
/// `bundle_src` (a relative URL) instead of inlined, followed by a script that shows only the
/// contact set named by the URL's fragment (#label), if any. Throws std::runtime_error when the
/// template lacks a placeholder.
std::string viewer_page_with_shared_bundle(const std::string& template_html, const std::string& data_json,
                                           const std::string& bundle_src, const std::string& title);

}  // namespace contactlab
