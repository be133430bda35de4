// Growth distance (K. Erleben, "Methodology for Assessing Mesh-Based Contact Point Methods", ACM
// TOG 37(3), 2018, §6 and Appendix B, Algorithm 2 "GrowthDistanceNormal", Eqs. (12)–(20);
// docs/methods.md §8). Registry name "growth". Parameters (GrowthParameters, the paper's defaults):
//   shrink β = 0.9             shrink factor, α ← β α until the scaled tets separate;
//   delta = 0.01               δ = delta × diameter of the smaller tet (Appendix B);
//   iterations = 20            at most this many grow-back iterations;
// and from the common MethodSettings:
//   tolerance                  touching band (SAT relative tolerance, gap and merge tolerance).
//
// Kernel for a candidate pair (tet_a of A, tet_b of B):
//  1. SAT of the full tets (tet_tet_sat with the touching band, sat_request): separated → no
//     contact.
//  2. Growth scale (Eqs. 12–13): X(α) = c_X + α (X − c_X) about the tets' vertex centroids (the
//     centroids of the solid tets). Starting at α = 1, α ← β α until tet_tet_sat says the scaled
//     tets are separated (Algorithm 2, lines 1–4). Since c_A − c_B lies in the Minkowski
//     difference, the scaled differences are nested and the distance g(α) (Eq. 15) does not
//     increase with α; so the scale is grown back by bisection on [α_sep, α_sep / β] (the
//     interpretation of Algorithm 2's ray-cast loop, lines 7–13, chosen because it needs only a
//     separation test and closest points and is monotone by the nesting argument): the lower
//     end stays separated, and the search stops once g(α_lo) ≤ δ or after `iterations`
//     steps. s = p_B − p_A from the closest points of the scaled tets at α_lo (minimum over the
//     4 × 4 face pairs, closest_points_triangle_triangle; the tets being convex and disjoint, the
//     minimum is reached on their boundaries).
//     Cost: this step was 3/4 of the method's time (a tet_tet_sat and 16 triangle–triangle
//     queries per scale). It now computes the same α_lo and s bit for bit with less: tet_tet_sat's
//     verdicts on the scaled tets are predicted from its axes, whose gaps are affine in α, and it
//     runs only where the prediction is uncertain (ScaledSat); the closest points are computed
//     only at scales where the predicted gap (a lower bound on g) does not already show g > δ
//     (evaluate), and then without redundant or hopeless queries (separation_vector).
//  3. BestNormal (Algorithm 2, lines 14–16): on each tet, the *surface* features — surface faces,
//     edges with at least one adjacent surface face of the tet, vertices of a surface face of the
//     tet — with representative outward normals: the face normal; for an edge or vertex, the
//     normalised sum of the unit normals of its adjacent *surface* faces in this tet
//     (interpretation: the surface normal the body shows there). The feature whose normal has
//     the largest dot product with ŝ (A) or −ŝ (B) is chosen; near-ties (within
//     kCosineTieTolerance) go to the higher dimension. The feature of higher dimension between
//     the two gives n (A's normal, or the negated normal of B); equal dimensions give
//     unit(n_A − n_B) (interpretation: Algorithm 2 returns n_B there, which is not symmetric).
//  4. Contacts: the intersection points of the two full tets, decided with the touching band —
//     the vertices of one in the other grown by the band, and the crossings of an edge of one
//     with a face of the other (append_intersection_points, sat_contacts.h, shared with the SAT
//     methods) — the vertices of the intersection polyhedron. The contacts are at these points
//     (interpretation: Appendix B projects them "onto the found normal" only "to compute the
//     extent"; docs/methods.md §8 says the contacts are the intersection points) and the gap is
//     −(extent along n) (mid_plane_contacts.h, Placement::kIntersectionPoints). Features: vertex
//     in tet → (kVertex, kTet); edge–face crossing → (kEdge surface edge or kTet for an interior
//     edge, kFace surface triangle or kTet for an interior face), and mirrored for B.
// Frame independence (docs/methods.md): besides the band in steps 1 and 4, the choices that exact
// arithmetic leaves tied stay tied in any frame — closest pairs of the scaled tets at distances
// within the band go to the first in the scan (separation_vector), representative normals within
// a cosine band of 1e-9 to the higher dimension, and equal normals n_A = n_B (within the band) to
// ŝ — instead of being settled by rounding.
// Symmetry: evaluated in the canonical (body, tet) order and swapped back (canonical_pair.h).
//
// Degenerate configurations: centroids within the tolerance of each other (shrinking never
// separates) → s is the least-overlap SAT axis of the full tets (no contact when SAT has no axis,
// i.e. all corners coincide); a shrink that has not separated after kMaxShrinkSteps steps → the
// same fallback; shrink outside (0, 1) → 0.9; zero-diameter tet → δ = 0 (the full
// iteration budget is used); zero-length s → the SAT axis. Features without a usable normal (zero
// area, cancelling sums) are skipped; if neither tet has one, or their normals are equal, n = ŝ. Tets within the SAT tolerance
// but not exactly touching have no intersection point and give no contact; exactly touching tets
// give contacts with gap 0. Tets thinner than the band (flat slivers, zero volume included) give no
// contact.
// Never NaN: every normal is a checked unit vector.
#include "contactlab/contact/methods/growth.h"

