// Solfec-1.0's contact of two convex elements (seed 004, "Contact points" — T. Koziara's Solfec,
// cvi.c and goc.c; docs/methods.md "solfec"), on a candidate tet pair (A = tet_a, B = tet_b):
//  1. the tets' convex intersection (geometry/convex_intersection.h: GJK, the deepest point, the
//     dual hull by Qhull, polarised, triangulated, faces labelled A or B), with Solfec's geometric
//     epsilon ε = relative_epsilon × the pair's length (or the absolute value given);
//  2. seed lines 1–8: the point p = the area-weighted centroid of the intersection's surface
//     triangles; the normal n = Σ ± area² · (triangle normal), + for triangles on A's boundary,
//     − for B's, normalised (both kinds then point from A to B); the area = half the surface's;
//  3. line 9: p farther than 2ε from A or from B → no contact (the regularisation moves planes
//     by at most 1.5ε; the seed's "outside due to roundoff");
//  4. lines 10–11: the features — the surface face of each tet nearest to p (least |distance| to
//     its plane; the tets of a candidate pair have at least one surface face each);
//  5. lines 12–15, the gap: the tets within ε but not overlapping (the intersection's depth —
//     the radius of the largest ball inside it — within the touching band) → gap = the GJK
//     distance d ≥ 0; overlapping → g = min n·v − max n·v over the intersection's vertices (line 12),
//     then A and B are moved apart by |g| each along ∓n and gap = min(GJK distance − 2|g|, 0)
//     (lines 14–15: the depth along n, which the extent g overestimates whenever the
//     intersection is not a slab across n). The seed refines only when |g| "seems too large";
//     we refine every overlapping pair — the rule is then one the user can state, and one GJK
//     call costs little beside the Qhull call before it. The seed writes A' = A + n|g|,
//     B' = B − n|g| in Solfec's orientation; ours moves them apart, which is what line 15 needs.
//
// Exactly touching tets (zero volume, the suite's resting blocks): the intersection is the ε-slab
// around the touching region (the regularisation, convex_intersection.h), so a face touching a face gives one
// contact at the centroid of the touching polygon with that face's normal, its area, and gap = 0
// (to rounding) — what Solfec gives. Tets touching only along an edge or at a vertex give a tiny
// slab (area of order ε × length): a contact whose normal is the area²-weighted mix of the slab's
// faces. Those are Solfec's "ill-conditioned" contacts that its sparsification removes
// (contact/sparsify_contacts.h).
//
// Frame independence: every decision is against ε, relative to the pair (GJK distance ≤ ε, slack
// < ε, line 9's test), and GJK, the deepest point and the dual hull are equivariant under rigid
// motion and uniform scale up to rounding — rounding of the pair's size: the kernel works in
// coordinates from corner 0 of tet A, so a scene moved 10³ of its sizes away gives the same
// contacts (in world coordinates the ε-slivers' normals moved by up to 6e-5 there, one turned
// entirely, and their copies stopped merging; docs/solfec.md). Symmetry: the pair is evaluated in canonical order
// (canonical_pair.h) and flipped back, so generate(B, A) is generate(A, B) with the normal negated.
// Degenerate input: a tet thinner than ε (zero volume, or a sliver whose smallest height is
// within ε — refined meshes have slivers at interfaces whose face normals are rounding,
// different in every frame) gives no contact, as the other methods skip tets thinner than their
// band (TetPlanes::thin); Qhull failing (see convex_intersection.h) gives none; nothing is ever NaN.
// Cost: a Qhull run per touching tet pair (tens of µs) — far above the SAT methods; pairs whose
// boxes overlap but which are farther apart than ε stop at GJK.
#include "contactlab/contact/methods/solfec.h"

