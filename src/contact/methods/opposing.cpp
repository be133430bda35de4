// Opposing — the most opposing surfaces method (K. Erleben, "Methodology for Assessing Mesh-Based
// Contact Point Methods", ACM TOG 37(3), 2018, §6 and Appendix A, Algorithm 1
// "MostOpposingFacesNormal"; docs/methods.md §7). Registry name "opposing". No parameters beyond
// the touching tolerance (MethodSettings::tolerance × length_scale).
//
// Kernel for a candidate pair (tet_a of A, tet_b of B), both with surface faces. Every decision
// uses the touching band (geometry/tolerance_band.h; tol = the pair's absolute tolerance), so the
// contacts are the same for any rigid motion + uniform scale of the pair (docs/methods.md "Frame
// independence"):
//  1. Separating-axis test of the two tets (tet_tet_sat with the band): separated → no contact
//     (Appendix A, "If elements are separated, then we bail out"). Run after step 2, which is
//     cheaper and must pass as well: the same contacts.
//  2. Over the pairs (Ta, Tb) of surface faces of tet_a and tet_b with unit outward normals nA, nB
//     and nA · nB < −1e-9, keep those passing the sandwich test: the vertex of tet_a opposite Ta
//     lies in front of Tb's plane (on its outward side) beyond the band, and the vertex of tet_b
//     opposite Tb likewise in front of Ta's. Take the most opposing pair (smallest nA · nB;
//     cosines within kCosineBand = 1e-9 are tied, and ties go to the smaller surface-triangle
//     index of A, then of B — in the canonical order below, so the choice does not depend on which
//     body is called A). n = unit(nA − nB), from A to B (Algorithm 1, line 11). No pair passes →
//     no contact.
//  3. Contact points: the meeting points of every surface triangle of tet_a with every surface
//     triangle of tet_b (triangle_meeting_points_band: the end points of their common segment, or
//     the corners of their common polygon when they are coplanar within the band — touching faces
//     of resting blocks). They are projected on n: the extremes give the gap d = −extent and their
//     mean the contact plane, onto which every point is projected (mid_plane_contacts.h;
//     duplicates within the band dropped). Features: (kFace surface triangle of A, kFace surface
//     triangle of B) of the triangle pair that produced the point; elements: the tets.
// Symmetry (the pitfall of the public PROX implementation): the pair is always evaluated in the
// canonical order of (body index, tet index) and the results swapped back, so generate(b, a)
// returns exactly the contacts of generate(a, b) with normals negated and features swapped.
//
// Interpretations (the paper leaves them open): "in front of" is strict (a vertex on the other
// face's plane, within the band, does not pass); the intersection points are those of the surface
// triangles only, so two tets overlapping without their surface triangles meeting (e.g. one
// surface triangle buried inside the other tet, whose surface faces are all elsewhere) give no
// contact; the gap is the full extent of the points along n (Appendix A: "the extreme points are
// used to estimate penetration depth").
// Degenerate configurations: zero-area surface faces have no normal and take part in neither the
// normal search nor the points; tets thinner than the band (flat slivers, zero volume included)
// give no contact; touching tets (shared face, edge, vertex) give contacts with gap 0 when a face pair
// passes the test. Never NaN: every normal is a checked unit vector.
#include "contactlab/contact/methods/opposing.h"

#include "contactlab/geometry/predicates.h"
#include "contactlab/geometry/tet_tet_sat.h"
#include "contactlab/geometry/tetrahedron_tables.h"
#include "contactlab/geometry/tolerance_band.h"
#include "methods/call_tet_cache.h"
#include "methods/canonical_pair.h"
#include "methods/mid_plane_contacts.h"
#include "methods/sat_contacts.h"

#include <array>
#include <cstdint>
#include <utility>

