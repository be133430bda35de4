// Opposing — the most opposing surfaces method (K. Erleben, "Methodology for Assessing Mesh-Based
// Contact Point Methods", ACM TOG 37(3), 2018, §6 and Appendix A, Algorithm 1
// "MostOpposingFacesNormal"; docs/methods.md §7). Registry name "opposing". No parameters beyond
// the touching tolerance (MethodSettings::tolerance × length_scale).
//
// Kernel for a candidate pair (tet_a of A, tet_b of B), both with surface faces:
//  1. Separating-axis test of the two tets (tet_tet_sat, relative tolerance of the settings):
//     separated → no contact (Appendix A, "If elements are separated, then we bail out").
//  2. Over the pairs (Ta, Tb) of surface faces of tet_a and tet_b with unit outward normals nA, nB
//     and nA · nB < 0, keep those passing the sandwich test: the vertex of tet_a opposite Ta lies
//     strictly in front of Tb's plane (on its outward side) and the vertex of tet_b opposite Tb
//     strictly in front of Ta's (exact signed_volume_sign). Take the most opposing pair (smallest
//     nA · nB; ties: smaller surface-triangle index of A, then of B — applied in the canonical
//     order below, so the choice does not depend on which body is called A).
//     n = unit(nA − nB), from A to B (Algorithm 1, line 11). No pair passes → no contact.
//  3. Contact points: the intersection points of every surface triangle of tet_a with every
//     surface triangle of tet_b (pairs that meet by the exact triangle_triangle_intersection:
//     the end points of their intersection segment, as the meeting points of each one's edges
//     with the other, edge_triangle_points.h, robust to edges lying in the other's plane; for triangles
//     coplanar within the absolute tolerance — every corner of each within it of the other's
//     plane — the corners of their overlap polygon, clip_convex_polygon_in_plane, instead, since
//     rounding turns coplanar faces into an ill-defined crossing anywhere in the overlap).
//     They are projected on n: the extremes give the gap d = −extent and their mean the contact
//     plane, onto which every point is projected (mid_plane_contacts.h; duplicates within the
//     tolerance dropped). Features: (kFace surface triangle of A, kFace surface triangle of B)
//     of the triangle pair that produced the point; elements: the tets.
// Symmetry (the pitfall of the public PROX implementation): the pair is always evaluated in the
// canonical order of (body index, tet index) and the results swapped back, so generate(b, a)
// returns exactly the contacts of generate(a, b) with normals negated and features swapped.
//
// Interpretations (the paper leaves them open): "in front of" is strict (a vertex on the other
// face's plane does not pass); the intersection points are those of the surface triangles only,
// so two tets overlapping without their surface triangles meeting (e.g. one surface triangle
// buried inside the other tet, whose surface faces are all elsewhere) give no contact; the gap is
// the full extent of the points along n (Appendix A: "the extreme points are used to estimate
// penetration depth").
// Degenerate configurations: zero-area surface faces have no normal and never take part in the
// normal search (they still contribute intersection points); zero-volume (flat) tets usually fail
// the strict sandwich test and give no contact; touching tets (shared face, edge, vertex) give
// contacts with gap 0 when a face pair passes the test; parallel coplanar faces are handled by
// polygon clipping. Never NaN: every normal is a checked unit vector.
#include "contactlab/contact/methods/opposing.h"

#include "contactlab/geometry/clip_convex_polygon.h"
#include "contactlab/geometry/predicates.h"
#include "contactlab/geometry/tet_tet_sat.h"
#include "contactlab/geometry/tetrahedron_tables.h"
#include "contactlab/geometry/triangle_triangle_intersection.h"
#include "methods/canonical_pair.h"
#include "methods/edge_triangle_points.h"
#include "methods/mid_plane_contacts.h"

#include <cmath>
#include <tuple>

