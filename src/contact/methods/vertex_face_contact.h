// Private helpers shared by the volume-based vertex methods (vertex_only.cpp, consistent_vertex.cpp;
// Erleben 2018 §6, docs/methods.md items 3 and 4): the oriented face planes of one posed tet, and the
// contact a vertex of one body makes with a surface face of a tet of the other body.
//
// Conventions: a "probe" is a vertex of one body (the vertex body) tested against one tet of the
// other body (the tet body). Face f of the tet is the face opposite local vertex f (kTetFaces).
// The outward normal is taken from the exact orientation of the posed tet (a rigid motion keeps it
// positive, but rounding may flip a sliver, so it is not assumed). Lengths in the input's unit.
#pragma once

#include "contactlab/contact/method.h"
#include "contactlab/geometry/tolerance_band.h"

#include <array>
#include <optional>
#include <vector>

namespace contactlab::contact_detail {

/// The four face planes of a posed tet with its corners (orientation, unit outward normals and
/// their validity: TetPlanes, geometry/tolerance_band.h). A tet thinner than the band (TetPlanes::thin) has no
/// interior: the vertex methods then report nothing for it.
struct TetFacePlanes : TetPlanes {
  std::array<Vec3, 4> corners;

  /// Distance from q to the plane of face f, positive on the inner side (q − corner)·(−normal),
  /// snapped to 0 within the touching band (≤ tol, which also covers points of the closed tet
  /// outside by rounding), so that touching in any frame gives exactly 0.
  double inner_distance(int f, const Vec3& q, double tol) const;
  /// q lies on the outer side of the plane of face f beyond the touching band (distance > tol;
  /// geometry/tolerance_band.h).
  bool outside_beyond_band(int f, const Vec3& q, double tol) const;
  /// Corner k of face f.
  const Vec3& face_corner(int f, int k) const { return corners[kTetFaces[f][k]]; }
};

/// The face planes of a tet with these corners, from its planes (MethodBody::planes: the call's cache).
TetFacePlanes tet_face_planes(const TetPlanes& planes, const std::array<Vec3, 4>& corners);

/// Up to four vertex indices, ascending (no allocation: kernels run this per tet pair).
struct TetVertexList {
  std::array<Index, 4> index{};
  int count = 0;
  const Index* begin() const { return index.data(); }
  const Index* end() const { return index.data() + count; }
};

/// The surface vertices of `tet` of `body`, ascending (interior vertices are never probed).
TetVertexList surface_vertices_of_tet(const MethodBody& body, Index tet);

/// What a vertex method's probe of the surface vertices of `vtet` against the closed `ftet` (grown
/// by the band) works with: ftet's face planes and those vertices in it, ascending.
struct VerticesInTet {
  TetFacePlanes planes;
  TetVertexList inside;
};

/// Empty when ftet is thinner than the band (no interior in any frame: its closure lies within the
/// band of its neighbours', which report the vertices it would) or holds none of the vertices —
/// most candidate pairs, which then stop before anything else is built. ftet's planes come from
/// the call's cache (MethodBody::planes); membership is in_closed_tet_band.
std::optional<VerticesInTet> vertices_in_tet(const MethodBody& vbody, Index vtet, const MethodBody& fbody, Index ftet,
                                             double tol);

/// Appends the contact of vertex `v` of `vertex_body` (element `vertex_tet`) against local face `f`
/// of `face_tet` of `face_body`, at depth `depth` ≥ 0 (gap −depth, snapped to 0 below the absolute
/// tolerance). Normal and features are stored with body A = `a_index`: the vertex body is A when
/// `vertex_is_a`, otherwise B; the normal is −(outward face normal) when the vertex is A's (B lies
/// on the inner side of its own face, seen from A's vertex) and +(outward face normal) otherwise.
void append_vertex_face_contact(const MethodBody& vertex_body, Index v, Index vertex_tet, const MethodBody& face_body,
                                Index face_tet, int f, const TetFacePlanes& planes, double depth, bool vertex_is_a,
                                const MethodSettings& settings, std::vector<Contact>& sink);

}  // namespace contactlab::contact_detail
