// Shared machinery of the two SAT contact methods, Volume-SAT and Surface-SAT (K. Erleben,
// "Methodology for Assessing Mesh-Based Contact Point Methods", ACM TOG 37(3), 2018, §6;
// docs/methods.md items 5 and 6): the SAT tolerance request and the contact points (the intersection
// points are Growth's too) — the intersection
// points of the two tets projected onto the mid contact plane. Both methods evaluate a pair in the
// canonical order of canonical_pair.h.
#pragma once

#include "contactlab/contact/method.h"
#include "contactlab/geometry/tet_tet_sat.h"
#include "methods/mid_plane_contacts.h"

#include <optional>
#include <span>
#include <vector>

namespace contactlab::contact_detail {

/// The tet_tet_sat request whose absolute tolerance is settings.absolute_tolerance(): its
/// relative tolerance is that length over the diagonal of the 8 corners' bounding box (Growth
/// reads it; for the SAT alone band_request gives the same band without the box).
TetTetSatRequest sat_request(const std::array<Vec3, 4>& a, const std::array<Vec3, 4>& b,
                             const MethodSettings& settings);

/// The tet_tet_sat request with TetTetSatRequest::absolute_tolerance = settings.absolute_tolerance().
inline TetTetSatRequest band_request(const MethodSettings& settings) {
  TetTetSatRequest request;
  request.absolute_tolerance = settings.absolute_tolerance();
  return request;
}

/// One candidate tet pair of the SAT methods and Growth, with what their tests share: the corners,
/// the two tets' planes from the call's cache, and the signed distances of each tet's corners from
/// the other's face planes. The clear-apart test, the vertices-inside test and the edge–face
/// crossings all read those 32 distances; each half is computed once, at its first use, instead
/// of once per test (on the pillar the vertices-inside test was a twelfth of Volume-SAT's time).
class TetPairFaces {
 public:
  /// The pair keeps pointers to a and b (and to the call's cached planes): both must outlive it.
  TetPairFaces(const MethodBody& a, Index tet_a, const MethodBody& b, Index tet_b);
  TetPairFaces(MethodBody&&, Index, const MethodBody&, Index) = delete;
  TetPairFaces(const MethodBody&, Index, MethodBody&&, Index) = delete;
  TetPairFaces(MethodBody&&, Index, MethodBody&&, Index) = delete;
  TetPairFaces(const TetPairFaces&) = delete;  // points into itself where the cache lacks a tet
  TetPairFaces& operator=(const TetPairFaces&) = delete;

  const MethodBody& body_a() const { return *a_.body; }
  const MethodBody& body_b() const { return *b_.body; }
  Index tet_a() const { return a_.tet; }
  Index tet_b() const { return b_.tet; }
  const std::array<Vec3, 4>& a() const { return a_.x; }
  const std::array<Vec3, 4>& b() const { return b_.x; }

  /// Some face plane of one tet has every corner of the other beyond it (outside) by more than
  /// twice `tol` plus 1e-7 of the coordinates' magnitude (far above the rounding of the unit
  /// normals and of the distances): the tets are then farther apart than the band, so they have
  /// no intersection point within it (append_intersection_points appends none) and the SAT
  /// methods and Growth no contact. The distances of one tet's corners from the other's faces,
  /// A's faces first, where the SAT needs its setup and axes; most candidate pairs that the SAT
  /// turns away end here (pillar: 846 of 1548). A flat tet's faces (zero volume: no outward side)
  /// decide nothing: the full test does.
  bool clearly_apart(double tol);

  /// Appends the intersection points of the two closed tets (the corners of their intersection
  /// polyhedron), every relation decided with the touching band `tol` (geometry/tolerance_band.h):
  /// each vertex of one in the other grown by the band (within tol of the inner side of every
  /// face plane: in_closed_tet_band; a thin tet, TetPlanes::thin: exact membership of its hull,
  /// flat_tet_contains), each edge of one crossing a face of the other from beyond the band on one
  /// side to beyond it on the other, through the face grown by the band
  /// (segment_crosses_triangle_band; an end within the band of the plane is a vertex found above).
  /// Order: vertices of A, vertices of B, edges of A × faces of B, edges of B × faces of A.
  /// Features: vertex inside → (kVertex v, kTet other tet); edge–face crossing → (kEdge e | kTet,
  /// kFace f | kTet), the tet standing in for a feature that is not on the surface. Volume-SAT,
  /// Surface-SAT and Growth share it.
  void append_intersection_points(double tol, std::vector<LabelledPoint>& out);

