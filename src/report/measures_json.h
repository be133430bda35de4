// The JSON of one set of measures (assess/measures.h), shared by the assessment's results
// (assessment_json.cpp, docs/assessment.md) and the step measures of a dynamic study
// (dynamic_study_tables.cpp, docs/studies.md): the same field names in both files.
#pragma once

#include "contactlab/assess/measures.h"
#include "contactlab/core/json_support.h"

#include <string>

namespace contactlab::report_detail {

/// count, correct, stray, quality_percent, coverage_percent, excess, area_coverage,
/// area_coverage_clipped, position_error (null where absent), interfaces (per interface: bodies,
/// contacts, correct, feasible_normals, normals_matched, min_contacts, planar, true_area,
/// hull_area, hull_area_clipped, position_error), normal_quality and abs_normal_y (per contact).
/// A non-finite value is an InputError naming `source` and the field's path under `path`.
json::Json measures_json(const Measures& measures, const char* source, const std::string& path);

}  // namespace contactlab::report_detail
