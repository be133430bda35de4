// Private helpers shared by the Opposing and Growth methods (opposing.cpp, growth.cpp; Erleben
// 2018 Appendices A and B, docs/methods.md items 7 and 8): intersection points turned into contacts on
// a mid contact plane, and small tet utilities. (Both methods evaluate a pair in the canonical
// order of canonical_pair.h.)
//
// Mid-plane contacts (Appendix A, last step; used by both methods): the points are projected on
// the unit normal n (A → B), t_i = n · p_i. The extremes give the gap d = −(max t − min t)
// (0 when the extent is within the absolute tolerance), the plane n · x = (max t + min t) / 2 is
// the contact plane and every point is projected onto it. Projected points closer than the
// tolerance to an earlier one are dropped (the first keeps its feature labels).
#pragma once

#include "contactlab/contact/method.h"
#include "contactlab/geometry/unit_or_zero.h"

#include <array>
#include <span>
#include <vector>

namespace contactlab::contact_detail {

/// An intersection point of two elements with the features that produced it.
struct LabelledPoint {
  Vec3 position = Vec3::Zero();
  FeatureRef feature_a;
  FeatureRef feature_b;
};

/// Where the contacts are placed: on the mid contact plane (Opposing, Appendix A) or at the
/// intersection points themselves (Growth: Appendix B projects the points on the normal only to
/// measure the extent; moving them onto a plane would, for a poor normal, carry them far from both
/// bodies — a touching ridge 3.2 m long under a normal tilted 45° along it would be moved ±1.1 m).
enum class Placement { kMidPlane, kIntersectionPoints };

/// Appends one contact per distinct (projected) point (see the file comment). `normal` must be
/// unit; `tolerance` is the absolute length tolerance. Nothing is appended for an empty span.
void append_mid_plane_contacts(std::span<const LabelledPoint> points, const Vec3& normal, const MethodBody& a,
                               Index tet_a, const MethodBody& b, Index tet_b, double tolerance,
                               std::vector<Contact>& sink, Placement placement = Placement::kMidPlane);

/// v / |v|, or the zero vector (contactlab/geometry/unit_or_zero.h), under the name the methods use.
using contactlab::unit_or_zero;

/// Unnormalised outward normal (twice the area vector) of local face f of the posed tet, from the
/// kTetFaces winding (outward for a positively oriented tet, which rigid motions preserve).
Vec3 face_area_vector(const std::array<Vec3, 4>& tet, int f);

}  // namespace contactlab::contact_detail
