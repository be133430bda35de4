// index.html of a study folder (dynamic_study_tables.h, docs/studies.md): the tables, the plots and
// the data files, in the assessment report's look (report_style.h).
#include "contactlab/report/dynamic_study_tables.h"

#include "html_text.h"
#include "report_style.h"

namespace contactlab {

std::string study_page_html(const StudyPage& page) {
  using report_detail::escape_html;
  using report_detail::percent_encode;
  const std::string title = "contactlab study " + page.study;
  std::string html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" +
                     escape_html(title) + "</title>\n<style>" + std::string(report_detail::kReportStyle) +
                     "  pre { background: #f7f8fa; border: 1px solid #e3e6eb; padding: 8px 10px; overflow-x: auto; "
                     "font-size: 12.5px; }\n</style>\n</head>\n<body>\n";
  html += "<h1>" + escape_html(title) + "</h1>\n<p class=\"meta\">" + escape_html(page.summary) + "<br><code>" +
          escape_html(page.command) +
          "</code></p>\n<p class=\"note\">The paper's dynamic studies (Erleben 2018 §7–§8) at its settings: "
          "h = 0.01 s, PGS prox with 1000 sweeps, no stabilisation, μ = 0.5, density 2000 kg/m³, unless the "
          "command says otherwise. How to read the tables: docs/studies.md in the contactlab sources.</p>\n";
  html += "<h2 id=\"tables\">Tables</h2>\n<pre>" + escape_html(page.tables) + "</pre>\n";
  if (!page.figures.empty()) {
    html += "<h2 id=\"plots\">Plots</h2>\n<p class=\"note\">One panel per method. Click a plot for the PNG.</p>\n";
    for (const StudyPage::Figure& f : page.figures) {
      const std::string stem = percent_encode(f.stem);
      html += "<figure><a href=\"" + stem + ".png\"><img src=\"" + stem + ".svg\" alt=\"" + escape_html(f.caption) +
              "\" width=\"1200\"></a><figcaption>" + escape_html(f.caption) + "</figcaption></figure>\n";
    }
  }
  html += "<h2 id=\"files\">Files</h2>\n<ul>\n";
  for (const std::string& file : page.files) {
    html += "<li><a href=\"" + percent_encode(file) + "\">" + escape_html(file) + "</a></li>\n";
  }
  html += "</ul>\n</body>\n</html>\n";
  return html;
}

}  // namespace contactlab