  /// append_intersection_points into a buffer of the thread, at the first call for this pair (the
  /// same `tol` every time); valid until another pair's first call on this thread. The methods ask
  /// for them before their axis searches: a pair without an intersection point within the band
  /// has no contact whatever the searches find.
  std::span<const LabelledPoint> intersection_points(double tol);

  /// A corner of one tet certainly lies in the other, or within tol/8 of one of its faces: exactly
  /// inside (point_in_tet, for a corner inside every face plane by more than tol/8), or nearer
  /// than tol/8 to the face whose plane it lies nearest (closest_point_point_triangle, for a
  /// corner within tol/8 of the planes). The tets then hold points at most tol/8 apart, so along
  /// no axis are they apart by more than that plus rounding — tet_tet_sat with the band tol never
  /// calls them separated (the argument of its own shared-corner shortcut, SatSearch::settled),
  /// and tet_tet_separated need not run. Only where tol exceeds 1e-11 of the coordinates'
  /// magnitude (far above the rounding of the searches and of these tests); false otherwise.
  /// Reads the distances that intersection_points measured (call it first).
  bool certainly_not_separated(double tol) const;

 private:
  struct Side {
    /// The corners straight from MethodBody::tet (copying them from a temporary stalled the
    /// loads that followed: stores of 24-byte points read back as 16-byte halves).
    Side(const MethodBody& body, Index tet);

    const MethodBody* body = nullptr;
    Index tet = kInvalidIndex;
    std::array<Vec3, 4> x;
    const TetPlanes* planes = nullptr;                    ///< orientation and thinness
    const std::array<TrianglePlane, 4>* faces = nullptr;  ///< the face planes (kTetFaces winding)
    /// [face f of this tet][corner i of the other]: the other's corners' signed distances from
    /// this tet's face planes along the winding's normal (TrianglePlane::distance).
    std::array<std::array<double, 4>, 4> other_distance;
    bool measured = false;
    // Where the call's cache lacks the tet (a kernel called outside the driver); empty otherwise,
    // so that a pair does not value-initialise planes it never reads.
    std::optional<TetPlanes> planes_scratch;
    std::optional<std::array<TrianglePlane, 4>> faces_scratch;
  };
  /// Fills side.other_distance with the corners of `other` (once).
  static void measure(Side& side, const std::array<Vec3, 4>& other);
  /// measure (where not yet measured), face by face, stopping at the first face beyond which every
  /// corner of `other` lies by more than `slack` (true; the side then stays unmeasured).
  static bool measure_until_beyond_a_face(Side& side, const std::array<Vec3, 4>& other, double slack);
  /// The intersection points of p's vertices in q (q measured against p's corners), then p's
  /// edges across q's faces, `p_is_a` ordering the feature pair.
  static void vertices_inside(const Side& p, const Side& q, bool p_is_a, double tol, std::vector<LabelledPoint>& out);
  static void edge_face_crossings(const Side& p, const Side& q, bool p_is_a, double tol,
                                  std::vector<LabelledPoint>& out);
  /// certainly_not_separated for the corners of p against q.
  static bool corner_certainly_in(const Side& p, const Side& q, double reach);

  Side a_, b_;
  bool has_points_ = false;
};

/// Appends the SAT contacts of the pair given the unit axis n (from A to B) and the least overlap
/// `depth` ≥ 0: the intersection points (TetPairFaces::intersection_points) projected along
/// n onto the mid contact plane (halfway between the extreme points along n), gap −depth. Points
/// within the tolerance of an earlier one are merged into it. No intersection point: no contact.
void append_intersection_contacts(TetPairFaces& pair, const Vec3& n, double depth, const MethodSettings& settings,
                                  std::vector<Contact>& sink);

}  // namespace contactlab::contact_detail
