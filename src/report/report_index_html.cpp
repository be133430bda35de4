// index.html of the assessment report: the measures of docs/suite.md in the layouts of Erleben 2018's
// Table 8 (§8.4) and Table 7 with the area coverages of §8.2–8.3, the reference values beside ours,
// the sorted plots and links to the 3-D views.
#include "report_index_html.h"

#include "contactlab/suite/builtin_scenes.h"
#include "html_text.h"
#include "report_style.h"

#include <fmt/core.h>

#include <algorithm>
#include <numeric>
#include <optional>

namespace contactlab::report_detail {
namespace {

const char* const kMissing = "–";

std::string fixed(std::optional<double> value, int decimals) {
  return value ? fmt::format("{:.{}f}", *value, decimals) : std::string(kMissing);
}

/// A pale red → pale green background for a percentage (0 → red, 100 → green).
std::string percent_shade(double percent) {
  const double t = std::clamp(percent / 100.0, 0.0, 1.0);
  const auto mix = [t](int bad, int good) { return static_cast<int>(bad + t * (good - bad) + 0.5); };
  return fmt::format(" style=\"background:#{:02x}{:02x}{:02x}\"", mix(0xf8, 0xdc), mix(0xd7, 0xf2), mix(0xd7, 0xdc));
}

std::string cell(const std::string& ours, const std::optional<std::string>& reference,
                 const std::string& attributes = "") {
  std::string out = "<td" + attributes + ">" + escape_html(ours);
  if (reference) out += "<span class=\"ref\">" + escape_html(*reference) + "</span>";
  return out + "</td>";
}

class Page {
 public:
  explicit Page(const ReportIndex& index) : index_(index), result_(*index.result) {}

  std::string render() {
    html_ +=
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        "<title>contactlab assessment</title>\n<style>" +
        std::string(kReportStyle) + "</style>\n</head>\n<body>\n";
    summary();
    fundamental_cases();
    structures();
    plots();
    views();
    files();
    html_ += "</body>\n</html>\n";
    return std::move(html_);
  }

 private:
  std::optional<std::string> reference_text(std::size_t m, std::size_t c,
                                            std::optional<double> ReferenceMeasures::*field, int decimals) const {
    if (!index_.reference || result_.is_peer(m)) return std::nullopt;  // the paper has no peer values
    const ReferenceMeasures* r = index_.reference->find(result_.methods[m], result_.cases[c]);
    if (!r) return index_.reference->label + " " + kMissing;
    if (field == &ReferenceMeasures::excess && r->no_contacts) return index_.reference->label + " (*)";
    return index_.reference->label + " " + fixed(r->*field, decimals);
  }

  void summary() {
    html_ += "<h1>Contact point assessment</h1>\n<p class=\"meta\">";
    html_ += fmt::format(
        "{} methods × {} cases, {} tet meshes, {:.1f} s in all (scene building, contact generation, "
        "measures).",
        result_.methods.size(), result_.cases.size(), result_.refined ? "refined" : "coarse (TetGen pq2.0Y)",
        result_.seconds);
    if (!index_.command.empty()) html_ += " Command: <code>" + escape_html(index_.command) + "</code>.";
    html_ +=
        "</p>\n<p class=\"note\">The measures (docs/suite.md, docs/assessment.md) are taken at each scene's initial "
        "state, where the bodies touch exactly. <b>Quality</b>: share of contacts whose normal n satisfies "
        "n·n* ≥ 0.999 for a feasible normal n* of its body pair, sign-aware. <b>Coverage</b>: share of the "
        "feasible normals matched by some contact. <b>Excess</b>: contacts / minimal contacts (1 ideal, below 1 "
        "information is missing). <b>P</b>: total area of the convex hulls of each interface's contacts "
        "over the true contact area.";
    if (index_.reference) {
      html_ += " Grey values beneath or beside ours are the " + escape_html(index_.reference->label) +
               "'s: " + escape_html(index_.reference->note) + ".";
    }
    html_ +=
        "</p>\n<nav><a href=\"#fundamental\">Fundamental cases</a><a href=\"#structures\">Structures</a>"
        "<a href=\"#plots\">Plots</a><a href=\"#views\">3-D views</a><a href=\"#files\">Files</a></nav>\n";
  }

