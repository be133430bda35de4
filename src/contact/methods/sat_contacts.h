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

#include <vector>

namespace contactlab::contact_detail {

/// The tet_tet_sat request whose absolute tolerance is settings.absolute_tolerance(): its
/// relative tolerance is that length over the diagonal of the 8 corners' bounding box.
TetTetSatRequest sat_request(const std::array<Vec3, 4>& a, const std::array<Vec3, 4>& b,
                             const MethodSettings& settings);

/// Appends the intersection points of the two closed tets (the corners of their intersection
/// polyhedron), every relation decided with the touching band `tol` (geometry/tolerance_band.h):
/// each vertex of one in the other grown by the band (point_in_tet_band; a flat tet: exact
/// membership of its hull), each edge of one crossing a face of the other from beyond the band on
/// one side to beyond it on the other, through the face grown by the band
/// (segment_crosses_triangle_band; an end within the band of the plane is a vertex found above).
/// Order: vertices of A, vertices of B, edges of A × faces of B, edges of B × faces of A. Features:
/// vertex inside → (kVertex v, kTet other tet); edge–face crossing → (kEdge e | kTet, kFace f |
/// kTet), the tet standing in for a feature that is not on the surface. Volume-SAT, Surface-SAT and
/// Growth share it.
void append_intersection_points(const MethodBody& a, Index tet_a, const MethodBody& b, Index tet_b, double tol,
                                std::vector<LabelledPoint>& out);

/// Some face plane of one tet has every corner of the other beyond it by more than twice `tol`
/// plus 1e-7 of the coordinates' magnitude (far above the rounding of the unit normals, from the
/// call's cache, and of the projections): the tets are then farther apart than the band, so they
/// have no intersection point within it (append_intersection_points appends none) and the SAT
/// methods and Growth no contact. 16 to 32 dot products, where the SAT needs its setup and axes;
/// most candidate pairs that the SAT turns away end here (pillar: 846 of 1548). False for flat
/// tets (no valid planes): the full test decides.
bool tets_clearly_apart(const MethodBody& a, Index tet_a, const std::array<Vec3, 4>& pa, const MethodBody& b,
                        Index tet_b, const std::array<Vec3, 4>& pb, double tol);

/// Appends the SAT contacts of the pair given the unit axis n (from A to B) and the least overlap
/// `depth` ≥ 0: the intersection points (append_intersection_points) projected along n onto the
/// mid contact plane (halfway between the extreme points along n), gap −depth. Points within the
/// tolerance of an earlier one are merged into it. No intersection point: no contact.
void append_intersection_contacts(const MethodBody& a, Index tet_a, const MethodBody& b, Index tet_b, const Vec3& n,
                                  double depth, const MethodSettings& settings, std::vector<Contact>& sink);

}  // namespace contactlab::contact_detail
