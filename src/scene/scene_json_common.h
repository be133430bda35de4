// Names shared by the scene JSON reader (scene_json_read.cpp) and writer (scene_json_write.cpp).
// The format itself is documented in docs/scene-format.md.
#pragma once

#include "contactlab/scene/ground_truth.h"

namespace contactlab::scene_detail {

inline constexpr const char* kFormatName = "contactlab-scene";

}  // namespace contactlab::scene_detail
