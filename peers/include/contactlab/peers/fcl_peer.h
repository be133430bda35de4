// FCL 0.7 as a peer (docs/peers.md): one fcl::BVHModel<OBBRSS> per distinct shape over its surface
// triangles (SurfaceMap::surface, the triangles contactlab's surface methods see), grown by the
// margin of PeerOptions (peer_mesh.h), one CollisionObject per body at its pose, and fcl::collide on
// every body pair whose boxes, grown by the margin, overlap — fixed–fixed pairs skipped, as
// generate_contacts does — with CollisionRequest(num_max_contacts, enable_contact = true): a contact
// per intersecting triangle pair.
//
// Mapping (checked by tests/peers on a box resting on a box): FCL's Contact::normal points from o1
// to o2 (fcl/narrowphase/contact.h), o1 being the lower-indexed body = body_a, so it is taken as is;
// gap = −penetration_depth; element_a/element_b = FCL's b1/b2, the surface triangle indices (the
// model's triangles are added in SurfaceMap::surface order); features are not given.
#pragma once

#include "contactlab/contact/contact.h"
#include "contactlab/peers/peer_options.h"
#include "contactlab/scene/scene.h"

namespace contactlab {

/// Contacts of every body pair of `scene` by FCL, sorted (body pair, element pair, position).
/// method = "fcl"; parameters: relative_margin, margin (m), max_contacts_per_pair.
ContactSet fcl_contacts(const Scene& scene, const PeerOptions& options = {});

}  // namespace contactlab
