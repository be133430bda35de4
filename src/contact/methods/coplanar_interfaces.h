// Private stage of the semi-local method (issue 15): the planar interfaces of one body pair, found
// from its candidate tet pairs — where surface faces of A and of B lie in one plane, facing each
// other — each with the corners of its contact polygon, whatever the two sides' triangulations.
//
// 1. Face pairs: for every candidate tet pair, every surface face of tet_a against every surface
//    face of tet_b (triangle_plane: outward unit normals n_A, n_B): *facing* when 1 + n_A · n_B ≤
//    kFacingBand (opposite normals, within ~4.5e-5 rad) and every corner of each lies within the
//    band tol of the other's plane, behind it by at most `depth` (bodies that overlap a little:
//    a simulation's state), or in front of it by at most `envelope` (a small gap, as a simulation
//    leaves between resting bodies that tilt by rounding and solver error). The polygon then lies
//    on the mid plane between the two sides.
// 2. Interfaces: the connected groups of faces joined by facing pairs (union–find over the surface
//    triangles of A and B): one plane each.
// 3. Corners: planar_overlap_corners (geometry/planar_overlap_corners.h) of the group's faces of A
//    against its faces of B, in the plane of its first face of A (lowest triangle index): the
//    corners of the overlap of the two closed unions, so internal edges and vertices and
//    T-junctions give no corner, and a non-convex overlap keeps its reflex corners. A group whose
//    faces overlap with no area (touching along an edge or at a point) has no corners and is not
//    an interface; nor is one whose faces overlap (gap below −tol somewhere) over a polygon no
//    wider than 4 times that depth: parallel faces of two convex features pushed into each other
//    (two spikes apex on apex), which their touches then describe.
// Normal: n_A of the group's first face of A, from A to B. Each corner carries the first face of
// A and of B (lowest triangle index) whose closed triangle, grown by the band, contains it, and
// the gap between those two faces' planes at the corner, measured along the normal: the sum of the
// corner's distances in front of the two planes (each corrected for the tilt of B's face), 0
// within the band. A tilted interface (one body resting on another at a tiny angle) thus has a
// gap per corner: some corners overlapping (negative), others apart (positive, a speculative
// contact that the simulation closes only if the bodies approach: dynamics/contact_constraints).
// Frame independence: facing and grouping are decided with the band and the angular band; the
// corners as planar_overlap_corners. Determinism: groups ordered by their first face of A; faces
// by triangle index.
#pragma once

#include "contactlab/contact/method.h"
#include "contactlab/geometry/planar_overlap_corners.h"
#include "contactlab/geometry/tolerance_band.h"

#include "contactlab/core/aabb.h"

#include <cstdint>
#include <span>
#include <vector>

namespace contactlab::contact_detail {

/// A surface face of a tet of a posed body: its boundary triangle, tet, tet-mesh vertices and world
/// corners in outward winding, its plane (triangle_plane) and its corners' box.
struct SurfaceFacePlane {
  Index triangle = kInvalidIndex;
  Index tet = kInvalidIndex;
  std::array<Index, 3> vertex{};
  TrianglePlane plane;  ///< its corners are the face's (plane.corner; corners())
  Aabb box;
  /// What this triangle has to test, as bits (ShapeFeatures::surface_face_ownership). Bit i: edge
  /// i (corner i to corner i + 1) — of the surface triangles sharing it, this one has the lowest
  /// index, so a search over face pairs meets each pair of edges once, from the faces that own
  /// them. Bit 3 + i: corner i — of the surface triangles around it, this one has the lowest index
  /// (each vertex is tested against a face once). Set where the topology has no such edge or corner.
  std::uint8_t ownership = 0x3f;

  /// The world corners, in outward winding (kept once, in the plane).
  const Triangle3& corners() const { return plane.corner; }
};

/// Appends the surface faces of `tet` (local faces 0..3 that are boundary triangles, in that order).
void append_surface_face_planes(const MethodBody& body, Index tet, std::vector<SurfaceFacePlane>& out);

/// The surface faces of one body's candidate tets, stored flat (a body pair's stages look them up
/// per candidate pair, tens of thousands of times on a wall): those of tet t are
/// faces[first[t], first[t] + count[t]).
struct CandidateFaceList {
  static constexpr std::uint32_t kAbsent = ~std::uint32_t{0};
  std::vector<std::uint32_t> first;  ///< per tet of the body; kAbsent for a tet in no candidate pair
  std::vector<std::uint8_t> count;
  std::vector<SurfaceFacePlane> faces;  ///< by tet, tets in order of first appearance in the pairs

