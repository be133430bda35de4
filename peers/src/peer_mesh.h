// What the peers share (internal to contactlab_peers): a body's surface as a plain triangle list,
// grown by a margin; the body pairs to collide; the final sort.
#pragma once

#include "contactlab/contact/contact.h"
#include "contactlab/peers/peer_options.h"
#include "contactlab/scene/scene.h"

#include <array>
#include <utility>
#include <vector>

namespace contactlab::peers_detail {

/// A shape's surface triangles (SurfaceMap::surface, in its order, so a triangle's index here is
/// its surface triangle index) over the vertices they use, compacted; body frame.
struct PeerMesh {
  std::vector<Vec3> vertices;
  std::vector<std::array<Index, 3>> triangles;
};

/// The surface of `shape` with every vertex moved outward so that each incident face plane moves
/// out by `margin` (a mitred offset): the offset v of a vertex is the least-norm least-squares
/// solution of n_f·v = margin over the distinct unit normals n_f of its triangles — exact where at
/// most three independent planes meet (flat, edge and box-corner vertices), a least-squares
/// compromise at a spike's apex; |v| is capped at 10 × margin so a needle-sharp apex cannot shoot
/// out. margin 0: the surface as it is.
PeerMesh peer_mesh(const Shape& shape, double margin);

/// The margin δ of `options` on `scene`: relative_margin × length_scale.
double peer_margin(const Scene& scene, const PeerOptions& options);

/// Pairs (a, b), a < b, of bodies not both fixed whose world boxes, grown by `margin` per side,
/// overlap: the pairs the peers collide (generate_contacts skips fixed–fixed pairs too).
std::vector<std::pair<Index, Index>> peer_body_pairs(const Scene& scene, double margin);

/// Sorts contacts by body pair, element pair, then position, so that output does not depend on a
/// peer's traversal order.
void sort_contacts(std::vector<Contact>& contacts);

/// A ContactSet named `method` with the parameters every peer reports.
ContactSet peer_contact_set(const std::string& method, const PeerOptions& options, double margin);

}  // namespace contactlab::peers_detail
