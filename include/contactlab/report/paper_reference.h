// The reference values of K. Erleben, "Methodology for Assessing Mesh-Based Contact Point Methods",
// ACM TOG 37(3), 2018, §8: Table 8 (the ten fundamental cases), Table 7 (pillar), the area
// coverages P of §8.2 (wall) and §8.3 (arch), and Table 6 (contact counts over time, pillar) — the one place the terminal tables, the report page
// and docs/assessment.md take them from.
#pragma once

#include "contactlab/assess/dynamic_study.h"
#include "contactlab/report/assessment_tables.h"

#include <map>
#include <string>

namespace contactlab {

/// The paper's values by (method, case), labelled "paper". Table 8 gives coverage, quality and
/// excess of the fundamental cases at the initial (touching) state, as our static measures;
/// Table 7 (quality, contacts, excess of the pillar) and P_wall, P_arch are from simulation step 3,
/// after slight sagging, so they are not directly comparable with our step-0 measures
/// (case_notes says so). The paper's Table 8 prints opposing/internal-edge quality as "73.5.0",
/// read here as 73.5.
const ReferenceValues& paper_reference();

/// The paper's Table 6: contact count statistics (mean, min, max, standard deviation) over the
/// first 500 simulation steps of the pillar, by method (Erleben 2018 §8.1).
const std::map<std::string, CountStatistics>& paper_pillar_counts();

}  // namespace contactlab