  void fundamental_cases() {
    const std::vector<std::size_t> columns = cases_in_suite_order(result_, true);
    if (columns.empty()) return;
    html_ +=
        "<h2 id=\"fundamental\">Fundamental cases</h2>\n<p class=\"note\">The layout of the paper's Table 8: "
        "a row per method, a column per case of its Table 4. (*): no contacts found.</p>\n";
    struct Block {
      const char* title;
      std::optional<double> ReferenceMeasures::*field;
    };
    for (const Block& block :
         {Block{"Coverage (%)", &ReferenceMeasures::coverage_percent},
          Block{"Quality (%)", &ReferenceMeasures::quality_percent}, Block{"Excess", &ReferenceMeasures::excess}}) {
      const bool excess = block.field == &ReferenceMeasures::excess;
      html_ += fmt::format("<h3>{}</h3>\n<table class=\"cases\">\n<tr><th>method</th>", block.title);
      for (std::size_t c : columns) html_ += "<th>" + escape_html(result_.cases[c]) + "</th>";
      html_ += "</tr>\n";
      for (std::size_t m = 0; m < result_.methods.size(); ++m) {
        html_ += "<tr><td class=\"method\">" + escape_html(method_label(result_, m)) + "</td>";
        for (std::size_t c : columns) {
          const Measures& s = result_.at(m, c).measures;
          const auto reference = reference_text(m, c, block.field, 1);
          if (excess) {
            html_ += cell(s.count == 0 ? "(*)" : fixed(s.excess, 2), reference);
          } else {
            const double value =
                block.field == &ReferenceMeasures::coverage_percent ? s.coverage_percent : s.quality_percent;
            html_ += cell(fixed(value, 1), reference, percent_shade(value));
          }
        }
        html_ += "</tr>\n";
      }
      html_ += "</table>\n";
    }
  }

  void structures() {
    const std::vector<std::size_t> cases = cases_in_suite_order(result_, false);
    if (cases.empty()) return;
    html_ +=
        "<h2 id=\"structures\">Structures</h2>\n<p class=\"note\">The paper's Table 7 (pillar) and the area "
        "coverages P of its §8.2 (wall) and §8.3 (arch). P clipped: each hull clipped to the true contact "
        "polygon first, so that contacts outside the region cannot add area. Position error: the largest distance "
        "of a contact from the true contact region. Time: median wall clock of one contact generation (broad "
        "phase, kernels, post-processing).</p>\n";
    const bool ref = index_.reference != nullptr;
    for (std::size_t c : cases) {
      const Measures& first = result_.at(0, c).measures;
      const int min_contacts = std::accumulate(first.interfaces.begin(), first.interfaces.end(), 0,
                                               [](int sum, const InterfaceScore& s) { return sum + s.min_contacts; });
      const double area = std::accumulate(first.interfaces.begin(), first.interfaces.end(), 0.0,
                                          [](double sum, const InterfaceScore& s) { return sum + s.true_area; });
      html_ += "<h3>" + escape_html(result_.cases[c]) + "</h3>\n<p class=\"note\">" +
               fmt::format("{} interfaces, minimal contacts {}", first.interfaces.size(), min_contacts);
      if (first.area_coverage) html_ += fmt::format(", true contact area {:.6g} m²", area);
      html_ += ".</p>\n<table>\n<tr><th rowspan=\"2\">method</th><th colspan=\"7\">ours</th>";
      if (ref) html_ += "<th class=\"sep\" colspan=\"4\">" + escape_html(index_.reference->label) + "</th>";
      html_ +=
          "</tr>\n<tr><th>quality %</th><th>contacts</th><th>excess</th><th>P</th><th>P clipped</th>"
          "<th>position error m</th><th>time ms</th>";
      if (ref) html_ += "<th class=\"sep\">quality %</th><th>contacts</th><th>excess</th><th>P</th>";
      html_ += "</tr>\n";
      for (std::size_t m = 0; m < result_.methods.size(); ++m) {
        const CaseResult& r = result_.at(m, c);
        const Measures& s = r.measures;
        html_ += "<tr><td class=\"method\">" + escape_html(method_label(result_, m)) + "</td>";
        html_ += cell(fixed(s.quality_percent, 1), std::nullopt, percent_shade(s.quality_percent));
        html_ += cell(std::to_string(s.count), std::nullopt);
        html_ += cell(s.count == 0 ? "(*)" : fixed(s.excess, 2), std::nullopt);
        html_ += cell(fixed(s.area_coverage, 2), std::nullopt,
                      s.area_coverage ? percent_shade(100.0 * *s.area_coverage) : "");
        html_ += cell(fixed(s.area_coverage_clipped, 2), std::nullopt);
        html_ += cell(s.position_error ? fmt::format("{:.2g}", *s.position_error) : kMissing, std::nullopt);
        html_ += cell(fmt::format("{:.1f}", r.seconds * 1e3), std::nullopt);
        if (ref) {
          const ReferenceMeasures* p = index_.reference->find(result_.methods[m], result_.cases[c]);
          html_ += cell(p ? fixed(p->quality_percent, 1) : kMissing, std::nullopt, " class=\"sep\"");
          html_ += cell(p ? fixed(p->count, 0) : kMissing, std::nullopt);
          html_ += cell(p ? fixed(p->excess, 1) : kMissing, std::nullopt);
          html_ += cell(p ? fixed(p->area_coverage, 2) : kMissing, std::nullopt);
        }
        html_ += "</tr>\n";
      }
      html_ += "</table>\n";
      if (ref) {
        const auto note = index_.reference->case_notes.find(result_.cases[c]);
        if (note != index_.reference->case_notes.end()) {
          html_ += "<p class=\"note\">" + escape_html(index_.reference->label + ": " + note->second) + "</p>\n";
        }
      }
    }
  }

