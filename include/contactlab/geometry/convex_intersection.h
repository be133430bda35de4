// The intersection of two convex polyhedra by Solfec-1.0's dual algorithm (seed 004, "Calculating
// volumetric intersection"; D. E. Muller and F. P. Preparata, "Finding the intersection of two
// convex polyhedra", Theor. Comput. Sci. 7, 1978), and the contact Solfec derives from its surface
// (seed 004, "Deriving contact points and normals", lines 1–8 and 12).
//
// The algorithm, line by line of the seed:
//  1–3  d, p, q = gjk(A, B); if d > ε: no intersection (kSeparated).
//  4    x = a point deep inside both: the deepest point of the 2 sets of planes (deepest_point.h,
//       the Chebyshev centre, started from GJK's (p + q)/2) — the seed's "refine_point".
//  5–6  every plane n · y ≤ h is moved so that x is the origin and scaled to the form
//       n' · y ≤ 1, n' = n / (h − n · x): its dual point. Where the intersection is thinner than
//       ε at x (depth < ε: touching or barely overlapping polyhedra, zero volume included), every
//       plane is first moved out by ε − depth, so that x is ε deep — the regularisation that gives
//       touching polyhedra a slab of thickness 2ε with the right faces instead of nothing. Solfec's
//       cvi.c moves only the planes that pass within ε of x; we move all of them by the same
//       amount, so the result is one polytope whatever interior point the LP returns (where the
//       deepest point is not unique — a touching edge, a slab — cvi.c's result depends on which
//       point it is, and so would change with the frame). The two differ by O(ε) on the rim.
//  7    the convex hull of the dual points, by Qhull (facets merged where coplanar): the polar of
//       the intersection.
//  8    polarisation: each hull facet N · y + o = 0 is the intersection vertex x − N / o; each hull
//       vertex, a dual point, is the face of the intersection on that point's plane, its corners the
//       polar vertices of the facets around it (Qhull's cyclic order).
//  9    each face is fanned into triangles, labelled with the body whose plane it lies on (the
//       seed's "+ for faces of A's boundary, − for B's") and that plane's index.
// Dual points inside the hull are planes that bound nothing; a face on a plane that both
// polyhedra have (flush faces: equal dual points, of which Qhull keeps one by rounding) is
// labelled 2, "both", whichever Qhull kept, so the label never depends on the frame.
//
// Documented results of the hard cases:
//  - separated farther than ε: kSeparated, no triangles;
//  - touching (distance ≤ ε, zero volume): kIntersecting with `regularised` set — the ε-slab
//    around the touching region (faces on A's side and B's side, as cvi.c gives);
//  - nested: the inner polyhedron, every face labelled with its body;
//  - a polyhedron without volume (ConvexPolyhedron::planes empty): kDegenerateInput;
//  - Qhull failing (the dual points flat or beyond its precision, e.g. slivers thinner than
//    ~1e-12 of their size): kFailed, no triangles — never a crash, never NaN.
// Units: those of the input; ε is absolute (callers scale it with the bodies: ConvexIntersectionRequest).
#pragma once

#include "contactlab/geometry/convex_polyhedron.h"
#include "contactlab/geometry/gjk_distance.h"

#include <array>
#include <vector>

namespace contactlab {

struct ConvexIntersectionRequest {
  /// Solfec's GEOMETRIC_EPSILON (a length, > 0): the largest GJK distance that still counts as
  /// touching, and the depth the regularisation gives a thinner intersection.
  /// Solfec recommends 1e-4 to 1e-2 of the smallest feature's size. Must be finite and > 0
  /// (std::invalid_argument otherwise).
  double epsilon = 1e-6;
};

enum class ConvexIntersectionStatus {
  kSeparated,        ///< farther apart than epsilon
  kIntersecting,     ///< the triangles below describe the intersection
  kDegenerateInput,  ///< a polyhedron without volume (no planes)
  kFailed,           ///< Qhull could not build the dual hull (see the file comment)
};

/// One triangle of the intersection's surface, outward.
struct IntersectionTriangle {
  std::array<int, 3> corners{};  ///< indices into ConvexIntersection::vertices, counter-clockwise from outside
  /// 0: on A's boundary (a plane of A), 1: on B's, 2: on a plane both have (same direction,
  /// offsets within ε — flush faces, not an interface between A and B)
  int body = 0;
  int plane = 0;                ///< index of that plane in its polyhedron's `planes` (A's for body 2)
  int face = 0;                 ///< the intersection's face (polygon) it belongs to; a face's triangles are consecutive
  Vec3 normal = Vec3::UnitY();  ///< the plane's unit outward normal
  double area = 0.0;
};

struct ConvexIntersection {
  ConvexIntersectionStatus status = ConvexIntersectionStatus::kSeparated;
  GjkResult gjk;                       ///< line 1's distance and closest points
  Vec3 interior_point = Vec3::Zero();  ///< x of line 4
  double depth = 0.0;                  ///< least slack of the planes at x (deepest_point's depth)
  bool regularised = false;            ///< some plane was moved out to pass ε from x
  std::vector<Vec3> vertices;          ///< world frame
  std::vector<IntersectionTriangle> triangles;
  double volume = 0.0;

  /// Total area of the triangles labelled `body` (0: A, 1: B, 2: both).
  double area_on(int body) const;
};

ConvexIntersection convex_intersection(const ConvexPolyhedron& a, const ConvexPolyhedron& b,
                                       const ConvexIntersectionRequest& request = {});

/// The contact of an intersection surface, seed 004 lines 1–8 and 12:
///  - the point: the area-weighted centroid of its triangles;
///  - the normal: Σ ± area² · n over its faces (+ on A's boundary, − on B's: both then point from
///    A to B; faces on both boundaries count for neither), normalised. The seed squares each
///    triangle's area; we square each face's (polygon's), because a face's triangulation is
///    arbitrary (a fan from whichever corner Qhull lists first) and the normal should not depend on
///    it — the two agree where the faces are triangles;
///  - the area: half the total (the surface wraps both sides of the contact);
///  - the extent gap: min n · v − max n · v over the vertices (≤ 0).
/// `valid` is false when there are no triangles or the weighted normals cancel
/// (|Σ| ≤ 1e-12 Σ area²).
struct IntersectionSurfaceContact {
  bool valid = false;
  Vec3 point = Vec3::Zero();
  Vec3 normal = Vec3::UnitY();
  double area = 0.0;
  double extent_gap = 0.0;
};

IntersectionSurfaceContact intersection_surface_contact(const ConvexIntersection& intersection);

}  // namespace contactlab
