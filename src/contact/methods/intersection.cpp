// Intersection contact method — K. Erleben, "Methodology for Assessing Mesh-Based Contact Point
// Methods", ACM TOG 37(3), 2018, §6 ("Intersection method"); docs/methods.md §1.
//
// For one candidate tet pair (tet_a of A, tet_b of B), over every pair (Ta, Tb) of their surface
// triangles that intersect (exact test, triangle_triangle_intersection) or touch within the
// tolerance tol = settings.absolute_tolerance() (relative 1e-9 of the length scale by default):
//  (V,F) every vertex V of one triangle within tol of the other's plane (|signed distance| ≤ tol)
//        and inside its edge–face planes grown by the band (the prism over the closed triangle:
//        in-plane outward distance from each edge's line ≤ tol, geometry/tolerance_band.h):
//        p = V, n = the face's unit normal oriented A→B (−n_F for a face of B, +n_F for a face of
//        A), gap = the signed distance of V from F's plane (> 0 outside the face's body).
//  (E,E) every edge pair with non-parallel directions (|ea × eb| > kDegenerateSine |ea||eb|) whose
//        unit cross product u is not a separating axis of the two tets (overlap along u ≥ −tol)
//        and whose closest points of the infinite lines lie on both segments (parameters in
//        [−tol/|e|, 1 + tol/|e|]): p = midpoint of those points, n = ±u oriented A→B by the tets'
//        overlap (orient_axis_between_tets: the sign with the smaller overlap), gap = −overlap.
//        Pitfall guard (docs/methods.md: "edge–edge contacts at midpoints of edges that are far
//        apart", paper §7.1's sagging-box figure): the closest point on A's edge must lie in tet_b
//        and the one on B's edge in tet_a (closed, within tol); a contact point outside the two
//        elements' intersection is dropped.
// No preference between (V,F) and (E,E). Each feature pair is reported once per call (a vertex or
// edge belongs to several surface triangles of the tet). Features: kVertex = tet-mesh vertex,
// kFace = boundary triangle, kEdge = surface-topology edge. Parameters: only the tolerance
// (the paper's "numerical threshold"); no envelope.
//
// Frame independence (docs/methods.md): the (V,F) tests, the (E,E) parameter range, the axis overlap
// and the pitfall guard all decide within the band tol; the exact predicates left
// (triangles_touch, point_in_tet) only answer where the band already has, as "within tol" is
// tested beside them, so the contacts are the same for any rigid motion + uniform scale.
// Degenerate configurations (never NaN): zero-area surface triangles give no (V,F) contact as the
// face (no normal) but their vertices and edges still count; parallel, collinear or zero-length
// edge pairs give no (E,E) contact (a touching parallel pair shows up as (V,F) contacts of the
// end points when they lie on the other's face); coplanar triangles give (V,F) contacts for the
// vertices inside the other triangle and (E,E) contacts at crossing edges, with the common plane
// normal; ties in the normal's orientation (overlaps equal within tol) go to the tets' centroids,
// then to the cross product e_A × e_B itself (canonically ordered edges): antisymmetric and
// frame-independent, so swapping A and B only flips the normals.
//
// Cost: floating-point tests whose "no" implies the exact answer run first — the boxes of the two
// tets' surface faces, a separating-axis test per triangle pair (face normals, edge cross products,
// and in-plane edge normals for coplanar faces side by side) and face-plane tests before the in-tet
// guard (separated_along_axis.h, with bounds on their rounding) — so the exact predicates and
// closest-point searches run only near contact; the contacts are those of the exact tests. Near
// contact, on blocks resting on blocks, the exact predicates see exact zeros (coplanar faces,
// shared corners), orient3d's slowest, fully adaptive case, so each yes/no that a cheaper test
// settles is taken from it first, never changing the answer: corners equal bit for bit (a shared
// point; a guarded point at a tet corner), then the floating-point closest-point distances that
// the "within tol" half of each test computes anyway (one within tol answers yes whatever the exact
// test says), and only then the exact test. Among those distances, a vertex that looks on the
// other triangle (near its plane, inside its edges grown by the band) is tried before the
// separating axes: an edge of one block's face lying on another's face passes every axis, so its
// yes came only after all of them. What derives from one tet alone — its surface-face
// boxes, surface triangles and edges, edge features and the pitfall guard's face planes — is kept
// for the whole driver call (IntersectionTet in a CallTetCache), each part computed at its first
// use: a tet lies in many candidate pairs, and most guarded points are tet corners, which need no
// plane. What derives from one edge pair alone — where the edges' lines come closest — is kept for
// the body pair's runs (EdgePairMemo): an edge pair is met from up to four tet pairs. An edge
// lying beyond the band (plus a rounding margin) outside the other tet's bounding box cannot pass
// the pitfall guard, so its edge pairs are skipped before any of that (about a third of them on
// the structures).
#include "contactlab/contact/methods/intersection.h"

