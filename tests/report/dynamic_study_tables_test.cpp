// The dynamic-study writers (report/dynamic_study_tables.h) on a result built by hand: statistics
// and verdicts as computed by hand, the paper's Table 6 row beneath ours on the pillar only, one
// CSV row per step, JSON that reads back.
#include "contactlab/report/dynamic_study_tables.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

namespace contactlab {
namespace {

/// Whether some line of `text` consists of exactly these whitespace-separated cells. (std::regex
/// trips GCC 12's -Wmaybe-uninitialized in the sanitizer build.)
bool has_row(const std::string& text, const std::vector<std::string>& cells) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::vector<std::string> found;
    for (std::string w; words >> w;) found.push_back(w);
    if (found == cells) return true;
  }
  return false;
}

DynamicStudyResult two_cases() {
  DynamicStudyResult result;
  result.methods = {"opposing"};
  result.cases = {"pillar", "wall"};
  result.steps_requested = 8;
  for (const char* name : {"pillar", "wall"}) {
    DynamicRun run;
    run.method = "opposing";
    run.case_name = name;
    run.length_scale = 2.0;
    run.body_names = {"ground", "block"};
    run.movable_bodies = 1;
    run.bodies_moved = std::string(name) == "pillar" ? 0 : 1;
    run.steps = 8;
    run.contact_counts = {2, 4, 4, 4, 5, 5, 7, 9};  // mean 5, population deviation 2
    run.largest_displacement.assign(8, 0.0);
    run.motion.displaced_body = 1;
    run.motion.rotated_body = 1;
    // The pillar's block moved 1 cm (0.5 % of L: standing), the wall's 3 cm (1.5 %: collapsed).
    run.motion.displacement = std::string(name) == "pillar" ? 0.01 : 0.03;
    run.largest_displacement.back() = run.motion.displacement;
    result.runs.push_back(run);
  }
  return result;
}

TEST(DynamicStudyTables, CountsTableHasOurRowAndThePapersOnThePillarOnly) {
  const std::string table = counts_table(two_cases());
  const std::size_t wall = table.find("wall:");
  ASSERT_NE(wall, std::string::npos) << table;
  const std::vector<std::string> ours = {"opposing", "5.00", "2", "9", "2.00"},
                                 paper = {"paper", "403.12", "117", "459", "24.83"};
  EXPECT_TRUE(has_row(table.substr(0, wall), ours)) << table;
  EXPECT_TRUE(has_row(table.substr(0, wall), paper)) << table;
  EXPECT_TRUE(has_row(table.substr(wall), ours)) << table;
  EXPECT_EQ(table.find("paper", wall), std::string::npos) << table;
}

TEST(DynamicStudyTables, StabilityVerdictsFollowTheThreshold) {
  const DynamicStudyResult result = two_cases();
  EXPECT_TRUE(result.at(0, 0).standing());
  EXPECT_FALSE(result.at(0, 1).standing());
  const std::string table = stability_table(result);
  const std::size_t wall = table.find("wall:");
  ASSERT_NE(wall, std::string::npos);
  EXPECT_NE(table.substr(0, wall).find("standing"), std::string::npos) << table;
  EXPECT_NE(table.substr(wall).find("collapsed"), std::string::npos) << table;
  EXPECT_NE(table.find("block"), std::string::npos) << table;
  EXPECT_NE(table.substr(0, wall).find(" 0/1 "), std::string::npos) << table;
  EXPECT_NE(table.substr(wall).find(" 1/1 "), std::string::npos) << table;
}

