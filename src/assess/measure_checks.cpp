#include "measure_checks.h"

#include "contactlab/core/error.h"

#include <cmath>
#include <string>

namespace contactlab::assess_detail {

void check_normal_threshold(double threshold) {
  if (!std::isfinite(threshold) || threshold < -1.0 || threshold > 1.0) {
    throw InputError(kMeasureSource, 0,
                     "normal_threshold must be a number in [-1, 1], got " + std::to_string(threshold));
  }
}

}  // namespace contactlab::assess_detail
