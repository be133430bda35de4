// Closest points contact method — K. Erleben, "Methodology for Assessing Mesh-Based Contact Point
// Methods", ACM TOG 37(3), 2018, §6 ("Closest points method"); docs/methods.md §2.
//
// Parameters: envelope ε = ClosestPointsParameters::relative_envelope (0.01) × the pair's length, or
// the absolute ClosestPointsParameters::envelope when set (the paper's 0.01 m); candidate margin 4ε; the
// touching tolerance tol = settings.absolute_tolerance() (relative 1e-9 of the length scale).
//
// Erosion (docs/methods.md: "the method works on bodies eroded by ε"). Each body's surface vertices
// are moved inward by ε along their unit vertex normals, as the paper's §8.3 does it
// (eroded_vertex.h), inside the kernel, from the posed vertices — callers hand in the real bodies.
// Exactly touching bodies are thereby separated by about 2ε (a face moves by ε·cos of its angle
// to the vertex normals: box faces by ε/√3, so touching boxes are 1.15ε apart and report gap
// −0.85ε), and the separation between eroded features gives the normals. The gap is the eroded
// distance minus 2ε. Interpenetration deeper than the erosion is outside the model (paper §6:
// penetrations "should be negligible"; (E,F) pairs are only suggested there): distances are
// unsigned, so a vertex sunk below a face reports a positive distance with the normal pointing
// back out of B; closest points that coincide give gap −2ε, the most the method can report.
// Candidate tet pairs are those within 4ε (eroded features lie within ε of the originals).
// Each feature pair's query runs in one tet pair, that of the triangles owning its vertex or edges
// (the others would give the same contact, which the merge dropped; see `evaluate`), except (E,E)
// pairs whose eroded closest points coincide, whose normal depends on the tets.
//
// For one candidate tet pair, over every pair of their eroded surface triangles (Ta, Tb):
//  (V,F) each vertex of Ta against the closed triangle Tb, and each vertex of Tb against Ta
//        (closest_point_point_triangle);
//  (E,E) all nine edge pairs (closest_points_segment_segment) — none skipped — but only when the
//        closest points lie inside both edges farther than the band tol from their ends, and the
//        edges are not parallel (sine ≥ kDegenerateSine): at an end point the pair is a vertex
//        against an edge, which the (V,F) pairs of the faces bounded by that edge already report
//        (same points, same separation), so accepting it would only duplicate contacts; parallel
//        edges have no single closest pair (rounding picks one anywhere along the overlap, which
//        changes with the frame) and the overlap's ends are vertex–edge pairs again.
// A pair whose closest points pa (on A), pb (on B) are within 2ε + tol gives a contact:
// p = (pa + pb) / 2, gap = |pb − pa| − 2ε, n = (pb − pa) / |pb − pa| (A→B) when |pb − pa| > tol.
// When the closest points coincide (|pb − pa| ≤ tol: the eroded bodies touch or intersect) the
// separation has no direction and the normal comes from the features: (V,F) the face's unit
// normal oriented A→B (−n_F for a face of B, +n_F for a face of A); (E,E) the unit cross product
// of the two edge DIRECTIONS, oriented A→B by the two tets' overlap along it (the sign along which
// B separates from A with the smaller move, orient_axis_between_tets), never a vertex difference.
// Each feature pair is reported once per call. Features: kVertex = tet-mesh vertex, kFace =
// boundary triangle, kEdge = surface-topology edge.
//
// Degenerate configurations (never NaN): coinciding closest points with a zero-area face (V,F) give
// no contact for that pair, nor do parallel, collinear or zero-length edges (E,E) — for parallel
// edges the end points against the other side's faces give (V,F) contacts instead;
// ties in the (E,E) orientation go to the tets' centroids, then to e_A × e_B itself (canonically
// ordered edges), antisymmetrically, so swapping A and B only flips the normals (closest-point queries are also
// evaluated in a canonical argument order, giving bit-identical points under the swap).
#include "contactlab/contact/methods/closest_points.h"

#include "contactlab/geometry/closest_point_point_triangle.h"
#include "contactlab/geometry/closest_points_segment_segment.h"
#include "methods/call_tet_cache.h"
#include "methods/element_pair_contact.h"
#include "methods/eroded_vertex.h"
#include "methods/orient_axis_between_tets.h"
#include "methods/tet_surface_triangles.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <utility>