#include "contactlab/core/aabb.h"
#include "contactlab/geometry/certainly_near_triangle.h"
#include "contactlab/geometry/closest_point_point_triangle.h"
#include "contactlab/geometry/closest_points_segment_segment.h"
#include "contactlab/geometry/closest_points_triangle_triangle.h"
#include "contactlab/geometry/point_in_tet.h"
#include "contactlab/geometry/tetrahedron_tables.h"
#include "contactlab/geometry/tolerance_band.h"
#include "contactlab/geometry/triangle_triangle_intersection.h"
#include "methods/body_pair_table.h"
#include "methods/call_tet_cache.h"
#include "methods/element_pair_contact.h"
#include "methods/orient_axis_between_tets.h"
#include "methods/separated_along_axis.h"
#include "methods/tet_surface_triangles.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace contactlab {
namespace {

using contact_detail::SeenPairs;
using contact_detail::SurfaceEdge;
using contact_detail::SurfaceTriangle;

/// Some vertex–triangle or edge–edge candidate of closest_points_triangle_triangle(a, b) (step 2:
/// the same calls with the same arguments, so bit-identical values) has squared distance ≤
/// `squared_tol`; then its result, 0 or the least candidate, is ≤ squared_tol too.
bool some_candidate_within(const std::array<Vec3, 3>& a, const std::array<Vec3, 3>& b, double squared_tol) {
  for (std::size_t i = 0; i < 3; ++i) {
    if (closest_point_point_triangle(a[i], b[0], b[1], b[2]).squared_distance <= squared_tol) return true;
  }
  for (std::size_t i = 0; i < 3; ++i) {
    if (closest_point_point_triangle(b[i], a[0], a[1], a[2]).squared_distance <= squared_tol) return true;
  }
  for (std::size_t i = 0; i < 3; ++i) {
    for (std::size_t j = 0; j < 3; ++j) {
      if (closest_points_segment_segment(a[i], a[(i + 1) % 3], b[j], b[(j + 1) % 3]).squared_distance <= squared_tol) {
        return true;
      }
    }
  }
  return false;
}

using Corners = std::array<Vec3, 3>;

/// What vertex_on_face asks of a surface triangle (its corners x), from the triangle alone: kept
/// per tet and call with its corners (TetSurfaceCorners), as a triangle meets a dozen others.
struct FaceTests {
  Vec3 normal;                ///< (x1 − x0) × (x2 − x0)
  double normal_length;       ///< |normal|
  Vec3 lo, hi;                ///< the corners' box
  TriangleEdgeNormals edges;  ///< triangle_edge_normals(x, normal)
};
FaceTests face_tests(const Corners& x) {
  FaceTests t;
  t.normal = (x[1] - x[0]).cross(x[2] - x[0]);
  t.normal_length = t.normal.norm();
  t.lo = x[0].cwiseMin(x[1]).cwiseMin(x[2]);
  t.hi = x[0].cwiseMax(x[1]).cwiseMax(x[2]);
  t.edges = triangle_edge_normals(x, t.normal);
  return t;
}

/// A vertex of `other` lies within tol of triangle `face` (closest_point_point_triangle's squared
/// distance ≤ tol², the call some_candidate_within makes, so a yes here is its yes), tried only for
/// the vertices that look on the face: within 2 tol of its plane, in its box grown by tol, and not
/// beyond 2 tol outside an edge in its plane. Those rules only pick which calls to make first (any
/// would do): on a wall most touching triangle pairs are an edge of one block's face lying on
/// another's face, for which every other test of triangles_touch before some_candidate_within
/// (eleven separating axes, six in-plane ones) finds nothing.
bool vertex_on_face(const Corners& other, const Corners& face, const FaceTests& tests, double tol) {
  const double reach = 2.0 * tol * tests.normal_length;
  for (std::size_t i = 0; i < 3; ++i) {
    const Vec3& p = other[i];
    if (std::abs(tests.normal.dot(p - face[0])) > reach) continue;
    if ((p.array() < tests.lo.array() - tol).any() || (p.array() > tests.hi.array() + tol).any()) continue;
    if (!inside_triangle_edges(p, face, tests.edges, 2.0 * tol)) continue;  // (or a degenerate face)
    if (closest_point_point_triangle(p, face[0], face[1], face[2]).squared_distance <= tol * tol) return true;
  }
  return false;
}

/// x == y (every coordinate equal), with no branch per coordinate: Eigen's == stops at the first
/// unequal one, a branch mispredicted often on corners that share one or two coordinates (blocks
/// laid on blocks), where it took a fifteenth of the wall's time.
inline bool equal_points(const Vec3& x, const Vec3& y) {
  return (x.x() == y.x()) & (x.y() == y.y()) & (x.z() == y.z());
}

/// Some point of `a` equals some point of `b`, bit for bit.
template <std::size_t N, std::size_t M>
bool shares_a_corner(const std::array<Vec3, N>& a, const std::array<Vec3, M>& b) {
  bool shared = false;
  for (const Vec3& x : a) {
    for (const Vec3& y : b) shared |= equal_points(x, y);
  }
  return shared;
}

/// True only if the triangles are certainly more than tol + 1e-5 scale apart, shown along an
/// in-plane normal n × e of an edge e of either triangle, n the normal (b − a) × (c − a) of `a`
/// (of `b` where that is zero): any axis gives a bound (separated_along_axis.h). The margin
/// 1e-5 scale, far above the rounding of closest_points_triangle_triangle (≲ ε L / relative
/// height of a triangle, below 1e-6 scale even at its sliver threshold 2⁻²⁶), makes that
/// function's floating-point answer certainly > tol as well: this filter changes no result.
bool separated_in_plane(const Corners& a, const Corners& b, double tol) {
  if (!(tol >= 0.0)) return false;  // the bound above is for a distance ≥ 0
  Vec3 n = (a[1] - a[0]).cross(a[2] - a[0]);
  if (n == Vec3::Zero()) n = (b[1] - b[0]).cross(b[2] - b[0]);
  const double scale = std::max(contact_detail::max_abs_coordinate(a), contact_detail::max_abs_coordinate(b));
  for (const Corners* t : {&a, &b}) {
    for (std::size_t i = 0; i < 3; ++i) {
      const Vec3 axis = n.cross((*t)[(i + 1) % 3] - (*t)[i]);
      if (contact_detail::separated_along_axis(axis, a, b, tol + 1e-5 * scale, scale)) return true;
    }
  }
  return false;
}

/// A 64-bit key of a point's coordinates such that equal points (every coordinate ==, as
/// equal_points compares) have equal keys: the coordinates' bits after x + 0.0, which turns −0 into
/// +0 (the one pair of unequal bit patterns that == calls equal), mixed by odd multipliers. Unequal
/// keys prove the points unequal; equal keys prove nothing (a collision, or NaN coordinates).
inline std::uint64_t corner_key(const Vec3& x) {
  return std::bit_cast<std::uint64_t>(x.x() + 0.0) * 0x9e3779b97f4a7c15ull +
         std::bit_cast<std::uint64_t>(x.y() + 0.0) * 0xc2b2ae3d27d4eb4full +
         std::bit_cast<std::uint64_t>(x.z() + 0.0) * 0x165667b19e3779f9ull;
}

/// Each triangle has corners clearly on both sides of the other's plane (beyond 1e-9 of its
/// size): a heuristic, it only orders the tests of triangles_touch.
bool planes_cross(const Corners& a, const Corners& b) {
  const auto straddles = [](const Corners& t, const Corners& x) {
    const Vec3 n = (t[1] - t[0]).cross(t[2] - t[0]);
    const double size = 1e-9 * n.norm() * std::sqrt(std::max((t[1] - t[0]).squaredNorm(), (t[2] - t[0]).squaredNorm()));
    bool above = false, below = false;
    for (const Vec3& y : x) {
      const double d = n.dot(y - t[0]);
      above = above || d > size;
      below = below || d < -size;
    }
    return above && below;
  };
  return straddles(a, b) && straddles(b, a);
}

/// The corners of tet `tet`'s boundary triangles, local faces f = 0..3 in order, each in the
/// triangle's (outward) order: SurfaceTriangle::x of tet_surface_triangles bit for bit, without
/// the rest of a SurfaceTriangle (indices, normal), which only touching pairs need; and their
/// face_tests.
struct TetSurfaceCorners {
  std::array<Corners, 4> x{};
  std::array<std::array<std::uint64_t, 3>, 4> keys{};  ///< corner_key of each corner
  std::array<FaceTests, 4> tests;
  int count = 0;
};
TetSurfaceCorners tet_surface_corners(const MethodBody& body, Index tet) {
  TetSurfaceCorners out;
  const TriMesh& surface = body.shape->surface_map.surface;
  for (int f = 0; f < 4; ++f) {
    const Index tri = body.surface_triangle(tet, f);
    if (tri == kInvalidIndex) continue;
    const auto k = static_cast<std::size_t>(out.count++);
    Corners& x = out.x[k];
    for (std::size_t c = 0; c < 3; ++c) {
      x[c] = body.vertex(surface.triangles[tri][static_cast<int>(c)]);
      out.keys[k][c] = corner_key(x[c]);
    }
    out.tests[k] = face_tests(x);
  }
  return out;
}

/// Some key of `a` equals some key of `b` (corner_key): necessary for the triangles to share a corner.
inline bool some_key_shared(const std::array<std::uint64_t, 3>& a, const std::array<std::uint64_t, 3>& b) {
  bool shared = false;
  for (const std::uint64_t x : a) {
    for (const std::uint64_t y : b) shared |= x == y;
  }
  return shared;
}

/// The closed triangles share a point (exact) or are within `tol` of each other. (Not inlined: in
/// evaluate's loop it made the compiler lay out the (E,E) loop worse, +2…7 % instructions per query.)
[[gnu::noinline]] bool triangles_touch(const TetSurfaceCorners& tet_a, std::size_t i, const TetSurfaceCorners& tet_b,
                                       std::size_t j, double tol) {
  const Corners& a = tet_a.x[i];
  const Corners& b = tet_b.x[j];
  // Bounding boxes farther apart than tol: no touch (face_tests' boxes, kept per tet: the same
  // extremes of the same corners). First, as it is the cheapest test: on the wall it ends 11 440 of
  // the 24 500 pairs a query, the shared corner below 4 340 (with the corner first, the wall's
  // query took 4 % more instructions).
  const FaceTests& box_a = tet_a.tests[i];
  const FaceTests& box_b = tet_b.tests[j];
  bool apart = false;
  for (int k = 0; k < 3; ++k) apart |= (box_b.lo[k] - box_a.hi[k] > tol) | (box_a.lo[k] - box_b.hi[k] > tol);
  if (apart) return false;
  // A corner of one at a corner of the other (bit for bit): they share a point, the exact test's
  // yes, and no filter below could say no (tol ≥ 0). Corners of blocks laid on corners of blocks
  // (most touching pairs in a wall or a pillar) end here. The corners' keys first: nine integer
  // comparisons in place of twenty-seven floating-point ones (equal keys are necessary, so the
  // answer is shares_a_corner's).
  if (tol >= 0.0 && some_key_shared(tet_a.keys[i], tet_b.keys[j]) && shares_a_corner(a, b)) return true;
  // A vertex of one on the other: yes (some_candidate_within's yes, asked first for the vertices
  // that look on a face). On the wall this ends 3 743 of the 8 720 pairs a query that get here,
  // which ran every test below before: −14 % of Intersection's instructions there, −9 % on the
  // arch, −4 % on the pillar; +6 % on the overlapping grid pair, whose triangles cross instead.
  if (tol > 0.0 && (vertex_on_face(a, b, tet_b.tests[j], tol) || vertex_on_face(b, a, tet_a.tests[i], tol)))
    return true;
  // Separated by more than tol along a face normal or edge cross product: most candidate pairs end
  // here, without the exact test and the closest-point search below (whose answer this implies).
  if (contact_detail::triangles_farther_than(a, b, tol)) return false;
  // Those 11 axes do not separate (nearly) coplanar triangles apart within their plane — side
  // faces of neighbouring blocks in a course of a wall — which would otherwise run every test
  // below, the exact ones on exactly coplanar corners. The in-plane edge normals n × e do (the
  // separating axes of two polygons in a plane).
  if (separated_in_plane(a, b, tol)) return false;
  // The answer is "exact intersection, or closest_points_triangle_triangle's distance ≤ tol". That
  // distance is 0 or the least of its 6 vertex–triangle and 9 edge–edge candidates: one candidate
  // ≤ tol (the same call, so the same value) already answers yes. Touching pairs (faces resting on
  // faces, the common case) end here, before the exact test, whose predicates on such coplanar or
  // collinear corners all come out exactly 0 — the slowest, fully adaptive path of orient3d.
  // Either half of the answer may go first. Triangles that clearly cross each other's plane (a
  // penetration, not a touch) take the exact test first — there it is fast, and it says yes —,
  // the others the 15 floating-point candidates first.
  // (triangles_intersect: the exact yes/no alone, Guigue and Devillers' eight orientations where
  // the triangles cross — the intersection segment's up to 45 were two fifths of the overlapping
  // grid pair's query.)
  if (planes_cross(a, b) && triangles_intersect(a[0], a[1], a[2], b[0], b[1], b[2])) return true;
  if (tol > 0.0 && some_candidate_within(a, b, tol * tol)) return true;
  if (triangles_intersect(a[0], a[1], a[2], b[0], b[1], b[2])) return true;
  if (!(tol > 0.0)) return false;
  return closest_points_triangle_triangle(a[0], a[1], a[2], b[0], b[1], b[2]).squared_distance <= tol * tol;
}

/// The bounding boxes of a tet's surface faces (local faces f = 0..3 in order, from the tet's
/// corners), for the first test of triangles_touch on all face pairs of a tet pair at once.
struct SurfaceFaceBoxes {
  std::array<Aabb, 4> box;
  int count = 0;
};
SurfaceFaceBoxes surface_face_boxes(const MethodBody& body, Index tet, const std::array<Vec3, 4>& x) {
  SurfaceFaceBoxes out;
  for (int f = 0; f < 4; ++f) {
    if (body.surface_triangle(tet, f) == kInvalidIndex) continue;
    Aabb& box = out.box[static_cast<std::size_t>(out.count++)];
    for (const int corner : kTetFaces[static_cast<std::size_t>(f)]) box.extend(x[static_cast<std::size_t>(corner)]);
  }
  return out;
}

/// Some surface face of one tet and some of the other have bounding boxes within tol on every
/// axis: triangles_touch's box test, on the same coordinates. Most candidate tet pairs fail it,
/// and then need no SurfaceTriangle at all.
bool surface_face_boxes_touch(const SurfaceFaceBoxes& a, const SurfaceFaceBoxes& b, double tol) {
  for (int i = 0; i < a.count; ++i) {
    for (int j = 0; j < b.count; ++j) {
      const Aabb& ba = a.box[static_cast<std::size_t>(i)];
      const Aabb& bb = b.box[static_cast<std::size_t>(j)];
      bool apart = false;
      for (int k = 0; k < 3; ++k) apart = apart || bb.min[k] - ba.max[k] > tol || ba.min[k] - bb.max[k] > tol;
      if (!apart) return true;
    }
  }
  return false;
}

/// What the pitfall guard's tests need of one tet alone: per face its unnormalised normal, the
/// normal's length, the tet's and the face's extents along it, and the face's NearTriangleProof;
/// and the tet's largest |coordinate|. Computed once per tet and call (IntersectionTet), not once
/// per guarded point.
struct GuardPlanes {
  struct Plane {
    Vec3 axis;                ///< unnormalised normal of the face
    double length, lo, hi;    ///< |axis|, the tet's extent along the axis
    double face_lo, face_hi;  ///< the face's extent along the axis
  };
  std::array<Plane, 4> plane;
  double scale;  ///< max |coordinate| of the tet's corners
  /// The NearTriangleProof of face f's corners (kTetFaces order) of tet `t`, made at its first use
  /// (guarded points on resting blocks lie on one face of a tet).
  const NearTriangleProof& proof(std::size_t f, const std::array<Vec3, 4>& t) {
    if (!(proved >> f & 1u)) {
      const auto& face = kTetFaces[f];
      proofs[f] = near_triangle_proof({t[static_cast<std::size_t>(face[0])], t[static_cast<std::size_t>(face[1])],
                                       t[static_cast<std::size_t>(face[2])]},
                                      plane[f].axis);
      proved |= static_cast<std::uint8_t>(1u << f);
    }
    return proofs[f];
  }
  std::array<NearTriangleProof, 4> proofs;
  std::uint8_t proved = 0;  ///< bit f: proofs[f] is made
};
/// Makes `out` the GuardPlanes of tet t, no proof made yet (in place: the proofs are a KiB).
void guard_planes(const std::array<Vec3, 4>& t, GuardPlanes& out) {
  out.proved = 0;
  out.scale = contact_detail::max_abs_coordinate(t);
  for (std::size_t f = 0; f < 4; ++f) {
    const auto& face = kTetFaces[f];
    const Vec3& o = t[static_cast<std::size_t>(face[0])];
    GuardPlanes::Plane& plane = out.plane[f];
    plane.axis = (t[static_cast<std::size_t>(face[1])] - o).cross(t[static_cast<std::size_t>(face[2])] - o);
    plane.length = plane.axis.norm();
    plane.lo = plane.hi = plane.axis.dot(t[0]);
    for (std::size_t i = 1; i < 4; ++i) {
      const double s = plane.axis.dot(t[i]);
      plane.lo = std::min(plane.lo, s);
      plane.hi = std::max(plane.hi, s);
    }
    plane.face_lo = plane.face_hi = plane.axis.dot(o);
    for (std::size_t c = 1; c < 3; ++c) {
      const double s = plane.axis.dot(t[static_cast<std::size_t>(face[c])]);
      plane.face_lo = std::min(plane.face_lo, s);
      plane.face_hi = std::max(plane.face_hi, s);
    }
  }
}

/// p equals a corner of the tet whose corners by coordinate are `t` (==: −0 equals +0, NaN nothing;
/// shares_a_corner's answer). With SSE2, two corners per comparison: half the guarded points on
/// blocks resting on blocks are corners, and comparing them one coordinate at a time was a twentieth
/// of Intersection's instructions on the structures.
inline bool at_a_corner(const Vec3& p, const contact_detail::TetCoordinates& t) {
#if defined(__SSE2__)
  const __m128d x = _mm_set1_pd(p.x()), y = _mm_set1_pd(p.y()), z = _mm_set1_pd(p.z());
  const auto equal_in = [&](std::size_t i) {  // corners i and i + 1
    return _mm_and_pd(_mm_and_pd(_mm_cmpeq_pd(x, _mm_load_pd(&t.x[i])), _mm_cmpeq_pd(y, _mm_load_pd(&t.y[i]))),
                      _mm_cmpeq_pd(z, _mm_load_pd(&t.z[i])));
  };
  return _mm_movemask_pd(_mm_or_pd(equal_in(0), equal_in(2))) != 0;
#else
  bool equal = false;
  for (std::size_t i = 0; i < 4; ++i) equal |= (p.x() == t.x[i]) & (p.y() == t.y[i]) & (p.z() == t.z[i]);
  return equal;
#endif
}

/// within_tet's last steps, for a point within the face planes' slabs and not a corner: within tol
/// of a face that is not `far` from it, else in the closed tet (exactly). Kept out of line: most
/// guarded points end before it, and the cheap steps inline better without it.
[[gnu::noinline]] bool within_tet_near_faces(const Vec3& p, const std::array<Vec3, 4>& t, double tol, double scale,
                                             GuardPlanes& guard, const std::array<bool, 4>& far_from_face,
                                             const std::array<double, 4>& projection) {
  // Within tol of a face: yes, whatever the exact test says. Checked first: the guarded points are
  // mostly on the tet's boundary (blocks resting on blocks), where point_in_tet's orient3d values
  // are exactly 0 and take its slowest, fully adaptive path.
  if (tol > 0.0) {
    for (std::size_t f = 0; f < 4; ++f) {
      if (far_from_face[f]) continue;
      // Certainly within tol of the face (NearTriangleProof, from the projection on its axis
      // above): the exact distance is ≤ tol/√2, so closest_point_point_triangle's call is skipped.
      // Its answer would be the same unless its rounding (≲ ε × the coordinates / the triangle's
      // relative height) exceeded tol − tol/√2, which the proof's own conditions (angles' sines ≥
      // 1e-3, coordinates within ~1e4 of the pair's length) leave only for far, thin triangles —
      // where the proof's yes is the exact answer and the query's no was rounding. On the arch the
      // proof answers all of the 1188 guarded face points a query (each query about 300
      // instructions and several branches).
      const GuardPlanes::Plane& plane = guard.plane[f];
      const double plane_gap =
          std::max(std::abs(projection[f] - plane.face_lo), std::abs(projection[f] - plane.face_hi));
      if (certainly_near_triangle(guard.proof(f, t), p, plane.length, plane_gap, scale, tol)) return true;
      const auto& face = kTetFaces[f];
      const auto r =
          closest_point_point_triangle(p, t[static_cast<std::size_t>(face[0])], t[static_cast<std::size_t>(face[1])],
                                       t[static_cast<std::size_t>(face[2])]);
      if (r.squared_distance <= tol * tol) return true;
    }
  }
  return point_in_tet(p, t[0], t[1], t[2], t[3]).in_closure;
}

/// The pitfall guard's test: p lies in the closed tet t, or within tol of it. `planes()` gives
/// guard_planes(t), asked for only when p is not a corner of t (most guarded points on resting
/// blocks are).
template <class Planes>
bool within_tet(const Vec3& p, const std::array<Vec3, 4>& t, const contact_detail::TetCoordinates& coordinates,
                double tol, const Planes& planes) {
  // p at a corner (bit for bit): in the closed tet, exactly, and the pre-test below cannot say no
  // (tol ≥ 0).
  if (tol >= 0.0 && at_a_corner(p, coordinates)) return true;
  // Beyond tol outside a face plane: certainly not within (implies the answers below, cheaply).
  // separated_along_axis(n_f, {p}, t, tol, scale) with the tet's part precomputed: the same
  // operations on the same values, so the same answer.
  GuardPlanes& guard = planes();
  const double scale = std::max(guard.scale, p.cwiseAbs().maxCoeff());
  std::array<bool, 4> far_from_face{};
  std::array<double, 4> projection{};  // axis · p per face
  for (std::size_t f = 0; f < 4; ++f) {
    const GuardPlanes::Plane& plane = guard.plane[f];
    if (!(plane.length * scale > 1e-250) || !std::isfinite(plane.length)) continue;
    const double s = plane.axis.dot(p);
    const double needed = (tol * (1.0 + 1e-9) + 1e-12 * scale) * plane.length;
    if (plane.lo - s > needed || s - plane.hi > needed) return false;
    // p projects farther than tol + 1e-5 scale from face f's corners along its normal: p is that
    // far from the face (projections bound distances, separated_along_axis.h), and
    // closest_point_point_triangle's squared distance is then certainly > tol² — its rounding
    // (≲ ε L / relative height, below 1e-6 scale even at its sliver threshold 2⁻²⁶) is far smaller
    // than the margin. So its call can be skipped without changing the answer.
    const double margin = (tol * (1.0 + 1e-9) + 1e-5 * scale) * plane.length;
    far_from_face[f] = plane.face_lo - s > margin || s - plane.face_hi > margin;
    projection[f] = s;
  }
  return within_tet_near_faces(p, t, tol, scale, guard, far_from_face, projection);
}

/// Parameters (s, t) of the closest points p0 + s d1, q0 + t d2 of two non-parallel lines
/// (n = d1 × d2 ≠ 0): s = det(q0 − p0, d2, n) / |n|², t = det(q0 − p0, d1, n) / |n|².
std::pair<double, double> line_line_parameters(const Vec3& p0, const Vec3& d1, const Vec3& q0, const Vec3& d2,
                                               const Vec3& n) {
  const Vec3 w = q0 - p0;
  const double den = n.squaredNorm();
  return {w.cross(d2).dot(n) / den, w.cross(d1).dot(n) / den};
}

/// A surface triangle's edge as a canonical segment, with its direction x1 − x0 and length.
struct Edge {
  SurfaceEdge edge;
  Vec3 direction;
  double length;
};

/// Where the lines of two edges come closest, when they are not parallel and those points fall on
/// both segments (within the band): the points' parameters on the segments, snapped onto them. An
/// (E,E) pair's contact takes this from the two edges alone; the tets decide the rest (the normal's
/// sign, the overlap, the pitfall guard).
struct EdgePairParameters {
  bool meets = false;
  double s = 0.0, t = 0.0;  ///< on A's and B's edge, in [0, 1]
};
EdgePairParameters edge_pair_parameters(const Edge& edge_a, const Edge& edge_b, const Vec3& cross, double tol) {
  const SurfaceEdge& ea = edge_a.edge;
  const SurfaceEdge& eb = edge_b.edge;
  const Vec3& da = edge_a.direction;
  const Vec3& db = edge_b.direction;
  // Canonical argument order (bit-identical results when A and B are swapped).
  double s = 0.0, t = 0.0;
  if (contact_detail::segment_less(eb.x0, eb.x1, ea.x0, ea.x1)) {
    std::tie(t, s) = line_line_parameters(eb.x0, db, ea.x0, da, db.cross(da));
  } else {
    std::tie(s, t) = line_line_parameters(ea.x0, da, eb.x0, db, cross);
  }
  const double slack_a = tol / edge_a.length;
  const double slack_b = tol / edge_b.length;
  if (!(s >= -slack_a && s <= 1.0 + slack_a && t >= -slack_b && t <= 1.0 + slack_b)) return {};
  return {true, std::clamp(s, 0.0, 1.0), std::clamp(t, 0.0, 1.0)};  // within the slack: onto the segments
}

/// The segment `e` lies more than `margin` outside the box [lo, hi] along some axis.
inline bool segment_outside_box(const SurfaceEdge& e, const Vec3& lo, const Vec3& hi, double margin) {
  bool apart = false;
  for (int k = 0; k < 3; ++k) {
    apart |= (std::min(e.x0[k], e.x1[k]) - hi[k] > margin) | (lo[k] - std::max(e.x0[k], e.x1[k]) > margin);
  }
  return apart;
}

/// What the method derives from one tet alone, each part at its first use and kept for the whole
/// driver call (call_tet_cache.h): a brick of the wall lies in about a dozen candidate pairs per
/// query, and its guard planes, surface triangles and edges were a seventh of the wall's time when
/// derived again for each. The same computations on the same corners, so the same bits. The
/// accessors take the (body, tet) the entry was reset for.
class IntersectionTet {
 public:
  /// Makes this the entry of `tet` of `body`: its corners and surface-face boxes, the rest unset.
  void reset(const MethodBody& body, Index tet) {
    x_ = body.tet(tet);
    coordinates_ = contact_detail::tet_coordinates(x_);
    lo_ = x_[0].cwiseMin(x_[1]).cwiseMin(x_[2].cwiseMin(x_[3]));
    hi_ = x_[0].cwiseMax(x_[1]).cwiseMax(x_[2].cwiseMax(x_[3]));
    scale_ = std::max(lo_.cwiseAbs().maxCoeff(), hi_.cwiseAbs().maxCoeff());
    boxes_ = surface_face_boxes(body, tet, x_);
    has_corners_ = has_triangles_ = has_guard_ = false;
    edge_features_.fill(std::nullopt);
  }
  const std::array<Vec3, 4>& x() const { return x_; }
  /// The corners by coordinate (for orient_axis_between_tets).
  const contact_detail::TetCoordinates& coordinates() const { return coordinates_; }
  const SurfaceFaceBoxes& boxes() const { return boxes_; }
  /// The corners' bounding box and largest |coordinate|.
  const Vec3& lo() const { return lo_; }
  const Vec3& hi() const { return hi_; }
  double scale() const { return scale_; }
  /// The corners of the surface triangles (tet_surface_corners).
  const TetSurfaceCorners& surface_corners(const MethodBody& body, Index tet) {
    if (!has_corners_) surface_corners_ = tet_surface_corners(body, tet), has_corners_ = true;
    return surface_corners_;
  }
  /// The surface triangles (tet_surface_triangles) and, per triangle, its three edges.
  const contact_detail::TetSurfaceTriangles& triangles(const MethodBody& body, Index tet) {
    if (!has_triangles_) {
      triangles_ = contact_detail::tet_surface_triangles(body, tet);
      for (std::size_t k = 0; k < static_cast<std::size_t>(triangles_.count); ++k) {
        for (int i = 0; i < 3; ++i) {
          Edge& e = edges_[k][static_cast<std::size_t>(i)];
          e.edge = contact_detail::surface_edge(triangles_.triangles[k], i);
          e.direction = e.edge.x1 - e.edge.x0;
          e.length = e.direction.norm();
        }
        edge_normals_[k] = triangle_edge_normals(triangles_.triangles[k].x, triangles_.triangles[k].normal);
      }
      has_triangles_ = true;
    }
    return triangles_;
  }
  /// Edge i of surface triangle k (after triangles()).
  const Edge& edge(std::size_t k, std::size_t i) const { return edges_[k][i]; }
  /// The edges' outward normals of surface triangle k (after triangles()).
  const TriangleEdgeNormals& edge_normals(std::size_t k) const { return edge_normals_[k]; }
  /// guard_planes of the corners.
  GuardPlanes& guard() {
    if (!has_guard_) guard_planes(x_, guard_), has_guard_ = true;
    return guard_;
  }
  /// The feature of a surface edge of this tet (edge_feature), by its local key.
  FeatureRef edge_feature(const MethodBody& body, const SurfaceEdge& e) {
    std::optional<FeatureRef>& f = edge_features_[static_cast<std::size_t>(e.key)];
    if (!f) f = contact_detail::edge_feature(body, e.v0, e.v1);
    return *f;
  }

