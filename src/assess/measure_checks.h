// Input checks shared by measure_contacts and the per-measure functions (assess module only).
#pragma once

namespace contactlab::assess_detail {

/// The source named in the measures' InputErrors.
inline constexpr const char* kMeasureSource = "measure_contacts";

/// Throws InputError unless `threshold` is a number in [−1, 1] (a bound on n·n* of unit vectors).
void check_normal_threshold(double threshold);

}  // namespace contactlab::assess_detail