namespace contactlab {
namespace {

using contact_detail::LabelledPoint;

struct SurfaceFace {
  Index triangle = kInvalidIndex;  ///< boundary triangle index
  std::array<Vec3, 3> corners;     ///< outward winding
  Vec3 normal = Vec3::Zero();      ///< unit outward normal, zero for a zero-area face
  Vec3 opposite = Vec3::Zero();    ///< the tet's vertex opposite the face
};

std::vector<SurfaceFace> surface_faces(const MethodBody& body, Index tet) {
  const std::array<Vec3, 4> corners = body.tet(tet);
  std::vector<SurfaceFace> faces;
  for (int f = 0; f < 4; ++f) {
    const Index triangle = body.surface_triangle(tet, f);
    if (triangle == kInvalidIndex) continue;
    SurfaceFace face;
    face.triangle = triangle;
    const auto& k = kTetFaces[static_cast<std::size_t>(f)];
    for (std::size_t i = 0; i < 3; ++i) face.corners[i] = corners[static_cast<std::size_t>(k[i])];
    face.normal = contact_detail::unit_or_zero(contact_detail::face_area_vector(corners, f));
    face.opposite = corners[static_cast<std::size_t>(f)];
    faces.push_back(face);
  }
  return faces;
}

bool in_front(const Vec3& p, const SurfaceFace& face) {
  return signed_volume_sign(face.corners[0], face.corners[1], face.corners[2], p) > 0;
}

/// Both faces have a normal and every corner of each lies within `tolerance` of the other's plane.
bool near_coplanar(const SurfaceFace& fa, const SurfaceFace& fb, double tolerance) {
  if (fa.normal.isZero() || fb.normal.isZero()) return false;
  for (std::size_t i = 0; i < 3; ++i) {
    if (std::abs(fa.normal.dot(fb.corners[i] - fa.corners[0])) > tolerance) return false;
    if (std::abs(fb.normal.dot(fa.corners[i] - fb.corners[0])) > tolerance) return false;
  }
  return true;
}

void evaluate(const MethodBody& a, Index tet_a, const MethodBody& b, Index tet_b, const MethodSettings& settings,
              std::vector<Contact>& sink) {
  TetTetSatRequest request;
  request.relative_tolerance = settings.tolerance.relative;
  if (tet_tet_sat(a.tet(tet_a), b.tet(tet_b), request).separated) return;

  const std::vector<SurfaceFace> faces_a = surface_faces(a, tet_a);
  const std::vector<SurfaceFace> faces_b = surface_faces(b, tet_b);

  // Algorithm 1: the most opposing pair passing the sandwich test.
  bool found = false;
  std::tuple<double, Index, Index> best{0.0, kInvalidIndex, kInvalidIndex};
  Vec3 normal = Vec3::Zero();
  for (const SurfaceFace& fa : faces_a) {
    if (fa.normal.isZero()) continue;
    for (const SurfaceFace& fb : faces_b) {
      if (fb.normal.isZero()) continue;
      const double dot = fa.normal.dot(fb.normal);
      if (!(dot < 0.0)) continue;
      const std::tuple<double, Index, Index> key{dot, fa.triangle, fb.triangle};
      if (found && !(key < best)) continue;
      if (!in_front(fa.opposite, fb) || !in_front(fb.opposite, fa)) continue;
      const Vec3 n = contact_detail::unit_or_zero(fa.normal - fb.normal);
      if (n.isZero()) continue;
      found = true;
      best = key;
      normal = n;
    }
  }
  if (!found) return;

  // Intersection points of all surface triangle pairs.
  const double tolerance = settings.absolute_tolerance();
  std::vector<LabelledPoint> points;
  std::vector<Vec3> crossing;
  for (const SurfaceFace& fa : faces_a) {
    for (const SurfaceFace& fb : faces_b) {
      const FeatureRef feature_a{FeatureType::kFace, fa.triangle};
      const FeatureRef feature_b{FeatureType::kFace, fb.triangle};
      if (near_coplanar(fa, fb, tolerance)) {
        // Both faces have a normal and lie in one plane within the tolerance: the corners of
        // their overlap polygon (empty when they do not overlap in the plane). Handled before
        // the exact test because rounding (e.g. after a rotation) makes coplanar faces cross
        // along an ill-defined line anywhere in their overlap.
        const std::vector<Vec3> polygon = clip_convex_polygon_in_plane(fa.corners, fb.corners, fa.normal);
        for (const Vec3& p : polygon) points.push_back({p, feature_a, feature_b});
        continue;
      }
      // The exact test gates the pair; the points are the edge–triangle meeting points of the
      // edges of each against the other (the end points of the intersection segment), computed
      // robustly for edges lying in the other's plane (edge_triangle_points.h).
      if (!triangle_triangle_intersection(fa.corners[0], fa.corners[1], fa.corners[2], fb.corners[0], fb.corners[1],
                                          fb.corners[2])
               .intersect) {
        continue;
      }
      crossing.clear();
      for (std::size_t i = 0; i < 3; ++i) {
        contact_detail::append_edge_triangle_points(fa.corners[i], fa.corners[(i + 1) % 3], fb.corners, fb.normal,
                                                    tolerance, crossing);
        contact_detail::append_edge_triangle_points(fb.corners[i], fb.corners[(i + 1) % 3], fa.corners, fa.normal,
                                                    tolerance, crossing);
      }
      for (const Vec3& p : crossing) points.push_back({p, feature_a, feature_b});
    }
  }
  contact_detail::append_mid_plane_contacts(points, normal, a, tet_a, b, tet_b, tolerance, sink);
}

class OpposingMethod final : public ContactMethod {
 public:
  std::string name() const override { return "opposing"; }
  std::string summary() const override {
    return "most opposing surface faces (Erleben 2018, Alg. 1): n = unit(nA - nB), surface "
           "triangle intersections on the mid plane";
  }
  std::map<std::string, ParameterValue> parameters(const MethodSettings& settings) const override {
    return {{"relative_tolerance", settings.tolerance.relative}};
  }
  void generate(const MethodBody& a, Index tet_a, const MethodBody& b, Index tet_b, const MethodSettings& settings,
                std::vector<Contact>& sink) const override {
    contact_detail::run_canonical(a, tet_a, b, tet_b, sink,
                                  [&](const MethodBody& x, Index tx, const MethodBody& y, Index ty,
                                      std::vector<Contact>& out) { evaluate(x, tx, y, ty, settings, out); });
  }
};

}  // namespace

const ContactMethod& opposing_method() {
  static const OpposingMethod method;
  return method;
}

}  // namespace contactlab