TEST(DynamicStudyTables, CsvHasARowPerStepAndJsonReadsBack) {
  const DynamicStudyResult result = two_cases();
  const std::string csv = dynamic_study_steps_csv(result);
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 1 + 2 * 8);
  EXPECT_NE(csv.find("opposing,wall,8,9,0.03\n"), std::string::npos) << csv;
  const nlohmann::json j = nlohmann::json::parse(dynamic_study_json(result, "stability"));
  EXPECT_EQ(j["format"], kStudyFormatName);
  EXPECT_EQ(j["study"], "stability");
  ASSERT_EQ(j["runs"].size(), 2u);
  EXPECT_EQ(j["runs"][1]["standing"], false);
  EXPECT_EQ(j["runs"][1]["displaced_body"], "block");
  EXPECT_DOUBLE_EQ(j["runs"][0]["counts"]["deviation"].get<double>(), 2.0);
  EXPECT_EQ(j["runs"][0]["contact_counts"].size(), 8u);
  EXPECT_DOUBLE_EQ(j["time_step"].get<double>(), result.simulation.time_step);
  EXPECT_EQ(j["solver"]["max_iterations"], result.simulation.solver.max_iterations);
  EXPECT_DOUBLE_EQ(j["touching_band"].get<double>(), result.simulation.contacts.settings.tolerance.relative);
  EXPECT_TRUE(j["runs"][0]["step_measures"].is_null());
}

// The step measures of a quality step are written with the assessment's field names.
TEST(DynamicStudyTables, JsonCarriesTheStepMeasures) {
  DynamicStudyResult result = two_cases();
  result.quality_step = 3;
  result.simulation.contacts.settings.tolerance.relative = 1e-4;
  result.runs[1].step_measures = Measures{};
  result.runs[1].step_measures->count = 12;
  result.runs[1].step_measures->quality_percent = 75.0;
  result.runs[1].step_measures->normal_quality = {1.0, -0.5};
  const nlohmann::json j = nlohmann::json::parse(dynamic_study_json(result, "step-quality"));
  EXPECT_EQ(j["quality_step"], 3);
  EXPECT_DOUBLE_EQ(j["touching_band"].get<double>(), 1e-4);
  EXPECT_TRUE(j["runs"][0]["step_measures"].is_null());
  const nlohmann::json& m = j["runs"][1]["step_measures"];
  EXPECT_EQ(m["count"], 12);
  EXPECT_DOUBLE_EQ(m["quality_percent"].get<double>(), 75.0);
  ASSERT_EQ(m["normal_quality"].size(), 2u);
  EXPECT_DOUBLE_EQ(m["normal_quality"][1].get<double>(), -0.5);
  EXPECT_TRUE(m["area_coverage"].is_null());
}

// Means over the seeds and the standing count per variant, by hand: qualities 50 and 100 → 75.0,
// counts 10 and 20 → 15; the pillar runs stand, the wall runs do not.
TEST(DynamicStudyTables, VariantsTableAveragesTheSeeds) {
  DynamicStudyResult a = two_cases(), b = two_cases();
  for (DynamicRun& run : a.runs) {
    run.step_measures = Measures{};
    run.step_measures->quality_percent = 50.0;
    run.step_measures->count = 10;
  }
  for (DynamicRun& run : b.runs) {
    run.step_measures = Measures{};
    run.step_measures->quality_percent = 100.0;
    run.step_measures->count = 20;
  }
  const std::vector<StudyVariant> variants = {{"D = 0.01 m", {a, b}}};
  const std::string table = variants_table(variants, "perturbation", true);
  const std::size_t wall = table.find("wall: perturbation");
  ASSERT_NE(wall, std::string::npos) << table;
  EXPECT_TRUE(has_row(table.substr(0, wall), {"opposing", "|", "75.0", "15", "2/2"})) << table;
  EXPECT_TRUE(has_row(table.substr(wall), {"opposing", "|", "75.0", "15", "0/2"})) << table;
  const std::string csv = variants_csv(variants);
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 1 + 2 * 2);
  EXPECT_NE(csv.find("\"D = 0.01 m\",2,opposing,wall,100,20,"), std::string::npos) << csv;
}

}  // namespace
}  // namespace contactlab