#include "contactlab/core/error.h"
#include "contactlab/geometry/convex_intersection.h"
#include "methods/canonical_pair.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace contactlab {
namespace {

class SolfecMethod final : public ContactMethod {
 public:
  explicit SolfecMethod(const SolfecParameters& parameters) : parameters_(parameters) {
    const bool relative_ok = parameters.relative_epsilon > 0.0 && std::isfinite(parameters.relative_epsilon);
    const bool absolute_ok = !parameters.epsilon || (*parameters.epsilon > 0.0 && std::isfinite(*parameters.epsilon));
    if (!relative_ok || !absolute_ok) {
      throw InputError("solfec parameters", 0, "epsilon and relative_epsilon must be finite and > 0");
    }
  }

  std::string name() const override { return "solfec"; }
  std::string summary() const override {
    return "Solfec-1.0's volumetric contact: the tets' convex intersection (dual hull by Qhull), its surface's "
           "centroid, area²-weighted normal, area, GJK-refined gap (seed 004)";
  }
  double candidate_margin(const MethodSettings& settings) const override { return epsilon(settings); }
  std::map<std::string, ParameterValue> parameters(const MethodSettings& settings) const override {
    std::map<std::string, ParameterValue> out{{"relative_tolerance", settings.tolerance.relative}};
    if (parameters_.epsilon) {
      out["epsilon"] = *parameters_.epsilon;
    } else {
      out["relative_epsilon"] = parameters_.relative_epsilon;
    }
    return out;
  }
  /// The normals of tets touching at an edge or a corner (ε-slivers) carry rounding up to ~1e-6
  /// (measured: 8.5e-7 on the suite's scenes under exact motions); symmetric meshes give such a
  /// sliver twice, from two tet pairs, and the merge must join the copies in every frame.
  double merge_normal_tolerance() const override { return 1e-5; }
  bool reports_areas() const override { return true; }

  void generate(const MethodBody& a, Index tet_a, const MethodBody& b, Index tet_b, const MethodSettings& settings,
                std::vector<Contact>& sink) const override {
    contact_detail::run_canonical(a, tet_a, b, tet_b, sink,
                                  [&](const MethodBody& p, Index tp, const MethodBody& q, Index tq,
                                      std::vector<Contact>& out) { generate_ordered(p, tp, q, tq, settings, out); });
  }

 private:
  /// ε for this pair: the absolute value given, or relative to the pair; never below the band.
  double epsilon(const MethodSettings& settings) const {
    const double eps =
        parameters_.epsilon ? *parameters_.epsilon : parameters_.relative_epsilon * settings.length_scale;
    return std::max(eps, settings.absolute_tolerance());
  }

  /// The surface face of `tet` nearest to p (least |distance| to its plane), or kInvalidIndex.
  static Index nearest_surface_face(const MethodBody& body, Index tet, const ConvexPolyhedron& polyhedron,
                                    const Vec3& p) {
    Index best = kInvalidIndex;
    double best_distance = std::numeric_limits<double>::infinity();
    for (int f = 0; f < 4; ++f) {
      const Index triangle = body.surface_triangle(tet, f);
      if (triangle == kInvalidIndex) continue;
      const double d = std::abs(polyhedron.planes[static_cast<std::size_t>(f)].distance(p));
      if (d < best_distance) {
        best_distance = d;
        best = triangle;
      }
    }
    return best;
  }

