// Contacts made from a scene's ground truth (docs/suite.md): the reference contact set that the viewer
// shows beside a method's and that tests compare against — the corners of every true contact
// region with the feasible normals.
#pragma once

#include "contactlab/contact/contact.h"
#include "contactlab/scene/scene.h"

namespace contactlab {

/// Contacts of scene.ground_truth (an empty set when the scene has none), method "ground-truth",
/// no parameters. For every interface with a true region (ContactInterface::polygon) and at least
/// one feasible normal: planar — one contact at each polygon corner (in the polygon's order) with
/// the first feasible normal; point or segment regions (the fundamental cases) — at each corner one
/// contact per feasible normal, in the listed order (so a point in a crack gets every wall normal).
/// body_a/body_b of the interface, gap 0, feature_a/feature_b = the corner's features on A and B
/// (the same FeatureRef, copied), elements unknown (kInvalidIndex), no area.
/// On the built-in scenes this gives exactly the minimal contact count of every interface.
/// Contacts are stably sorted by (body_a, body_b) — the order of the interfaces — keeping each
/// region's corner order.
ContactSet contacts_from_ground_truth(const Scene& scene);

}  // namespace contactlab
