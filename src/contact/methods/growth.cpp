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
//  1. SAT of the full tets (tet_tet_sat): separated → no contact.
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
//     minimum is reached on their boundaries). Cost (most of the method's time was here): the
//     minimum is taken over the distinct vertex–face queries and the edge–edge queries not ruled
//     out by a bound, with the same result bit for bit (separation_vector), and s is computed at a
//     scale only when SAT's gap there does not already show |s| > δ (evaluate).
//  3. BestNormal (Algorithm 2, lines 14–16): on each tet, the *surface* features — surface faces,
//     edges with at least one adjacent surface face of the tet, vertices of a surface face of the
//     tet — with representative outward normals: the face normal; for an edge or vertex, the
//     normalised sum of the unit normals of its adjacent *surface* faces in this tet
//     (interpretation: the surface normal the body shows there). The feature whose normal has
//     the largest dot product with ŝ (A) or −ŝ (B) is chosen; near-ties (within
//     kCosineTieTolerance) go to the higher dimension. The feature of higher dimension between
//     the two gives n (A's normal, or the negated normal of B); equal dimensions give
//     unit(n_A − n_B) (interpretation: Algorithm 2 returns n_B there, which is not symmetric).
//  4. Contacts: the intersection points of the two full tets — vertices of one in the closed
//     other (point_in_tet), and the meeting points of an edge of one with a face of the other
//     (edge_triangle_points.h: exact segment_triangle_intersection, or in-plane clipping for an
//     edge lying in the face's plane within the tolerance) — the vertices of the
//     intersection polyhedron. The contacts are at these points (interpretation: Appendix B
//     projects them "onto the found normal" only "to compute the extent"; docs/methods.md §8 says
//     the contacts are the intersection points) and the gap is −(extent along n)
//     (mid_plane_contacts.h, Placement::kIntersectionPoints). Features: vertex in tet → (kVertex,
//     kTet); edge–face crossing → (kEdge surface edge or kInvalidIndex for an interior edge,
//     kFace surface triangle, or kTet when the face is interior), and mirrored for B.
// Symmetry: evaluated in the canonical (body, tet) order and swapped back (canonical_pair.h).
//
// Degenerate configurations: centroids within the tolerance of each other (shrinking never
// separates) → s is the least-overlap SAT axis of the full tets (no contact when SAT has no axis,
// i.e. all corners coincide); a shrink that has not separated after kMaxShrinkSteps steps → the
// same fallback; shrink outside (0, 1) → 0.9; zero-diameter tet → δ = 0 (the full
// iteration budget is used); zero-length s → the SAT axis. Features without a usable normal (zero
// area, cancelling sums) are skipped; if neither tet has one, n = ŝ. Tets within the SAT tolerance
// but not exactly touching have no intersection point and give no contact; exactly touching tets
// give contacts with gap 0. Zero-volume tets are handled by point_in_tet's closure answer.
// Never NaN: every normal is a checked unit vector.
#include "contactlab/contact/methods/growth.h"

