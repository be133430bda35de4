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
// Candidate tet pairs are those whose eroded boundary faces' boxes come within reach = 2ε + tol
// (candidate_vertices: the driver searches the eroded positions); the body pairs, by their real
// boxes, are those within 4ε (eroded features lie within ε of the originals).
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
// The implementation skips a query only where its answer is certain beforehand (boxes or lines
// farther apart than reach plus a slack above the rounding, closest points certainly within the
// band of an end, edge_pair_band.h): the contacts are those of the definition over every feature
// pair, which ClosestPoints.ContactsAreThoseOfEveryFeaturePairByDefinition checks.
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
#include "methods/edge_pair_band.h"
#include "methods/element_pair_contact.h"
#include "methods/eroded_vertex.h"
#include "methods/orient_axis_between_tets.h"
#include "methods/tet_surface_triangles.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <optional>
#include <utility>

namespace contactlab {
namespace {

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
/// most queries (on the wall 78 % of the (V,F) ones) and changes no contact. Always inlined: GCC
/// kept it a call, about 25 000 of them a query on the overlapping grid pair, and inlined the
/// cached query there takes 11.8 M instructions instead of 12.4 M (callgrind, 2026-12-02).
[[gnu::always_inline]] inline bool boxes_apart(const PointsBox& a, const PointsBox& b, double beyond) {
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

/// One surface vertex of an eroded tet that the tet owns (ShapeFeatures::surface_triangle_ownership).
struct OwnedVertex {
  Index vertex;         ///< tet-mesh vertex index
  int local;            ///< its corner in the tet (0..3): its eroded position is ErodedTet::x[local]
  std::uint8_t in = 0;  ///< bit k: the tet's surface triangle k (slot in `tris`) has it as a corner
};

/// One surface edge of an eroded tet, as a canonical segment (surface_edge: the same bits from
/// either triangle that holds it).
struct TetEdge {
  SurfaceEdge segment;
  std::array<int, 2> local;  ///< the corners in the tet of segment.x0 and segment.x1
  PointsBox box;             ///< of the segment's end points
  bool owned = false;        ///< owned by a surface triangle of the tet
  std::uint8_t in = 0;       ///< bit k: the tet's surface triangle k holds it
};

/// One tet of a body, eroded (eroded_tet): its surface triangles with eroded corners and their
/// boxes, its eroded corners, and its surface features listed once each — the vertices it owns
/// (ShapeFeatures::surface_triangle_ownership) and every edge of its surface triangles, with which
/// triangles hold them. A vertex or an edge lies in up to three (two) of the tet's surface
/// triangles; listing them once per tet instead of per triangle pair spares the per-pair record of
/// which feature pairs were seen, and builds each edge's segment and box once per call.
class ErodedTet {
 public:
  ErodedTet() = default;
  ErodedTet(const MethodBody& body, Index tet, double envelope) { assign(body, tet, envelope); }
  /// Becomes the eroded `tet` of `body` (in place: a cache slot is not copied into).
  void assign(const MethodBody& body, Index tet, double envelope) {
    this->envelope = envelope;
    tris = contact_detail::tet_surface_triangles(body, tet);
    x = eroded_tet(body, tet, envelope, tris);
    set_boxes();
    vertex_count = 0;
    edge_count = 0;
    edges_in_triangle.fill(0);
    owned_edges = 0;
    std::array<int, 4> vertex_slot{-1, -1, -1, -1};  // by local corner: its entry in `vertices`
    std::array<int, 16> edge_slot;                   // by local edge key: its entry in `edges`
    edge_slot.fill(-1);
    for (std::size_t k = 0; k < static_cast<std::size_t>(tris.count); ++k) {
      const SurfaceTriangle& t = tris.triangles[k];
      const auto bit = static_cast<std::uint8_t>(1u << k);
      for (std::size_t i = 0; i < 3; ++i) {
        const auto l = static_cast<std::size_t>(t.local[i]);
        if (vertex_slot[l] < 0 && (t.ownership >> (3 + i) & 1u)) {
          vertex_slot[l] = vertex_count;
          vertices[static_cast<std::size_t>(vertex_count++)] = OwnedVertex{t.vertex[i], t.local[i], 0};
        }
        const SurfaceEdge segment = contact_detail::surface_edge(t, static_cast<int>(i));
        int& e = edge_slot[static_cast<std::size_t>(segment.key)];
        if (e < 0) {
          e = edge_count;
          const int other = t.local[(i + 1) % 3];  // the edge's other corner
          const bool ordered = segment.v0 == t.vertex[i];
          edges[static_cast<std::size_t>(edge_count++)] =
              TetEdge{segment,
                      {ordered ? t.local[i] : other, ordered ? other : t.local[i]},
                      PointsBox(segment.x0, segment.x1),
                      false,
                      0};
        }
        TetEdge& edge = edges[static_cast<std::size_t>(e)];
        edge.in |= bit;
        edges_in_triangle[k] |= static_cast<std::uint8_t>(1u << e);
        if (t.ownership >> i & 1u) edge.owned = true, owned_edges |= static_cast<std::uint8_t>(1u << e);
      }
    }
    // Which triangles hold each owned vertex (a triangle listed before the owner may hold it too).
    for (std::size_t k = 0; k < static_cast<std::size_t>(tris.count); ++k) {
      for (const int l : tris.triangles[k].local) {
        const int v = vertex_slot[static_cast<std::size_t>(l)];
        if (v >= 0) vertices[static_cast<std::size_t>(v)].in |= static_cast<std::uint8_t>(1u << k);
      }
    }
  }
  /// assign(body, tet, envelope) for the `tet` of `body` it holds, eroded by another envelope: the
  /// positions, boxes and extents computed again (the same values as assign's), the rest kept — a
  /// tet of a body between two of other sizes is eroded once for each pair (an arch stone: a
  /// quarter of the method's erosions on the arch).
  void erode_again(const MethodBody& body, Index tet, double envelope) {
    this->envelope = envelope;
    x = eroded_tet(body, tet, envelope, tris);
    set_boxes();
    for (std::size_t e = 0; e < static_cast<std::size_t>(edge_count); ++e) {
      TetEdge& edge = edges[e];
      edge.segment.x0 = x[static_cast<std::size_t>(edge.local[0])];
      edge.segment.x1 = x[static_cast<std::size_t>(edge.local[1])];
      edge.box = PointsBox(edge.segment.x0, edge.segment.x1);
    }
  }
  double envelope = 0.0;  ///< the ε it is eroded by
  contact_detail::TetSurfaceTriangles tris;
  std::array<Vec3, 4> x;
  PointsBox box;                        ///< of `x`: every feature of the eroded tet lies in it
  double extent = 0.0;                  ///< the box's longest side
  double magnitude = 0.0;               ///< the largest absolute coordinate in the box
  std::array<PointsBox, 4> boxes;       ///< of the surface triangles' eroded corners, as `tris`
  std::array<OwnedVertex, 4> vertices;  ///< the first `vertex_count`
  std::array<TetEdge, 6> edges;         ///< the first `edge_count`
  int vertex_count = 0, edge_count = 0;
  std::array<std::uint8_t, 4> edges_in_triangle{};  ///< per surface triangle k: bit e for each edge it holds
  std::uint8_t owned_edges = 0;                     ///< bit e for each owned edge

 private:
  /// `box`, `extent`, `magnitude` and the triangles' `boxes`, from `x` and `tris`.
  void set_boxes() {
    box = PointsBox(x[0], x[1], x[2], x[3]);
    extent = (box.hi - box.lo).maxCoeff();
    magnitude = std::max(box.lo.cwiseAbs().maxCoeff(), box.hi.cwiseAbs().maxCoeff());
    for (std::size_t k = 0; k < static_cast<std::size_t>(tris.count); ++k) {
      const SurfaceTriangle& t = tris.triangles[k];
      boxes[k] = PointsBox(t.x[0], t.x[1], t.x[2]);
    }
  }
};

/// The eroded tets of a call's pairs, per (body, tet) (call_tet_cache.h).
using ErodedTetCache = contact_detail::CallTetCache<ErodedTet>;

/// The slack of boxes_apart for features within two tets: above the rounding of the closest-point
/// queries — a few ε of the coordinates, and for a sliver triangle's projection up to ~2e-8 of its
/// size (closest_point_point_triangle.cpp) — so that a query the test skips could not have
/// returned a distance within reach. Once per tet pair, from the tets' own extent and coordinates
/// (ErodedTet::extent, ErodedTet::magnitude: kept per tet, the same maxima), which bound those of
/// their features.
double box_slack(const ErodedTet& a, const ErodedTet& b) {
  return 1e-7 * std::max(a.extent, b.extent) + 1e-12 * std::max(a.magnitude, b.magnitude);
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
  /// A tet pair gives contacts only from a pair of its surface triangles whose eroded boxes come
  /// within reach = 2ε + tol (`near` in evaluate); eroded corners lie within ε of the real ones, so
  /// the real triangles' boxes are then within 4ε + tol, the pair's margin.
  bool surface_candidates() const override { return true; }
  /// The candidate pairs by the eroded faces' boxes within reach (plus a slack above the
  /// rounding of the boxes and their inflation): a tet pair gives contacts only from a pair of
  /// eroded surface triangles whose boxes come within reach (`near` in evaluate), and each lies in
  /// its tet's eroded faces' box. Fewer pairs than the real faces within 4ε + tol: on the
  /// overlapping grid pair 13123 → 5701, the contacts bit for bit the same.
  std::optional<CandidateVertices> candidate_vertices(const MethodBody& body, const MethodSettings& settings,
                                                      std::vector<Vec3>& positions) const override {
    const double epsilon = envelope(settings);
    const double reach = 2.0 * std::max(epsilon, 0.0) + settings.absolute_tolerance();
    const std::size_t count = body.world_vertices.size();
    positions.resize(count);
    double moved = 0.0, magnitude = 0.0;
    for (std::size_t v = 0; v < count; ++v) {
      const Vec3& x = body.world_vertices[v];
      // The same function and arguments as eroded_tet's: the kernel's positions, bit for bit.
      positions[v] =
          body.features->on_surface[v] ? contact_detail::eroded_vertex(body, static_cast<Index>(v), epsilon) : x;
      moved = std::max(moved, (positions[v] - x).cwiseAbs().maxCoeff());
      magnitude = std::max({magnitude, x.cwiseAbs().maxCoeff(), positions[v].cwiseAbs().maxCoeff()});
    }
    // Slack: far above the rounding of a box's inflation and of the comparisons (an ulp of the
    // coordinates, ~1e-16 of them), and of the kernel's own box test.
    const double rounding = 1e-12 * magnitude;
    return CandidateVertices{moved * (1.0 + 1e-9) + rounding, reach * (1.0 + 1e-9) + rounding};
  }
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
      if (e.envelope != epsilon) e.erode_again(body, tet, epsilon);
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
    const double slack = box_slack(features_a, features_b);
    // Every feature of an eroded tet lies in its box: none within reach of the other's.
    if (boxes_apart(features_a.box, features_b.box, reach + slack)) return;
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

    // The triangle pairs (Ta, Tb) whose boxes come within reach — the method's own rejection of a
    // triangle pair: near[ia] bit ib. A feature pair is looked at when some pair of triangles
    // holding its two features is near, each feature pair once (features are listed once per tet).
    std::array<unsigned, 4> near{}, near_b{};  // near_b[ib] bit ia: the same, by B's triangle
    unsigned any_near = 0;
    for (int ia = 0; ia < tris_a.count; ++ia) {
      for (int ib = 0; ib < tris_b.count; ++ib) {
        if (!boxes_apart(features_a.boxes[static_cast<std::size_t>(ia)], features_b.boxes[static_cast<std::size_t>(ib)],
                         reach)) {
          near[static_cast<std::size_t>(ia)] |= 1u << ib;
          near_b[static_cast<std::size_t>(ib)] |= 1u << ia;
        }
      }
      any_near |= near[static_cast<std::size_t>(ia)];
    }
    if (any_near == 0) return;
    // The triangles of B near any of the triangles of A in `in_a` (bits of A's triangles).
    const auto near_any = [&near](unsigned in_a) {
      unsigned bits = 0;
      for (std::size_t k = 0; k < 4; ++k) {
        if (in_a >> k & 1u) bits |= near[k];
      }
      return bits;
    };

    // (V,F): the vertices A owns against the triangles of B, then those B owns against A's.
    for (int v = 0; v < features_a.vertex_count; ++v) {
      const OwnedVertex& vertex = features_a.vertices[static_cast<std::size_t>(v)];
      const Vec3& p = features_a.x[static_cast<std::size_t>(vertex.local)];
      const unsigned faces = near_any(vertex.in);
      for (int ib = 0; ib < tris_b.count; ++ib) {
        if (!(faces >> ib & 1u)) continue;
        const SurfaceTriangle& tb = tris_b.triangles[static_cast<std::size_t>(ib)];
        if (boxes_apart(PointsBox(p), features_b.boxes[static_cast<std::size_t>(ib)], reach + slack)) continue;
        const auto r = closest_point_point_triangle(p, tb.x[0], tb.x[1], tb.x[2]);
        const double dist = std::sqrt(r.squared_distance);
        if (dist <= reach) {
          emit(p, r.closest_point, dist, tb.degenerate ? std::nullopt : std::optional<Vec3>(-tb.normal),
               FeatureRef{FeatureType::kVertex, vertex.vertex}, FeatureRef{FeatureType::kFace, tb.triangle});
        }
      }
    }
    for (int v = 0; v < features_b.vertex_count; ++v) {
      const OwnedVertex& vertex = features_b.vertices[static_cast<std::size_t>(v)];
      const Vec3& p = features_b.x[static_cast<std::size_t>(vertex.local)];
      unsigned faces = 0;
      for (int ib = 0; ib < tris_b.count; ++ib) {
        if (vertex.in >> ib & 1u) faces |= near_b[static_cast<std::size_t>(ib)];
      }
      for (int ia = 0; ia < tris_a.count; ++ia) {
        if (!(faces >> ia & 1u)) continue;
        const SurfaceTriangle& ta = tris_a.triangles[static_cast<std::size_t>(ia)];
        if (boxes_apart(features_a.boxes[static_cast<std::size_t>(ia)], PointsBox(p), reach + slack)) continue;
        const auto r = closest_point_point_triangle(p, ta.x[0], ta.x[1], ta.x[2]);
        const double dist = std::sqrt(r.squared_distance);
        if (dist <= reach) {
          emit(r.closest_point, p, dist, ta.degenerate ? std::nullopt : std::optional<Vec3>(ta.normal),
               FeatureRef{FeatureType::kFace, ta.triangle}, FeatureRef{FeatureType::kVertex, vertex.vertex});
        }
      }
    }

    // (E,E): every edge of A's surface triangles against every edge of B's.
    std::optional<Vec3> centroid_hint;  // B's centroid minus A's, at the first touching pair
    // A pair of edges not both owned here counts only within tol + slack (see above): where the
    // eroded tets' boxes are farther apart — eroded bodies at rest, about 2ε apart — only owned
    // edges are looked at.
    const bool only_owned = boxes_apart(features_a.box, features_b.box, tol + slack);
    for (int i = 0; i < features_a.edge_count; ++i) {
      const TetEdge& edge_a = features_a.edges[static_cast<std::size_t>(i)];
      if (only_owned && !edge_a.owned) continue;
      const SurfaceEdge& ea = edge_a.segment;
      const unsigned near_edge_a = near_any(edge_a.in);
      if (near_edge_a == 0) continue;
      // B's edges in a triangle near one holding edge_a (owned ones only where only_owned), as bits,
      // visited in order: testing each of B's edges for that, a branch hard to predict, made the
      // pillar's and the arch's queries 5–10 % longer.
      unsigned edges_b = 0;
      for (unsigned near_b_tris = near_edge_a; near_b_tris != 0; near_b_tris &= near_b_tris - 1) {
        edges_b |= features_b.edges_in_triangle[static_cast<std::size_t>(std::countr_zero(near_b_tris))];
      }
      if (only_owned) edges_b &= features_b.owned_edges;
      for (; edges_b != 0; edges_b &= edges_b - 1) {
        const TetEdge& edge_b = features_b.edges[static_cast<std::size_t>(std::countr_zero(edges_b))];
        const SurfaceEdge& eb = edge_b.segment;
        const bool owned = edge_a.owned && edge_b.owned;
        if (boxes_apart(edge_a.box, edge_b.box, (owned ? reach : tol) + slack)) continue;
        // Parallel edges (sine below kDegenerateSine) have no single closest pair — rounding picks
        // one anywhere along their overlap — and the ends of the overlap are vertex–edge pairs,
        // which (V,F) reports: no (E,E) contact, decided before the query (it reads the edges only).
        const Vec3 da = ea.x1 - ea.x0;
        const Vec3 db = eb.x1 - eb.x0;
        const double length_a = da.norm(), length_b = db.norm();
        const Vec3 cross = da.cross(db);
        const double cross_norm = cross.norm();
        if (!(cross_norm > contact_detail::kDegenerateSine * length_a * length_b)) continue;
        // The edges' lines are |(a0 − b0)·(da × db)| / |da × db| apart, no farther than the edges:
        // lines apart by more than the pair's reach + slack hold edges whose query could not have
        // returned a distance within reach (the slack bounds the rounding of both, as for the
        // boxes) — a third of the queries the boxes let through on the arch.
        const double limit = owned ? reach : tol;
        const Vec3 between = eb.x0 - ea.x0;
        if (std::abs(between.dot(cross)) > (limit + slack) * cross_norm) continue;
        // Closest points certainly within the band of an end (edge_pair_band.h): the test below
        // would reject them — two thirds of the queries left on the arch (edges meeting at corners).
        if (contact_detail::ends_within_half_band(between, da, db, cross, cross_norm, length_a, length_b, tol))
          continue;
        // Canonical argument order (bit-identical results when A and B are swapped); P is eb when
        // swapped.
        const bool swapped = contact_detail::segment_less(eb.x0, eb.x1, ea.x0, ea.x1);
        const auto r = swapped ? closest_points_segment_segment(eb.x0, eb.x1, ea.x0, ea.x1)
                               : closest_points_segment_segment(ea.x0, ea.x1, eb.x0, eb.x1);
        const Vec3& pa = swapped ? r.point_q : r.point_p;  // on ea
        const Vec3& pb = swapped ? r.point_p : r.point_q;  // on eb
        const double s_param = swapped ? r.t : r.s;        // on ea
        const double t_param = swapped ? r.s : r.t;        // on eb
        const double sq = r.squared_distance;
        const double dist = std::sqrt(sq);
        if (dist > limit) continue;
        // Only closest points inside both edges, farther than the band tol from their ends, make an
        // (E,E) contact: at an end point the pair is a vertex against an edge, already reported
        // by the (V,F) pairs of the faces that edge bounds (closed triangles), with the same
        // points and separation. Decided in every frame alike (docs/methods.md "Frame
        // independence").
        if (!(s_param * length_a > tol && (1.0 - s_param) * length_a > tol && t_param * length_b > tol &&
              (1.0 - t_param) * length_b > tol)) {
          continue;
        }
        std::optional<Vec3> touching_normal;
        if (dist <= tol) {
          if (!centroid_hint) centroid_hint = contact_detail::tet_centroid(xb) - contact_detail::tet_centroid(xa);
          touching_normal =
              contact_detail::orient_axis_between_tets(cross / cross_norm, xa, xb, *centroid_hint, Vec3::Zero(), tol)
                  .normal;
        }
        emit(pa, pb, dist, touching_normal, contact_detail::edge_feature(a, ea.v0, ea.v1),
             contact_detail::edge_feature(b, eb.v0, eb.v1));
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
