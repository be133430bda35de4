// Feature names as docs/contacts-format.md and docs/scene-format.md spell them ("kind").
#include "contactlab/mesh/feature_ref.h"

#include <gtest/gtest.h>

#include <string>

namespace contactlab {
namespace {

TEST(FeatureRef, NamesAreTheDocumentedOnes) {
  EXPECT_STREQ(feature_type_name(FeatureType::kVertex), "vertex");
  EXPECT_STREQ(feature_type_name(FeatureType::kEdge), "edge");
  EXPECT_STREQ(feature_type_name(FeatureType::kFace), "face");
  EXPECT_STREQ(feature_type_name(FeatureType::kTet), "tet");
}

TEST(FeatureRef, NameRoundTripAndUnknownNames) {
  for (FeatureType type : {FeatureType::kVertex, FeatureType::kEdge, FeatureType::kFace, FeatureType::kTet}) {
    const std::optional<FeatureType> back = feature_type_from_name(feature_type_name(type));
    ASSERT_TRUE(back.has_value());
    EXPECT_EQ(*back, type);
  }
  for (const std::string name : {"", "Vertex", "vertices", "tet ", "triangle", "edge\n"}) {
    EXPECT_FALSE(feature_type_from_name(name).has_value()) << "'" << name << "'";
  }
}

}  // namespace
}  // namespace contactlab