 private:
  std::array<Vec3, 4> x_;
  Vec3 lo_, hi_;
  double scale_ = 0.0;
  contact_detail::TetCoordinates coordinates_;
  SurfaceFaceBoxes boxes_;
  bool has_corners_ = false, has_triangles_ = false, has_guard_ = false;
  TetSurfaceCorners surface_corners_;
  contact_detail::TetSurfaceTriangles triangles_;
  std::array<std::array<Edge, 3>, 4> edges_;
  std::array<TriangleEdgeNormals, 4> edge_normals_;
  GuardPlanes guard_;
  std::array<std::optional<FeatureRef>, 16> edge_features_;
};
using TetCache = contact_detail::CallTetCache<IntersectionTet>;
void fill_tet(IntersectionTet& entry, const MethodBody& body, Index tet) { entry.reset(body, tet); }

/// The (V,F) contacts a body pair's runs have emitted on this thread, by feature pair, with the tet
/// pair that emitted each ((E,E) pairs: EdgePairMemo). The merge takes contacts with equal
/// positions and normals (bit for bit) as copies of one contact and keeps the copy first in output
/// order — the least tet pair. A (V,F) contact's position and normal do not depend on the tet pair
/// it is found from: it lies at V, and its normal is ∓ the unit normal of the face, computed from
/// the face's corners alone (tet_surface_triangles; a boundary face belongs to one tet). So a
/// feature pair found again from a greater tet pair would be dropped by the merge: it is not
/// emitted. The merged contacts stay the same bit for bit (on the pillar most of the 3692 raw
/// contacts were such copies: a vertex lies in several surface triangles, an edge in two, each of
/// another tet). (The normal was kept in each entry as well until stop 63: 48-byte slots in
/// place of 24, for a comparison that could not fail.)
class EmittedFeaturePairs {
 public:
  /// Starts a run of body pair (a, b) in driver call `call` (BodyPairTable::start_run): what
  /// earlier runs of the same body pair and call on this thread emitted is kept — their tet pairs,
  /// from other chunks of the pair, may be copies' too.
  void start_run(Index a, Index b, std::uint64_t call) { table_.start_run(a, b, call); }
  /// Whether feature pair `key` was emitted (since start_run forgot) from a tet pair before (a, b).
  bool emitted_before(std::uint64_t key, Index a, Index b) const {
    const Emitted* e = table_.find(key);
    return e != nullptr && std::pair(e->a, e->b) < std::pair(a, b);
  }
  /// Records that feature pair `key` was emitted from (a, b) (replacing what an earlier copy left).
  void record(std::uint64_t key, Index a, Index b) { table_[key] = Emitted{a, b}; }
  /// The key of vertex v of A against triangle f of B (kind 0), of triangle f of A against vertex
  /// v of B (1).
  static std::uint64_t key(int kind, Index first, Index second) {
    return (static_cast<std::uint64_t>(kind) << 62) ^
           (static_cast<std::uint64_t>(static_cast<std::uint32_t>(first)) << 31) ^ static_cast<std::uint32_t>(second);
  }

