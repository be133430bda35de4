// Argument checks shared by the broad-phase entry points (internal).
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "contactlab/core/aabb.h"
#include "contactlab/core/error.h"
#include "contactlab/core/transform.h"

namespace contactlab::broadphase_detail {

// Out-of-line throwers (check_inputs.cpp), so the throw sites stay one line each.
[[noreturn]] void throw_input_error(const char* source, const std::string& what);
[[noreturn]] void throw_geometry_error(const char* source, const std::string& what);

inline void check_margin(double margin, const char* source) {
  if (!std::isfinite(margin) || margin < 0.0) {
    // The margin is the touching band, a multiple of the scene's size: inf means coordinates beyond
    // the limit, which the scene reader and the CLI refuse before they get here.
    throw_input_error(source,
                      "the margin (the touching band added to each body's box) must be finite and >= 0, got " +
                          std::to_string(margin) +
                          "; a non-finite margin comes from body coordinates beyond the coordinate limit 1e50 m");
  }
}

inline void check_pose(const Transform& pose, const char* source) {
  if (!pose.rotation.allFinite() || !pose.translation.allFinite()) {
    throw_input_error(source, "pose has a non-finite entry");
  }
}

/// A body box takes part in body-pair search iff it is not empty and has no NaN coordinate.
inline bool usable_body_box(const Aabb& box) { return !box.min.hasNaN() && !box.max.hasNaN() && !box.empty(); }

inline void check_fixed(const std::vector<bool>& fixed, std::size_t body_count, const char* source) {
  if (!fixed.empty() && fixed.size() != body_count) {
    throw_input_error(source, "fixed has " + std::to_string(fixed.size()) + " flags, expected " +
                                  std::to_string(body_count) + " (one per body) or none");
  }
}

}  // namespace contactlab::broadphase_detail