  void plots() {
    if (index_.figures.empty()) return;
    html_ +=
        "<h2 id=\"plots\">Plots</h2>\n<p class=\"note\">Sorted plots as in the paper's Figures 21, 24, 25, 27 and "
        "28, one panel per method. Click a plot for the PNG.</p>\n";
    for (const ReportFigure& f : index_.figures) {
      const std::string stem = percent_encode(f.stem);
      html_ += "<figure><a href=\"plots/" + stem + ".png\"><img src=\"plots/" + stem + ".svg\" alt=\"" +
               escape_html(f.caption) + "\" width=\"1200\"></a><figcaption>" + escape_html(f.caption) +
               "</figcaption></figure>\n";
    }
  }

  void views() {
    html_ += "<h2 id=\"views\">3-D views</h2>\n";
    if (!index_.has_viewer) {
      html_ +=
          "<p class=\"note\">Not written: the viewer bundle (viewer/dist) was not found. Build it with "
          "<code>cmake --build</code> (it runs <code>npm run build</code> in viewer/) and run the assessment "
          "again, or use <code>contactlab view</code>.</p>\n";
      return;
    }
    html_ +=
        "<p class=\"note\">One page per case with every method's contacts (green: correct normal, red: wrong); a "
        "method's link opens the page with only its set shown (the others can be switched on in the panel). "
        "The number is the method's contact count.</p>\n<table class=\"views\">\n<tr><th>case</th><th>all</th>";
    for (std::size_t m = 0; m < result_.methods.size(); ++m)
      html_ += "<th>" + escape_html(method_label(result_, m)) + "</th>";
    html_ += "</tr>\n";
    std::vector<std::size_t> order = cases_in_suite_order(result_, true);
    const std::vector<std::size_t> rest = cases_in_suite_order(result_, false);
    order.insert(order.end(), rest.begin(), rest.end());
    for (std::size_t c : order) {
      const std::string page = "view/" + percent_encode(case_file_stems(result_.cases)[c]) + ".html";
      html_ += "<tr><td class=\"method\">" + escape_html(result_.cases[c]) + "</td><td><a href=\"" + page +
               "\">all</a></td>";
      for (std::size_t m = 0; m < result_.methods.size(); ++m) {
        html_ += fmt::format("<td><a href=\"{}#{}\">{}</a></td>", page, percent_encode(result_.methods[m]),
                             result_.at(m, c).measures.count);
      }
      html_ += "</tr>\n";
    }
    html_ += "</table>\n";
  }

  void files() {
    html_ +=
        "<h2 id=\"files\">Files</h2>\n<ul>\n"
        "<li><a href=\"assessment.csv\">assessment.csv</a>: one row per method × case with every measure</li>\n"
        "<li><a href=\"assessment.json\">assessment.json</a>: the same, with per-interface scores and per-contact "
        "normal qualities</li>\n"
        "<li><a href=\"tables.txt\">tables.txt</a>: the tables as printed in the terminal</li>\n</ul>\n"
        "<p class=\"note\">Formats and how to read them: docs/assessment.md in the contactlab sources.</p>\n";
  }

  const ReportIndex& index_;
  const SuiteResult& result_;
  std::string html_;
};

}  // namespace

std::string report_index_html(const ReportIndex& index) { return Page(index).render(); }

}  // namespace contactlab::report_detail