#include "contactlab/geometry/closest_point_point_triangle.h"
#include "contactlab/geometry/closest_points_segment_segment.h"
#include "contactlab/geometry/tet_tet_sat.h"
#include "contactlab/geometry/tetrahedron_tables.h"
#include "contactlab/geometry/tolerance_band.h"
#include "methods/canonical_pair.h"
#include "methods/mid_plane_contacts.h"
#include "methods/sat_contacts.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <utility>

namespace contactlab {
namespace {

using contact_detail::LabelledPoint;
using TetCorners = std::array<Vec3, 4>;

/// Representative normals closer than this (a cosine difference) count as tied: the band of
/// cosines (as Opposing's), far above the rounding of ŝ in any frame (about 1e-16 × the
/// coordinates over |s|, up to ~1e-12 for small tets far from the origin).
constexpr double kCosineTieTolerance = 1e-9;
/// At most this many shrink steps (0.9^400 ≈ 5e-19); reached only for near-coincident centroids.
constexpr int kMaxShrinkSteps = 400;
constexpr double kDefaultShrink = 0.9;

std::size_t at(int i) { return static_cast<std::size_t>(i); }

/// Index in kTetEdges of the edge joining local vertices u ≠ v.
int edge_index(int u, int v) {
  if (u > v) std::swap(u, v);
  return u == 0 ? v - 1 : u + v;  // (0,1) 0, (0,2) 1, (0,3) 2, (1,2) 3, (1,3) 4, (2,3) 5
}

/// Where closest_points_triangle_triangle, run over the 16 face pairs of two tets (faces of A
/// major, kTetFaces order), first meets each of its distinct primitive queries. Its scan visits
/// face pair (fa, fb) as 15 queries: the 3 corners of fa against face fb, face fa against the 3
/// corners of fb, then the 9 edge pairs (edge i of fa major, edge j of fb; an edge runs from
/// corner i to corner i + 1 of its face). A vertex–face query recurs in 3 face pairs and an
/// undirected edge pair in 4, with its edges oppositely directed between their two faces; each is
/// listed once, at its first place in the scan, with the edges directed as they are there.
struct ScanPlaces {
  std::array<std::array<int, 4>, 4> vertex_face{};  ///< [vertex of A][face of B]
  std::array<std::array<int, 4>, 4> face_vertex{};  ///< [face of A][vertex of B]
  struct EdgePair {
    int place = -1;
    int a0 = 0, a1 = 0, b0 = 0, b1 = 0;  ///< local vertices, directed as first met
  };
  std::array<std::array<EdgePair, 6>, 6> edge_edge{};  ///< [kTetEdges index of A][of B]
};

const ScanPlaces& scan_places() {
  static const ScanPlaces places = [] {
    ScanPlaces t;
    for (auto& row : t.vertex_face) row.fill(-1);
    for (auto& row : t.face_vertex) row.fill(-1);
    int place = 0;
    for (std::size_t fa = 0; fa < 4; ++fa) {
      const auto& ka = kTetFaces[fa];
      for (std::size_t fb = 0; fb < 4; ++fb) {
        const auto& kb = kTetFaces[fb];
        for (std::size_t i = 0; i < 3; ++i, ++place) {
          int& p = t.vertex_face[at(ka[i])][fb];
          if (p < 0) p = place;
        }
        for (std::size_t j = 0; j < 3; ++j, ++place) {
          int& p = t.face_vertex[fa][at(kb[j])];
          if (p < 0) p = place;
        }
        for (std::size_t i = 0; i < 3; ++i) {
          for (std::size_t j = 0; j < 3; ++j, ++place) {
            const int a0 = ka[i], a1 = ka[(i + 1) % 3], b0 = kb[j], b1 = kb[(j + 1) % 3];
            ScanPlaces::EdgePair& e = t.edge_edge[at(edge_index(a0, a1))][at(edge_index(b0, b1))];
            if (e.place < 0) e = {place, a0, a1, b0, b1};
          }
        }
      }
    }
    return t;
  }();
  return places;
}

TetCorners scaled(const TetCorners& tet, const Vec3& centre, double alpha) {
  TetCorners s;
  for (std::size_t i = 0; i < 4; ++i) s[i] = centre + alpha * (tet[i] - centre);
  return s;
}

Vec3 centroid(const TetCorners& t) { return 0.25 * (t[0] + t[1] + t[2] + t[3]); }

double diameter(const TetCorners& t) {
  double d2 = 0.0;
  for (const auto& e : kTetEdges) d2 = std::max(d2, (t[at(e[0])] - t[at(e[1])]).squaredNorm());
  return std::sqrt(d2);
}

/// Largest |coordinate| of the corners of two tets (the magnitude rounding errors scale with).
double magnitude(const TetCorners& a, const TetCorners& b) {
  double m = 0.0;
  for (std::size_t i = 0; i < 4; ++i) m = std::max({m, a[i].cwiseAbs().maxCoeff(), b[i].cwiseAbs().maxCoeff()});
  return m;
}

/// Axes with |u||v| / |u × v| above this (nearly parallel edges, sliver faces) are not used to
/// predict tet_tet_sat's verdicts (ScaledSat); tet_tet_sat skips them only above 1 / parallel_sine
/// (1e6), and certainly skips those above kSkippedAxisCondition.
constexpr double kMaxAxisCondition = 1e5;
constexpr double kSkippedAxisCondition = 1e7;

/// tet_tet_sat's verdict on the tets scaled by α about their centroids, predicted without running
/// it where the answer is certain (evaluate). Scaling keeps the directions of tet_tet_sat's 44
/// axes (face normals, edge cross products), and along a unit axis n the gap of the scaled tets is
/// affine in α: B beyond A by n·(c_B − c_A) + α (min_j n·(b_j − c_B) − max_i n·(a_i − c_A)), A
/// beyond B likewise. Each axis gets an allowance for rounding (`slack`: the scaled corners are
/// rounded by ε × the coordinates' magnitude m, their edges' directions by ε m / shortest edge,
/// the axis by its condition |u||v| / |u × v| ≤ kMaxAxisCondition times that, and the gap by that
/// times the extent; 1e-9 in place of ε is a ~10^7 safety factor). Then
///  - some axis's gap, less its slack, beyond tet_tet_sat's tolerance (relative_tolerance × L ≤
///    the full tets' L, plus its own rounding allowance) by a margin: tet_tet_sat would find that
///    axis, or an earlier one, separating — "separated", and that gap is a lower bound on the
///    distance of the scaled tets;
///  - every axis tet_tet_sat tries overlapping by more than its slack, and no axis that it might
///    or might not skip, and no possibly flat tet (it then tries more axes): "not separated";
///  - otherwise unknown, and tet_tet_sat runs.
/// The face axes come first and the 36 edge axes are set up only when they are needed. On the
/// built-in scenes every shrink and grow-back verdict but some on deeply overlapping tets is
/// predicted.
class ScaledSat {
 public:
  ScaledSat(const TetCorners& a, const TetCorners& b, const Vec3& ca, const Vec3& cb, double relative_tolerance,
            double length_scale)
      : a_(a), b_(b), ca_(ca), cb_(cb) {
    threshold_ = relative_tolerance * length_scale * (1.0 + 1e-6) + 1e-7 * length_scale;
    Vec3 lo = a[0], hi = a[0];
    shortest_ = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < 4; ++i) {
      lo = lo.cwiseMin(a[i]).cwiseMin(b[i]);
      hi = hi.cwiseMax(a[i]).cwiseMax(b[i]);
    }
    // Edge lengths and face cross products, each computed once for all their uses below.
    const TetMeasures ma(a), mb(b);
    edge_length_a_ = ma.edge_length;
    edge_length_b_ = mb.edge_length;
    for (std::size_t e = 0; e < 6; ++e) shortest_ = std::min({shortest_, ma.edge_length[e], mb.edge_length[e]});
    const double extent = (hi - lo).norm() + magnitude(a, b);
    slack_scale_ = shortest_ > 0.0 ? 1e-9 * extent * extent / shortest_ : std::numeric_limits<double>::infinity();
    can_deny_ = std::isfinite(slack_scale_) && !maybe_flat(a, ma) && !maybe_flat(b, mb);
    for (int f = 0; f < 4; ++f) {
      add_face_axis(ma, f);
      add_face_axis(mb, f);
    }
  }