 private:
  struct Emitted {
    Index a = kInvalidIndex, b = kInvalidIndex;
  };
  contact_detail::BodyPairTable<Emitted> table_;
};

/// The (E,E) pairs a body pair's runs met on this thread, by their edges' features: each pair's
/// EdgePairParameters, computed at its first meeting, and the contact emitted for it (the tet pair
/// and the normal's sign), as EmittedFeaturePairs keeps for (V,F). Small entries (48-byte slots):
/// with the points and axis kept as well, the table's memory traffic cost more time than it saved.
/// An edge lies in two surface triangles, often of two tets, so an edge pair is met from up to four
/// triangle pairs of different tet pairs (pillar: 5446 edge pairs a query, 2397 distinct); the
/// geometry depends on the edges alone (canonical segments: the same operations on the same
/// values, so the same bits).
class EdgePairMemo {
 public:
  enum class State : std::uint8_t { kUnknown, kApart, kMeets };  ///< kApart: parallel, or not meeting
  struct Entry {
    double s = 0.0, t = 0.0;                                     ///< EdgePairParameters, when kMeets
    Index emitted_a = kInvalidIndex, emitted_b = kInvalidIndex;  ///< the tet pair that emitted it
    State state = State::kUnknown;
    std::int8_t emitted_sign = 0;  ///< of the emitted contact's normal along e_A × e_B; 0: none
  };
  /// As EmittedFeaturePairs::start_run.
  void start_run(Index a, Index b, std::uint64_t call) { table_.start_run(a, b, call); }
  /// The entry of edge features (a, b), made (unknown) at the first call. Valid until the next call.
  Entry& of(Index edge_a, Index edge_b) {
    return table_[(static_cast<std::uint64_t>(static_cast<std::uint32_t>(edge_a)) << 32) |
                  static_cast<std::uint32_t>(edge_b)];
  }

