// A feature of a mesh — vertex, edge, face or tet — by kind and index (docs/design.md "Contacts"):
// what a contact point was generated from (Contact::feature_a/_b, contact/contact.h) and what a corner
// of a true contact region lies on (PolygonCorner::on_a/_b, scene/ground_truth.h). It names a part of
// a mesh, so it sits in the mesh module, below both.
#pragma once

#include "contactlab/core/types.h"

#include <compare>
#include <optional>
#include <string_view>

namespace contactlab {

/// Kind of mesh feature on one body: V, E, F or T (tetrahedron) in the paper's notation.
enum class FeatureType { kVertex, kEdge, kFace, kTet };

/// A feature of one body's mesh. Indices refer to the body's tet mesh and the boundary surface
/// made of it (SurfaceMap::surface, which shares the tet mesh's vertex array):
///   kVertex — vertex index (the same in the tet mesh and its surface),
///   kEdge   — surface edge index in build_topology order (edges sorted by their vertex pair),
///   kFace   — surface triangle index,
///   kTet    — tet index (contacts only; a ground-truth corner is always on the surface).
/// kInvalidIndex means "not recorded". The default is {kFace, kInvalidIndex}.
struct FeatureRef {
  FeatureType type = FeatureType::kFace;
  Index index = kInvalidIndex;
  friend auto operator<=>(const FeatureRef&, const FeatureRef&) = default;
};

/// The name of a feature type in contactlab's JSON formats (contacts, scene ground truth):
/// "vertex", "edge", "face", "tet".
const char* feature_type_name(FeatureType type);

/// The feature type `feature_type_name` gives `name`, or nullopt for any other text.
std::optional<FeatureType> feature_type_from_name(std::string_view name);

}  // namespace contactlab