  /// +1 separated (`gap` then a lower bound on the distance, and `axis` the unit axis that shows
  /// it, up to sign), −1 not separated, 0 unknown.
  int verdict(double alpha, double& gap, Vec3& axis) {
    double best = -std::numeric_limits<double>::infinity();
    std::size_t best_k = 0;
    bool overlapping = true;  // every axis so far overlaps by more than its slack
    auto scan = [&](std::size_t from, std::size_t to) {
      for (std::size_t k = from; k < to; ++k) {
        const Axis& x = axes_[k];
        const double g = std::max(x.offset + alpha * (x.b_lo - x.a_hi), -x.offset + alpha * (x.a_lo - x.b_hi));
        if (g - x.slack > best) {
          best = g - x.slack;
          best_k = k;
        }
        overlapping = overlapping && g + x.slack < 0.0;
      }
    };
    scan(0, face_axes_);
    if (best > threshold_) {
      gap = best;
      axis = axes_[best_k].n;
      return 1;
    }
    if (!edges_added_) add_edge_axes();
    scan(face_axes_, count_);
    if (best > threshold_) {
      gap = best;
      axis = axes_[best_k].n;
      return 1;
    }
    return can_deny_ && overlapping ? -1 : 0;
  }

 private:
  struct Axis {
    double offset, a_lo, a_hi, b_lo, b_hi, slack;
    Vec3 n;  // unit
  };

