// Private helper of the Closest points method (docs/methods.md §2; Erleben 2018 §6 and §8.3): the
// body eroded by the envelope ε, realised as the paper does it — every surface vertex moved
// inward along its unit vertex normal by ε ("stone bricks initially made smaller by moving
// vertices along their inward vertex normals by a distance of ε", §8.3).
//
// Vertex normal: the angle-weighted sum of the outward unit normals of the boundary triangles
// around the vertex (Thürmer & Wüthrich's pseudo-normal, surface_pseudo_normal), normalised: for a
// rigid body the shape's rest-frame normal rotated into the world (ShapeFeatures::
// rest_vertex_normals, computed once per shape — it was nearly half of the method's time), for a
// deformed body computed from its world vertices. Either way it moves with the body and does not
// depend on how a planar region is split into triangles. Interior vertices and vertices whose normal sum vanishes (degenerate fans) stay put.
// A face is thereby moved inward by ε·cos(angle between face and vertex normal) ≤ ε: a box face
// by ε/√3, the faces around a spike's apex by β·ε — not an exact offset surface, which would make
// sharp tips recede by ε/sin(half-angle) and lose the suite's point contacts (§8.4, Table 8).
#pragma once

#include "contactlab/contact/method.h"

namespace contactlab::contact_detail {

/// Unit outward vertex normal of tet-mesh vertex `v` of `body` (world frame), or zero for an
/// interior vertex or a degenerate fan.
Vec3 surface_vertex_normal(const MethodBody& body, Index v);

/// World position of vertex `v` of `body` after erosion by `envelope`.
Vec3 eroded_vertex(const MethodBody& body, Index v, double envelope);

}  // namespace contactlab::contact_detail
