// The dynamic studies as text and plots (docs/studies.md): the contact-count table in the layout of
// the paper's Table 6 (mean, min, max, standard deviation of the count over the steps, a row per
// method), with the paper's pillar values beneath ours; the stability table (largest displacement
// and rotation after the last step, and the verdict); the CSV and JSON of a study; the per-step
// plots. Writers only read the DynamicStudyResult.
#pragma once

#include "contactlab/assess/dynamic_study.h"
#include "contactlab/report/plots.h"

#include <map>
#include <string>

namespace contactlab {

/// One block per case: a row per method with mean, min, max and standard deviation of the contact
/// count per step; on the pillar, beneath each method, the paper's row ("paper").
std::string counts_table(const DynamicStudyResult& result);

/// One block per case: a row per method with the largest displacement (m and % of the scene's
/// length scale), the body, the largest rotation (degrees), the body, and the verdict (standing:
/// displacement ≤ kStandingFraction of the length scale).
std::string stability_table(const DynamicStudyResult& result);

/// CSV, a row per method × case × step: method, case, step, contacts, largest_displacement.
std::string dynamic_study_steps_csv(const DynamicStudyResult& result);

/// JSON ("format": "contactlab-study", "version": 1): the settings, and per run the count
/// statistics, the final motion, the verdict, the times and the per-step series.
std::string dynamic_study_json(const DynamicStudyResult& result, const std::string& study);

/// The contact count per step of every method on result.cases[case_index] (Figure 22), one panel
/// per method, a shared y range.
PlotImages study_counts_plot(const DynamicStudyResult& result, std::size_t case_index);

/// The largest displacement since t = 0 per step, one panel per method, with the standing threshold
/// (kStandingFraction × the scene's length scale) as a dashed line.
PlotImages study_displacement_plot(const DynamicStudyResult& result, std::size_t case_index);

/// One setting of a study that compares settings (perturbation, time step, refinement): its label
/// ("D = 0.01 m", "h = 0.001 s", "refined") and one result per seed (one for the unseeded ones), all
/// with the same methods and cases, run with a quality step.
struct StudyVariant {
  std::string label;
  std::vector<DynamicStudyResult> results;
};

/// One block per case: a row per method, and per variant a group of columns — quality % and the
/// contact count at the quality step (means over the seeds) and, with `stability`, how many runs
/// left the scene standing ("4/5"). `title` heads each block.
std::string variants_table(const std::vector<StudyVariant>& variants, const std::string& title, bool stability);

/// CSV, a row per variant × seed × method × case: variant, seed (1-based), method, case,
/// quality_percent, contacts (at the quality step), excess, mean_contacts (over the steps),
/// largest_displacement, standing. Absent measures are empty fields.
std::string variants_csv(const std::vector<StudyVariant>& variants);

/// variants.json (`"format": "contactlab-study-variants"`, docs/studies.md): `study`, and per
/// variant its `label` and `results`, one per seed, each with the fields of study.json but format
/// and version (settings, and per run counts, motion, verdict and step measures).
std::string variants_json(const std::vector<StudyVariant>& variants, const std::string& study);

/// What a study page shows: the tables as printed, the plots (STEM.svg beside it, linked to
/// STEM.png) and the data files, with the command that made them.
struct StudyPage {
  std::string study;    ///< e.g. "counts"
  std::string command;  ///< the command line, shown on the page
  std::string summary;  ///< one line, e.g. "24 runs (8 methods × 3 cases, 500 steps each) in 582.6 s"
  std::string tables;   ///< as printed on stdout
  struct Figure {
    std::string stem, caption;
  };
  std::vector<Figure> figures;
  std::vector<std::string> files;  ///< data files in the folder, linked
};

/// index.html of a study folder, in the look of the assessment report (report/assessment_report.h):
/// self-contained, no scripts, only relative links.
std::string study_page_html(const StudyPage& page);

/// index.html of a folder of studies (`contactlab study all`, scripts/studies.sh): one section per
/// page, in order, each with its tables, plots and files; page.study names both the section and the
/// subfolder that holds the study's files (and its own page). `command` and `summary` head the page.
std::string studies_report_html(const std::vector<StudyPage>& pages, const std::string& command,
                                const std::string& summary);

inline constexpr int kStudyFormatVersion = 1;
inline constexpr const char* kStudyFormatName = "contactlab-study";
inline constexpr const char* kStudyVariantsFormatName = "contactlab-study-variants";

}  // namespace contactlab