namespace contactlab {
namespace {

using contact_detail::SeenPairs;
using contact_detail::SurfaceEdge;
using contact_detail::SurfaceTriangle;

/// An axis-aligned box of a few points (a triangle, a segment, a point).
struct PointsBox {
  Vec3 lo, hi;
  PointsBox() = default;
  template <class... Points>
  explicit PointsBox(const Vec3& first, const Points&... rest) : lo(first), hi(first) {
    ((lo = lo.cwiseMin(rest), hi = hi.cwiseMax(rest)), ...);
  }
};

/// Whether two boxes are apart by more than `beyond` along some axis. With beyond = reach the
/// method's own rejection of a triangle pair (the triangles' boxes; each triangle's is kept in its
/// ErodedTet); with beyond = reach + box_slack the closest points of the features in the boxes are
/// certainly farther apart than reach, so skipping their query is exact: this prefilter takes away
/// most queries (on the wall 78 % of the (V,F) ones) and changes no contact.
bool boxes_apart(const PointsBox& a, const PointsBox& b, double beyond) {
  return ((b.lo - a.hi).array() > beyond).any() || ((a.lo - b.hi).array() > beyond).any();
}

/// The corners of tet `tet` of `body` with its surface vertices eroded by `envelope`
/// (eroded_vertex.h); the corners of `tris` are replaced by their eroded positions. Triangle
/// normals stay those of the uneroded faces (used only when closest points coincide).
std::array<Vec3, 4> eroded_tet(const MethodBody& body, Index tet, double envelope,
                               contact_detail::TetSurfaceTriangles& tris) {
  std::array<Vec3, 4> x = body.tet(tet);
  const Tet& corners = body.shape->tets.tets[tet];
  for (std::size_t l = 0; l < 4; ++l) {
    if (body.features->on_surface[corners[l]]) x[l] = contact_detail::eroded_vertex(body, corners[l], envelope);
  }
  for (int i = 0; i < tris.count; ++i) {
    SurfaceTriangle& t = tris.triangles[static_cast<std::size_t>(i)];
    for (std::size_t c = 0; c < 3; ++c) t.x[c] = x[static_cast<std::size_t>(t.local[c])];
  }
  return x;
}

/// One tet of a body, eroded (eroded_tet): its surface triangles with eroded corners, its eroded
/// corners, what it owns of its surface features (ShapeFeatures::surface_triangle_ownership), and
/// its triangles' edges as canonical segments, built at the first triangle pair that needs them
/// (most are rejected by their boxes first).
class ErodedTet {
 public:
  ErodedTet() = default;
  ErodedTet(const MethodBody& body, Index tet, double envelope) { assign(body, tet, envelope); }
  /// Becomes the eroded `tet` of `body` (in place: a cache slot is not copied into).
  void assign(const MethodBody& body, Index tet, double envelope) {
    this->envelope = envelope;
    tris = contact_detail::tet_surface_triangles(body, tet);
    x = eroded_tet(body, tet, envelope, tris);
    box = PointsBox(x[0], x[1], x[2], x[3]);
    vertices_owned = 0;
    edges_owned = 0;
    built_ = {};
    for (std::size_t k = 0; k < static_cast<std::size_t>(tris.count); ++k) {
      const SurfaceTriangle& t = tris.triangles[k];
      boxes[k] = PointsBox(t.x[0], t.x[1], t.x[2]);
      for (std::size_t i = 0; i < 3; ++i) {
        const int l0 = t.local[i], l1 = t.local[(i + 1) % 3];
        if (t.ownership >> (3 + i) & 1u) vertices_owned |= 1u << l0;
        if (t.ownership >> i & 1u) edges_owned |= std::uint32_t{1} << (4 * std::min(l0, l1) + std::max(l0, l1));
      }
    }
  }
  double envelope = 0.0;  ///< the ε it is eroded by
  contact_detail::TetSurfaceTriangles tris;
  std::array<Vec3, 4> x;
  PointsBox box;                   ///< of `x`: every feature of the eroded tet lies in it
  std::array<PointsBox, 4> boxes;  ///< of the surface triangles' eroded corners, as `tris`
  unsigned vertices_owned = 0;     ///< bit l: local vertex l is owned by a surface triangle of the tet
  std::uint32_t edges_owned = 0;   ///< bit key: the edge of local key `key` (SurfaceEdge::key) likewise

