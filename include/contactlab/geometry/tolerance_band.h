// The touching band: how every contact method classifies a geometric relation (a point against a
// plane, a tet, an edge; an overlap along an axis) so that the decision is the same for a scene and
// for any rigid motion + uniform scale of it (issue 12; docs/methods.md "Frame independence").
//
// The rule. A relation is decided from a signed distance d (m) measured in the input's frame with
// unit directions, against the band [−tol, tol], tol = MethodSettings::absolute_tolerance() — the
// relative tolerance (1e-9) × the body pair's length (pair_length_scale):
//   d > tol  → strictly positive side,   d < −tol → strictly negative side,   |d| ≤ tol → ON.
// Exactly touching bodies (d = 0 in exact arithmetic) land in the band in any frame, because a
// rigid motion or a scale perturbs d by rounding only (≈ 1e-16 × the coordinates' magnitude, far
// below 1e-9 × the pair's length). Outside the band the floating-point sign is the exact one (the
// rounding error is orders of magnitude smaller than tol), so exact predicates are needed only to
// settle what the band leaves open: the orientation of a tet (degenerate or not).
#pragma once

#include "contactlab/core/types.h"
#include "contactlab/geometry/point_in_tet.h"
#include "contactlab/geometry/tetrahedron_tables.h"

#include <array>
#include <optional>
#include <vector>

namespace contactlab {

/// +1 when d > tol, −1 when d < −tol, 0 within the band (tol ≥ 0).
inline int band_sign(double signed_distance, double tol) {
  return signed_distance > tol ? 1 : (signed_distance < -tol ? -1 : 0);
}

/// A point against a closed tet (a, b, c, d) with the band: the outward distances of p from the four
/// face planes (unit normals; face i opposite corner i) classified by band_sign. Any face with p
/// beyond the band → kOutside; otherwise the faces within the band say where p is: none → kInside,
/// one → kOnFace (that face), two → kOnEdge (the edge the two faces share, an index into
/// kTetEdges), three or more → kOnVertex (the corner opposite the one face not within the band,
/// or the corner nearest p when all four are). `in_closure` is true for every location but
/// kOutside. A tet thinner than the band (its smallest height ≤ tol, zero volume included) has no
/// interior to speak of — its volume's sign is rounding, which a rotation may flip — and gives
/// kDegenerate, in_closure when p lies within tol of the tet's plane (that of its largest face) and
/// its projection within tol of the convex hull of the corners' projections (flat_tet_contains);
/// either orientation of a proper tet is accepted. The result is the same for any rigid motion +
/// uniform scale of (p, tet, tol) unless a distance is within rounding of ±tol.
PointInTetResult point_in_tet_band(const Vec3& p, const std::array<Vec3, 4>& tet, double tol);

/// The face planes of a tet that point_in_tet_band measures against, computed once per tet so that a
/// kernel testing many points against one tet (or a driver caching them per body) does not repeat
/// the exact orientation and the four square roots per point.
struct TetPlanes {
  /// Exact orientation sign of the corners (signed_volume_sign): +1, −1, or 0 for zero volume.
  int orientation = 0;
  /// Unit outward normal of face f (face f opposite corner f, kTetFaces); zero where !valid[f].
  std::array<Vec3, 4> normal{Vec3::Zero(), Vec3::Zero(), Vec3::Zero(), Vec3::Zero()};
  /// Face f has a direction: the tet has volume and the face's cross product is non-zero and finite.
  std::array<bool, 4> valid{};
  /// Smallest height of the tet, 3 |volume| / largest face area (floating point; 0 for zero volume
  /// or no face area).
  double height = 0.0;

