// The dynamic studies as text, CSV and JSON (dynamic_study_tables.h, docs/studies.md).
#include "contactlab/report/dynamic_study_tables.h"

#include "contactlab/core/json_fields.h"
#include "contactlab/core/json_support.h"
#include "contactlab/report/paper_reference.h"
#include "measures_json.h"
#include "text_table.h"

#include <fmt/core.h>

#include <cmath>
#include <numbers>

namespace contactlab {
namespace {

using json::Json;
using report_detail::TextTable;

const char* const kStudyJsonSource = "study JSON";

double study_finite(double value, const std::string& path) {
  return json::finite_for_writing(value, kStudyJsonSource, path);
}

std::string fixed(double value, int digits) { return fmt::format("{:.{}f}", value, digits); }

std::vector<std::string> statistics_cells(const std::string& label, const CountStatistics& s) {
  return {label, fixed(s.mean, 2), fixed(s.min, 0), fixed(s.max, 0), fixed(s.deviation, 2)};
}

}  // namespace

std::string counts_table(const DynamicStudyResult& result) {
  std::string out;
  for (std::size_t c = 0; c < result.cases.size(); ++c) {
    const bool pillar = result.cases[c] == "pillar";
    TextTable table;
    table.header.push_back({fmt::format("{}: contacts per step over {} steps", result.cases[c], result.steps_requested),
                            "mean", "min", "max", "std. dev."});
    for (std::size_t m = 0; m < result.methods.size(); ++m) {
      const DynamicRun& run = result.at(m, c);
      table.rows.push_back(statistics_cells(run.method, count_statistics(run.contact_counts)));
      if (!pillar) continue;
      const auto& paper = paper_pillar_counts();
      const auto it = paper.find(run.method);
      if (it != paper.end()) table.rows.push_back(statistics_cells("  paper", it->second));
    }
    out += (out.empty() ? "" : "\n") + table.render();
    if (pillar) out += "(paper: Erleben 2018, Table 6, the first 500 steps of the pillar)\n";
  }
  return out;
}

std::string stability_table(const DynamicStudyResult& result) {
  std::string out;
  for (std::size_t c = 0; c < result.cases.size(); ++c) {
    TextTable table;
    table.header.push_back({fmt::format("{}: after {} steps", result.cases[c], result.steps_requested),
                            "displacement m", "% of L", "body", "rotation °", "body", "moved", "verdict"});
    for (std::size_t m = 0; m < result.methods.size(); ++m) {
      const DynamicRun& run = result.at(m, c);
      const LargestMotion& motion = run.motion;
      const std::string verdict =
          run.steps < result.steps_requested ? "stopped" : (run.standing() ? "standing" : "collapsed");
      table.rows.push_back({run.method, fmt::format("{:.4g}", motion.displacement),
                            fmt::format("{:.3g}", 100.0 * motion.displacement / run.length_scale),
                            motion.displaced_body == kInvalidIndex ? "-" : run.body_names[motion.displaced_body],
                            fmt::format("{:.3g}", motion.rotation * 180.0 / std::numbers::pi),
                            motion.rotated_body == kInvalidIndex ? "-" : run.body_names[motion.rotated_body],
                            fmt::format("{}/{}", run.bodies_moved, run.movable_bodies), verdict});
    }
    out += (out.empty() ? "" : "\n") + table.render();
  }
  out += fmt::format(
      "(standing: no body's centre of mass moved more than {:g} % of the scene's length scale L; moved: the bodies "
      "that did, of the movable ones)\n",
      100.0 * kStandingFraction);
  return out;
}

std::string dynamic_study_steps_csv(const DynamicStudyResult& result) {
  std::string out = "method,case,step,contacts,largest_displacement\n";
  for (const DynamicRun& run : result.runs) {
    for (int k = 0; k < run.steps; ++k) {
      out += fmt::format("{},{},{},{},{}\n", run.method, run.case_name, k + 1, run.contact_counts[k],
                         run.largest_displacement[k]);
    }
  }
  return out;
}

namespace {

/// study.json's fields of one result, format and version aside; `at` prefixes the field paths of
/// errors ("" for study.json, "variants[1].results[0]" within variants.json).
Json study_fields(const DynamicStudyResult& result, const std::string& study, const std::string& at) {
  const auto field = [&](const std::string& name) { return at.empty() ? name : at + "." + name; };
  Json root = Json::object();
  root["study"] = study;
  root["methods"] = result.methods;
  root["cases"] = result.cases;
  root["steps"] = result.steps_requested;
  root["time_step"] = study_finite(result.simulation.time_step, field("time_step"));
  root["solver"] = {{"name", solver_record_name(result.simulation.solver_kind)},
                    {"max_iterations", result.simulation.solver.max_iterations},
                    {"tolerance", study_finite(result.simulation.solver.tolerance, field("solver.tolerance"))}};
  root["touching_band"] = study_finite(result.simulation.contacts.settings.tolerance.relative, field("touching_band"));
  root["refined"] = result.refined;
  root["perturbation"] = {{"displacement", study_finite(result.perturbation, field("perturbation.displacement"))},
                          {"seed", result.perturbation_seed}};
  root["quality_step"] = result.quality_step;
  root["complete"] = result.complete;
  root["standing_fraction"] = kStandingFraction;
  root["seconds"] = study_finite(result.seconds, field("seconds"));
  Json runs = Json::array();
  for (std::size_t r = 0; r < result.runs.size(); ++r) {
    const DynamicRun& run = result.runs[r];
    const std::string path = json::element_path(field("runs"), r);
    const CountStatistics s = count_statistics(run.contact_counts);
    Json j = Json::object();
    j["method"] = run.method;
    j["case"] = run.case_name;
    j["steps"] = run.steps;
    j["length_scale"] = study_finite(run.length_scale, path + ".length_scale");
    j["counts"] = {{"mean", study_finite(s.mean, path + ".counts.mean")},
                   {"min", s.min},
                   {"max", s.max},
                   {"deviation", study_finite(s.deviation, path + ".counts.deviation")}};
    j["largest_displacement"] = study_finite(run.motion.displacement, path + ".largest_displacement");
    j["displaced_body"] =
        run.motion.displaced_body == kInvalidIndex ? Json(nullptr) : Json(run.body_names[run.motion.displaced_body]);
    j["largest_rotation"] = study_finite(run.motion.rotation, path + ".largest_rotation");
    j["rotated_body"] =
        run.motion.rotated_body == kInvalidIndex ? Json(nullptr) : Json(run.body_names[run.motion.rotated_body]);
    j["standing"] = run.standing();
    j["bodies_moved"] = run.bodies_moved;
    j["movable_bodies"] = run.movable_bodies;
    j["contact_seconds"] = study_finite(run.contact_seconds, path + ".contact_seconds");
    j["solver_seconds"] = study_finite(run.solver_seconds, path + ".solver_seconds");
    j["contact_counts"] = run.contact_counts;
    Json displacement = Json::array();
    for (std::size_t k = 0; k < run.largest_displacement.size(); ++k) {
      displacement.push_back(study_finite(run.largest_displacement[k], json::element_path(path + ".displacement", k)));
    }
    j["displacement"] = std::move(displacement);
    j["step_measures"] =
        run.step_measures ? report_detail::measures_json(*run.step_measures, kStudyJsonSource, path + ".step_measures")
                          : Json(nullptr);
    runs.push_back(std::move(j));
  }
  root["runs"] = std::move(runs);
  return root;
}

}  // namespace

std::string dynamic_study_json(const DynamicStudyResult& result, const std::string& study) {
  Json root = study_fields(result, study, "");
  root["format"] = kStudyFormatName;
  root["version"] = kStudyFormatVersion;
  return json::pretty_json(root, kStudyJsonSource);
}

std::string variants_json(const std::vector<StudyVariant>& variants, const std::string& study) {
  Json root = Json::object();
  root["format"] = kStudyVariantsFormatName;
  root["version"] = kStudyFormatVersion;
  root["study"] = study;
  Json list = Json::array();
  for (std::size_t v = 0; v < variants.size(); ++v) {
    Json results = Json::array();
    for (std::size_t k = 0; k < variants[v].results.size(); ++k) {
      results.push_back(study_fields(variants[v].results[k], study,
                                     json::element_path(json::element_path("variants", v) + ".results", k)));
    }
    list.push_back({{"label", variants[v].label}, {"results", std::move(results)}});
  }
  root["variants"] = std::move(list);
  return json::pretty_json(root, kStudyJsonSource);
}

}  // namespace contactlab