  /// surface_edge(triangle k, i).
  const SurfaceEdge& edge(int k, int i) {
    const auto slot = static_cast<std::size_t>(k);
    if (!built_[slot]) {
      built_[slot] = true;
      for (int j = 0; j < 3; ++j)
        edges_[slot][static_cast<std::size_t>(j)] = contact_detail::surface_edge(tris.triangles[slot], j);
    }
    return edges_[slot][static_cast<std::size_t>(i)];
  }

 private:
  std::array<bool, 4> built_{};
  std::array<std::array<SurfaceEdge, 3>, 4> edges_;
};

/// The eroded tets of a call's pairs, per (body, tet) (call_tet_cache.h).
using ErodedTetCache = contact_detail::CallTetCache<ErodedTet>;

/// The slack of boxes_apart for features within two tets (their boxes a, b): above the rounding of
/// the closest-point queries — a few ε of the coordinates, and for a sliver triangle's projection
/// up to ~2e-8 of its size (closest_point_point_triangle.cpp) — so that a query the test skips could
/// not have returned a distance within reach. Once per tet pair, from the tets' own extent and
/// coordinates, which bound those of their features.
double box_slack(const PointsBox& a, const PointsBox& b) {
  const double extent = std::max((a.hi - a.lo).maxCoeff(), (b.hi - b.lo).maxCoeff());
  const double magnitude = std::max(
      {a.lo.cwiseAbs().maxCoeff(), a.hi.cwiseAbs().maxCoeff(), b.lo.cwiseAbs().maxCoeff(), b.hi.cwiseAbs().maxCoeff()});
  return 1e-7 * extent + 1e-12 * magnitude;
}

class ClosestPointsMethod final : public ContactMethod {
 public:
  explicit ClosestPointsMethod(const ClosestPointsParameters& own) : parameters_(own) {}
  std::string name() const override { return "closest-points"; }
  std::string summary() const override {
    return "Surface-based: (V,F) and (E,E) closest points within 2 envelopes, normals from the "
           "separation (Erleben 2018 §6)";
  }
  // Eroded features lie within ε of the originals, so eroded pairs within 2ε come from tets
  // within 4ε.
  double candidate_margin(const MethodSettings& settings) const override { return 4.0 * envelope(settings); }
  /// The kernel reads the tets' corners and surface triangles, never their planes.
  bool uses_tet_planes() const override { return false; }
  std::map<std::string, ParameterValue> parameters(const MethodSettings& settings) const override {
    // The absolute band is per body pair (pair_length_scale), so only its relative value is a
    // parameter of the run.
    if (parameters_.envelope) {
      return {{"envelope", *parameters_.envelope}, {"relative_tolerance", settings.tolerance.relative}};
    }
    return {{"relative_envelope", parameters_.relative_envelope}, {"relative_tolerance", settings.tolerance.relative}};
  }

  void generate(const MethodBody& a, Index tet_a, const MethodBody& b, Index tet_b, const MethodSettings& settings,
                std::vector<Contact>& sink) const override {
    const double epsilon = envelope(settings);
    ErodedTet eroded_a(a, tet_a, epsilon), eroded_b(b, tet_b, epsilon);
    evaluate(a, tet_a, eroded_a, b, tet_b, eroded_b, settings, sink);
  }
  /// generate() on each pair, each tet eroded once per run (ErodedTetCache).
  void generate_run(const MethodBody& a, const MethodBody& b, std::span<const ElementPair> pairs,
                    const MethodSettings& settings, std::vector<Contact>& sink) const override {
    const double epsilon = envelope(settings);
    auto [tets_a, tets_b] = ErodedTetCache::of_call(a.call).bodies(a, b);
    const auto erode = [epsilon](ErodedTet& eroded, const MethodBody& body, Index tet) {
      eroded.assign(body, tet, epsilon);
    };
    // A tet eroded for another body pair of the call with another envelope (ε is relative to the
    // pair's length) is eroded again.
    const auto eroded = [&](ErodedTetCache::BodyEntries& tets, const MethodBody& body, Index tet) -> ErodedTet& {
      ErodedTet& e = tets.of(tet, erode);
      if (e.envelope != epsilon) e.assign(body, tet, epsilon);
      return e;
    };
    for (const ElementPair& p : pairs) {
      ErodedTet& eroded_a = eroded(tets_a, a, p.a);
      ErodedTet& eroded_b = eroded(tets_b, b, p.b);
      evaluate(a, p.a, eroded_a, b, p.b, eroded_b, settings, sink);
    }
  }