  void generate_ordered(const MethodBody& a, Index tet_a, const MethodBody& b, Index tet_b,
                        const MethodSettings& settings, std::vector<Contact>& sink) const {
    // A tet thinner than ε (zero volume, or a smallest height within ε) has no interior at
    // Solfec's precision: its face normals are rounding where it is thinner than the touching
    // band (refined meshes have such slivers at interfaces, different in every frame), and the
    // regularisation's ε-shift of its nearly parallel faces would move its corners far away
    // where it is thinner than ε. No contact (TetPlanes::thin, as the other methods treat tets
    // thinner than their band).
    TetPlanes scratch_a, scratch_b;
    const TetPlanes& planes_a = a.planes(tet_a, scratch_a);
    const TetPlanes& planes_b = b.planes(tet_b, scratch_b);
    const double tol = settings.absolute_tolerance();
    const double eps = epsilon(settings);
    if (!(eps > 0.0) || !std::isfinite(eps)) return;  // a pair of point-like shapes (length 0)
    if (planes_a.thin(eps) || planes_b.thin(eps)) return;
    // In coordinates from a corner of A: the intersection's vertices, Qhull's dual points and the
    // offsets then carry the rounding of the pair's own size, not of its distance from the origin.
    const std::array<Vec3, 4>& world_a = a.tet(tet_a);
    const std::array<Vec3, 4>& world_b = b.tet(tet_b);
    const Vec3 origin = world_a[0];
    std::array<Vec3, 4> local_a, local_b;
    for (std::size_t k = 0; k < 4; ++k) local_a[k] = world_a[k] - origin, local_b[k] = world_b[k] - origin;
    const ConvexPolyhedron pa = tet_polyhedron(local_a, planes_a);
    const ConvexPolyhedron pb = tet_polyhedron(local_b, planes_b);
    if (!pa.has_volume() || !pb.has_volume()) return;
    const ConvexIntersection intersection = convex_intersection(pa, pb, {.epsilon = eps});
    if (intersection.status != ConvexIntersectionStatus::kIntersecting) return;
    const IntersectionSurfaceContact surface = intersection_surface_contact(intersection);  // lines 1–8
    if (!surface.valid) return;
    // Line 9: the point must lie in both tets — within 2ε of each (GJK distance from the point):
    // the regularisation moves planes out by at most 1.5ε (ε less the depth, ≥ −ε/2 for tets
    // within ε of each other). Distances, not plane tests: a tet with a small dihedral angle
    // reaches far beyond its corners within 2ε of its face planes.
    const std::array<Vec3, 1> point{surface.point};
    for (const ConvexPolyhedron* p : {&pa, &pb}) {
      if (!(gjk_distance(point, p->vertices).distance <= 2.0 * eps)) return;
    }
    // Lines 12–15: the gap. Touching (the intersection's depth within the touching band: no
    // overlap that the band can tell from rounding) → GJK's distance, ≥ 0; overlapping → refined.
    // Decided by the band, not by GJK's distance being exactly 0, which rounding decides for
    // exactly touching tets.
    double gap = intersection.gjk.distance;
    if (intersection.depth > tol) {
      const double depth = std::abs(surface.extent_gap);
      std::vector<Vec3> moved_a = pa.vertices, moved_b = pb.vertices;
      for (Vec3& v : moved_a) v -= depth * surface.normal;
      for (Vec3& v : moved_b) v += depth * surface.normal;
      gap = std::min(gjk_distance(moved_a, moved_b).distance - 2.0 * depth, 0.0);
    }
    if (!std::isfinite(gap)) return;
    Contact c;
    c.body_a = a.index;
    c.body_b = b.index;
    c.position = surface.point + origin;
    c.normal = surface.normal;
    c.gap = gap;
    // Lines 10–11: the nearest surface faces.
    c.feature_a = {FeatureType::kFace, nearest_surface_face(a, tet_a, pa, surface.point)};
    c.feature_b = {FeatureType::kFace, nearest_surface_face(b, tet_b, pb, surface.point)};
    c.element_a = tet_a;
    c.element_b = tet_b;
    c.area = surface.area;
    c.has_area = true;
    sink.push_back(c);
  }

  SolfecParameters parameters_;
};

}  // namespace

const ContactMethod& solfec_method() {
  static const SolfecMethod method{SolfecParameters{}};
  return method;
}

std::unique_ptr<ContactMethod> make_solfec_method(const SolfecParameters& parameters) {
  return std::make_unique<SolfecMethod>(parameters);
}

}  // namespace contactlab