#include "contactlab/geometry/closest_point_point_triangle.h"
#include "contactlab/geometry/closest_points_segment_segment.h"
#include "contactlab/geometry/point_in_tet.h"
#include "contactlab/geometry/tet_tet_sat.h"
#include "contactlab/geometry/tetrahedron_tables.h"
#include "methods/canonical_pair.h"
#include "methods/edge_triangle_points.h"
#include "methods/mid_plane_contacts.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace contactlab {
namespace {

using contact_detail::LabelledPoint;
using TetCorners = std::array<Vec3, 4>;

/// Representative normals closer than this (a cosine difference) count as tied.
constexpr double kCosineTieTolerance = 1e-12;
/// At most this many shrink steps (0.9^400 ≈ 5e-19); reached only for near-coincident centroids.
constexpr int kMaxShrinkSteps = 400;
constexpr double kDefaultShrink = 0.9;

std::size_t at(int i) { return static_cast<std::size_t>(i); }

/// Index in kTetEdges of the edge joining local vertices u ≠ v.
int edge_index(int u, int v) {
  if (u > v) std::swap(u, v);
  return u == 0 ? v - 1 : u + v;  // (0,1) 0, (0,2) 1, (0,3) 2, (1,2) 3, (1,3) 4, (2,3) 5
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

/// Closest points of two tets that tet_tet_sat reported separated: the minimum over the 16 face
/// pairs of closest_points_triangle_triangle (faces of A major, kTetFaces order), ties to the first.
/// Returns p_B − p_A.
///
/// Computed without calling closest_points_triangle_triangle, with the same result bit for bit
/// (its value is the first, in the order (face pair, then its 3 vertex–triangle, 3 triangle–vertex
/// and 9 edge–edge queries), of the primitive queries reaching the smallest squared distance):
///  - its exact intersection step is skipped: the tets are separated by more than the SAT
///    tolerance, so no triangle pair meets;
///  - a vertex–triangle query depends only on the vertex and the other tet's face (each appears in
///    3 face pairs), so the 16 + 16 distinct ones are computed once;
///  - an edge–edge query (each directed edge pair appears once, the orientation of an edge
///    differing between its two faces) is skipped when a conservative lower bound on its distance
///    (bounding spheres of the two edges) exceeds the smallest vertex–triangle distance: it can then
///    be neither the minimum nor its first occurrence. The bound is widened by a margin far above
///    the rounding of both sides, so a skipped query could not have tied.
/// This is where the time of the method went (3/4 of it, mostly redundant queries).
Vec3 separation_vector(const TetCorners& a, const TetCorners& b) {
  // Distinct vertex–triangle queries: vf[v][f] (vertex v of A, face f of B), fv[f][v] (face f of A,
  // vertex v of B), with the face corners in kTetFaces order as the face-pair loop passes them.
  std::array<std::array<PointTriangleClosestPoint, 4>, 4> vf, fv;
  double bound = std::numeric_limits<double>::infinity();  // smallest vertex–triangle distance²
  for (std::size_t v = 0; v < 4; ++v) {
    for (std::size_t f = 0; f < 4; ++f) {
      const auto& k = kTetFaces[f];
      vf[v][f] = closest_point_point_triangle(a[v], b[at(k[0])], b[at(k[1])], b[at(k[2])]);
      fv[f][v] = closest_point_point_triangle(b[v], a[at(k[0])], a[at(k[1])], a[at(k[2])]);
      bound = std::min({bound, vf[v][f].squared_distance, fv[f][v].squared_distance});
    }
  }
  // Edge spheres (midpoint, half length) of the 6 edges of each tet, for the edge–edge bound.
  std::array<Vec3, 6> mid_a, mid_b;
  std::array<double, 6> radius_a, radius_b;
  double length = 0.0;
  for (std::size_t e = 0; e < 6; ++e) {
    const Vec3& a0 = a[at(kTetEdges[e][0])];
    const Vec3& a1 = a[at(kTetEdges[e][1])];
    const Vec3& b0 = b[at(kTetEdges[e][0])];
    const Vec3& b1 = b[at(kTetEdges[e][1])];
    mid_a[e] = 0.5 * (a0 + a1);
    mid_b[e] = 0.5 * (b0 + b1);
    radius_a[e] = 0.5 * (a1 - a0).norm();
    radius_b[e] = 0.5 * (b1 - b0).norm();
    length = std::max({length, radius_a[e], radius_b[e]});
  }
  // Rounding of the queries and of the bound is a few ε × (coordinates + lengths); 1e-9 of them
  // is ~10^7 times that and still prunes edges farther than the closest features by that much.
  const double margin = 1e-9 * (magnitude(a, b) + length);
  const double reach = std::sqrt(bound) + margin;
  // Undirected edge pairs (edge index of A, of B) whose spheres come within `reach`.
  std::array<std::array<bool, 6>, 6> near{};
  for (std::size_t i = 0; i < 6; ++i) {
    for (std::size_t j = 0; j < 6; ++j) {
      const double r = radius_a[i] + radius_b[j] + reach;
      near[i][j] = (mid_a[i] - mid_b[j]).squaredNorm() <= r * r;
    }
  }

  double best = std::numeric_limits<double>::infinity();
  Vec3 s = Vec3::Zero();
  for (std::size_t fa = 0; fa < 4; ++fa) {
    const auto& ka = kTetFaces[fa];
    for (std::size_t fb = 0; fb < 4; ++fb) {
      const auto& kb = kTetFaces[fb];
      for (std::size_t i = 0; i < 3; ++i) {
        const PointTriangleClosestPoint& q = vf[at(ka[i])][fb];
        if (q.squared_distance < best) {
          best = q.squared_distance;
          s = q.closest_point - a[at(ka[i])];
        }
      }
      for (std::size_t j = 0; j < 3; ++j) {
        const PointTriangleClosestPoint& q = fv[fa][at(kb[j])];
        if (q.squared_distance < best) {
          best = q.squared_distance;
          s = b[at(kb[j])] - q.closest_point;
        }
      }
      for (std::size_t i = 0; i < 3; ++i) {
        const int a0 = ka[i], a1 = ka[(i + 1) % 3];
        for (std::size_t j = 0; j < 3; ++j) {
          const int b0 = kb[j], b1 = kb[(j + 1) % 3];
          if (!near[at(edge_index(a0, a1))][at(edge_index(b0, b1))]) continue;
          const SegmentSegmentClosestPoints q =
              closest_points_segment_segment(a[at(a0)], a[at(a1)], b[at(b0)], b[at(b1)]);
          if (q.squared_distance < best) {
            best = q.squared_distance;
            s = q.point_q - q.point_p;
          }
        }
      }
    }
  }
  return s;
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

/// Vertices of `x` in the closed tet `y`, and edges of `x` crossing faces of `y`. `x_is_a` says
/// which side the features go to.
void intersection_points(const MethodBody& x, Index tet_x, const TetCorners& cx, const MethodBody& y, Index tet_y,
                         const TetCorners& cy, bool x_is_a, double tolerance, std::vector<LabelledPoint>& out) {
  const Tet& vx = x.shape->tets.tets[tet_x];
  auto push = [&](const Vec3& p, FeatureRef fx, FeatureRef fy) {
    out.push_back(x_is_a ? LabelledPoint{p, fx, fy} : LabelledPoint{p, fy, fx});
  };
  for (std::size_t i = 0; i < 4; ++i) {
    if (point_in_tet(cx[i], cy[0], cy[1], cy[2], cy[3]).in_closure) {
      push(cx[i], {FeatureType::kVertex, vx[i]}, {FeatureType::kTet, tet_y});
    }
  }
  std::vector<Vec3> crossing;
  for (const auto& e : kTetEdges) {
    const Index edge = x.features->surface_topology.find_edge(vx[at(e[0])], vx[at(e[1])]);
    for (int f = 0; f < 4; ++f) {
      const auto& k = kTetFaces[at(f)];
      const std::array<Vec3, 3> face{cy[at(k[0])], cy[at(k[1])], cy[at(k[2])]};
      crossing.clear();
      contact_detail::append_edge_triangle_points(cx[at(e[0])], cx[at(e[1])], face,
                                                  contact_detail::unit_or_zero(contact_detail::face_area_vector(cy, f)),
                                                  tolerance, crossing);
      const Index triangle = y.surface_triangle(tet_y, f);
      const FeatureRef fy =
          triangle != kInvalidIndex ? FeatureRef{FeatureType::kFace, triangle} : FeatureRef{FeatureType::kTet, tet_y};
      for (const Vec3& p : crossing) push(p, {FeatureType::kEdge, edge}, fy);
    }
  }
}

void evaluate(const MethodBody& a, Index tet_a, const MethodBody& b, Index tet_b, const MethodSettings& settings,
              const GrowthParameters& parameters, std::vector<Contact>& sink) {
  const TetCorners ta = a.tet(tet_a);
  const TetCorners tb = b.tet(tet_b);
  TetTetSatRequest request;
  request.relative_tolerance = settings.tolerance.relative;
  const TetTetSatResult full = tet_tet_sat(ta, tb, request);
  if (full.separated) return;
  const double tolerance = settings.absolute_tolerance();

  // Growth scale: shrink until separated, then grow back (file comment, step 2).
  const double beta = parameters.shrink > 0.0 && parameters.shrink < 1.0 ? parameters.shrink : kDefaultShrink;
  const double delta = std::max(parameters.delta, 0.0) * std::min(diameter(ta), diameter(tb));
  const Vec3 ca = centroid(ta);
  const Vec3 cb = centroid(tb);
  Vec3 s = Vec3::Zero();
  if ((ca - cb).norm() > tolerance) {
    double gap = 0.0;  // SAT's separation along its separating axis at the last separated scale
    auto separated = [&](double alpha) {
      const TetTetSatResult r = tet_tet_sat(scaled(ta, ca, alpha), scaled(tb, cb, alpha), request);
      gap = r.separation;
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
      // along SAT's separating axis is a lower bound on |s| (a projection onto a unit axis), so
      // when it exceeds δ by more than the rounding of both (margin) the closest points are not
      // computed for that scale: the search goes the same way, with 1/3 of the closest-point
      // queries on the wall.
      const double margin = 1e-9 * (full.length_scale + magnitude(ta, tb));
      double gap_lo = gap;
      bool have_s = false;
      auto far = [&] {
        if (!have_s && gap_lo > delta + margin) return true;
        if (!have_s) {
          s = separation_vector(scaled(ta, ca, lo), scaled(tb, cb, lo));
          have_s = true;
        }
        return s.norm() > delta;
      };
      for (int i = 0; i < parameters.iterations && far(); ++i) {
        const double mid = 0.5 * (lo + hi);
        if (separated(mid)) {
          lo = mid;
          gap_lo = gap;
          have_s = false;
        } else {
          hi = mid;
        }
      }
      if (!have_s) s = separation_vector(scaled(ta, ca, lo), scaled(tb, cb, lo));
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
  } else {
    normal = contact_detail::unit_or_zero(fa.normal - fb.normal);
  }
  if (normal.isZero()) normal = direction;

  std::vector<LabelledPoint> points;
  intersection_points(a, tet_a, ta, b, tet_b, tb, true, tolerance, points);
  intersection_points(b, tet_b, tb, a, tet_a, ta, false, tolerance, points);
  contact_detail::append_mid_plane_contacts(points, normal, a, tet_a, b, tet_b, tolerance, sink,
                                            contact_detail::Placement::kIntersectionPoints);
}

class GrowthMethod final : public ContactMethod {
 public:
  explicit GrowthMethod(const GrowthParameters& own) : parameters_(own) {}
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
