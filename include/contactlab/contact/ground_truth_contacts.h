// Contacts made from a scene's ground truth (SUITE.md): the reference contact set that the viewer
// shows beside a method's and that tests compare against — the contact polygon corners of every
// planar interface.
#pragma once

#include "contactlab/contact/contact.h"
#include "contactlab/scene/scene.h"

namespace contactlab {

/// Contacts of scene.ground_truth (an empty set when the scene has none), method "ground-truth",
/// no parameters. For every planar interface with a polygon and at least one feasible normal: one
/// contact at each polygon corner (in the polygon's order), body_a/body_b of the interface, normal
/// = its first feasible normal, gap 0, feature_a/feature_b = the corner's features on A and B
/// (vertex → kVertex with the tet-mesh vertex index, edge → kEdge, face → kFace; the indices of
/// ground_truth.h and contact.h denote the same things), elements unknown (kInvalidIndex), no area.
/// Non-planar interfaces (point and line contacts of the fundamental cases) give no contacts: their
/// ground truth holds normals and a minimal count but no positions, so no contact point can be
/// derived from it. Contacts are stably sorted by (body_a, body_b) — the order of the interfaces —
/// keeping each polygon's corner order.
ContactSet contacts_from_ground_truth(const Scene& scene);

}  // namespace contactlab