namespace contactlab {
namespace {

using contact_detail::LabelledPoint;

struct SurfaceFace {
  Index triangle = kInvalidIndex;  ///< boundary triangle index
  TrianglePlane plane;             ///< corners in outward winding; unit outward normal (zero: no area)
  Vec3 opposite = Vec3::Zero();    ///< the tet's vertex opposite the face
};

/// A tet's surface faces, at most 4 (a fixed array: this runs for every candidate pair, and
/// allocating a vector for it was 3–4 % of the method's time).
struct SurfaceFaces {
  std::array<SurfaceFace, 4> items;
  std::size_t count = 0;
  /// No faces, thinness unknown (the items are left as they are: only the first `count` are read).
  void clear() {
    count = 0;
    thin_known_ = false;
  }
  /// The next face, to be filled.
  SurfaceFace& add() { return items[count++]; }
  const SurfaceFace* begin() const { return items.data(); }
  const SurfaceFace* end() const { return items.data() + count; }
  /// TetPlanes::thin of the tet with these `corners`: zero volume (signed_volume_sign) or smallest
  /// height (tet_min_height) within tol — TetPlanes' `orientation == 0` and `height`, without its
  /// four unit normals, which this method does not read (computing them for every candidate tet
  /// was a tenth of the grid pair's query). Computed at the first question and kept: only pairs
  /// with a most opposing face pair ask (on the grid pair, a fraction of the tets).
  bool thin(const std::array<Vec3, 4>& corners, double tol) const {
    if (!thin_known_) {
      flat_ = signed_volume_sign(corners[0], corners[1], corners[2], corners[3]) == 0;
      height_ = tet_min_height(corners);
      thin_known_ = true;
    }
    return flat_ || !(height_ > tol);
  }

