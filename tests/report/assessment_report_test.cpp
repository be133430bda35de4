// The report folder from a hand-built SuiteResult whose "methods" are the ground-truth contacts of
// real built-in scenes: the files written, the page's tables, plots and view links, one shared
// bundle, viewer pages whose inlined data holds every method's set, the #fragment selector, and
// the errors (template without placeholders, a file in the way of the folder).
#include "contactlab/report/assessment_report.h"

#include "contactlab/contact/ground_truth_contacts.h"
#include "contactlab/core/error.h"
#include "contactlab/report/paper_reference.h"
#include "contactlab/suite/builtin_scenes.h"
#include "core/scratch_dir.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace contactlab {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

const ViewerBundle kBundle{
    "<!DOCTYPE html>\n<html><head><title>contactlab viewer</title></head><body>\n<script>\n/*CONTACTLAB_DATA*/\n"
    "</script>\n<script>\n/*CONTACTLAB_BUNDLE*/\n</script>\n</body></html>\n",
    "window.bundleLoaded = true; /* a stand-in for viewer/dist/viewer.js */\n"};

std::string read(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

/// Two "methods" on slide-spike, internal-edge and pillar: "truth" reports the ground-truth
/// contacts (one per polygon corner), "half" the first half of them; the measures are set by hand.
SuiteResult hand_built() {
  SuiteResult result;
  result.methods = {"truth", "half"};
  result.cases = {"pillar", "internal-edge", "slide-spike"};
  result.seconds = 1.5;
  std::vector<ContactSet> truth;
  for (const std::string& name : result.cases) truth.push_back(contacts_from_ground_truth(make_builtin_scene(name)));
  for (const std::string& method : result.methods) {
    for (std::size_t c = 0; c < result.cases.size(); ++c) {
      CaseResult r;
      r.method = method;
      r.case_name = result.cases[c];
      r.fundamental = result.cases[c] != "pillar";
      r.contacts = truth[c];
      r.contacts.method = method;
      if (method == "half") r.contacts.contacts.resize(r.contacts.contacts.size() / 2);
      Measures& m = r.measures;
      m.count = static_cast<int>(r.contacts.contacts.size());
      m.correct = m.count;
      m.quality_percent = m.count > 0 ? 100.0 : 0.0;
      m.coverage_percent = m.count > 0 ? 100.0 : 0.0;
      m.excess = method == "half" ? 0.5 : 1.0;
      m.normal_quality.assign(static_cast<std::size_t>(m.count), 1.0);
      m.abs_normal_y.assign(static_cast<std::size_t>(m.count), 1.0);
      if (result.cases[c] != "slide-spike") {
        InterfaceScore s;
        s.planar = true;
        s.true_area = 1.0;
        s.hull_area = method == "half" ? 0.5 : 1.0;
        s.min_contacts = 4;
        m.interfaces = {s};
        m.area_coverage = s.hull_area;
        m.area_coverage_clipped = s.hull_area;
      }
      r.seconds = 0.001;
      result.results.push_back(std::move(r));
    }
  }
  return result;
}

/// The viewer data inlined in a page written by viewer_page_with_shared_bundle.
Json inlined_data(const std::string& page) {
  const std::string start = "window.CONTACTLAB_DATA = ";
  const std::size_t at = page.find(start);
  const std::size_t end = page.find(";\n</script>", at);
  if (at == std::string::npos || end == std::string::npos) return Json();
  return Json::parse(page.substr(at + start.size(), end - at - start.size()));
}

TEST(AssessmentReport, WritesEveryFileWithOneSharedBundle) {
  testing::ScratchDir dir("report-test", /*create=*/false);
  const SuiteResult result = hand_built();
  std::vector<std::string> steps;
  const std::vector<std::string> written =
      write_assessment_report(dir.path().string(), result,
                              {.reference = &paper_reference(),
                               .viewer = kBundle,
                               .command = "contactlab assess",
                               .progress = [&](const std::string& s) { steps.push_back(s); }});
  std::vector<std::string> expected = {"tables.txt",
                                       "assessment.csv",
                                       "assessment.json",
                                       "plots/pillar-abs-ny.svg",
                                       "plots/pillar-abs-ny.png",
                                       "plots/pillar-quality.svg",
                                       "plots/pillar-quality.png",
                                       "plots/pillar-areas.svg",
                                       "plots/pillar-areas.png",
                                       "view/viewer.js",
                                       "view/pillar.html",
                                       "view/internal-edge.html",
                                       "view/slide-spike.html",
                                       "index.html"};
  EXPECT_EQ(written, expected);
  for (const std::string& f : expected) EXPECT_TRUE(fs::is_regular_file(dir.path() / f)) << f;
  EXPECT_EQ(read(dir.path() / "view/viewer.js"), kBundle.script);
  EXPECT_NE(std::find(steps.begin(), steps.end(), "3-D view of pillar"), steps.end());

  // The bundle is in viewer.js only; every page loads it by its relative URL.
  for (const std::string& name : result.cases) {
    const std::string page = read(dir.path() / "view" / (name + ".html"));
    EXPECT_EQ(occurrences(page, "window.bundleLoaded"), 0u) << name;
    EXPECT_EQ(occurrences(page, "<script src=\"viewer.js\"></script>"), 1u) << name;
    EXPECT_NE(page.find("<title>contactlab assessment: " + name + "</title>"), std::string::npos);
    EXPECT_NE(page.find("location.hash"), std::string::npos);
  }
}

TEST(AssessmentReport, ViewerPagesHoldEveryMethodsContactSet) {
  testing::ScratchDir dir("report-test", /*create=*/false);
  const SuiteResult result = hand_built();
  write_assessment_report(dir.path().string(), result, {.viewer = kBundle});
  for (std::size_t c = 0; c < result.cases.size(); ++c) {
    SCOPED_TRACE(result.cases[c]);
    const Json data = inlined_data(read(dir.path() / "view" / (result.cases[c] + ".html")));
    ASSERT_TRUE(data.is_object());
    EXPECT_EQ(data.at("scene").at("name"), result.cases[c]);
    const Json& sets = data.at("contact_sets");
    ASSERT_EQ(sets.size(), 2u);
    for (std::size_t m = 0; m < 2; ++m) {
      EXPECT_EQ(sets.at(m).at("label"), result.methods[m]);
      EXPECT_EQ(sets.at(m).at("contacts").size(), result.at(m, c).contacts.contacts.size());
    }
  }
  // Pillar: 40 polygon corners, so 40 and 20 contacts (a check of the fixture itself).
  EXPECT_EQ(result.at(0, 0).contacts.contacts.size(), 40u);
}

TEST(AssessmentReport, IndexShowsTablesReferencePlotsAndViewLinks) {
  testing::ScratchDir dir("report-test", /*create=*/false);
  write_assessment_report(dir.path().string(), hand_built(),
                          {.reference = &paper_reference(), .viewer = kBundle, .command = "contactlab assess <x>"});
  const std::string index = read(dir.path() / "index.html");
  EXPECT_EQ(index.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(index.find("<h3>Coverage (%)</h3>"), std::string::npos);
  EXPECT_NE(index.find("<h3>Excess</h3>"), std::string::npos);
  // Fundamental columns in suite order — slide-spike (4th) before internal-edge (9th) — although
  // the run listed them the other way round.
  const std::size_t slide = index.find("<th>slide-spike</th>"), internal = index.find("<th>internal-edge</th>");
  ASSERT_NE(slide, std::string::npos);
  ASSERT_NE(internal, std::string::npos);
  EXPECT_LT(slide, internal);
  EXPECT_NE(index.find("<img src=\"plots/pillar-quality.svg\""), std::string::npos);
  EXPECT_NE(index.find("<a href=\"plots/pillar-areas.png\">"), std::string::npos);
  EXPECT_NE(index.find("<a href=\"view/slide-spike.html#half\">"), std::string::npos);
  EXPECT_NE(index.find("<a href=\"view/pillar.html#truth\">40</a>"), std::string::npos);
  EXPECT_NE(index.find("<code>contactlab assess &lt;x&gt;</code>"), std::string::npos);  // escaped
  // The reference's note on the pillar (Table 7 is from simulation step 3).
  EXPECT_NE(index.find("simulation step 3"), std::string::npos);
  EXPECT_EQ(index.find("<script"), std::string::npos);  // the report page itself runs nothing
}

TEST(AssessmentReport, WithoutTheViewerThePageSaysSoAndNoViewsAreWritten) {
  testing::ScratchDir dir("report-test", /*create=*/false);
  write_assessment_report(dir.path().string(), hand_built());
  EXPECT_FALSE(fs::exists(dir.path() / "view"));
  const std::string index = read(dir.path() / "index.html");
  EXPECT_NE(index.find("viewer bundle (viewer/dist) was not found"), std::string::npos);
  EXPECT_EQ(index.find("view/pillar.html"), std::string::npos);
}

TEST(AssessmentReport, FundamentalCasesOnlyMakeNoPlots) {
  testing::ScratchDir dir("report-test", /*create=*/false);
  SuiteResult result = hand_built();
  // Keep slide-spike alone (case 2 of each method).
  result.cases = {"slide-spike"};
  result.results = {result.results[2], result.results[5]};
  const std::vector<std::string> written = write_assessment_report(dir.path().string(), result);
  EXPECT_EQ(written, (std::vector<std::string>{"tables.txt", "assessment.csv", "assessment.json", "index.html"}));
  EXPECT_FALSE(fs::exists(dir.path() / "plots"));
}

TEST(AssessmentReport, AFileInThePlaceOfTheFolderIsAnInputError) {
  testing::ScratchDir dir("report-test", /*create=*/false);
  fs::create_directories(dir.path());
  const fs::path blocker = dir.path() / "not-a-folder";
  std::ofstream(blocker) << "x";
  EXPECT_THROW(write_assessment_report(blocker.string(), hand_built()), InputError);
  EXPECT_EQ(read(blocker), "x");
}

TEST(ViewerPageWithSharedBundle, InlinesScriptSafeDataAndLoadsTheBundle) {
  const std::string page =
      viewer_page_with_shared_bundle(kBundle.template_html, R"({"text":"</script><b>"})", "../v.js", "a <b> title");
  EXPECT_EQ(page.find("</script><b>"), std::string::npos);
  EXPECT_NE(page.find(R"(window.CONTACTLAB_DATA = {"text":"<\/script><b>"};)"), std::string::npos);
  EXPECT_NE(page.find("<script src=\"../v.js\"></script>"), std::string::npos);
  EXPECT_NE(page.find("<title>a &lt;b&gt; title</title>"), std::string::npos);
  EXPECT_EQ(page.find("CONTACTLAB_BUNDLE"), std::string::npos);
  EXPECT_EQ(inlined_data(page).at("text"), "</script><b>");
}

TEST(ViewerPageWithSharedBundle, ATemplateWithoutPlaceholdersIsRefused) {
  EXPECT_THROW(viewer_page_with_shared_bundle("<html></html>", "{}", "v.js", "t"), std::runtime_error);
  EXPECT_THROW(viewer_page_with_shared_bundle("<script>/*CONTACTLAB_DATA*/</script>", "{}", "v.js", "t"),
               std::runtime_error);
}

}  // namespace
}  // namespace contactlab