  /// The tet is thinner than the band: zero volume, or smallest height ≤ tol. Such a tet has no
  /// interior in any frame (point_in_tet_band treats it as flat; the vertex methods skip it).
  bool thin(double tol) const { return orientation == 0 || !(height > tol); }
};

/// Smallest height of the tet with these corners, 3 |volume| / largest face area, in floating point
/// (0 when no face has area): TetPlanes::height without the rest of tet_planes. A tet is thinner
/// than the band when this is ≤ tol.
double tet_min_height(const std::array<Vec3, 4>& tet);

/// p within tol of the flat tet's plane (the plane of its largest face) and its projection within
/// tol of the convex hull of the projected corners; for corners on a line (no face area), p within
/// tol of the segment they span. Frame-independent like point_in_tet_band.
bool flat_tet_contains(const Vec3& p, const std::array<Vec3, 4>& tet, double tol);

/// The planes of the tet with these corners.
TetPlanes tet_planes(const std::array<Vec3, 4>& tet);

/// point_in_tet_band with the tet's planes given (tet_planes(tet), or the same planes from a cache:
/// a rigidly moved tet's rest-frame normals rotated).
PointInTetResult point_in_tet_band(const Vec3& p, const std::array<Vec3, 4>& tet, const TetPlanes& planes, double tol);

/// point_in_tet_band(p, tet, planes, tol).in_closure, without classifying where on the boundary p
/// lies: the same distances and comparisons, for callers that test many points per candidate pair
/// (inline: the vertex methods' innermost test).
inline bool in_closed_tet_band(const Vec3& p, const std::array<Vec3, 4>& tet, const TetPlanes& planes, double tol) {
  if (planes.thin(tol)) return flat_tet_contains(p, tet, tol);
  for (int f = 0; f < 4; ++f) {
    if (band_sign(planes.normal[f].dot(p - tet[kTetFaces[f][0]]), tol) > 0) return false;
  }
  return true;
}

/// Where segment [p0, p1] crosses triangle (a, b, c) with the band: only a segment whose end points
/// lie on opposite sides of the triangle's plane beyond the band (an end point within the band is a
/// point on the plane, which callers test as a point), crossing the plane at x with x inside the
/// triangle grown by the band (each edge's in-plane outward distance ≤ tol). Nothing for a
/// zero-area triangle. Frame-independent like point_in_tet_band.
std::optional<Vec3> segment_crosses_triangle_band(const Vec3& p0, const Vec3& p1, const Vec3& a, const Vec3& b,
                                                  const Vec3& c, double tol);

/// The in-plane outward normals of a triangle's edges, (corner[k + 1] − corner[k]) × n for edge k
/// and a normal n about which the corners wind counter-clockwise (of any nonzero length: the test
/// below is the same for every length), and their squared lengths — what inside_triangle_edges
/// measures a point along, computed once per triangle rather than once per point.
struct TriangleEdgeNormals {
  std::array<Vec3, 3> out{};
  std::array<double, 3> length2{};
};

inline TriangleEdgeNormals triangle_edge_normals(const std::array<Vec3, 3>& corner, const Vec3& normal) {
  TriangleEdgeNormals edges;
  for (std::size_t k = 0; k < 3; ++k) {
    edges.out[k] = (corner[(k + 1) % 3] - corner[k]).cross(normal);
    edges.length2[k] = edges.out[k].squaredNorm();
  }
  return edges;
}

/// x lies in the closed prism over the triangle grown by the band: its in-plane outward distance
/// from each edge's line, out_k · (x − corner[k]) / |out_k|, is ≤ tol (x off the plane counts by its
/// projection). False when an edge has no outward normal (a triangle without area). Inline: the
/// innermost test of Intersection's (V,F) pairs, where stopping at the first edge outside pays.
inline bool inside_triangle_edges(const Vec3& x, const std::array<Vec3, 3>& corner, const TriangleEdgeNormals& edges,
                                  double tol) {
  for (std::size_t k = 0; k < 3; ++k) {
    if (!(edges.length2[k] > 0.0)) return false;
    // Outside when out · (x − corner_k) / |out| > tol, compared squared: no root and no division.
    const double s = edges.out[k].dot(x - corner[k]);
    if (s > 0.0 && s * s > tol * tol * edges.length2[k]) return false;
  }
  return true;
}

/// inside_triangle_edges evaluated without a branch per edge (every edge's test made, the answers
/// joined): the same comparisons, so the same answer (InTriangleBand tests hold the two together),
/// for callers that test many points whose answers the processor cannot predict (an edge's
/// crossing of a face plane, in or out of the face). Kept apart from inside_triangle_edges: one
/// test for both made Intersection's (V,F) pairs ~1 % longer in instructions on the structures.
inline bool inside_triangle_edges_unbranched(const Vec3& x, const std::array<Vec3, 3>& corner,
                                             const TriangleEdgeNormals& edges, double tol) {
  bool inside = true;
  for (std::size_t k = 0; k < 3; ++k) {
    const double s = edges.out[k].dot(x - corner[k]);
    inside &= (edges.length2[k] > 0.0) & !((s > 0.0) & (s * s > tol * tol * edges.length2[k]));
  }
  return inside;
}

/// Where the segment p0 p1 meets a plane, from its end points' signed distances d0 and d1 from it
/// (on opposite sides): the one formula of segment_crosses_triangle_band and of the SAT methods'
/// edge–face crossings, whose points must agree bit for bit.
inline Vec3 plane_crossing_point(const Vec3& p0, const Vec3& p1, double d0, double d1) {
  return p0 + (d0 / (d0 - d1)) * (p1 - p0);
}

/// A triangle's plane, for testing many segments against one triangle: the distances of shared end
/// points are then computed once (segment_crosses_triangle_band below).
struct TrianglePlane {
  std::array<Vec3, 3> corner;
  Vec3 normal = Vec3::Zero();  ///< unit normal of the winding (a, b, c); zero when !valid
  bool valid = false;          ///< the triangle has a non-zero, finite area
  /// triangle_edge_normals(corner, normal) when valid, kept with the plane: a tet's face planes are
  /// kept per call and tested against many edges (−6 % of the SAT methods' instructions on the
  /// overlapping grid pair, −4…8 % of Opposing's on the pillar, wall and arch; +2.6 % of Opposing's
  /// on the grid pair, whose face planes are mostly never tested).
  TriangleEdgeNormals edges;

