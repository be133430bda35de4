// The surface feature of a posed body at a world point (internal to the suite module): what a
// corner of a true contact region lies on, for the ground truth of the point and line cases.
#pragma once

#include "contactlab/scene/body.h"
#include "contactlab/scene/ground_truth.h"

namespace contactlab {

/// The feature of body.shape->surface_map.surface (the surface the contact methods see) at the
/// world point `p`: the nearest surface vertex within `tolerance`, else the nearest edge (index in
/// build_topology order) within `tolerance`, else the nearest triangle within `tolerance`; ties go
/// to the lower index. {kFace, kInvalidIndex} when nothing is that close (p is not on the surface).
FeatureRef surface_feature_at(const Body& body, const Vec3& p, double tolerance);

}  // namespace contactlab
