// index.html of a study folder and of a folder of studies (dynamic_study_tables.h,
// docs/studies.md): the tables, the plots and the data files, in the assessment report's look
// (report_style.h).
#include "contactlab/report/dynamic_study_tables.h"

#include "html_text.h"
#include "report_style.h"

namespace contactlab {
namespace {

using report_detail::escape_html;
using report_detail::percent_encode;

std::string page_head(const std::string& title) {
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + escape_html(title) +
         "</title>\n<style>" + std::string(report_detail::kReportStyle) +
         "  pre { background: #f7f8fa; border: 1px solid #e3e6eb; padding: 8px 10px; overflow-x: auto; "
         "font-size: 12.5px; }\n</style>\n</head>\n<body>\n";
}

const char* const kSettingsNote =
    "<p class=\"note\">The paper's dynamic studies (Erleben 2018 §7–§8) at its settings: h = 0.01 s, PGS prox "
    "with 1000 sweeps, no stabilisation, μ = 0.5, density 2000 kg/m³, unless the command says otherwise. How to "
    "read the tables: docs/studies.md in the contactlab sources.</p>\n";

/// The tables, plots and files of `page`, headed at level `h` (2 on a study's page, 3 within the
/// folder of studies); `folder` ("" or a subfolder's name, "counts") prefixes every link.
std::string study_body(const StudyPage& page, const std::string& folder, int h) {
  const std::string open = "<h" + std::to_string(h), close = "</h" + std::to_string(h) + ">\n";
  const std::string prefix = folder.empty() ? "" : percent_encode(folder) + "/";
  const std::string shown = folder.empty() ? "" : folder + "/";
  std::string html = open + ">Tables" + close + "<pre>" + escape_html(page.tables) + "</pre>\n";
  if (!page.figures.empty()) {
    html += open + ">Plots" + close + "<p class=\"note\">One panel per method. Click a plot for the PNG.</p>\n";
    for (const StudyPage::Figure& f : page.figures) {
      const std::string stem = prefix + percent_encode(f.stem);
      html += "<figure><a href=\"" + stem + ".png\"><img src=\"" + stem + ".svg\" alt=\"" + escape_html(f.caption) +
              "\" width=\"1200\"></a><figcaption>" + escape_html(f.caption) + "</figcaption></figure>\n";
    }
  }
  html += open + ">Files" + close + "<ul>\n";
  for (const std::string& file : page.files) {
    html += "<li><a href=\"" + prefix + percent_encode(file) + "\">" + escape_html(shown + file) + "</a></li>\n";
  }
  return html + "</ul>\n";
}

}  // namespace

std::string study_page_html(const StudyPage& page) {
  const std::string title = "contactlab study " + page.study;
  std::string html = page_head(title);
  html += "<h1>" + escape_html(title) + "</h1>\n<p class=\"meta\">" + escape_html(page.summary) + "<br><code>" +
          escape_html(page.command) + "</code></p>\n" + kSettingsNote;
  html += study_body(page, "", 2);
  return html + "</body>\n</html>\n";
}

std::string studies_report_html(const std::vector<StudyPage>& pages, const std::string& command,
                                const std::string& summary) {
  std::string html = page_head("contactlab studies");
  html += "<h1>contactlab studies</h1>\n<p class=\"meta\">" + escape_html(summary) + "<br><code>" +
          escape_html(command) + "</code></p>\n" + kSettingsNote + "<ul>\n";
  for (const StudyPage& page : pages) {
    const std::string id = percent_encode(page.study);
    html += "<li><a href=\"#" + id + "\">" + escape_html(page.study) + "</a>: " + escape_html(page.summary) + "</li>\n";
  }
  html += "</ul>\n";
  for (const StudyPage& page : pages) {
    const std::string& folder = page.study;
    html += "<h2 id=\"" + percent_encode(page.study) + "\">" + escape_html(page.study) + "</h2>\n<p class=\"meta\">" +
            escape_html(page.summary) + "<br><code>" + escape_html(page.command) + "</code><br><a href=\"" +
            percent_encode(folder) + "/index.html\">the study's own page</a></p>\n";
    html += study_body(page, folder, 3);
  }
  return html + "</body>\n</html>\n";
}

}  // namespace contactlab
