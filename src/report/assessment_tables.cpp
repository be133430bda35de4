// Terminal tables of an assessment run: the fundamental cases in the layout of Erleben 2018's
// Table 8 (§8.4) and the structures as in its Table 7 (§8.1) with the area coverage P of §8.2–8.3.
#include "contactlab/report/assessment_tables.h"

#include "contactlab/suite/builtin_scenes.h"
#include "text_table.h"

#include <fmt/core.h>

#include <algorithm>
#include <functional>
#include <numeric>

namespace contactlab {
namespace {

using report_detail::TextTable;

const char* const kMissing = "–";

std::string fixed(std::optional<double> value, int decimals) {
  return value ? fmt::format("{:.{}f}", *value, decimals) : std::string(kMissing);
}

/// "two-spike-wedge" → {"two", "spike", "wedge"}: case headers stay narrow.
std::vector<std::string> split_at_hyphens(const std::string& name) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (std::size_t at = name.find('-'); at != std::string::npos; at = name.find('-', start)) {
    parts.push_back(name.substr(start, at - start));
    start = at + 1;
  }
  parts.push_back(name.substr(start));
  return parts;
}

/// Header lines of a table whose first cell is `first` and whose other columns are `names`, each
/// name split at hyphens; the parts sit at the bottom so that every column's last line aligns.
std::vector<std::vector<std::string>> split_header(const std::string& first, const std::vector<std::string>& names) {
  std::vector<std::vector<std::string>> parts;
  std::size_t lines = 1;
  for (const std::string& name : names) {
    parts.push_back(split_at_hyphens(name));
    lines = std::max(lines, parts.back().size());
  }
  std::vector<std::vector<std::string>> header(lines, std::vector<std::string>(names.size() + 1));
  header.back()[0] = first;
  for (std::size_t c = 0; c < parts.size(); ++c) {
    const std::size_t offset = lines - parts[c].size();
    for (std::size_t l = 0; l < parts[c].size(); ++l) header[offset + l][c + 1] = parts[c][l];
  }
  return header;
}

int sum_min_contacts(const Measures& m) {
  return std::accumulate(m.interfaces.begin(), m.interfaces.end(), 0,
                         [](int sum, const InterfaceScore& s) { return sum + s.min_contacts; });
}

double sum_true_area(const Measures& m) {
  return std::accumulate(m.interfaces.begin(), m.interfaces.end(), 0.0,
                         [](double sum, const InterfaceScore& s) { return sum + s.true_area; });
}

}  // namespace

std::string method_label(const SuiteResult& result, std::size_t m) {
  return result.is_peer(m) ? result.methods[m] + " (peer)" : result.methods[m];
}

std::vector<std::size_t> cases_in_suite_order(const SuiteResult& result, bool fundamental) {
  const auto& suite = builtin_scenes();
  const auto rank = [&suite](const std::string& name) {
    const auto it = std::find_if(suite.begin(), suite.end(), [&](const BuiltinSceneInfo& s) { return s.name == name; });
    return static_cast<std::size_t>(it - suite.begin());  // unknown names: suite.size(), after all
  };
  const auto is_fundamental = [&](std::size_t c) {
    if (!result.results.empty() && result.results.size() >= result.cases.size()) return result.results[c].fundamental;
    const std::size_t r = rank(result.cases[c]);
    return r < suite.size() && suite[r].fundamental;
  };
  std::vector<std::size_t> order;
  for (std::size_t c = 0; c < result.cases.size(); ++c) {
    if (is_fundamental(c) == fundamental) order.push_back(c);
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return rank(result.cases[a]) < rank(result.cases[b]); });
  return order;
}

