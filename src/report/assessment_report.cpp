// write_assessment_report: the files of `contactlab assess -o DIR` (assessment_report.h), written
// all or none (AtomicFileSet, core/output_files.h).
#include "contactlab/report/assessment_report.h"

#include "contactlab/assess/suite_run.h"
#include "contactlab/core/output_files.h"
#include "contactlab/io/viewer_data.h"
#include "contactlab/report/plots.h"
#include "contactlab/suite/builtin_scenes.h"
#include "html_text.h"
#include "report_index_html.h"

#include <filesystem>

namespace contactlab {
namespace {

namespace fs = std::filesystem;

class ReportWriter {
 public:
  ReportWriter(const std::string& dir, const SuiteResult& result, const AssessmentReportOptions& options)
      : dir_(dir), result_(result), options_(options) {}

  std::vector<std::string> write() {
    files_.create_folder(dir_.string());
    step("tables, CSV and JSON");
    std::string tables = fundamental_cases_table(result_, options_.reference);
    const std::string structures = structures_table(result_, options_.reference);
    if (!tables.empty() && !structures.empty()) tables += "\n";
    file("tables.txt", tables + structures);
    file("assessment.csv", assessment_csv(result_));
    file("assessment.json", assessment_json(result_));

    report_detail::ReportIndex index;
    index.result = &result_;
    index.reference = options_.reference;
    index.command = options_.command;
    index.figures = plots();
    if (options_.viewer) {
      views();
      index.has_viewer = true;
    }
    step("index.html");
    file("index.html", report_detail::report_index_html(index));
    files_.commit();
    return std::move(written_);
  }

 private:
  void step(const std::string& what) const {
    if (options_.progress) options_.progress(what);
  }

  void file(const std::string& relative, const std::string& content) {
    files_.add((dir_ / relative).string(), content);
    written_.push_back(relative);
  }

  std::vector<report_detail::ReportFigure> plots() {
    std::vector<report_detail::ReportFigure> figures;
    const std::vector<std::size_t> cases = cases_in_suite_order(result_, false);
    if (cases.empty() || result_.methods.empty()) return figures;
    files_.create_folder((dir_ / "plots").string());
    const auto add = [&](const std::string& case_name, const std::string& stem, const std::string& caption,
                         const PlotImages& images) {
      file("plots/" + stem + ".svg", images.svg);
      file("plots/" + stem + ".png", images.png);
      figures.push_back({case_name, stem, caption});
    };
    const std::vector<std::string> stems = report_detail::case_file_stems(result_.cases);
    for (std::size_t c : cases) {
      const std::string& name = result_.cases[c];
      const std::string& stem = stems[c];
      step("plots for " + name);
      if (name == "pillar") {
        add(name, stem + "-abs-ny",
            "pillar: sorted |n_y| of every contact (the paper's Figure 21; every true normal is (0, 1, 0))",
            sorted_quality_plot(result_, c, QualityMeasure::kAbsNormalY));
      }
      add(name, stem + "-quality",
          name +
              ": sorted sign-aware normal quality n·n* of every contact (Figures 24, 27: 1 is best, −1 a reversed "
              "normal)",
          sorted_quality_plot(result_, c, QualityMeasure::kSignedNormal));
      if (result_.at(0, c).measures.area_coverage) {
        add(name, stem + "-areas",
            name +
                ": sorted hull areas A_R of the interfaces (Figures 25, 28); dashed: the true areas, the plateaus of a "
                "method that covers every region",
            sorted_area_plot(result_, c));
      }
    }
    return figures;
  }

  void views() {
    files_.create_folder((dir_ / "view").string());
    file("view/viewer.js", options_.viewer->script);
    const std::vector<std::string> stems = report_detail::case_file_stems(result_.cases);
    for (std::size_t c = 0; c < result_.cases.size(); ++c) {
      const std::string& name = result_.cases[c];
      step("3-D view of " + name);
      const Scene scene = make_suite_case(name, result_.refined);
      std::vector<std::pair<std::string, ContactSet>> sets;
      for (std::size_t m = 0; m < result_.methods.size(); ++m)
        sets.emplace_back(result_.methods[m], result_.at(m, c).contacts);
      const std::string page = viewer_page_with_shared_bundle(
          options_.viewer->template_html, viewer_data_json(scene, sets), "viewer.js", "contactlab assessment: " + name);
      file("view/" + stems[c] + ".html", page);
    }
  }

  fs::path dir_;
  const SuiteResult& result_;
  const AssessmentReportOptions& options_;
  std::vector<std::string> written_;
  // Every file goes to a temporary until the last is written: a failure half way (a full disk, a
  // `plots` that is a file, an exception) leaves DIR as it was, not a report that mixes runs.
  AtomicFileSet files_;
};

}  // namespace

std::vector<std::string> write_assessment_report(const std::string& dir, const SuiteResult& result,
                                                 const AssessmentReportOptions& options) {
  return ReportWriter(dir, result, options).write();
}

}  // namespace contactlab