  /// Signed distance of p from the plane along `normal`.
  double distance(const Vec3& p) const { return normal.dot(p - corner[0]); }
};

TrianglePlane triangle_plane(const Vec3& a, const Vec3& b, const Vec3& c);

/// The planes of a tet's four faces: triangle_plane of face f's corners in kTetFaces order (outward
/// for a positively oriented tet).
std::array<TrianglePlane, 4> tet_face_planes(const std::array<Vec3, 4>& tet);

/// segment_crosses_triangle_band for a triangle's precomputed plane, with the end points' signed
/// distances d0 = plane.distance(p0), d1 = plane.distance(p1); the same result, bit for bit.
std::optional<Vec3> segment_crosses_triangle_band(const Vec3& p0, const Vec3& p1, double d0, double d1,
                                                  const TrianglePlane& plane, double tol);

/// Whether x lies in the triangle grown by the band, measured in its plane: each edge's in-plane
/// outward distance of x ≤ tol (inside_triangle_edges with the plane's kept edges). False when
/// !plane.valid.
bool in_triangle_band(const TrianglePlane& plane, const Vec3& x, double tol);

/// in_triangle_band for the valid plane with these corners and this unit normal (about which they
/// wind counter-clockwise), without building its TrianglePlane: for a triangle tested once (a
/// tet's face with the tet's outward normal). The same operations, so the same answer.
bool in_triangle_band(const std::array<Vec3, 3>& corner, const Vec3& normal, const Vec3& x, double tol);

/// The points where two triangles meet, decided with the band — the end points of their common
/// segment, or the corners of their common polygon when they are coplanar — appended to `out`:
///  - coplanar within the band (every corner of each within tol of the other's plane): the corners
///    of each inside the other grown by the band (in_triangle_band), and the crossings of an edge
///    of each with an edge of the other whose end points lie beyond the band on opposite sides of
///    the other's line, both ways;
///  - otherwise, unless the corners of one lie beyond the band on one side of the other's plane:
///    the corners of each within the band of the other's plane and inside it grown by the band,
///    and the crossings of the edges of each with the other (segment_crosses_triangle_band).
/// Nothing when either triangle has no plane (zero area). Points may repeat (a corner of one on an
/// edge of the other is found from both); callers merge them within the band. The same points for
/// any rigid motion + uniform scale of the two triangles and tol, as point_in_tet_band.
void triangle_meeting_points_band(const TrianglePlane& a, const TrianglePlane& b, double tol, std::vector<Vec3>& out);

}  // namespace contactlab
