#include "contactlab/mesh/feature_ref.h"

namespace contactlab {

const char* feature_type_name(FeatureType type) {
  switch (type) {
    case FeatureType::kVertex:
      return "vertex";
    case FeatureType::kEdge:
      return "edge";
    case FeatureType::kFace:
      return "face";
    case FeatureType::kTet:
      return "tet";
  }
  return "face";  // unreachable for a valid enumerator
}

std::optional<FeatureType> feature_type_from_name(std::string_view name) {
  for (FeatureType type : {FeatureType::kVertex, FeatureType::kEdge, FeatureType::kFace, FeatureType::kTet}) {
    if (name == feature_type_name(type)) return type;
  }
  return std::nullopt;
}

}  // namespace contactlab
