// Bullet 3.24 (double precision) as a peer (docs/peers.md): one btGImpactMeshShape per body over its
// surface triangles (SurfaceMap::surface) with collision margin bullet_relative_margin × the scene's
// length scale (PeerOptions: Bullet's own way to grow a shape), in a btCollisionWorld whose btCollisionDispatcher has btGImpactCollisionAlgorithm
// registered (GImpact–GImpact mesh collision); one performDiscreteCollisionDetection, then the
// points of every persistent manifold. Fixed bodies share the static filter group and do not collide
// with each other (btBroadphaseProxy::StaticFilter), as generate_contacts skips fixed–fixed pairs.
//
// Mapping (checked by tests/peers on a box resting on a box): btManifoldPoint::m_normalWorldOnB
// points from body 1 towards body 0 of the manifold (btManifoldPoint.h: "normal on B"), so the
// normal from body_a to body_b is −m_normalWorldOnB when body 0 is body_a (the lower scene index),
// +m_normalWorldOnB otherwise; position = midpoint of getPositionWorldOnA/B; gap = getDistance()
// (< 0 penetrating; it includes the margins, about −2 margins for touching faces); element pair =
// m_index0/m_index1, the triangle indices of each side. A manifold holds at most 4 points
// (Bullet's contact cache reduction), so Bullet reports at most 4 contacts per body pair.
#pragma once

#include "contactlab/contact/contact.h"
#include "contactlab/peers/peer_options.h"
#include "contactlab/scene/scene.h"

namespace contactlab {

/// Contacts of every body pair of `scene` by Bullet, sorted (body pair, element pair, position).
/// method = "bullet"; parameters: relative_margin (bullet_relative_margin), margin (m).
ContactSet bullet_contacts(const Scene& scene, const PeerOptions& options = {});

}  // namespace contactlab
