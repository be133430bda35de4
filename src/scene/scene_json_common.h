// Names shared by the scene JSON reader (scene_json_read.cpp) and writer (scene_json_write.cpp).
// The format itself is documented in docs/scene-format.md.
#pragma once

#include "contactlab/scene/ground_truth.h"

#include <optional>
#include <string_view>

namespace contactlab::scene_detail {

inline constexpr const char* kFormatName = "contactlab-scene";

inline const char* feature_kind_name(FeatureKind kind) {
  switch (kind) {
    case FeatureKind::kVertex:
      return "vertex";
    case FeatureKind::kEdge:
      return "edge";
    case FeatureKind::kFace:
      return "face";
  }
  return "face";
}

inline std::optional<FeatureKind> feature_kind_from_name(std::string_view name) {
  if (name == "vertex") return FeatureKind::kVertex;
  if (name == "edge") return FeatureKind::kEdge;
  if (name == "face") return FeatureKind::kFace;
  return std::nullopt;
}

}  // namespace contactlab::scene_detail