  std::span<const SurfaceFacePlane> of(Index tet) const {
    const auto t = static_cast<std::size_t>(tet);
    return {faces.data() + first[t], count[t]};
  }
  /// The position of a face of `faces` (for per-face arrays).
  std::size_t position(const SurfaceFacePlane& face) const { return static_cast<std::size_t>(&face - faces.data()); }
};

/// The surface faces of the tets of a body pair's candidate pairs, computed once for every stage
/// of the semi-local method.
struct CandidateFaces {
  CandidateFaceList a, b;
};
CandidateFaces candidate_faces(const MethodBody& a, const MethodBody& b, std::span<const ElementPair> pairs);
/// The same into `out`, reusing its storage (a kernel called for many body pairs keeps one).
void candidate_faces(const MethodBody& a, const MethodBody& b, std::span<const ElementPair> pairs, CandidateFaces& out);

/// The faces are pointers into the CandidateFaces that the facing pairs point into, valid while it
/// is: a caller testing points against an interface's faces reads them there, and a face's
/// triangle and tet are its `triangle` and `tet`.
struct CoplanarInterface {
  Vec3 normal = Vec3::UnitY();                   ///< unit, from A to B
  std::vector<const SurfaceFacePlane*> faces_a;  ///< A's faces in the interface, ascending triangle
  std::vector<const SurfaceFacePlane*> faces_b;  ///< likewise of B
  std::vector<Vec3> corners;                     ///< the contact polygon's corners, on the mid plane of the two sides
  std::vector<const SurfaceFacePlane*> corner_face_a;  ///< per corner: a face of A containing it (within the band)
  std::vector<const SurfaceFacePlane*> corner_face_b;  ///< likewise of B
  std::vector<double> corner_gap;  ///< per corner: the gap between the two faces there (0 within the band)

  /// Empties every list, keeping their storage (interfaces_of reuses interfaces).
  void clear() {
    for (auto* list : {&faces_a, &faces_b, &corner_face_a, &corner_face_b}) list->clear();
    corners.clear();
    corner_gap.clear();
  }
};

/// 1 + n_A · n_B at most this: the faces face each other (an angle up to about 4.5e-5 rad).
inline constexpr double kFacingBand = 1e-9;

/// How far facing faces may lie from each other's planes, beyond the touching band `tol`:
/// `depth` behind (overlapping bodies), `envelope` in front (a small gap); 0 and 0: touching only.
/// `angle` (rad): how far the two sides may be turned against each other in their plane and still
/// meet along straight edges (PlanarOverlapRequest::angle_band). `facing`: the faces face each
/// other when 1 + n_A · n_B is at most this (kFacingBand: touching only; a simulation's bodies
/// tilt against each other by more, and the distance bands then bound how far).
struct InterfaceBand {
  double tol = 0.0;
  double depth = 0.0;
  double envelope = 0.0;
  double angle = 1e-9;
  double facing = kFacingBand;
};

/// `faces`: candidate_faces(a, b, pairs).
std::vector<CoplanarInterface> coplanar_interfaces(std::span<const ElementPair> pairs, const CandidateFaces& faces,
                                                   const InterfaceBand& band);

// The stages of coplanar_interfaces, for a caller that visits the face pairs anyway (the
// semi-local method's search computes the same plane distances): 1. facing_reach and facing on
// each face pair, 2. interfaces_of on those found facing, in the order found.

/// A face of A and a face of B (pointers into one CandidateFaces).
using FacePair = std::pair<const SurfaceFacePlane*, const SurfaceFacePlane*>;

/// Faces whose boxes lie farther apart than this (tol + depth + envelope) never face each other.
inline double facing_reach(const InterfaceBand& band) { return band.tol + band.depth + band.envelope; }

/// The signed distances of `other`'s corners from `face`'s plane (TrianglePlane::distance); zeros
/// for a face without a plane (nothing is known: no side, no facing).
inline std::array<double, 3> corner_distances(const SurfaceFacePlane& face, const SurfaceFacePlane& other) {
  std::array<double, 3> d{};
  if (!face.plane.valid) return d;
  for (std::size_t i = 0; i < 3; ++i) d[i] = face.plane.distance(other.corners()[i]);
  return d;
}

/// A signed distance d from a face's plane within [−depth − tol, envelope + tol]: on it, behind
/// it (inside the body) by at most depth, or in front of it by at most the envelope.
inline bool within_band(double d, const InterfaceBand& band) {
  return d <= band.envelope + band.tol && d >= -band.depth - band.tol;
}

/// Whether fa (of A) and fb (of B) face each other (step 1 above), given the signed distances of
/// fb's corners from fa's plane (`b_from_a`, plane.distance) and of fa's from fb's (`a_from_b`).
/// Inline: the semi-local method asks it of every face pair within reach (26,000 per query on the
/// wall), most of which fail at the normals.
inline bool facing(const SurfaceFacePlane& fa, const SurfaceFacePlane& fb, const std::array<double, 3>& b_from_a,
                   const std::array<double, 3>& a_from_b, const InterfaceBand& band) {
  if (!fa.plane.valid || !fb.plane.valid) return false;
  if (!(1.0 + fa.plane.normal.dot(fb.plane.normal) <= band.facing)) return false;
  for (const double d : b_from_a) {
    if (!within_band(d, band)) return false;
  }
  for (const double d : a_from_b) {
    if (!within_band(d, band)) return false;
  }
  return true;
}

/// Steps 2 and 3: the interfaces of the facing pairs (in the order coplanar_interfaces finds them).
std::vector<CoplanarInterface> interfaces_of(std::span<const FacePair> facing_pairs, const InterfaceBand& band);
/// The same in `storage`, reusing its elements' storage: the interfaces are its first elements,
/// the returned span; the elements after them are spare (a kernel called for many body pairs on
/// one thread keeps one storage and allocates nothing once it has grown).
std::span<const CoplanarInterface> interfaces_of(std::span<const FacePair> facing_pairs, const InterfaceBand& band,
                                                 std::vector<CoplanarInterface>& storage);

}  // namespace contactlab::contact_detail
