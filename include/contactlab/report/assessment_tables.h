// The assessment results as text: the terminal tables in the layouts of the paper's Table 8
// (fundamental cases: Coverage / Quality / Excess blocks, methods × cases) and Table 7 with §8.2–8.3
// (structures: quality, contacts, excess, area coverage P and time per method), the CSV (one row per
// method × case) and the JSON (the same, plus per-interface scores and per-contact normal qualities)
// described in docs/assessment.md. Writers only read the SuiteResult.
#pragma once

#include "contactlab/assess/suite_run.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace contactlab {

/// Values from elsewhere — the paper's — printed beside ours. A missing value prints as "–".
struct ReferenceMeasures {
  std::optional<double> quality_percent = std::nullopt;
  std::optional<double> coverage_percent = std::nullopt;
  std::optional<double> count = std::nullopt;
  std::optional<double> excess = std::nullopt;
  std::optional<double> area_coverage = std::nullopt;
  bool no_contacts = false;  ///< the source found no contacts (the paper's "(*)" in Table 8)
};

struct ReferenceValues {
  std::string label;  ///< row label in the tables, e.g. "paper"
  std::string note;   ///< one line printed under the tables, e.g. the citation
  /// Notes per case (e.g. "pillar": "simulation step 3"), printed with that case's block.
  std::map<std::string, std::string> case_notes;
  std::map<std::pair<std::string, std::string>, ReferenceMeasures> values;  ///< by (method, case)

  const ReferenceMeasures* find(const std::string& method, const std::string& case_name) const {
    const auto it = values.find({method, case_name});
    return it == values.end() ? nullptr : &it->second;
  }
};

/// The row label of result.methods[m]: the name, with " (peer)" after a peer's (another library's
/// contact generation, SceneContactGenerator::peer) in the tables, plots and report page.
std::string method_label(const SuiteResult& result, std::size_t m);

/// Indices into result.cases of its fundamental cases (or, with `fundamental` false, of the others),
/// in the suite's order (builtin_scenes()); names that are not built-in scenes come last, as run.
std::vector<std::size_t> cases_in_suite_order(const SuiteResult& result, bool fundamental);

/// The fundamental cases of `result` in the layout of the paper's Table 8: blocks "Coverage (%)",
/// "Quality (%)" and "Excess", a row per method (run order), a column per fundamental case in the
/// suite's order (builtin_scenes()), headers split at hyphens over up to three lines. With a
/// reference, each method row (not a peer's) is followed by an indented row of the reference's values. Excess is
/// "(*)" where no contacts were found. "" when the result holds no fundamental case.
std::string fundamental_cases_table(const SuiteResult& result, const ReferenceValues* reference = nullptr);

/// The other cases (pillar, wall, arch — suite order), one block each: a row per method with
/// quality %, contacts, excess, area coverage P, P with hulls clipped to the true polygons, the
/// largest position error and the time in ms; with a reference, its quality, contacts, excess and P
/// beside ours. "" when the result holds no such case.
std::string structures_table(const SuiteResult& result, const ReferenceValues* reference = nullptr);

/// CSV with a header row and one row per method × case (method-major, as run): method, case,
/// fundamental, count, correct, stray, quality_percent, coverage_percent, excess, min_contacts,
/// feasible_normals, normals_matched, area_coverage, area_coverage_clipped, position_error,
/// seconds, peer (true for a peer's row). Absent values are empty fields. Numbers are shortest round-trip text.
std::string assessment_csv(const SuiteResult& result);

/// JSON ("format": "contactlab-assessment", "version": 1): the run (methods, peers — the names of
/// the peer rows —, cases, refined, seconds) and per method × case ("peer": true for a peer's) the measures, per-interface scores and the per-contact
/// normal_quality and abs_normal_y arrays (docs/assessment.md). 2-space indented, ends with a
/// newline. Throws InputError for a non-finite number (JSON has none).
std::string assessment_json(const SuiteResult& result);

inline constexpr int kAssessmentFormatVersion = 1;
inline constexpr const char* kAssessmentFormatName = "contactlab-assessment";

}  // namespace contactlab