 private:
  contact_detail::BodyPairTable<Entry> table_;
};

/// The method on one candidate pair, from the two tets' entries. `emitted`, `edge_pairs`: the (V,F)
/// pairs the body pair's runs emitted so far on this thread and the (E,E) pairs they met (null: the
/// pair on its own).
void evaluate(const MethodBody& a, Index tet_a, IntersectionTet& ta_data, const MethodBody& b, Index tet_b,
              IntersectionTet& tb_data, double tol, std::vector<Contact>& sink, EmittedFeaturePairs* emitted,
              EdgePairMemo* edge_pairs) {
  if (!surface_face_boxes_touch(ta_data.boxes(), tb_data.boxes(), tol)) return;
  const std::array<Vec3, 4>& xa = ta_data.x();
  const std::array<Vec3, 4>& xb = tb_data.x();
  // Which surface triangle pairs touch, decided on their corners alone: about half the tet pairs
  // that get here on a wall have none, and then need no SurfaceTriangle either.
  const TetSurfaceCorners& corners_a = ta_data.surface_corners(a, tet_a);
  const TetSurfaceCorners& corners_b = tb_data.surface_corners(b, tet_b);
  std::array<std::array<bool, 4>, 4> touch{};
  bool any_touch = false;
  for (std::size_t i = 0; i < static_cast<std::size_t>(corners_a.count); ++i) {
    for (std::size_t j = 0; j < static_cast<std::size_t>(corners_b.count); ++j) {
      touch[i][j] = triangles_touch(corners_a, i, corners_b, j, tol);
      any_touch = any_touch || touch[i][j];
    }
  }
  if (!any_touch) return;
  const contact_detail::TetSurfaceTriangles& tris_a = ta_data.triangles(a, tet_a);
  const contact_detail::TetSurfaceTriangles& tris_b = tb_data.triangles(b, tet_b);
  const Vec3 centroid_hint = contact_detail::tet_centroid(xb) - contact_detail::tet_centroid(xa);
  // An (E,E) contact needs the pitfall guard's yes: the point on A's edge within tol of tet_b, the
  // one on B's edge within tol of tet_a. An edge whose box lies beyond tol + 2e-5 scale outside
  // the other tet's box along an axis cannot give it (within_tet says no for a point that far:
  // not a corner, not in the closed tet, and its floating-point distances from the faces, whose
  // rounding is below 1e-6 scale, stay above tol; the point on the edge is within a few ε scale of
  // the edge's box), so its edge pairs are skipped before their parameters, memo and guard: on
  // the pillar 1856 of the 5552 edge pairs a query (arch 1967 of 6473, wall 16 798 of 58 513),
  // −3.0 / −1.8 / −1.4 % of the query's instructions (stop 63), the same contacts.
  const double guard_margin = tol * (1.0 + 1e-9) + 2e-5 * std::max(ta_data.scale(), tb_data.scale());
  SeenPairs seen;
  const auto guard_a = [&]() -> GuardPlanes& { return ta_data.guard(); };
  const auto guard_b = [&]() -> GuardPlanes& { return tb_data.guard(); };

  auto emit = [&](const Vec3& p, const Vec3& n, double gap, FeatureRef fa, FeatureRef fb) {
    sink.push_back(contact_detail::element_pair_contact(a, tet_a, b, tet_b, p, n, gap, fa, fb));
  };
  // Feature pair `key` already emitted from an earlier tet pair (EmittedFeaturePairs).
  const auto a_copy = [&](std::uint64_t key) { return emitted && emitted->emitted_before(key, tet_a, tet_b); };
  // emit, remembering the feature pair.
  const auto emit_recorded = [&](std::uint64_t key, const Vec3& p, const Vec3& n, double gap, FeatureRef fa,
                                 FeatureRef fb) {
    emit(p, n, gap, fa, fb);
    if (emitted) emitted->record(key, tet_a, tet_b);
  };

  for (int ia = 0; ia < tris_a.count; ++ia) {
    const SurfaceTriangle& ta = tris_a.triangles[static_cast<std::size_t>(ia)];
    for (int ib = 0; ib < tris_b.count; ++ib) {
      const SurfaceTriangle& tb = tris_b.triangles[static_cast<std::size_t>(ib)];
      if (!touch[static_cast<std::size_t>(ia)][static_cast<std::size_t>(ib)]) continue;

      // (V,F): vertices of Ta against face Tb, then vertices of Tb against face Ta.
      for (std::size_t c = 0; c < 3; ++c) {
        if (!tb.degenerate) {
          const FeatureRef fa{FeatureType::kVertex, ta.vertex[c]};
          const FeatureRef fb{FeatureType::kFace, tb.triangle};
          const auto key = static_cast<std::size_t>(4 * ta.local[c] + tb.face);
          if (!SeenPairs::test_and_set(seen.vertex_face, key)) {
            const double s = tb.normal.dot(ta.x[c] - tb.x[0]);
            if (std::abs(s) <= tol &&
                inside_triangle_edges(ta.x[c], tb.x, tb_data.edge_normals(static_cast<std::size_t>(ib)), tol)) {
              const Vec3 normal = -tb.normal;
              const std::uint64_t pair_key = EmittedFeaturePairs::key(0, ta.vertex[c], tb.triangle);
              if (!a_copy(pair_key)) emit_recorded(pair_key, ta.x[c], normal, s, fa, fb);
            }
          }
        }
        if (!ta.degenerate) {
          const FeatureRef fa{FeatureType::kFace, ta.triangle};
          const FeatureRef fb{FeatureType::kVertex, tb.vertex[c]};
          const auto key = static_cast<std::size_t>(4 * ta.face + tb.local[c]);
          if (!SeenPairs::test_and_set(seen.face_vertex, key)) {
            const double s = ta.normal.dot(tb.x[c] - ta.x[0]);
            if (std::abs(s) <= tol &&
                inside_triangle_edges(tb.x[c], ta.x, ta_data.edge_normals(static_cast<std::size_t>(ia)), tol)) {
              const std::uint64_t pair_key = EmittedFeaturePairs::key(1, ta.triangle, tb.vertex[c]);
              if (!a_copy(pair_key)) emit_recorded(pair_key, tb.x[c], ta.normal, s, fa, fb);
            }
          }
        }
      }

      // (E,E).
      std::array<bool, 3> b_edge_outside{};
      for (std::size_t j = 0; j < 3; ++j) {
        b_edge_outside[j] = segment_outside_box(tb_data.edge(static_cast<std::size_t>(ib), j).edge, ta_data.lo(),
                                                ta_data.hi(), guard_margin);
      }
      for (std::size_t i = 0; i < 3; ++i) {
        const Edge& edge_a = ta_data.edge(static_cast<std::size_t>(ia), i);
        const SurfaceEdge& ea = edge_a.edge;
        if (segment_outside_box(ea, tb_data.lo(), tb_data.hi(), guard_margin)) continue;
        for (std::size_t j = 0; j < 3; ++j) {
          if (b_edge_outside[j]) continue;
          const Edge& edge_b = tb_data.edge(static_cast<std::size_t>(ib), j);
          const SurfaceEdge& eb = edge_b.edge;
          if (SeenPairs::test_and_set(seen.edge_edge, static_cast<std::size_t>(16 * ea.key + eb.key))) continue;
          const FeatureRef feature_a = ta_data.edge_feature(a, ea), feature_b = tb_data.edge_feature(b, eb);
          const Vec3& da = edge_a.direction;
          const Vec3& db = edge_b.direction;
          const Vec3 cross = da.cross(db);
          // |cross| (a root, whose latency was a tenth of this function's time on the wall) only
          // where needed: for a pair not met before, and for a pair whose lines meet.
          double cross_norm = -1.0;
          // The parameters, from the memo where the pair was met before (EdgePairMemo; both edges
          // found in the surface topology, as a surface triangle's always are: the key is theirs).
          const bool keyed = edge_pairs != nullptr && (feature_a.index | feature_b.index) >= 0;
          EdgePairMemo::Entry* entry = keyed ? &edge_pairs->of(feature_a.index, feature_b.index) : nullptr;
          EdgePairParameters parameters;
          if (entry == nullptr || entry->state == EdgePairMemo::State::kUnknown) {
            cross_norm = cross.norm();
            const bool parallel = !(cross_norm > contact_detail::kDegenerateSine * edge_a.length * edge_b.length);
            if (!parallel) parameters = edge_pair_parameters(edge_a, edge_b, cross, tol);
            if (entry != nullptr) {
              entry->state = parameters.meets ? EdgePairMemo::State::kMeets : EdgePairMemo::State::kApart;
              entry->s = parameters.s, entry->t = parameters.t;
            }
          } else {
            parameters = {entry->state == EdgePairMemo::State::kMeets, entry->s, entry->t};
          }
          if (!parameters.meets) continue;
          // The contact's position and normal come from the edges and the normal alone, and the
          // merge keeps, of copies, the first in output order (the least tet pair): a copy of the
          // contact an earlier tet pair emitted needs neither the pitfall guard nor a place in the
          // sink (as EmittedFeaturePairs for (V,F)). Whether it is one takes the normal's sign,
          // so where an earlier tet pair emitted this edge pair the normal comes first; elsewhere
          // the pitfall guard does, which on the wall drops 15 944 of the 35 640 meeting pairs a
          // query, before the axis (its root and projections) is computed for them. Either order
          // emits the same contacts.
          const bool maybe_copy = entry != nullptr && entry->emitted_sign != 0 &&
                                  std::pair(entry->emitted_a, entry->emitted_b) < std::pair(tet_a, tet_b);
          const Vec3 pa = ea.x0 + parameters.s * da;
          const Vec3 pb = eb.x0 + parameters.t * db;
          const auto guarded = [&] {  // pitfall guard
            return within_tet(pa, xb, tb_data.coordinates(), tol, guard_b) &&
                   within_tet(pb, xa, ta_data.coordinates(), tol, guard_a);
          };
          if (!maybe_copy && !guarded()) continue;
          if (cross_norm < 0.0) cross_norm = cross.norm();
          const Vec3 u = cross / cross_norm;
          const contact_detail::OrientedAxis axis = contact_detail::orient_axis_between_tets(
              u, ta_data.coordinates(), tb_data.coordinates(), centroid_hint, Vec3::Zero(), tol);
          if (axis.overlap < -tol) continue;               // the edge cross product separates the tets
          const std::int8_t sign = axis.along_u ? 1 : -1;  // the normal is ±u exactly (a negation)
          if (maybe_copy && (entry->emitted_sign == sign || !guarded())) continue;
          emit(0.5 * (pa + pb), axis.normal, -axis.overlap, feature_a, feature_b);
          if (entry != nullptr) entry->emitted_a = tet_a, entry->emitted_b = tet_b, entry->emitted_sign = sign;
        }
      }
    }
  }
}

class IntersectionMethod final : public ContactMethod {
 public:
  std::string name() const override { return "intersection"; }
  std::string summary() const override {
    return "Surface-based: (V,F) and (E,E) contacts of intersecting surface triangles, normals from "
           "feature types (Erleben 2018 §6)";
  }
  double candidate_margin(const MethodSettings& settings) const override { return settings.absolute_tolerance(); }
  /// The kernel reads the tets' corners and surface triangles, never their planes.
  bool uses_tet_planes() const override { return false; }
  /// A tet pair gives contacts only from surface triangles that touch, whose boxes are then within
  /// tol of each other (surface_face_boxes_touch); the pair's margin is 2 tol.
  bool surface_candidates() const override { return true; }
  std::map<std::string, ParameterValue> parameters(const MethodSettings& settings) const override {
    // The absolute band is per body pair (pair_length_scale): only its relative value is reported.
    return {{"relative_tolerance", settings.tolerance.relative}};
  }

