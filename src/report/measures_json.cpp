#include "measures_json.h"

#include "contactlab/core/json_fields.h"

namespace contactlab::report_detail {
namespace {

using json::element_path;
using json::Json;

struct Writer {
  const char* source;
  double finite(double value, const std::string& path) const { return json::finite_for_writing(value, source, path); }
  Json optional_number(const std::optional<double>& value, const std::string& path) const {
    return value ? Json(finite(*value, path)) : Json(nullptr);
  }
  Json number_array(const std::vector<double>& values, const std::string& path) const {
    Json out = Json::array();
    for (std::size_t i = 0; i < values.size(); ++i) out.push_back(finite(values[i], element_path(path, i)));
    return out;
  }
  Json interface_json(const InterfaceScore& s, const std::string& path) const {
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
};

}  // namespace

Json measures_json(const Measures& s, const char* source, const std::string& path) {
  const Writer w{source};
  Json out = Json::object();
  out["count"] = s.count;
  out["correct"] = s.correct;
  out["stray"] = s.stray;
  out["quality_percent"] = w.finite(s.quality_percent, path + ".quality_percent");
  out["coverage_percent"] = w.finite(s.coverage_percent, path + ".coverage_percent");
  out["excess"] = w.finite(s.excess, path + ".excess");
  out["area_coverage"] = w.optional_number(s.area_coverage, path + ".area_coverage");
  out["area_coverage_clipped"] = w.optional_number(s.area_coverage_clipped, path + ".area_coverage_clipped");
  out["position_error"] = w.optional_number(s.position_error, path + ".position_error");
  Json interfaces = Json::array();
  for (std::size_t i = 0; i < s.interfaces.size(); ++i) {
    interfaces.push_back(w.interface_json(s.interfaces[i], element_path(path + ".interfaces", i)));
  }
  out["interfaces"] = std::move(interfaces);
  out["normal_quality"] = w.number_array(s.normal_quality, path + ".normal_quality");
  out["abs_normal_y"] = w.number_array(s.abs_normal_y, path + ".abs_normal_y");
  return out;
}

}  // namespace contactlab::report_detail
