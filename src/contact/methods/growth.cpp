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
//     queries per scale). It now computes the same α_lo and s with less (s up to the rounding of
//     a query that the full scan recomputes with its edges reversed; the contacts of the 65 scene
//     variants are the same bit for bit): tet_tet_sat's verdicts on the scaled tets are predicted
//     from its axes, whose gaps are affine in α, and it runs only where the prediction is
//     uncertain (ScaledSat); the closest points are computed only at scales where the predicted
//     gap (a lower bound on g) does not already show g > δ (evaluate), and then without redundant
//     or hopeless queries (closest_points_tet_tet.h).
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
// within the band go to the first in the scan (closest_points_tet_tet.h), representative normals within
// a cosine band of 1e-9 to the higher dimension, and equal normals n_A = n_B (within 1e-4, kSameNormals) to
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

#include "contactlab/geometry/closest_points_tet_tet.h"
#include "contactlab/geometry/tet_tet_sat.h"
#include "contactlab/geometry/tetrahedron_tables.h"
#include "contactlab/geometry/tolerance_band.h"
#include "methods/canonical_pair.h"
#include "methods/mid_plane_contacts.h"
#include "methods/sat_contacts.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace contactlab {
namespace {

using contact_detail::LabelledPoint;
using TetCorners = std::array<Vec3, 4>;

/// Representative normals closer than this (a cosine difference) count as tied: the band of
/// cosines (as Opposing's), far above the rounding of ŝ in any frame (about 1e-16 × the
/// coordinates over |s|, up to ~1e-12 for small tets far from the origin).
constexpr double kCosineTieTolerance = 1e-9;
/// The two chosen features' normals closer than this (|n_A − n_B|) are equal: they face the same
/// way (side by side, e.g. the front faces of two neighbouring blocks, coplanar up to a tilt) and
/// unit(n_A − n_B) is no normal — its direction is that of the tilt, with a rounding of
/// ε / |n_A − n_B|. Tilts of 1e-5 rad gave such normals rounded by up to 1e-9 (the merge's
/// normal tolerance), so copies from neighbouring tet pairs merged in one frame and not in another
/// (the arch, every block turned by 1e-5: 5 of 20 moves). Below 1e-4 the rounding stays below
/// 1e-12, and ŝ is taken, as for normals equal exactly.
constexpr double kSameNormals = 1e-4;
/// At most this many shrink steps (0.9^400 ≈ 5e-19); reached only for near-coincident centroids.
constexpr int kMaxShrinkSteps = 400;
constexpr double kDefaultShrink = 0.9;

std::size_t at(int i) { return static_cast<std::size_t>(i); }

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
  /// it, up to sign), −1 not separated, 0 unknown. With `faces_first`, 0 also when the face axes
  /// neither separate nor all overlap: the edge axes are not set up for a verdict that can then
  /// only be +1 (touching tets, where tet_tet_sat itself ends early).
  int verdict(double alpha, double& gap, Vec3& axis, bool faces_first = false) {
    // An axis's gap less its slack, and whether it overlaps by more than its slack: the scan
    // keeps the largest of the first and the conjunction of the second without a branch per
    // axis (which way `> best` went was unpredictable, and the scan was a third of growth's time
    // on the overlapping grid pair); the first axis with the largest value is found afterwards.
    const auto gap_of = [&](std::size_t k) {
      return std::max(offset_[k] + alpha * slope_b_[k], -offset_[k] + alpha * slope_a_[k]);
    };
    double best = -std::numeric_limits<double>::infinity();
    bool overlapping = true;  // every axis so far overlaps by more than its slack
    const auto scan = [&](std::size_t from, std::size_t to) {
      for (std::size_t k = from; k < to; ++k) {
        const double g = gap_of(k);
        best = std::max(best, g - slack_[k]);
        overlapping = overlapping & (g + slack_[k] < 0.0);
      }
    };
    const auto separated = [&] {
      std::size_t k = 0;
      while (!(gap_of(k) - slack_[k] == best)) ++k;
      gap = best;
      axis = normal_[k];
      return 1;
    };
    scan(0, face_axes_);
    if (best > threshold_) return separated();
    if (faces_first && !overlapping) return 0;
    if (!edges_added_) add_edge_axes();
    scan(face_axes_, count_);
    if (best > threshold_) return separated();
    return can_deny_ && overlapping ? -1 : 0;
  }