namespace contactlab {

std::string variants_table(const std::vector<StudyVariant>& variants, const std::string& title, bool stability) {
  if (variants.empty() || variants.front().results.empty()) return "";
  const DynamicStudyResult& shape = variants.front().results.front();
  std::string out;
  for (std::size_t c = 0; c < shape.cases.size(); ++c) {
    out += fmt::format("{}{}: {}\n", out.empty() ? "" : "\n", shape.cases[c], title);
    TextTable table;
    std::vector<std::string> top = {""}, bottom = {"method"};
    for (const StudyVariant& v : variants) {
      top.insert(top.end(), {"|", v.label, ""});
      bottom.insert(bottom.end(), {"|", "quality %", "contacts"});
      if (stability) {
        top.push_back("");
        bottom.push_back("standing");
      }
    }
    table.header = {top, bottom};
    for (std::size_t m = 0; m < shape.methods.size(); ++m) {
      std::vector<std::string> row = {shape.methods[m]};
      for (const StudyVariant& v : variants) {
        double quality = 0.0, count = 0.0;
        int scored = 0, standing = 0;
        for (const DynamicStudyResult& r : v.results) {
          const DynamicRun& run = r.at(m, c);
          if (run.step_measures) {
            quality += run.step_measures->quality_percent;
            count += run.step_measures->count;
            ++scored;
          }
          if (run.standing()) ++standing;
        }
        row.push_back("|");
        row.push_back(scored ? fixed(quality / scored, 1) : std::string("–"));
        row.push_back(scored ? fixed(count / scored, 0) : std::string("–"));
        if (stability) row.push_back(fmt::format("{}/{}", standing, v.results.size()));
      }
      table.rows.push_back(std::move(row));
    }
    out += table.render();
  }
  return out;
}

std::string variants_csv(const std::vector<StudyVariant>& variants) {
  std::string out =
      "variant,seed,method,case,quality_percent,contacts,excess,mean_contacts,largest_displacement,standing\n";
  for (const StudyVariant& v : variants) {
    for (std::size_t s = 0; s < v.results.size(); ++s) {
      for (const DynamicRun& run : v.results[s].runs) {
        const std::optional<Measures>& q = run.step_measures;
        out += fmt::format("\"{}\",{},{},{},{},{},{},{},{},{}\n", v.label, s + 1, run.method, run.case_name,
                           q ? fmt::format("{}", q->quality_percent) : "", q ? std::to_string(q->count) : "",
                           q && q->count > 0 ? fmt::format("{}", q->excess) : "",
                           count_statistics(run.contact_counts).mean, run.motion.displacement,
                           run.standing() ? "true" : "false");
      }
    }
  }
  return out;
}

}  // namespace contactlab
