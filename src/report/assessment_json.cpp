// JSON of an assessment run (format "contactlab-assessment", version 1, docs/assessment.md): the
// CSV's measures per method × case plus the per-interface scores and per-contact normal qualities
// that the plots are drawn from.
#include "contactlab/report/assessment_tables.h"

#include "contactlab/core/json_fields.h"

namespace contactlab {
namespace {

using json::element_path;
using json::Json;

const char* const kSource = "assessment JSON";

double finite(double value, const std::string& path) { return json::finite_for_writing(value, kSource, path); }

Json optional_number(const std::optional<double>& value, const std::string& path) {
  return value ? Json(finite(*value, path)) : Json(nullptr);
}

Json interface_json(const InterfaceScore& s, const std::string& path) {
  Json out = Json::object();
  out["body_a"] = s.body_a;
  out["body_b"] = s.body_b;
  out["contacts"] = s.contacts;
  out["correct"] = s.correct;
  out["feasible_normals"] = s.feasible_normals;
  out["normals_matched"] = s.normals_matched;
  out["min_contacts"] = s.min_contacts;
  out["planar"] = s.planar;
  out["true_area"] = finite(s.true_area, path + ".true_area");
  out["hull_area"] = finite(s.hull_area, path + ".hull_area");
  out["hull_area_clipped"] = finite(s.hull_area_clipped, path + ".hull_area_clipped");
  out["position_error"] = finite(s.position_error, path + ".position_error");
  return out;
}

Json number_array(const std::vector<double>& values, const std::string& path) {
  Json out = Json::array();
  for (std::size_t i = 0; i < values.size(); ++i) out.push_back(finite(values[i], element_path(path, i)));
  return out;
}

Json result_json(const CaseResult& r, bool peer, const std::string& path) {
  const Measures& s = r.measures;
  Json out = Json::object();
  out["method"] = r.method;
  out["peer"] = peer;
  out["case"] = r.case_name;
  out["fundamental"] = r.fundamental;
  out["seconds"] = finite(r.seconds, path + ".seconds");
  out["count"] = s.count;
  out["correct"] = s.correct;
  out["stray"] = s.stray;
  out["quality_percent"] = finite(s.quality_percent, path + ".quality_percent");
  out["coverage_percent"] = finite(s.coverage_percent, path + ".coverage_percent");
  out["excess"] = finite(s.excess, path + ".excess");
  out["area_coverage"] = optional_number(s.area_coverage, path + ".area_coverage");
  out["area_coverage_clipped"] = optional_number(s.area_coverage_clipped, path + ".area_coverage_clipped");
  out["position_error"] = optional_number(s.position_error, path + ".position_error");
  Json interfaces = Json::array();
  for (std::size_t i = 0; i < s.interfaces.size(); ++i) {
    interfaces.push_back(interface_json(s.interfaces[i], element_path(path + ".interfaces", i)));
  }
  out["interfaces"] = std::move(interfaces);
  out["normal_quality"] = number_array(s.normal_quality, path + ".normal_quality");
  out["abs_normal_y"] = number_array(s.abs_normal_y, path + ".abs_normal_y");
  return out;
}

}  // namespace

std::string assessment_json(const SuiteResult& result) {
  Json root = Json::object();
  root["format"] = kAssessmentFormatName;
  root["version"] = kAssessmentFormatVersion;
  root["methods"] = result.methods;
  Json peers = Json::array();
  for (std::size_t m = 0; m < result.methods.size(); ++m) {
    if (result.is_peer(m)) peers.push_back(result.methods[m]);
  }
  root["peers"] = std::move(peers);
  root["cases"] = result.cases;
  root["refined"] = result.refined;
  root["seconds"] = finite(result.seconds, "seconds");
  Json results = Json::array();
  for (std::size_t i = 0; i < result.results.size(); ++i) {
    const bool peer = !result.cases.empty() && result.is_peer(i / result.cases.size());  // method-major
    results.push_back(result_json(result.results[i], peer, element_path("results", i)));
  }
  root["results"] = std::move(results);
  return json::pretty_json(root, kSource);
}

}  // namespace contactlab