  /// A scale above which verdict certainly returns −1: every axis overlaps there by more than its
  /// slack, with a margin for the rounding of that test (a few ε of the terms, 4e-15 of them, and
  /// 1e-12 of the scale). +∞ when there is none, or before a verdict has set up the edge axes.
  /// Along an axis both gaps fall as α grows (the centroids lie inside the tets: b_lo ≤ 0 ≤ a_hi),
  /// so "overlapping by more than the slack" holds above a threshold per axis.
  double certainly_overlapping_above() const {
    constexpr double kInfinity = std::numeric_limits<double>::infinity();
    if (!can_deny_ || !edges_added_) return kInfinity;
    double above = 0.0;
    for (std::size_t k = 0; k < count_; ++k) {
      for (const auto& [offset, slope] : {std::pair(offset_[k], slope_b_[k]), std::pair(-offset_[k], slope_a_[k])}) {
        const double rounding = 4e-15 * (std::abs(offset) + std::abs(slope) + slack_[k]);
        const double reach = offset + slack_[k] + rounding;  // the gap + slack at α = 0, and then some
        if (!(slope < 0.0)) {
          if (reach < 0.0) continue;  // overlapping at every scale
          return kInfinity;
        }
        above = std::max(above, reach / -slope);
      }
    }
    return above * (1.0 + 1e-12);
  }

 private:
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
      const double offset = n.dot(cb_ - ca_);
      double a_lo = std::numeric_limits<double>::infinity(), b_lo = a_lo;
      double a_hi = -std::numeric_limits<double>::infinity(), b_hi = a_hi;
      for (std::size_t i = 0; i < 4; ++i) {
        const double pa = n.dot(a_[i] - ca_), pb = n.dot(b_[i] - cb_);
        a_lo = std::min(a_lo, pa);
        a_hi = std::max(a_hi, pa);
        b_lo = std::min(b_lo, pb);
        b_hi = std::max(b_hi, pb);
      }
      const double slack = slack_scale_ * (uv / len);
      if (!std::isfinite(slack) || !std::isfinite(offset)) {
        can_deny_ = false;
        return;
      }
      // Along n, B beyond A by offset + α (b_lo − a_hi), A beyond B by −offset + α (a_lo − b_hi).
      normal_[count_] = n;
      offset_[count_] = offset;
      slope_b_[count_] = b_lo - a_hi;
      slope_a_[count_] = a_lo - b_hi;
      slack_[count_] = slack;
      ++count_;
    } else if (!(len * kSkippedAxisCondition <= uv)) {
      can_deny_ = false;
    }
  }

  // Face f: tet_tet_sat takes the cross product of its two shortest edges.
  void add_face_axis(const TetMeasures& m, int f) {
    const auto& k = kTetFaces[at(f)];
    std::array<double, 3> l{m.edge_length[at(tet_edge_index(k[0], k[1]))],
                            m.edge_length[at(tet_edge_index(k[0], k[2]))],
                            m.edge_length[at(tet_edge_index(k[1], k[2]))]};
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
  // The axes, field by field (the scan reads four of the five).
  std::array<Vec3, 44> normal_;  // unit
  std::array<double, 44> offset_{}, slope_b_{}, slope_a_{}, slack_{};
  std::size_t count_ = 0;
  std::size_t face_axes_ = 0;
  bool edges_added_ = false;
  bool can_deny_ = true;
  double threshold_ = 0.0;
  double shortest_ = 0.0;
  double slack_scale_ = 0.0;
};

struct BestFeature {
  Vec3 normal = Vec3::Zero();  ///< unit outward normal, zero when none was usable
  int dimension = -1;          ///< 2 face, 1 edge, 0 vertex, −1 none
};