namespace contactlab {
namespace {

// variants.json: a result per seed with study.json's fields, in the variants' order.
TEST(DynamicStudyTables, VariantsJsonHasEveryVariantAndSeed) {
  DynamicStudyResult a = two_cases(), b = two_cases();
  a.perturbation = 0.01;
  b.perturbation = 0.01;
  b.perturbation_seed = 2;
  StudyVariant first{"D = 0.01 m", {a, b}};
  DynamicStudyResult c = two_cases();
  c.perturbation = 0.02;
  StudyVariant second{"D = 0.02 m", {c}};
  const nlohmann::json j = nlohmann::json::parse(variants_json({first, second}, "perturbation"));
  EXPECT_EQ(j["format"], kStudyVariantsFormatName);
  EXPECT_EQ(j["study"], "perturbation");
  ASSERT_EQ(j["variants"].size(), 2u);
  EXPECT_EQ(j["variants"][0]["label"], "D = 0.01 m");
  ASSERT_EQ(j["variants"][0]["results"].size(), 2u);
  EXPECT_EQ(j["variants"][0]["results"][1]["perturbation"]["seed"], 2);
  EXPECT_DOUBLE_EQ(j["variants"][1]["results"][0]["perturbation"]["displacement"].get<double>(), 0.02);
  EXPECT_EQ(j["variants"][1]["results"][0]["runs"][1]["displaced_body"], "block");
  EXPECT_FALSE(j["variants"][0]["results"][0].contains("format"));
}

// The page shows the tables escaped, every plot as SVG linked to its PNG, and links to the files.
TEST(StudyPage, TablesPlotsAndFilesAreOnThePage) {
  StudyPage page;
  page.study = "counts";
  page.command = "contactlab study counts -o out";
  page.summary = "24 runs";
  page.tables = "pillar: a < b & c\n";
  page.figures.push_back({"counts-pillar", "pillar: contacts per step"});
  page.files = {"tables.txt", "steps.csv"};
  const std::string html = study_page_html(page);
  EXPECT_NE(html.find("<title>contactlab study counts</title>"), std::string::npos);
  EXPECT_NE(html.find("pillar: a &lt; b &amp; c"), std::string::npos) << html;
  EXPECT_NE(html.find("<a href=\"counts-pillar.png\"><img src=\"counts-pillar.svg\""), std::string::npos) << html;
  EXPECT_NE(html.find("<a href=\"steps.csv\">steps.csv</a>"), std::string::npos) << html;
  EXPECT_EQ(html.find("<script"), std::string::npos);
}

// The folder's page: a section per study in order, every link into that study's subfolder.
TEST(StudyPage, FolderOfStudiesLinksIntoEachSubfolder) {
  StudyPage counts;
  counts.study = "counts";
  counts.summary = "24 runs";
  counts.tables = "pillar: counts\n";
  counts.figures.push_back({"counts-pillar", "pillar: contacts per step"});
  counts.files = {"steps.csv"};
  StudyPage quality = counts;
  quality.study = "step-quality";
  quality.tables = "pillar: quality\n";
  quality.figures = {{"abs-normal-y-pillar", "|n_y|"}};
  quality.files = {"study.json"};
  const std::string html = studies_report_html({counts, quality}, "contactlab study all -o out", "2 studies");
  const std::size_t first = html.find("<h2 id=\"counts\">counts</h2>");
  const std::size_t second = html.find("<h2 id=\"step-quality\">step-quality</h2>");
  ASSERT_NE(first, std::string::npos) << html;
  ASSERT_NE(second, std::string::npos) << html;
  EXPECT_LT(first, second);
  EXPECT_NE(html.find("<a href=\"counts/counts-pillar.png\"><img src=\"counts/counts-pillar.svg\""), std::string::npos);
  EXPECT_NE(html.find("<a href=\"counts/steps.csv\">counts/steps.csv</a>"), std::string::npos) << html;
  EXPECT_NE(html.find("<a href=\"step-quality/study.json\">step-quality/study.json</a>"), std::string::npos);
  EXPECT_NE(html.find("<a href=\"step-quality/index.html\">"), std::string::npos);
  EXPECT_LT(html.find("pillar: counts"), second);
  EXPECT_GT(html.find("pillar: quality"), second);
  EXPECT_EQ(html.find("<script"), std::string::npos);
}

}  // namespace
}  // namespace contactlab
