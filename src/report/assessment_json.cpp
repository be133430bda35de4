// JSON of an assessment run (format "contactlab-assessment", version 1, docs/assessment.md): the
// CSV's measures per method × case plus the per-interface scores and per-contact normal qualities
// that the plots are drawn from.
#include "contactlab/report/assessment_tables.h"

#include "measures_json.h"

#include "contactlab/core/json_fields.h"

namespace contactlab {
namespace {

using json::element_path;
using json::Json;

const char* const kAssessmentJsonSource = "assessment JSON";

double assessment_finite(double value, const std::string& path) {
  return json::finite_for_writing(value, kAssessmentJsonSource, path);
}

Json result_json(const CaseResult& r, bool peer, const std::string& path) {
  Json out = report_detail::measures_json(r.measures, kAssessmentJsonSource, path);
  out["method"] = r.method;
  out["peer"] = peer;
  out["case"] = r.case_name;
  out["fundamental"] = r.fundamental;
  out["seconds"] = assessment_finite(r.seconds, path + ".seconds");
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
  root["seconds"] = assessment_finite(result.seconds, "seconds");
  Json results = Json::array();
  for (std::size_t i = 0; i < result.results.size(); ++i) {
    const bool peer = !result.cases.empty() && result.is_peer(i / result.cases.size());  // method-major
    results.push_back(result_json(result.results[i], peer, element_path("results", i)));
  }
  root["results"] = std::move(results);
  return json::pretty_json(root, kAssessmentJsonSource);
}

}  // namespace contactlab