  // A tet's edge lengths (kTetEdges order) and face cross products (k1 − k0) × (k2 − k0) for
  // face k of kTetFaces, with their lengths.
  struct TetMeasures {
    explicit TetMeasures(const TetCorners& p) {
      for (std::size_t e = 0; e < 6; ++e) edge_length[e] = (p[at(kTetEdges[e][1])] - p[at(kTetEdges[e][0])]).norm();
      for (std::size_t f = 0; f < 4; ++f) {
        const auto& k = kTetFaces[f];
        face_cross[f] = (p[at(k[1])] - p[at(k[0])]).cross(p[at(k[2])] - p[at(k[0])]);
        face_cross_length[f] = face_cross[f].norm();
      }
    }
    std::array<double, 6> edge_length{};
    std::array<Vec3, 4> face_cross;
    std::array<double, 4> face_cross_length{};
  };

  // Zero volume, or a height within 1e-5 of the longest edge (tet_tet_sat's is_flat: 1e-6).
  static bool maybe_flat(const TetCorners& p, const TetMeasures& m) {
    const double longest = *std::max_element(m.edge_length.begin(), m.edge_length.end());
    const double largest_face = *std::max_element(m.face_cross_length.begin(), m.face_cross_length.end());
    const double volume6 = std::abs((p[1] - p[0]).dot((p[2] - p[0]).cross(p[3] - p[0])));
    return !(volume6 > 1e-5 * longest * largest_face);
  }

  // An axis w (of length len) with condition uv / |w|: kept, ignored (tet_tet_sat certainly skips
  // it) or, in between, making "not separated" unpredictable.
  void add_axis(const Vec3& w, double uv) { add_axis(w, w.norm(), uv); }
  void add_axis(const Vec3& w, double len, double uv) {
    if (len * kMaxAxisCondition >= uv && len > 0.0) {
      const Vec3 n = w / len;
      Axis& x = axes_[count_++];
      x.n = n;
      x.offset = n.dot(cb_ - ca_);
      x.a_lo = x.b_lo = std::numeric_limits<double>::infinity();
      x.a_hi = x.b_hi = -std::numeric_limits<double>::infinity();
      for (std::size_t i = 0; i < 4; ++i) {
        const double pa = n.dot(a_[i] - ca_), pb = n.dot(b_[i] - cb_);
        x.a_lo = std::min(x.a_lo, pa);
        x.a_hi = std::max(x.a_hi, pa);
        x.b_lo = std::min(x.b_lo, pb);
        x.b_hi = std::max(x.b_hi, pb);
      }
      x.slack = slack_scale_ * (uv / len);
      if (!std::isfinite(x.slack) || !std::isfinite(x.offset)) {
        --count_;
        can_deny_ = false;
      }
    } else if (!(len * kSkippedAxisCondition <= uv)) {
      can_deny_ = false;
    }
  }

  // Face f: tet_tet_sat takes the cross product of its two shortest edges.
  void add_face_axis(const TetMeasures& m, int f) {
    const auto& k = kTetFaces[at(f)];
    std::array<double, 3> l{m.edge_length[at(edge_index(k[0], k[1]))], m.edge_length[at(edge_index(k[0], k[2]))],
                            m.edge_length[at(edge_index(k[1], k[2]))]};
    std::sort(l.begin(), l.end());
    add_axis(m.face_cross[at(f)], m.face_cross_length[at(f)], l[0] * l[1]);
    face_axes_ = count_;
  }

  void add_edge_axes() {
    edges_added_ = true;
    for (std::size_t i = 0; i < 6; ++i) {
      const Vec3 u = a_[at(kTetEdges[i][1])] - a_[at(kTetEdges[i][0])];
      for (std::size_t j = 0; j < 6; ++j) {
        const Vec3 v = b_[at(kTetEdges[j][1])] - b_[at(kTetEdges[j][0])];
        add_axis(u.cross(v), edge_length_a_[i] * edge_length_b_[j]);
      }
    }
  }