/// BestNormal of Algorithm 2 over the surface features of one tet (see the file comment).
BestFeature best_normal(const MethodBody& body, Index tet, const TetCorners& corners, const Vec3& direction) {
  std::array<Vec3, 4> face_normal;
  std::array<bool, 4> surface{};
  for (int f = 0; f < 4; ++f) {
    surface[at(f)] = body.surface_triangle(tet, f) != kInvalidIndex;
    if (surface[at(f)]) face_normal[at(f)] = contact_detail::unit_or_zero(contact_detail::face_area_vector(corners, f));
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
  // Only the edges between two surface faces and the vertices of three are tried: an edge or
  // vertex of one surface face has that face's normal (up to the rounding of normalising a unit
  // vector, ~1e-16 against the 1e-9 tie band), and a vertex of two has the normal of the edge
  // between them, summed in the same order, so neither can beat the face or edge tried before it.
  for (const auto& e : kTetEdges) {
    // The faces containing edge (i, j) are those opposite the two other vertices.
    Vec3 sum = Vec3::Zero();
    int count = 0;
    for (int f = 0; f < 4; ++f) {
      if (f == e[0] || f == e[1] || !surface[at(f)]) continue;
      sum += face_normal[at(f)];
      ++count;
    }
    if (count == 2) consider(contact_detail::unit_or_zero(sum), 1);
  }
  for (int v = 0; v < 4; ++v) {
    Vec3 sum = Vec3::Zero();
    int count = 0;
    for (int f = 0; f < 4; ++f) {
      if (f == v || !surface[at(f)]) continue;
      sum += face_normal[at(f)];
      ++count;
    }
    if (count == 3) consider(contact_detail::unit_or_zero(sum), 0);
  }
  return best;
}

void evaluate(const MethodBody& a, Index tet_a, const MethodBody& b, Index tet_b, const MethodSettings& settings,
              const GrowthParameters& parameters, std::vector<Contact>& sink) {
  const double tolerance = settings.absolute_tolerance();
  // A tet thinner than the band (a flat sliver) has no interior to shrink about its centroid and
  // its volume's sign is rounding: no contact, in every frame (as for the vertex methods).
  // (TetPlanes::thin: the height from the call's cached planes, tet_min_height's value.)
  TetPlanes scratch;
  if (a.planes(tet_a, scratch).thin(tolerance) || b.planes(tet_b, scratch).thin(tolerance)) return;
  contact_detail::TetPairFaces pair(a, tet_a, b, tet_b);
  const TetCorners& ta = pair.a();
  const TetCorners& tb = pair.b();
  // Tets apart by more than the band have no intersection point within it, so no contact (step 4):
  // most candidate pairs the SAT would turn away end here, cheaper (sat_contacts.h).
  if (pair.clearly_apart(tolerance)) return;
  // Nor does a pair without an intersection point within the band (step 4 would find none, so no
  // contact whatever steps 1–3 decide): most pairs that are not clearly apart end here, before
  // the SAT and the growth search.
  if (pair.intersection_points(tolerance).empty()) return;
  const TetTetSatRequest request = contact_detail::sat_request(ta, tb, settings);
  // tet_tet_sat's length scale L (the diagonal of the corners' box), computed the same way.
  Vec3 box_lo = ta[0], box_hi = ta[0];
  for (std::size_t i = 0; i < 4; ++i) {
    box_lo = box_lo.cwiseMin(ta[i]).cwiseMin(tb[i]);
    box_hi = box_hi.cwiseMax(ta[i]).cwiseMax(tb[i]);
  }
  const double length_scale = (box_hi - box_lo).norm();
  const Vec3 ca = centroid(ta);
  const Vec3 cb = centroid(tb);
  // Step 1's verdict (tet_tet_separated: the same verdict as tet_tet_sat, less work). Tets that
  // share a corner (touching neighbours in a structure) get it from tet_tet_separated at once: a
  // shared corner settles it (tet_tet_sat.cpp). For the others it comes from the prediction at
  // α = 1 (ScaledSat, the full tets), and tet_tet_separated runs only where that is uncertain: a
  // deep overlap made it try all 44 axes, 5.4k instructions per tet pair on the overlapping grid
  // pair, while the prediction's edge axes are the ones the shrink loop below uses anyway. The
  // order changes the time only, never the verdict.
  const double corner_reach = 0.25 * request.relative_tolerance * length_scale;
  bool shares_corner = false;
  for (std::size_t i = 0; i < 4 && !shares_corner; ++i) {
    for (std::size_t j = 0; j < 4; ++j)
      shares_corner = shares_corner || (ta[i] - tb[j]).squaredNorm() <= corner_reach * corner_reach;
  }
  // (A corner of one certainly in or on the other, TetPairFaces::certainly_not_separated: not
  // separated, without the search.)
  const auto separated = [&] { return !pair.certainly_not_separated(tolerance) && tet_tet_separated(ta, tb, request); };
  if (shares_corner && separated()) return;
  // tet_tet_sat's verdicts on the tets scaled by α, most of them without running it (ScaledSat).
  ScaledSat predicted(ta, tb, ca, cb, request.relative_tolerance, length_scale);
  double gap = 0.0;          // a lower bound on the distance of the scaled tets, when separated
  Vec3 axis = Vec3::Zero();  // and a unit axis along which they are that far apart
  int full_verdict = 0;
  if (!shares_corner) {
    full_verdict = predicted.verdict(1.0, gap, axis, /*faces_first=*/true);
    if (full_verdict > 0 || (full_verdict == 0 && separated())) return;
  }
  const auto sat_axis = [&] { return tet_tet_sat(ta, tb, request).axis; };
  // Rounding allowance for the bounds that skip work below (far above the rounding, which is a
  // few ε × the coordinates and lengths involved).
  const double margin = 1e-9 * (length_scale + magnitude(ta, tb));

  // Growth scale: shrink until separated, then grow back (file comment, step 2).
  const double beta = parameters.shrink > 0.0 && parameters.shrink < 1.0 ? parameters.shrink : kDefaultShrink;
  const double delta = std::max(parameters.delta, 0.0) * std::min(diameter(ta), diameter(tb));
  Vec3 s = Vec3::Zero();
  if ((ca - cb).norm() > tolerance) {
    auto separated = [&](double alpha) {
      const int verdict = predicted.verdict(alpha, gap, axis);
      if (verdict != 0) return verdict > 0;
      const TetTetSatResult r = tet_tet_sat(scaled(ta, ca, alpha), scaled(tb, cb, alpha), request);
      gap = r.separation;
      axis = r.axis;
      return r.separated;
    };
    // Deeply overlapping tets (a certain "not separated" at α = 1, the edge axes set up) skip the
    // verdicts of the scales where it is certainly "not separated" still: they cost a scan of all
    // 44 axes each, a third of the shrink loop's verdicts on the overlapping grid pair.
    const double overlapping_above =
        full_verdict < 0 ? predicted.certainly_overlapping_above() : std::numeric_limits<double>::infinity();
    double lo = 1.0;
    bool found = false;
    for (int step = 0; step < kMaxShrinkSteps && !found; ++step) {
      lo *= beta;
      found = lo > overlapping_above ? false : separated(lo);
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
          s = closest_points_tet_tet(scaled(ta, ca, lo), scaled(tb, cb, lo), {.tie = tolerance, .axis = axis_lo})
                  .separation;
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
      if (!have_s)
        s = closest_points_tet_tet(scaled(ta, ca, lo), scaled(tb, cb, lo), {.tie = tolerance, .axis = axis_lo})
                .separation;
    }
  }
  Vec3 direction = contact_detail::unit_or_zero(s);
  if (direction.isZero()) direction = sat_axis();  // fallback: least-overlap SAT axis, A → B
  if (direction.isZero()) return;                  // no usable axis at all (all corners coincide)

  const BestFeature fa = best_normal(a, tet_a, ta, direction);
  const BestFeature fb = best_normal(b, tet_b, tb, -direction);
  Vec3 normal;
  if (fa.dimension > fb.dimension) {
    normal = fa.normal;
  } else if (fb.dimension > fa.dimension) {
    normal = -fb.normal;
  } else if ((fa.normal - fb.normal).norm() > kSameNormals) {
    normal = contact_detail::unit_or_zero(fa.normal - fb.normal);
  } else {
    // Equal normals on both sides (kSameNormals; in exact arithmetic n_A − n_B = 0 for faces
    // exactly side by side): no direction of their own, whatever is left of the difference.
    normal = Vec3::Zero();
  }
  if (normal.isZero()) normal = direction;

  contact_detail::append_mid_plane_contacts(pair.intersection_points(tolerance), normal, a, tet_a, b, tet_b, tolerance,
                                            sink, contact_detail::Placement::kIntersectionPoints);
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
