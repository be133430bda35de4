// A contact point between two bodies and a set of them (docs/design.md conventions): world position,
// unit normal from body A to body B, signed gap (< 0 penetration), the feature pair that generated
// it, the element pair, optional area. The contact methods (issue "eight local methods") produce
// ContactSets; the assessment and the writers read them.
#pragma once

#include "contactlab/core/types.h"
#include "contactlab/mesh/feature_ref.h"  // FeatureRef, FeatureType

#include <map>
#include <string>
#include <variant>
#include <vector>

namespace contactlab {

struct Contact {
  Index body_a = kInvalidIndex;  ///< scene body indices; the normal points from body_a to body_b
  Index body_b = kInvalidIndex;
  Vec3 position = Vec3::Zero();  ///< world frame, m
  Vec3 normal = Vec3::UnitY();   ///< unit, from A to B
  double gap = 0.0;              ///< m; < 0 penetration, 0 touching, > 0 separated
  FeatureRef feature_a, feature_b;
  Index element_a = kInvalidIndex;  ///< tet (or surface triangle) on each body
  Index element_b = kInvalidIndex;
  double area = 0.0;  ///< m², 0 when the method gives none
  bool has_area = false;
};

using ParameterValue = std::variant<double, std::string, bool>;

struct ContactSet {
  std::string method;                                ///< method name, e.g. "volume-sat"
  std::map<std::string, ParameterValue> parameters;  ///< the method's parameters as used
  std::vector<Contact> contacts;
};

}  // namespace contactlab
