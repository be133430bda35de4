// ODE 0.16 as a peer (docs/peers.md): one trimesh geom per body over its surface triangles
// (SurfaceMap::surface), grown by the margin of PeerOptions (peer_mesh.h), built with
// dGeomTriMeshDataBuildDouble when ODE is double precision (dDOUBLE, Debian's build) and
// ...BuildSingle otherwise, placed at the body's pose; dCollide on every body pair whose boxes, grown
// by the margin, overlap — fixed–fixed pairs skipped — reading the dContactGeoms (trimesh–trimesh
// collision, OPCODE).
//
// Mapping (checked by tests/peers on a box resting on a box): ODE's dContactGeom::normal points
// into the first geom ("if body 1 is moved along the normal vector by a distance depth ... the
// contact depth will be reduced to zero", ODE manual, "Contact points"), i.e. from g2 to g1; g1 is
// body_a, so the normal from A to B is −normal; gap = −depth; element pair = side1/side2 when ODE
// gives triangle indices (≥ 0), else invalid (trimesh–trimesh in 0.16 gives −1).
#pragma once

#include "contactlab/contact/contact.h"
#include "contactlab/peers/peer_options.h"
#include "contactlab/scene/scene.h"

namespace contactlab {

/// Contacts of every body pair of `scene` by ODE, sorted (body pair, element pair, position).
/// method = "ode"; parameters: relative_margin, margin (m), max_contacts_per_pair.
ContactSet ode_contacts(const Scene& scene, const PeerOptions& options = {});

}  // namespace contactlab