 private:
  void evaluate(const MethodBody& a, Index tet_a, ErodedTet& features_a, const MethodBody& b, Index tet_b,
                ErodedTet& features_b, const MethodSettings& settings, std::vector<Contact>& sink) const {
    const double tol = settings.absolute_tolerance();
    const double epsilon = envelope(settings);
    const double two_eps = 2.0 * std::max(epsilon, 0.0);
    const double reach = two_eps + tol;
    const contact_detail::TetSurfaceTriangles& tris_a = features_a.tris;
    const contact_detail::TetSurfaceTriangles& tris_b = features_b.tris;
    const std::array<Vec3, 4>& xa = features_a.x;
    const std::array<Vec3, 4>& xb = features_b.x;
    const double slack = box_slack(features_a.box, features_b.box);
    // Every feature of an eroded tet lies in its box: none within reach of the other's.
    if (boxes_apart(features_a.box, features_b.box, reach + slack)) return;
    const Vec3 centroid_hint = contact_detail::tet_centroid(xb) - contact_detail::tet_centroid(xa);
    SeenPairs seen;
    // Each (V,F) and each (E,E) pair is evaluated from the tets of the surface triangles that own
    // its vertex and edges (ShapeFeatures::surface_triangle_ownership) instead of from every candidate
    // tet holding them: a vertex lies in several tets and an edge in two surface triangles, and the
    // merge kept one of the equal contacts they all gave (the (V,F) contact and an (E,E) contact
    // whose eroded closest points are apart depend on the features only). The owners' tets are a
    // candidate pair whenever the contact exists: a tet's box holds its corners, eroded features
    // lie within ε of the originals, so features within reach = 2ε + tol after erosion are within
    // 4ε + tol before — the candidate margin. An (E,E) pair whose eroded closest points coincide
    // (|pb − pa| ≤ tol) takes its normal from the two tets (orient_axis_between_tets), so there
    // every candidate tet pair still reports its own: edges not both owned here are looked at only
    // when their boxes come within tol.
    // pa on A, pb on B; `touching_normal` is used when the closest points coincide.
    auto emit = [&](const Vec3& pa, const Vec3& pb, double dist, const std::optional<Vec3>& touching_normal,
                    FeatureRef fa, FeatureRef fb) {
      Vec3 n;
      if (dist > tol) {
        n = (pb - pa) / dist;
      } else if (touching_normal) {
        n = *touching_normal;
      } else {
        return;  // no direction: documented degenerate case
      }
      sink.push_back(
          contact_detail::element_pair_contact(a, tet_a, b, tet_b, 0.5 * (pa + pb), n, dist - two_eps, fa, fb));
    };

    for (int ia = 0; ia < tris_a.count; ++ia) {
      const SurfaceTriangle& ta = tris_a.triangles[static_cast<std::size_t>(ia)];
      for (int ib = 0; ib < tris_b.count; ++ib) {
        const SurfaceTriangle& tb = tris_b.triangles[static_cast<std::size_t>(ib)];
        const PointsBox& box_a = features_a.boxes[static_cast<std::size_t>(ia)];
        const PointsBox& box_b = features_b.boxes[static_cast<std::size_t>(ib)];
        if (boxes_apart(box_a, box_b, reach)) continue;

        // (V,F): vertices of Ta against triangle Tb, then vertices of Tb against triangle Ta.
        for (std::size_t c = 0; c < 3; ++c) {
          if (features_a.vertices_owned >> ta.local[c] & 1u) {
            const FeatureRef fa{FeatureType::kVertex, ta.vertex[c]};
            const FeatureRef fb{FeatureType::kFace, tb.triangle};
            const auto key = static_cast<std::size_t>(4 * ta.local[c] + tb.face);
            if (!SeenPairs::test_and_set(seen.vertex_face, key) &&
                !boxes_apart(PointsBox(ta.x[c]), box_b, reach + slack)) {
              const auto r = closest_point_point_triangle(ta.x[c], tb.x[0], tb.x[1], tb.x[2]);
              const double dist = std::sqrt(r.squared_distance);
              if (dist <= reach) {
                emit(ta.x[c], r.closest_point, dist, tb.degenerate ? std::nullopt : std::optional<Vec3>(-tb.normal), fa,
                     fb);
              }
            }
          }
          if (features_b.vertices_owned >> tb.local[c] & 1u) {
            const FeatureRef fa{FeatureType::kFace, ta.triangle};
            const FeatureRef fb{FeatureType::kVertex, tb.vertex[c]};
            const auto key = static_cast<std::size_t>(4 * ta.face + tb.local[c]);
            if (!SeenPairs::test_and_set(seen.face_vertex, key) &&
                !boxes_apart(box_a, PointsBox(tb.x[c]), reach + slack)) {
              const auto r = closest_point_point_triangle(tb.x[c], ta.x[0], ta.x[1], ta.x[2]);
              const double dist = std::sqrt(r.squared_distance);
              if (dist <= reach) {
                emit(r.closest_point, tb.x[c], dist, ta.degenerate ? std::nullopt : std::optional<Vec3>(ta.normal), fa,
                     fb);
              }
            }
          }
        }

        // (E,E): all nine edge pairs.
        for (int i = 0; i < 3; ++i) {
          const SurfaceEdge& ea = features_a.edge(ia, i);
          for (int j = 0; j < 3; ++j) {
            const SurfaceEdge& eb = features_b.edge(ib, j);
            if (SeenPairs::test_and_set(seen.edge_edge, static_cast<std::size_t>(16 * ea.key + eb.key))) continue;
            const bool owned = (features_a.edges_owned >> ea.key & 1u) && (features_b.edges_owned >> eb.key & 1u);
            if (boxes_apart(PointsBox(ea.x0, ea.x1), PointsBox(eb.x0, eb.x1), (owned ? reach : tol) + slack)) continue;
            // Canonical argument order (bit-identical results when A and B are swapped).
            Vec3 pa, pb;
            double sq, s_param, t_param;  // parameters on ea and eb
            if (contact_detail::segment_less(eb.x0, eb.x1, ea.x0, ea.x1)) {
              const auto r = closest_points_segment_segment(eb.x0, eb.x1, ea.x0, ea.x1);
              pa = r.point_q;
              pb = r.point_p;
              sq = r.squared_distance;
              s_param = r.t;
              t_param = r.s;
            } else {
              const auto r = closest_points_segment_segment(ea.x0, ea.x1, eb.x0, eb.x1);
              pa = r.point_p;
              pb = r.point_q;
              sq = r.squared_distance;
              s_param = r.s;
              t_param = r.t;
            }
            const double dist = std::sqrt(sq);
            if (dist > (owned ? reach : tol)) continue;
            // Only closest points inside both edges, farther than the band from their ends, make an
            // (E,E) contact: at an end point the pair is a vertex against an edge, already reported
            // by the (V,F) pairs of the faces that edge bounds (closed triangles), with the same
            // points and separation. Parallel edges (sine below kDegenerateSine) have no single
            // closest pair — rounding picks one anywhere along their overlap — and the ends of the
            // overlap are vertex–edge pairs: (V,F) reports them too. Both decided in every frame
            // alike (docs/methods.md "Frame independence").
            const Vec3 da = ea.x1 - ea.x0;
            const Vec3 db = eb.x1 - eb.x0;
            const double length_a = da.norm(), length_b = db.norm();
            if (!(s_param * length_a > tol && (1.0 - s_param) * length_a > tol && t_param * length_b > tol &&
                  (1.0 - t_param) * length_b > tol)) {
              continue;
            }
            const Vec3 cross = da.cross(db);
            const double cross_norm = cross.norm();
            if (!(cross_norm > contact_detail::kDegenerateSine * length_a * length_b)) continue;
            std::optional<Vec3> touching_normal;
            if (dist <= tol) {
              touching_normal =
                  contact_detail::orient_axis_between_tets(cross / cross_norm, xa, xb, centroid_hint, Vec3::Zero(), tol)
                      .normal;
            }
            emit(pa, pb, dist, touching_normal, contact_detail::edge_feature(a, ea.v0, ea.v1),
                 contact_detail::edge_feature(b, eb.v0, eb.v1));
          }
        }
      }
    }
  }

  /// ε of a pair: the absolute envelope when set, else relative × the pair's length.
  double envelope(const MethodSettings& settings) const {
    return parameters_.envelope ? *parameters_.envelope : parameters_.relative_envelope * settings.length_scale;
  }

  ClosestPointsParameters parameters_;
};

}  // namespace

const ContactMethod& closest_points_method() {
  static const ClosestPointsMethod method{ClosestPointsParameters{}};
  return method;
}

std::unique_ptr<ContactMethod> make_closest_points_method(const ClosestPointsParameters& parameters) {
  return std::make_unique<ClosestPointsMethod>(parameters);
}

}  // namespace contactlab
