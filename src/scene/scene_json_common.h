// Names shared by the scene JSON reader (scene_json_read.cpp) and writer (scene_json_write.cpp).
// The format itself is documented in docs/scene-format.md.
#pragma once

#include "contactlab/scene/ground_truth.h"

#include <optional>
#include <string_view>

namespace contactlab::scene_detail {

inline constexpr const char* kFormatName = "contactlab-scene";

/// The scene format's name of a ground-truth corner feature ("kind" in docs/scene-format.md), or
/// nullptr for kTet: a corner of a contact region lies on the surface, so the format has no tets.
inline const char* feature_kind_name(FeatureType type) {
  switch (type) {
    case FeatureType::kVertex:
      return "vertex";
    case FeatureType::kEdge:
      return "edge";
    case FeatureType::kFace:
      return "face";
    case FeatureType::kTet:
      return nullptr;
  }
  return nullptr;
}

inline std::optional<FeatureType> feature_kind_from_name(std::string_view name) {
  if (name == "vertex") return FeatureType::kVertex;
  if (name == "edge") return FeatureType::kEdge;
  if (name == "face") return FeatureType::kFace;
  return std::nullopt;
}

}  // namespace contactlab::scene_detail
