// Shared machinery of the two SAT contact methods, Volume-SAT and Surface-SAT (K. Erleben,
// "Methodology for Assessing Mesh-Based Contact Point Methods", ACM TOG 37(3), 2018, §6;
// docs/methods.md items 5 and 6): the SAT tolerance request and the contact points — the intersection
// points of the two tets projected onto the mid contact plane. Both methods evaluate a pair in the
// canonical order of canonical_pair.h.
#pragma once

#include "contactlab/contact/method.h"
#include "contactlab/geometry/tet_tet_sat.h"

#include <vector>

namespace contactlab::contact_detail {

/// The tet_tet_sat request whose absolute tolerance is settings.absolute_tolerance(): its
/// relative tolerance is that length over the diagonal of the 8 corners' bounding box.
TetTetSatRequest sat_request(const std::array<Vec3, 4>& a, const std::array<Vec3, 4>& b,
                             const MethodSettings& settings);

/// Appends the SAT contacts of the pair given the unit axis n (from A to B) and the least overlap
/// `depth` ≥ 0: the intersection points of the two closed tets — each vertex of one in the other
/// (exact point_in_tet, boundary included; also a vertex within the tolerance of all of the other
/// proper tet's face planes), each edge of one crossing a face of the other (exact
/// segment_triangle_intersection; an edge lying in the face's plane adds nothing, as its
/// intersection with the face is bounded by points found otherwise) — projected along n onto the
/// mid contact plane (halfway between the extreme points along n), gap −depth. Points within the
/// tolerance of an earlier one (order: vertices of A, vertices of B, edges of A × faces of B,
/// edges of B × faces of A) are merged into it. No intersection point: no contact.
/// Features: vertex inside → (kVertex v, kTet other tet); edge–face crossing → (kEdge e | kTet,
/// kFace f | kTet), the tet standing in for a feature that is not on the surface.
void append_intersection_contacts(const MethodBody& a, Index tet_a, const MethodBody& b, Index tet_b, const Vec3& n,
                                  double depth, const MethodSettings& settings, std::vector<Contact>& sink);

}  // namespace contactlab::contact_detail