std::string fundamental_cases_table(const SuiteResult& result, const ReferenceValues* reference) {
  const std::vector<std::size_t> columns = cases_in_suite_order(result, true);
  if (columns.empty() || result.methods.empty()) return "";
  std::vector<std::string> names;
  for (std::size_t c : columns) names.push_back(result.cases[c]);

  TextTable table;
  table.header = split_header("method", names);
  using Ours = std::function<std::string(const CaseResult&)>;
  using Theirs = std::function<std::string(const ReferenceMeasures&)>;
  const auto block = [&](const std::string& title, const Ours& ours, const Theirs& theirs) {
    if (!table.rows.empty()) table.rows.emplace_back();
    table.rows.push_back({title});
    for (std::size_t m = 0; m < result.methods.size(); ++m) {
      std::vector<std::string> row = {method_label(result, m)};
      for (std::size_t c : columns) row.push_back(ours(result.at(m, c)));
      table.rows.push_back(std::move(row));
      if (!reference || result.is_peer(m)) continue;  // the paper has no peer values
      std::vector<std::string> paper = {"  " + reference->label};
      for (std::size_t c : columns) {
        const ReferenceMeasures* r = reference->find(result.methods[m], result.cases[c]);
        paper.push_back(r ? theirs(*r) : std::string(kMissing));
      }
      table.rows.push_back(std::move(paper));
    }
  };
  block(
      "Coverage (%)", [](const CaseResult& r) { return fixed(r.measures.coverage_percent, 1); },
      [](const ReferenceMeasures& r) { return fixed(r.coverage_percent, 1); });
  block(
      "Quality (%)", [](const CaseResult& r) { return fixed(r.measures.quality_percent, 1); },
      [](const ReferenceMeasures& r) { return fixed(r.quality_percent, 1); });
  block(
      "Excess",
      [](const CaseResult& r) { return r.measures.count == 0 ? std::string("(*)") : fixed(r.measures.excess, 2); },
      [](const ReferenceMeasures& r) { return r.no_contacts ? std::string("(*)") : fixed(r.excess, 1); });

  std::string out = "Fundamental cases (layout of Erleben 2018, Table 8)\n" + table.render();
  out += "(*) no contacts found.";
  if (reference && !reference->note.empty()) out += " " + reference->label + ": " + reference->note;
  return out + "\n";
}

std::string structures_table(const SuiteResult& result, const ReferenceValues* reference) {
  const std::vector<std::size_t> cases = cases_in_suite_order(result, false);
  if (cases.empty() || result.methods.empty()) return "";
  std::string out;
  for (std::size_t c : cases) {
    const std::string& name = result.cases[c];
    const Measures& first = result.at(0, c).measures;
    out +=
        fmt::format("{}: {} interfaces, minimal contacts {}", name, first.interfaces.size(), sum_min_contacts(first));
    if (first.area_coverage) out += fmt::format(", true contact area {:.6g} m²", sum_true_area(first));
    out += "\n";

    TextTable table;
    table.header = {{"", "quality", "", "", "area", "P", "position", "time"},
                    {"method", "%", "contacts", "excess", "P", "clipped", "error m", "ms"}};
    if (reference) {  // after a "|" column: the reference's quality, contacts, excess and P
      for (const std::string& top : {std::string("|"), reference->label, std::string(), std::string(), std::string()}) {
        table.header[0].push_back(top);
      }
      for (const char* bottom : {"|", "quality %", "contacts", "excess", "area P"}) table.header[1].push_back(bottom);
    }
    for (std::size_t m = 0; m < result.methods.size(); ++m) {
      const CaseResult& r = result.at(m, c);
      const Measures& s = r.measures;
      std::vector<std::string> row = {method_label(result, m),
                                      fixed(s.quality_percent, 1),
                                      std::to_string(s.count),
                                      s.count == 0 ? std::string("(*)") : fixed(s.excess, 2),
                                      fixed(s.area_coverage, 2),
                                      fixed(s.area_coverage_clipped, 2),
                                      s.position_error ? fmt::format("{:.2g}", *s.position_error) : kMissing,
                                      fmt::format("{:.1f}", r.seconds * 1e3)};
      if (reference) {
        const ReferenceMeasures* p = reference->find(result.methods[m], name);
        row.push_back("|");
        row.push_back(p ? fixed(p->quality_percent, 1) : kMissing);
        row.push_back(p ? fixed(p->count, 0) : kMissing);
        row.push_back(p ? fixed(p->excess, 1) : kMissing);
        row.push_back(p ? fixed(p->area_coverage, 2) : kMissing);
      }
      table.rows.push_back(std::move(row));
    }
    out += table.render();
    if (reference) {
      const auto note = reference->case_notes.find(name);
      if (note != reference->case_notes.end()) out += reference->label + ": " + note->second + "\n";
    }
    out += "\n";
  }
  if (reference && !reference->note.empty()) out += reference->label + ": " + reference->note + "\n";
  return out;
}

}  // namespace contactlab
