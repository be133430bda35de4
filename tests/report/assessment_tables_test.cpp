// Assessment tables, CSV and JSON from hand-built SuiteResults: the exact Table 8 layout text,
// suite column order whatever the run order, the "(*)" of empty sets, reference rows, the
// structures block cells, and CSV/JSON fields read back bit-exactly.
#include "contactlab/report/assessment_tables.h"

#include "contactlab/core/error.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdlib>
#include <limits>
#include <sstream>

namespace contactlab {
namespace {

using Json = nlohmann::ordered_json;

/// A SuiteResult of `methods` × `cases` whose entries `fill` sets.
SuiteResult make_result(const std::vector<std::string>& methods, const std::vector<std::string>& cases,
                        const std::function<void(CaseResult&)>& fill) {
  SuiteResult result;
  result.methods = methods;
  result.cases = cases;
  for (const std::string& m : methods) {
    for (const std::string& c : cases) {
      CaseResult r;
      r.method = m;
      r.case_name = c;
      r.fundamental = c != "pillar" && c != "wall" && c != "arch";
      fill(r);
      result.results.push_back(std::move(r));
    }
  }
  return result;
}

void set(CaseResult& r, int count, int correct, double coverage, int min_contacts) {
  r.measures.count = count;
  r.measures.correct = correct;
  r.measures.quality_percent = count == 0 ? 0.0 : 100.0 * correct / count;
  r.measures.coverage_percent = coverage;
  r.measures.excess = static_cast<double>(count) / min_contacts;
  InterfaceScore s;
  s.min_contacts = min_contacts;
  r.measures.interfaces = {s};
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::vector<std::string> words_of(const std::string& line) {
  std::vector<std::string> words;
  std::istringstream in(line);
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

std::vector<std::string> csv_fields(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      fields.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      fields.emplace_back();
    } else {
      fields.back() += c;
    }
  }
  return fields;
}

// opposing: crack-spike 5 contacts of which 5 correct, 1 of 2 normals (min 2); two-spikes 18 of
// which 4 correct (22.2 %), 1 of 1 normal (min 1). growth: no contacts on crack-spike; two-spikes
// 15 contacts, none correct.
SuiteResult two_by_two() {
  return make_result({"opposing", "growth"}, {"two-spikes", "crack-spike"}, [](CaseResult& r) {
    const bool opposing = r.method == "opposing", crack = r.case_name == "crack-spike";
    if (opposing && crack) set(r, 5, 5, 50.0, 2);
    if (opposing && !crack) set(r, 18, 4, 100.0, 1);
    if (!opposing && crack) set(r, 0, 0, 0.0, 2);
    if (!opposing && !crack) set(r, 15, 0, 0.0, 1);
  });
}

ReferenceValues reference() {
  ReferenceValues ref;
  ref.label = "paper";
  ref.note = "the note";
  ref.values[{"opposing", "crack-spike"}] = {.quality_percent = 0.0, .coverage_percent = 0.0, .excess = 3.0};
  ref.values[{"opposing", "two-spikes"}] = {.quality_percent = 22.2, .coverage_percent = 100.0, .excess = 18.0};
  ref.values[{"growth", "crack-spike"}] = {.quality_percent = 100.0, .coverage_percent = 50.0, .excess = 2.0};
  ref.values[{"opposing", "wall"}] = {.quality_percent = 91.6, .count = 214, .excess = 5.3, .area_coverage = 0.93};
  ref.case_notes["wall"] = "step 3";
  return ref;
}

TEST(AssessmentTables, FundamentalCasesTableHasTheTable8LayoutInSuiteOrder) {
  const ReferenceValues ref = reference();
  const std::string text = fundamental_cases_table(two_by_two(), &ref);
  // Written out by hand: columns crack-spike (suite position 1) before two-spikes (6) although the
  // run listed them the other way round; first column as wide as "Coverage (%)".
  const std::string expected =
      "Fundamental cases (layout of Erleben 2018, Table 8)\n"
      "              crack     two\n"
      "method        spike  spikes\n"
      "Coverage (%)\n"
      "opposing       50.0   100.0\n"
      "  paper         0.0   100.0\n"
      "growth          0.0     0.0\n"
      "  paper        50.0       –\n"
      "\n"
      "Quality (%)\n"
      "opposing      100.0    22.2\n"
      "  paper         0.0    22.2\n"
      "growth          0.0     0.0\n"
      "  paper       100.0       –\n"
      "\n"
      "Excess\n"
      "opposing       2.50   18.00\n"
      "  paper         3.0    18.0\n"
      "growth          (*)   15.00\n"
      "  paper         2.0       –\n"
      "(*) no contacts found. paper: the note\n";
  EXPECT_EQ(text, expected);
}

TEST(AssessmentTables, FundamentalCasesTableWithoutReferenceHasOneRowPerMethod) {
  const std::vector<std::string> lines = lines_of(fundamental_cases_table(two_by_two()));
  // Title, 2 header lines, then per block: title and 2 methods; 2 blank lines; footnote.
  ASSERT_EQ(lines.size(), 1u + 2u + 3u * 3u + 2u + 1u);
  EXPECT_EQ(words_of(lines[4]), (std::vector<std::string>{"opposing", "50.0", "100.0"}));
  EXPECT_EQ(words_of(lines[5]), (std::vector<std::string>{"growth", "0.0", "0.0"}));
}

TEST(AssessmentTables, HeadersSplitAtEveryHyphenAndAlignAtTheBottom) {
  const SuiteResult result =
      make_result({"m"}, {"two-spike-wedge", "slide-spike"}, [](CaseResult& r) { set(r, 1, 1, 100.0, 1); });
  const std::vector<std::string> lines = lines_of(fundamental_cases_table(result));
  EXPECT_EQ(words_of(lines[1]), (std::vector<std::string>{"two"}));
  EXPECT_EQ(words_of(lines[2]), (std::vector<std::string>{"slide", "spike"}));
  EXPECT_EQ(words_of(lines[3]), (std::vector<std::string>{"method", "spike", "wedge"}));
}

TEST(AssessmentTables, TablesAreEmptyWithoutTheirKindOfCase) {
  const SuiteResult structures = make_result({"m"}, {"wall"}, [](CaseResult& r) { set(r, 1, 1, 100.0, 1); });
  EXPECT_EQ(fundamental_cases_table(structures), "");
  EXPECT_EQ(structures_table(two_by_two()), "");
  EXPECT_EQ(fundamental_cases_table(SuiteResult{}), "");
}

TEST(AssessmentTables, CasesInSuiteOrderSplitsFundamentalFromStructures) {
  const SuiteResult result = make_result({"m"}, {"arch", "cliff-edge", "pillar", "crack-hole", "wall"},
                                         [](CaseResult& r) { set(r, 1, 1, 100.0, 1); });
  EXPECT_EQ(cases_in_suite_order(result, true), (std::vector<std::size_t>{3, 1}));
  EXPECT_EQ(cases_in_suite_order(result, false), (std::vector<std::size_t>{2, 4, 0}));
}

TEST(AssessmentTables, StructuresTableRowsCarryOurMeasuresAndTheReference) {
  const SuiteResult result = make_result({"opposing", "growth"}, {"wall"}, [](CaseResult& r) {
    set(r, 10, 8, 100.0, 4);  // 80 %, excess 2.5
    r.measures.area_coverage = 0.5;
    r.measures.area_coverage_clipped = 0.4;
    r.measures.position_error = 0.001;
    r.measures.interfaces[0].true_area = 0.2;
    r.seconds = 0.0123;
  });
  const ReferenceValues ref = reference();
  const std::vector<std::string> lines = lines_of(structures_table(result, &ref));
  ASSERT_GE(lines.size(), 6u);
  EXPECT_EQ(lines[0], "wall: 1 interfaces, minimal contacts 4, true contact area 0.2 m²");
  EXPECT_EQ(words_of(lines[3]), (std::vector<std::string>{"opposing", "80.0", "10", "2.50", "0.50", "0.40", "0.001",
                                                          "12.3", "|", "91.6", "214", "5.3", "0.93"}));
  EXPECT_EQ(words_of(lines[4]), (std::vector<std::string>{"growth", "80.0", "10", "2.50", "0.50", "0.40", "0.001",
                                                          "12.3", "|", "–", "–", "–", "–"}));
  EXPECT_EQ(lines[5], "paper: step 3");
}

TEST(AssessmentTables, StructuresTableMarksMissingAreaAndEmptySets) {
  const SuiteResult result = make_result({"vertex-only"}, {"pillar"}, [](CaseResult& r) { set(r, 0, 0, 0.0, 40); });
  const std::vector<std::string> lines = lines_of(structures_table(result));
  ASSERT_GE(lines.size(), 4u);
  EXPECT_EQ(lines[0], "pillar: 1 interfaces, minimal contacts 40");
  EXPECT_EQ(words_of(lines[3]), (std::vector<std::string>{"vertex-only", "0.0", "0", "(*)", "–", "–", "–", "0.0"}));
}

TEST(AssessmentCsv, OneRowPerMethodAndCaseWithShortestRoundTripNumbers) {
  SuiteResult result = two_by_two();
  result.results[0].measures.area_coverage = 1.0 / 3.0;
  result.results[0].seconds = 0.1 + 0.2;
  const std::vector<std::string> lines = lines_of(assessment_csv(result));
  ASSERT_EQ(lines.size(), 5u);
  const std::vector<std::string> header = csv_fields(lines[0]);
  ASSERT_EQ(header.size(), 17u);
  EXPECT_EQ(header[0], "method");
  EXPECT_EQ(header[15], "seconds");
  EXPECT_EQ(header[16], "peer");
  for (std::size_t i = 1; i < lines.size(); ++i) EXPECT_EQ(csv_fields(lines[i]).size(), 17u) << lines[i];

  // Row 1 = opposing × two-spikes (run order): 18 contacts, 4 correct.
  const std::vector<std::string> row = csv_fields(lines[1]);
  EXPECT_EQ(row[0], "opposing");
  EXPECT_EQ(row[1], "two-spikes");
  EXPECT_EQ(row[2], "true");
  EXPECT_EQ(row[3], "18");
  EXPECT_EQ(row[4], "4");
  EXPECT_EQ(std::strtod(row[6].c_str(), nullptr), 100.0 * 4 / 18);
  EXPECT_EQ(std::strtod(row[12].c_str(), nullptr), 1.0 / 3.0);
  EXPECT_EQ(row[13], "");  // area_coverage_clipped absent
  EXPECT_EQ(std::strtod(row[15].c_str(), nullptr), 0.1 + 0.2);
  EXPECT_EQ(row[16], "false");
}

// A peer's rows (SuiteResult::peers) say so in the CSV and JSON and are labelled in the tables,
// without a reference row beneath them.
TEST(AssessmentTables, PeerRowsAreLabelledAndFlagged) {
  SuiteResult result = two_by_two();
  result.peers = {false, true};
  const std::string csv = assessment_csv(result);
  const std::vector<std::string> lines = lines_of(csv);
  EXPECT_EQ(csv_fields(lines[1])[16], "false");
  EXPECT_EQ(csv_fields(lines[3])[16], "true");
  const std::string json = assessment_json(result);
  EXPECT_NE(json.find("\"peers\": [\"" + result.methods[1] + "\"]"), std::string::npos) << json;
  EXPECT_NE(json.find("\"peer\": true"), std::string::npos);
  EXPECT_EQ(method_label(result, 0), result.methods[0]);
  EXPECT_EQ(method_label(result, 1), result.methods[1] + " (peer)");
  ReferenceValues reference;
  reference.label = "ref";
  const std::string table = fundamental_cases_table(result, &reference);
  EXPECT_NE(table.find(result.methods[1] + " (peer)"), std::string::npos) << table;
  std::size_t reference_rows = 0;
  for (std::size_t at = table.find("\n  ref "); at != std::string::npos; at = table.find("\n  ref ", at + 1)) {
    ++reference_rows;
  }
  EXPECT_EQ(reference_rows, 3u) << table;  // Coverage, Quality, Excess: the method's row only
}

TEST(AssessmentCsv, NamesWithCommasOrQuotesAreQuoted) {
  const SuiteResult result = make_result({"my,\"method\""}, {"wall"}, [](CaseResult& r) { set(r, 1, 1, 100.0, 1); });
  const std::vector<std::string> lines = lines_of(assessment_csv(result));
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[1].rfind("\"my,\"\"method\"\"\",wall,false,", 0), 0u) << lines[1];
  EXPECT_EQ(csv_fields(lines[1])[0], "my,\"method\"");
}

TEST(AssessmentJson, HoldsMeasuresInterfacesAndPerContactQualitiesExactly) {
  SuiteResult result = two_by_two();
  result.refined = true;
  result.seconds = 12.5;
  CaseResult& first = result.results[0];
  first.measures.normal_quality = {-1.0, 0.1 + 0.2, 1.0 / 3.0};
  first.measures.abs_normal_y = {0.0, 0.5, 1.0};
  first.measures.area_coverage = 0.875;
  first.measures.interfaces[0].body_a = 0;
  first.measures.interfaces[0].body_b = 2;
  first.measures.interfaces[0].hull_area = 0.7;

  const Json root = Json::parse(assessment_json(result));
  EXPECT_EQ(root.at("format"), "contactlab-assessment");
  EXPECT_EQ(root.at("version"), 1);
  EXPECT_EQ(root.at("methods"), Json({"opposing", "growth"}));
  EXPECT_EQ(root.at("cases"), Json({"two-spikes", "crack-spike"}));
  EXPECT_EQ(root.at("refined"), true);
  EXPECT_EQ(root.at("seconds").get<double>(), 12.5);
  const Json& results = root.at("results");
  ASSERT_EQ(results.size(), 4u);
  const Json& r = results.at(0);
  EXPECT_EQ(r.at("method"), "opposing");
  EXPECT_EQ(r.at("case"), "two-spikes");
  EXPECT_EQ(r.at("count"), 18);
  EXPECT_EQ(r.at("correct"), 4);
  EXPECT_EQ(r.at("quality_percent").get<double>(), 100.0 * 4 / 18);
  EXPECT_EQ(r.at("area_coverage").get<double>(), 0.875);
  EXPECT_TRUE(r.at("area_coverage_clipped").is_null());
  EXPECT_EQ(r.at("normal_quality").get<std::vector<double>>(), first.measures.normal_quality);
  EXPECT_EQ(r.at("abs_normal_y").get<std::vector<double>>(), first.measures.abs_normal_y);
  ASSERT_EQ(r.at("interfaces").size(), 1u);
  EXPECT_EQ(r.at("interfaces").at(0).at("body_b"), 2);
  EXPECT_EQ(r.at("interfaces").at(0).at("hull_area").get<double>(), 0.7);
  EXPECT_EQ(r.at("interfaces").at(0).at("min_contacts"), 1);
  EXPECT_EQ(results.at(3).at("method"), "growth");
  EXPECT_EQ(results.at(3).at("case"), "crack-spike");
  EXPECT_EQ(results.at(3).at("count"), 0);
}

TEST(AssessmentJson, NonFiniteNumbersAreRefusedWithTheirPath) {
  SuiteResult result = two_by_two();
  result.results[2].measures.normal_quality = {1.0, std::numeric_limits<double>::quiet_NaN()};
  try {
    (void)assessment_json(result);
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("results[2].normal_quality[1]"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace contactlab