  const TetCorners& a_;
  const TetCorners& b_;
  Vec3 ca_, cb_;
  std::array<double, 6> edge_length_a_{}, edge_length_b_{};
  std::array<Axis, 44> axes_{};
  std::size_t count_ = 0;
  std::size_t face_axes_ = 0;
  bool edges_added_ = false;
  bool can_deny_ = true;
  double threshold_ = 0.0;
  double shortest_ = 0.0;
  double slack_scale_ = 0.0;
};

/// Lower bounds on the distance of features of tets A and B from their projections onto a unit
/// axis n (zero: no bound): points p of A and q of B are at least n·q − n·p apart, so two
/// features are at least (least n·b over their corners of B) − (greatest n·a over those of A)
/// apart. n is oriented from A to B (the orientation in which the tets' projections are farther
/// apart).
class AxisBounds {
 public:
  AxisBounds(const TetCorners& a, const TetCorners& b, const Vec3& n) {
    for (std::size_t i = 0; i < 4; ++i) {
      pa_[i] = n.dot(a[i]);
      pb_[i] = n.dot(b[i]);
    }
    if (std::min({pa_[0], pa_[1], pa_[2], pa_[3]}) - std::max({pb_[0], pb_[1], pb_[2], pb_[3]}) >
        std::min({pb_[0], pb_[1], pb_[2], pb_[3]}) - std::max({pa_[0], pa_[1], pa_[2], pa_[3]})) {
      for (std::size_t i = 0; i < 4; ++i) {  // A beyond B along n: measure along −n
        pa_[i] = -pa_[i];
        pb_[i] = -pb_[i];
      }
    }
    for (std::size_t f = 0; f < 4; ++f) {
      const auto& k = kTetFaces[f];
      face_lowest_b_[f] = std::min({pb_[at(k[0])], pb_[at(k[1])], pb_[at(k[2])]});
      face_highest_a_[f] = std::max({pa_[at(k[0])], pa_[at(k[1])], pa_[at(k[2])]});
    }
  }
  /// Vertex v of A and face f of B.
  double vertex_face(std::size_t v, std::size_t f) const { return face_lowest_b_[f] - pa_[v]; }
  /// Face f of A and vertex v of B.
  double face_vertex(std::size_t f, std::size_t v) const { return pb_[v] - face_highest_a_[f]; }
  /// Edge i of A and edge j of B (kTetEdges indices).
  double edge_edge(std::size_t i, std::size_t j) const {
    return std::min(pb_[at(kTetEdges[j][0])], pb_[at(kTetEdges[j][1])]) -
           std::max(pa_[at(kTetEdges[i][0])], pa_[at(kTetEdges[i][1])]);
  }