  void generate(const MethodBody& a, Index tet_a, const MethodBody& b, Index tet_b, const MethodSettings& settings,
                std::vector<Contact>& sink) const override {
    IntersectionTet ta, tb;
    ta.reset(a, tet_a);
    tb.reset(b, tet_b);
    evaluate(a, tet_a, ta, b, tet_b, tb, settings.absolute_tolerance(), sink, nullptr, nullptr);
  }
  /// generate() on each pair, with what is derived from a tet alone kept for the call (TetCache).
  void generate_run(const MethodBody& a, const MethodBody& b, std::span<const ElementPair> pairs,
                    const MethodSettings& settings, std::vector<Contact>& sink) const override {
    auto [tets_a, tets_b] = TetCache::of_call(a.call).bodies(a, b);
    const double tol = settings.absolute_tolerance();
    static thread_local EmittedFeaturePairs emitted;
    static thread_local EdgePairMemo edge_pairs;
    emitted.start_run(a.index, b.index, a.call);
    edge_pairs.start_run(a.index, b.index, a.call);
    for (const ElementPair& p : pairs) {
      evaluate(a, p.a, tets_a.of(p.a, fill_tet), b, p.b, tets_b.of(p.b, fill_tet), tol, sink, &emitted, &edge_pairs);
    }
  }
};

}  // namespace

const ContactMethod& intersection_method() {
  static const IntersectionMethod method;
  return method;
}

}  // namespace contactlab
