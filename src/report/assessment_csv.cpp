// CSV of an assessment run: one row per method × case with every measure (docs/assessment.md).
#include "contactlab/report/assessment_tables.h"

#include <fmt/core.h>

#include <cmath>

namespace contactlab {
namespace {

/// A CSV field (RFC 4180): quoted when it holds a comma, quote or line break.
std::string field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

/// Shortest text that reads back as the same double; empty when absent or not finite.
std::string number(std::optional<double> value) {
  return value && std::isfinite(*value) ? fmt::format("{}", *value) : std::string();
}

}  // namespace

std::string assessment_csv(const SuiteResult& result) {
  std::string out =
      "method,case,fundamental,count,correct,stray,quality_percent,coverage_percent,excess,min_contacts,"
      "feasible_normals,normals_matched,area_coverage,area_coverage_clipped,position_error,seconds,peer\n";
  for (std::size_t m = 0; m < result.methods.size(); ++m) {
    for (std::size_t c = 0; c < result.cases.size(); ++c) {
      const CaseResult& r = result.at(m, c);
      const Measures& s = r.measures;
      int min_contacts = 0, feasible = 0, matched = 0;
      for (const InterfaceScore& i : s.interfaces) {
        min_contacts += i.min_contacts;
        feasible += i.feasible_normals;
        matched += i.normals_matched;
      }
      out += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", field(result.methods[m]),
                         field(result.cases[c]), r.fundamental ? "true" : "false", s.count, s.correct, s.stray,
                         number(s.quality_percent), number(s.coverage_percent), number(s.excess), min_contacts,
                         feasible, matched, number(s.area_coverage), number(s.area_coverage_clipped),
                         number(s.position_error), number(r.seconds), result.is_peer(m) ? "true" : "false");
    }
  }
  return out;
}

}  // namespace contactlab