 private:
  mutable bool thin_known_ = false, flat_ = false;
  mutable double height_ = 0.0;
};

/// Makes `faces` the surface faces of `tet` of `body`, in place: a cache slot is filled where it
/// lies (copying a SurfaceFaces — about a kilobyte with its triangles' planes — into the slot made
/// the method 10 % slower on the overlapping grid pair, where about a thousand tets are met).
void fill_faces(SurfaceFaces& faces, const MethodBody& body, Index tet) {
  const std::array<Vec3, 4> corners = body.tet(tet);
  faces.clear();
  for (int f = 0; f < 4; ++f) {
    const Index triangle = body.surface_triangle(tet, f);
    if (triangle == kInvalidIndex) continue;
    SurfaceFace& face = faces.add();
    face.triangle = triangle;
    const auto& k = kTetFaces[static_cast<std::size_t>(f)];
    face.plane = triangle_plane(corners[static_cast<std::size_t>(k[0])], corners[static_cast<std::size_t>(k[1])],
                                corners[static_cast<std::size_t>(k[2])]);
    face.opposite = corners[static_cast<std::size_t>(f)];
  }
}

/// The surface faces of a call's tets, per (body, tet) (call_tet_cache.h).
using FaceCache = contact_detail::CallTetCache<SurfaceFaces>;

/// p lies in front of the face's plane (on its outward side) beyond the touching band.
bool in_front(const Vec3& p, const SurfaceFace& face, double tolerance) {
  return band_sign(face.plane.distance(p), tolerance) > 0;
}

/// Band for comparing the cosines nA·nB of unit normals (dimensionless): cosines within it are
/// equal, so that faces equally opposed in exact arithmetic (parallel faces, −1; perpendicular
/// ones, 0) stay tied after a rotation's rounding (about 1e-16) and the tie-break by triangle
/// index decides in every frame. Faces closer than about 4.5e-5 rad to antiparallel are tied.
constexpr double kCosineBand = 1e-9;

/// The method on one pair; `faces_of(body, tet)` gives the surface faces of the tet (fill_faces, from a
/// FaceCache in a run).
template <class FacesOf>
void evaluate(const MethodBody& a, Index tet_a, const MethodBody& b, Index tet_b, const MethodSettings& settings,
              std::vector<Contact>& sink, const FacesOf& faces_of) {
  const std::array<Vec3, 4> corners_a = a.tet(tet_a), corners_b = b.tet(tet_b);
  const double tolerance = settings.absolute_tolerance();
  const SurfaceFaces& faces_a = faces_of(a, tet_a);
  const SurfaceFaces& faces_b = faces_of(b, tet_b);

  // Algorithm 1: the most opposing pair passing the sandwich test, with cosines compared in the
  // band and ties going to the smaller (triangle of A, triangle of B).
  bool found = false;
  double best_dot = 0.0;
  std::pair<Index, Index> best_faces{kInvalidIndex, kInvalidIndex};
  Vec3 normal = Vec3::Zero();
  for (const SurfaceFace& fa : faces_a) {
    if (!fa.plane.valid) continue;
    for (const SurfaceFace& fb : faces_b) {
      if (!fb.plane.valid) continue;
      const double dot = fa.plane.normal.dot(fb.plane.normal);
      if (!(dot < -kCosineBand)) continue;  // opposed beyond the band (perpendicular faces are not)
      if (found) {
        const bool more_opposed = dot < best_dot - kCosineBand;
        const bool tied = !more_opposed && dot <= best_dot + kCosineBand;
        if (!more_opposed && !(tied && std::pair(fa.triangle, fb.triangle) < best_faces)) continue;
      }
      if (!in_front(fa.opposite, fb, tolerance) || !in_front(fb.opposite, fa, tolerance)) continue;
      const Vec3 n = contact_detail::unit_or_zero(fa.plane.normal - fb.plane.normal);
      if (n.isZero()) continue;
      found = true;
      best_dot = dot;
      best_faces = {fa.triangle, fb.triangle};
      normal = n;
    }
  }
  if (!found) return;
  // A tet thinner than the band (a flat sliver) has no interior, its opposite vertices lie in the
  // band of its faces' planes, and the normals of its small faces are rounding: no contact, in
  // every frame (as for the vertex methods). (SurfaceFaces::thin: TetPlanes::thin's test.) Asked
  // after the face search, which has no effect but `found`: either "no" ends the pair, so the
  // order changes nothing, and most pairs end at the search without the two tets' heights.
  if (faces_a.thin(corners_a, tolerance) || faces_b.thin(corners_b, tolerance)) return;

  // The meeting points of all surface triangle pairs, decided with the band.
  // Reused from pair to pair (a few points each; allocating them cost more than filling them).
  static thread_local std::vector<LabelledPoint> points;
  static thread_local std::vector<Vec3> meeting;
  points.clear();
  for (const SurfaceFace& fa : faces_a) {
    for (const SurfaceFace& fb : faces_b) {
      meeting.clear();
      triangle_meeting_points_band(fa.plane, fb.plane, tolerance, meeting);
      const FeatureRef feature_a{FeatureType::kFace, fa.triangle};
      const FeatureRef feature_b{FeatureType::kFace, fb.triangle};
      for (const Vec3& p : meeting) points.push_back({p, feature_a, feature_b});
    }
  }
  // Step 1 last: a pair gives contacts when it passes steps 1 and 2 and has meeting points, in
  // whatever order they are checked, and the SAT (up to 44 axes) is the dearest of the three.
  if (points.empty()) return;
  if (tet_tet_separated(corners_a, corners_b, contact_detail::band_request(settings))) return;
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
  /// The kernel reads no tet planes (SurfaceFaces carries what its thinness test needs).
  bool uses_tet_planes() const override { return false; }
  void generate(const MethodBody& a, Index tet_a, const MethodBody& b, Index tet_b, const MethodSettings& settings,
                std::vector<Contact>& sink) const override {
    contact_detail::run_canonical(
        a, tet_a, b, tet_b, sink,
        [&](const MethodBody& x, Index tx, const MethodBody& y, Index ty, std::vector<Contact>& out) {
          SurfaceFaces faces_x, faces_y;
          const auto faces_of = [&](const MethodBody& body, Index tet) -> const SurfaceFaces& {
            SurfaceFaces& faces = &body == &x ? faces_x : faces_y;
            fill_faces(faces, body, tet);
            return faces;
          };
          evaluate(x, tx, y, ty, settings, out, faces_of);
        });
  }
  /// generate() on each pair, the tets' surface faces computed once per call (FaceCache).
  void generate_run(const MethodBody& a, const MethodBody& b, std::span<const ElementPair> pairs,
                    const MethodSettings& settings, std::vector<Contact>& sink) const override {
    auto [faces_a, faces_b] = FaceCache::of_call(a.call).bodies(a, b);
    for (const ElementPair& p : pairs) {
      contact_detail::run_canonical(
          a, p.a, b, p.b, sink,
          [&](const MethodBody& x, Index tx, const MethodBody& y, Index ty, std::vector<Contact>& out) {
            const auto faces_of = [&](const MethodBody& body, Index tet) -> const SurfaceFaces& {
              return (&body == &a ? faces_a : faces_b).of(tet, fill_faces);
            };
            evaluate(x, tx, y, ty, settings, out, faces_of);
          });
    }
  }
};

}  // namespace

const ContactMethod& opposing_method() {
  static const OpposingMethod method;
  return method;
}

}  // namespace contactlab