 private:
  std::array<double, 4> pa_{}, pb_{}, face_lowest_b_{}, face_highest_a_{};
};

/// Closest points of two tets that tet_tet_sat reported separated, as closest_points_triangle_
/// triangle over their 16 face pairs finds them (faces of A major, kTetFaces order): the first, in
/// its scan (face pair, then its 3 vertex–triangle, 3 triangle–vertex and 9 edge–edge queries), of
/// the primitive queries within `tie` of the smallest distance. Returns p_B − p_A.
///
/// Computed without calling closest_points_triangle_triangle, with the same result up to the
/// rounding of a recomputed query (a query whose value certainly exceeds the minimum by more than
/// the tie band can be dropped without changing it):
///  - its exact intersection step is skipped: the tets are separated by more than the SAT
///    tolerance, so no triangle pair meets;
///  - each distinct query is computed once and takes its first place in the scan (ScanPlaces): a
///    vertex–triangle query recurs in 3 face pairs, an edge pair in 4 with its edges reversed
///    (the same distance up to rounding; before 2026-11 those were recomputed, bit for bit);
///  - a vertex–triangle query is skipped when the vertex is farther from the face's bounding
///    sphere than the closest pair of corners, or, along the axis that showed the tets separated,
///    farther from the face than the least distance found so far;
///  - an edge–edge query is skipped when the bounding spheres of the two edges, or their extents
///    along that axis, are farther apart than the least vertex–triangle distance.
/// Every bound is widened by a margin far above the rounding of both sides, so a skipped query
/// could not have tied. This was 3/4 of the method's time, mostly redundant queries; pillar
/// 6.2 → 4.1 ms a query, wall 26.6 → 16.4 ms (1 thread, 2026-11-28).
Vec3 separation_vector(const TetCorners& a, const TetCorners& b, double tie, const Vec3& axis) {
  // Half the longest edge.
  double longest2 = 0.0;
  for (const auto& e : kTetEdges) {
    longest2 = std::max({longest2, (a[at(e[1])] - a[at(e[0])]).squaredNorm(), (b[at(e[1])] - b[at(e[0])]).squaredNorm()});
  }
  const double length = 0.5 * std::sqrt(longest2);
  // Rounding of the queries and of the bounds is a few ε × (coordinates + lengths); `margin` is
  // ~10^7 times that. A computed distance is within rounding of that of two points of the features
  // (for a vertex–triangle query, of the triangle's plane within ~2e-8 of the lengths for a sliver,
  // closest_point_point_triangle.cpp), and may exceed the true distance by up to ~2e-8 of the
  // lengths for near-parallel edges (closest_points_segment_segment.cpp): `tie_margin` covers both.
  const double scale = magnitude(a, b) + length;
  const double margin = 1e-9 * scale;
  const double tie_margin = 1e-6 * scale;
  // The closest corners are no nearer than the tets, so the smallest computed distance is below
  // their distance + tie_margin: `upper`.
  double corners2 = std::numeric_limits<double>::infinity();
  Vec3 corners_axis = Vec3::Zero();  // from the closest corner of A to the closest of B
  for (std::size_t i = 0; i < 4; ++i) {
    for (std::size_t j = 0; j < 4; ++j) {
      const Vec3 d = b[j] - a[i];
      const double d2 = d.squaredNorm();
      if (d2 < corners2) {
        corners2 = d2;
        corners_axis = d;
      }
    }
  }
  const double upper = std::sqrt(corners2) + tie_margin;
  // Lower bounds along two axes: for any unit n, points p of A and q of B are at least n·q − n·p
  // apart, so a pair of features is at least (least n·b over its corners of B) − (greatest n·a
  // over its corners of A) apart. Along `axis`, the one that showed the scaled tets separated,
  // this rules out at the cost of a subtraction the feature pairs behind the separating plane;
  // along the line of the closest corners, most of those beside the closest features. The bounds
  // are rounded by a few ε × the coordinates, far inside the margins they are compared with.
  const AxisBounds along_axis(a, b, axis);
  const AxisBounds along_corners(a, b, corners2 > 0.0 ? (corners_axis / std::sqrt(corners2)).eval() : Vec3::Zero());
  // The distinct queries, each at its first place in the scan (ScanPlaces); the result is the
  // first in the scan whose distance is within `tie` of the least. Distinct closest pairs at one
  // distance in exact arithmetic (a vertex equidistant from two edges) are then told apart by their
  // place in the scan, the same in every frame, not by rounding. A skipped query is farther than
  // the least by more than tie_margin ≥ tie. (The later occurrences of a query in the scan —
  // closest_points_triangle_triangle recomputes it there, an edge pair with its edges reversed —
  // are the same distance up to rounding, and never earlier, so they are not recomputed.)
  const ScanPlaces& places = scan_places();
  struct Candidate {
    double d2;
    int place;
    Vec3 s;
  };
  std::array<Candidate, 16 + 16 + 36> candidates;
  std::size_t count = 0;
  double best = std::numeric_limits<double>::infinity();
  auto offer = [&](double d2, int place, const Vec3& candidate) {
    candidates[count++] = {d2, place, candidate};
    best = std::min(best, d2);
  };
  // Vertex–triangle queries (vertex v of A against face f of B, face f of A against vertex v of
  // B). One is skipped when the axis bounds put it more than tie_margin beyond `bound` (no less
  // than the minimum), or when the vertex is farther than
  // upper + tie_margin from the face's bounding sphere (its centroid and farthest corner, found
  // when first needed).
  std::array<Vec3, 4> centre_a, centre_b;
  std::array<double, 4> face_radius_a{}, face_radius_b{};
  unsigned spheres_a = 0, spheres_b = 0;  // bit f: face f's sphere is known
  auto face_sphere = [&](const TetCorners& t, std::size_t f, std::array<Vec3, 4>& centre,
                         std::array<double, 4>& radius, unsigned& known) {
    if ((known >> f & 1U) == 0) {
      const auto& k = kTetFaces[f];
      centre[f] = (t[at(k[0])] + t[at(k[1])] + t[at(k[2])]) / 3.0;
      double r2 = 0.0;  // the root once, of the largest square (the same value: √ is monotone)
      for (const int c : k) r2 = std::max(r2, (t[at(c)] - centre[f]).squaredNorm());
      radius[f] = std::sqrt(r2);
      known |= 1U << f;
    }
  };
  double bound = upper * upper;  // ≥ the smallest computed distance²: a vertex–triangle one, or upper²
  double reach_vt = upper + tie_margin;  // √bound + tie_margin
  auto query = [&](const Vec3& p, const TetCorners& t, std::size_t f, const Vec3& centre, double radius)
      -> std::optional<PointTriangleClosestPoint> {
    const double r = radius + upper + tie_margin;
    if ((p - centre).squaredNorm() > r * r) return std::nullopt;
    const auto& k = kTetFaces[f];
    const PointTriangleClosestPoint q = closest_point_point_triangle(p, t[at(k[0])], t[at(k[1])], t[at(k[2])]);
    if (q.squared_distance < bound) {
      bound = q.squared_distance;
      reach_vt = std::sqrt(bound) + tie_margin;
    }
    return q;
  };
  for (std::size_t v = 0; v < 4; ++v) {
    for (std::size_t f = 0; f < 4; ++f) {
      if (std::max(along_axis.vertex_face(v, f), along_corners.vertex_face(v, f)) <= reach_vt) {
        face_sphere(b, f, centre_b, face_radius_b, spheres_b);
        if (const auto q = query(a[v], b, f, centre_b[f], face_radius_b[f])) {
          offer(q->squared_distance, places.vertex_face[v][f], q->closest_point - a[v]);
        }
      }
      if (std::max(along_axis.face_vertex(f, v), along_corners.face_vertex(f, v)) <= reach_vt) {
        face_sphere(a, f, centre_a, face_radius_a, spheres_a);
        if (const auto q = query(b[v], a, f, centre_a[f], face_radius_a[f])) {
          offer(q->squared_distance, places.face_vertex[f][v], b[v] - q->closest_point);
        }
      }
    }
  }
  // Edge pairs (edge index of A, of B) whose axis bounds and bounding spheres (midpoint, half
  // length) come within `reach` of `bound`: the others are farther than that (no less than the
  // minimum).
  const double reach = std::sqrt(bound) + margin;
  auto sphere = [&](const TetCorners& t, std::size_t e) {
    const Vec3& x0 = t[at(kTetEdges[e][0])];
    const Vec3& x1 = t[at(kTetEdges[e][1])];
    return std::pair<Vec3, double>{0.5 * (x0 + x1), 0.5 * (x1 - x0).norm()};
  };
  for (std::size_t i = 0; i < 6; ++i) {
    for (std::size_t j = 0; j < 6; ++j) {
      if (along_axis.edge_edge(i, j) > reach || along_corners.edge_edge(i, j) > reach) continue;
      const auto [mid_a, radius_a] = sphere(a, i);
      const auto [mid_b, radius_b] = sphere(b, j);
      const double r = radius_a + radius_b + reach;
      if ((mid_a - mid_b).squaredNorm() > r * r) continue;
      const ScanPlaces::EdgePair& e = places.edge_edge[i][j];
      const SegmentSegmentClosestPoints q =
          closest_points_segment_segment(a[at(e.a0)], a[at(e.a1)], b[at(e.b0)], b[at(e.b1)]);
      offer(q.squared_distance, e.place, q.point_q - q.point_p);
    }
  }
  const double keep = std::sqrt(best) + std::min(tie, tie_margin);
  const double keep2 = keep * keep;
  const Candidate* chosen = nullptr;
  for (std::size_t i = 0; i < count; ++i) {
    const Candidate& c = candidates[i];
    if (c.d2 <= keep2 && (chosen == nullptr || c.place < chosen->place)) chosen = &c;
  }
  return chosen != nullptr ? chosen->s : Vec3::Zero();
}

struct BestFeature {
  Vec3 normal = Vec3::Zero();  ///< unit outward normal, zero when none was usable
  int dimension = -1;          ///< 2 face, 1 edge, 0 vertex, −1 none
};

/// BestNormal of Algorithm 2 over the surface features of one tet (see the file comment).
BestFeature best_normal(const MethodBody& body, Index tet, const TetCorners& corners, const Vec3& direction) {
  std::array<Vec3, 4> face_normal;
  std::array<bool, 4> surface{};
  for (int f = 0; f < 4; ++f) {
    face_normal[at(f)] = contact_detail::unit_or_zero(contact_detail::face_area_vector(corners, f));
    surface[at(f)] = body.surface_triangle(tet, f) != kInvalidIndex;
  }
  BestFeature best;
  double best_score = -std::numeric_limits<double>::infinity();
  auto consider = [&](const Vec3& n, int dimension) {
    if (n.isZero()) return;
    const double score = n.dot(direction);
    // Candidates come in decreasing dimension, so a near-tie keeps the higher dimension.
    if (score > best_score + kCosineTieTolerance) {
      best_score = score;
      best = {n, dimension};
    }
  };
  for (int f = 0; f < 4; ++f) {
    if (surface[at(f)]) consider(face_normal[at(f)], 2);
  }
  for (const auto& e : kTetEdges) {
    // The faces containing edge (i, j) are those opposite the two other vertices.
    Vec3 sum = Vec3::Zero();
    bool any = false;
    for (int f = 0; f < 4; ++f) {
      if (f == e[0] || f == e[1] || !surface[at(f)]) continue;
      sum += face_normal[at(f)];
      any = true;
    }
    if (any) consider(contact_detail::unit_or_zero(sum), 1);
  }
  for (int v = 0; v < 4; ++v) {
    Vec3 sum = Vec3::Zero();
    bool any = false;
    for (int f = 0; f < 4; ++f) {
      if (f == v || !surface[at(f)]) continue;
      sum += face_normal[at(f)];
      any = true;
    }
    if (any) consider(contact_detail::unit_or_zero(sum), 0);
  }
  return best;
}

void evaluate(const MethodBody& a, Index tet_a, const MethodBody& b, Index tet_b, const MethodSettings& settings,
              const GrowthParameters& parameters, std::vector<Contact>& sink) {
  const TetCorners ta = a.tet(tet_a);
  const TetCorners tb = b.tet(tet_b);
  const double tolerance = settings.absolute_tolerance();
  // A tet thinner than the band (a flat sliver) has no interior to shrink about its centroid and
  // its volume's sign is rounding: no contact, in every frame (as for the vertex methods).
  // (TetPlanes::thin: the height from the call's cached planes, tet_min_height's value.)
  TetPlanes scratch;
  if (a.planes(tet_a, scratch).thin(tolerance) || b.planes(tet_b, scratch).thin(tolerance)) return;
  const TetTetSatRequest request = contact_detail::sat_request(ta, tb, settings);
  const TetTetSatResult full = tet_tet_sat(ta, tb, request);
  if (full.separated) return;
  // Rounding allowance for the bounds that skip work below (far above the rounding, which is a
  // few ε × the coordinates and lengths involved).
  const double margin = 1e-9 * (full.length_scale + magnitude(ta, tb));

  // Growth scale: shrink until separated, then grow back (file comment, step 2).
  const double beta = parameters.shrink > 0.0 && parameters.shrink < 1.0 ? parameters.shrink : kDefaultShrink;
  const double delta = std::max(parameters.delta, 0.0) * std::min(diameter(ta), diameter(tb));
  const Vec3 ca = centroid(ta);
  const Vec3 cb = centroid(tb);
  Vec3 s = Vec3::Zero();
  if ((ca - cb).norm() > tolerance) {
    // tet_tet_sat's verdicts on the scaled tets, most of them without running it (ScaledSat).
    double gap = 0.0;         // a lower bound on the distance of the scaled tets, when separated
    Vec3 axis = Vec3::Zero();  // and a unit axis along which they are that far apart
    ScaledSat predicted(ta, tb, ca, cb, request.relative_tolerance, full.length_scale);
    auto separated = [&](double alpha) {
      const int verdict = predicted.verdict(alpha, gap, axis);
      if (verdict != 0) return verdict > 0;
      const TetTetSatResult r = tet_tet_sat(scaled(ta, ca, alpha), scaled(tb, cb, alpha), request);
      gap = r.separation;
      axis = r.axis;
      return r.separated;
    };
    double lo = 1.0;
    bool found = false;
    for (int step = 0; step < kMaxShrinkSteps && !found; ++step) {
      lo *= beta;
      found = separated(lo);
    }
    if (found) {
      double hi = std::min(1.0, lo / beta);
      // s at lo decides whether to go on (|s| > δ) and gives the direction at the end. The gap
      // along a separating axis is a lower bound on |s| (a projection onto a unit axis), so
      // when it exceeds δ by more than the rounding of both (margin) the closest points are not
      // computed for that scale: the search goes the same way, with closest points computed
      // ~1.4 times per overlapping tet pair on the wall instead of 3.5.
      double gap_lo = gap;
      Vec3 axis_lo = axis;
      bool have_s = false;
      auto far = [&] {
        if (!have_s && gap_lo > delta + margin) return true;
        if (!have_s) {
          s = separation_vector(scaled(ta, ca, lo), scaled(tb, cb, lo), tolerance, axis_lo);
          have_s = true;
        }
        return s.norm() > delta;
      };
      for (int i = 0; i < parameters.iterations && far(); ++i) {
        const double mid = 0.5 * (lo + hi);
        if (separated(mid)) {
          lo = mid;
          gap_lo = gap;
          axis_lo = axis;
          have_s = false;
        } else {
          hi = mid;
        }
      }
      if (!have_s) s = separation_vector(scaled(ta, ca, lo), scaled(tb, cb, lo), tolerance, axis_lo);
    }
  }
  Vec3 direction = contact_detail::unit_or_zero(s);
  if (direction.isZero()) direction = full.axis;  // fallback: least-overlap SAT axis, A → B
  if (direction.isZero()) return;                 // no usable axis at all (all corners coincide)

  const BestFeature fa = best_normal(a, tet_a, ta, direction);
  const BestFeature fb = best_normal(b, tet_b, tb, -direction);
  Vec3 normal;
  if (fa.dimension > fb.dimension) {
    normal = fa.normal;
  } else if (fb.dimension > fa.dimension) {
    normal = -fb.normal;
  } else if ((fa.normal - fb.normal).norm() > 2.0 * kCosineTieTolerance) {
    normal = contact_detail::unit_or_zero(fa.normal - fb.normal);
  } else {
    // Equal normals on both sides (within the band; in exact arithmetic n_A − n_B = 0): no
    // direction of their own, whatever rounding leaves of the difference.
    normal = Vec3::Zero();
  }
  if (normal.isZero()) normal = direction;

  std::vector<LabelledPoint> points;
  contact_detail::append_intersection_points(a, tet_a, b, tet_b, tolerance, points);
  contact_detail::append_mid_plane_contacts(points, normal, a, tet_a, b, tet_b, tolerance, sink,
                                            contact_detail::Placement::kIntersectionPoints);
}

class GrowthMethod final : public ContactMethod {
 public:
  explicit GrowthMethod(const GrowthParameters& own) : parameters_(own) {}
  /// The tet intersection points (sat_contacts.h) test each tet's edges against the other's face planes.
  bool uses_face_planes() const override { return true; }
  std::string name() const override { return "growth"; }
  std::string summary() const override {
    return "growth distance (Erleben 2018, Alg. 2): shrink/grow tets about centroids, best "
           "surface feature normal, tet intersection points on the mid plane";
  }
  std::map<std::string, ParameterValue> parameters(const MethodSettings& settings) const override {
    return {{"growth_delta", parameters_.delta},
            {"growth_shrink", parameters_.shrink},
            {"growth_iterations", static_cast<double>(parameters_.iterations)},
            {"relative_tolerance", settings.tolerance.relative}};
  }
  void generate(const MethodBody& a, Index tet_a, const MethodBody& b, Index tet_b, const MethodSettings& settings,
                std::vector<Contact>& sink) const override {
    contact_detail::run_canonical(
        a, tet_a, b, tet_b, sink,
        [&](const MethodBody& x, Index tx, const MethodBody& y, Index ty, std::vector<Contact>& out) {
          evaluate(x, tx, y, ty, settings, parameters_, out);
        });
  }

 private:
  GrowthParameters parameters_;
};

}  // namespace

const ContactMethod& growth_method() {
  static const GrowthMethod method{GrowthParameters{}};
  return method;
}

std::unique_ptr<ContactMethod> make_growth_method(const GrowthParameters& parameters) {
  return std::make_unique<GrowthMethod>(parameters);
}

}  // namespace contactlab
