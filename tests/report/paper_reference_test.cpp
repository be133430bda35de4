// The transcribed values of Erleben 2018 against the arithmetic that ties them together: in Table 8
// excess × minimal contacts (docs/suite.md) is a whole contact count and quality × that count a whole
// number of correct contacts; in Table 7 excess = contacts / 40 and quality × contacts is whole.
// A mistyped digit breaks one of these (it is how "73.5.0" reads as 73.5: 25 of 34 contacts).
#include "contactlab/report/paper_reference.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>

namespace contactlab {
namespace {

const std::vector<std::string> kMethods = {"closest-points", "intersection", "vertex-only", "consistent-vertex",
                                           "volume-sat",     "surface-sat",  "growth",      "opposing"};

// Minimal contact counts of the fundamental cases (docs/suite.md, from the geometry).
const std::map<std::string, int> kMinContacts = {
    {"crack-spike", 2}, {"crack-hole", 4},      {"crack-wedge", 4}, {"slide-spike", 1},   {"slide-wedge", 2},
    {"two-spikes", 1},  {"two-spike-wedge", 1}, {"two-wedges", 2},  {"internal-edge", 4}, {"cliff-edge", 4}};

/// |x − round(x)|.
double off_whole(double x) { return std::abs(x - std::round(x)); }

TEST(PaperReference, Table8HasEveryMethodAndCaseAndItsNumbersAreWholeCounts) {
  const ReferenceValues& paper = paper_reference();
  EXPECT_EQ(paper.label, "paper");
  int no_contacts = 0;
  for (const std::string& method : kMethods) {
    for (const auto& [case_name, min_contacts] : kMinContacts) {
      SCOPED_TRACE(method + " on " + case_name);
      const ReferenceMeasures* r = paper.find(method, case_name);
      ASSERT_NE(r, nullptr);
      ASSERT_TRUE(r->coverage_percent && r->quality_percent);
      if (r->no_contacts) {
        ++no_contacts;
        EXPECT_FALSE(r->excess);
        EXPECT_EQ(*r->quality_percent, 0.0);
        continue;
      }
      ASSERT_TRUE(r->excess);
      // Excess is printed with one decimal: the count is within 0.05 × min of a whole number.
      const double count = *r->excess * min_contacts;
      EXPECT_LE(off_whole(count), 0.05 * min_contacts + 1e-9) << "excess " << *r->excess;
      const double contacts = std::round(count);
      ASSERT_GT(contacts, 0.0);
      // Quality is printed with one decimal: correct contacts within 0.0006 × count of a whole number.
      EXPECT_LE(off_whole(*r->quality_percent * contacts / 100.0), 0.0006 * contacts + 1e-9)
          << "quality " << *r->quality_percent << " of " << contacts;
      // Coverage is a share of 1, 2 or 4 feasible normals; no correct contact means no normal matched.
      EXPECT_LE(off_whole(*r->coverage_percent / 25.0), 1e-12);
      if (*r->quality_percent == 0.0) {
        EXPECT_EQ(*r->coverage_percent, 0.0);
      }
    }
  }
  // The paper's (*): vertex-only and consistent-vertex on crack-hole.
  EXPECT_EQ(no_contacts, 2);
  EXPECT_TRUE(paper.find("vertex-only", "crack-hole")->no_contacts);
  EXPECT_TRUE(paper.find("consistent-vertex", "crack-hole")->no_contacts);
}

TEST(PaperReference, Table7ExcessIsContactsOverFortyAndQualityCountsWholeContacts) {
  const ReferenceValues& paper = paper_reference();
  for (const std::string& method : kMethods) {
    SCOPED_TRACE(method);
    const ReferenceMeasures* r = paper.find(method, "pillar");
    ASSERT_NE(r, nullptr);
    ASSERT_TRUE(r->count && r->excess && r->quality_percent);
    EXPECT_LE(std::abs(*r->excess - *r->count / 40.0), 0.05 + 1e-9);
    EXPECT_LE(off_whole(*r->quality_percent * *r->count / 100.0), 0.0006 * *r->count + 1e-9);
  }
  EXPECT_NE(paper.case_notes.find("pillar"), paper.case_notes.end());
}

TEST(PaperReference, AreaCoverageOfWallAndArchForClosestPointsAndOpposing) {
  const ReferenceValues& paper = paper_reference();
  EXPECT_EQ(paper.find("opposing", "wall")->area_coverage, 0.93);
  EXPECT_EQ(paper.find("closest-points", "wall")->area_coverage, 0.89);
  EXPECT_EQ(paper.find("closest-points", "arch")->area_coverage, 0.64);
  EXPECT_EQ(paper.find("opposing", "arch")->area_coverage, 0.90);
  EXPECT_EQ(paper.find("growth", "wall"), nullptr);  // the paper gives P only for these two methods
}

}  // namespace
}  // namespace contactlab
