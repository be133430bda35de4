#include "contactlab/geometry/closest_points_tet_tet.h"

#include "contactlab/geometry/closest_point_point_triangle.h"
#include "contactlab/geometry/closest_points_segment_segment.h"
#include "contactlab/geometry/tetrahedron_tables.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <utility>

namespace contactlab {
namespace {

using Corners = std::array<Vec3, 4>;

std::size_t at(int i) { return static_cast<std::size_t>(i); }

/// Largest |coordinate| of the corners of two tets (the magnitude rounding errors scale with).
double magnitude(const Corners& a, const Corners& b) {
  double m = 0.0;
  for (std::size_t i = 0; i < 4; ++i) m = std::max({m, a[i].cwiseAbs().maxCoeff(), b[i].cwiseAbs().maxCoeff()});
  return m;
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
            ScanPlaces::EdgePair& e = t.edge_edge[at(tet_edge_index(a0, a1))][at(tet_edge_index(b0, b1))];
            if (e.place < 0) e = {place, a0, a1, b0, b1};
          }
        }
      }
    }
    return t;
  }();
  return places;
}

/// Lower bounds on the distance of features of tets A and B from their projections onto a unit
/// axis n (zero: no bound): points p of A and q of B are at least n·q − n·p apart, so two
/// features are at least (least n·b over their corners of B) − (greatest n·a over those of A)
/// apart. n is oriented from A to B (the orientation in which the tets' projections are farther
/// apart).
class AxisBounds {
 public:
  AxisBounds(const Corners& a, const Corners& b, const Vec3& n) {
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
    for (std::size_t e = 0; e < 6; ++e) {  // once here, not once per edge pair
      edge_lowest_b_[e] = std::min(pb_[at(kTetEdges[e][0])], pb_[at(kTetEdges[e][1])]);
      edge_highest_a_[e] = std::max(pa_[at(kTetEdges[e][0])], pa_[at(kTetEdges[e][1])]);
    }
  }
  /// Vertex v of A and face f of B.
  double vertex_face(std::size_t v, std::size_t f) const { return face_lowest_b_[f] - pa_[v]; }
  /// Face f of A and vertex v of B.
  double face_vertex(std::size_t f, std::size_t v) const { return pb_[v] - face_highest_a_[f]; }
  /// Edge i of A and edge j of B (kTetEdges indices).
  double edge_edge(std::size_t i, std::size_t j) const { return edge_lowest_b_[j] - edge_highest_a_[i]; }

 private:
  std::array<double, 4> pa_{}, pb_{}, face_lowest_b_{}, face_highest_a_{};
  std::array<double, 6> edge_lowest_b_{}, edge_highest_a_{};
};

}  // namespace

TetTetClosestPoints closest_points_tet_tet(const Corners& a, const Corners& b,
                                           const TetTetClosestPointsRequest& request) {
  const double tie = request.tie;
  const Vec3& axis = request.axis;
  // Half the longest edge.
  double longest2 = 0.0;
  for (const auto& e : kTetEdges) {
    longest2 =
        std::max({longest2, (a[at(e[1])] - a[at(e[0])]).squaredNorm(), (b[at(e[1])] - b[at(e[0])]).squaredNorm()});
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
  // B). One is skipped when the axis bounds or the distance from the face's plane put it more than
  // tie_margin beyond `bound` (no less than the minimum), or when the vertex is farther than
  // upper + tie_margin from the face's bounding sphere. Per face, found when first needed: the
  // sphere (centroid, farthest corner) and, when the face is far from a sliver (relative height
  // above 1e-3, so that its unit normal is good to ~1e-13 rad), its plane — a point is no nearer
  // to the face than to its plane.
  struct FaceBounds {
    Vec3 centre = Vec3::Zero();
    double radius = 0.0;
    Vec3 normal = Vec3::Zero();  ///< unit, or zero when the plane is not used
    double offset = 0.0;         ///< normal · corner 0
  };
  std::array<FaceBounds, 4> bounds_a, bounds_b;
  unsigned known_a = 0, known_b = 0;  // bit f: face f's bounds are set
  auto face_bounds = [&](const Corners& t, std::size_t f, std::array<FaceBounds, 4>& bounds,
                         unsigned& known) -> const FaceBounds& {
    FaceBounds& fb = bounds[f];
    if ((known >> f & 1U) == 0) {
      const auto& k = kTetFaces[f];
      const Vec3& x0 = t[at(k[0])];
      const Vec3& x1 = t[at(k[1])];
      const Vec3& x2 = t[at(k[2])];
      fb.centre = (x0 + x1 + x2) / 3.0;
      double r2 = 0.0;  // the root once, of the largest square (the same value: √ is monotone)
      for (const int c : k) r2 = std::max(r2, (t[at(c)] - fb.centre).squaredNorm());
      fb.radius = std::sqrt(r2);
      const Vec3 n = (x1 - x0).cross(x2 - x0);
      const double longest2 = std::max({(x1 - x0).squaredNorm(), (x2 - x1).squaredNorm(), (x0 - x2).squaredNorm()});
      const double n2 = n.squaredNorm();
      if (n2 > 1e-6 * longest2 * longest2) {
        fb.normal = n / std::sqrt(n2);
        fb.offset = fb.normal.dot(x0);
      }
      known |= 1U << f;
    }
    return fb;
  };
  double bound = upper * upper;          // ≥ the smallest computed distance²: a vertex–triangle one, or upper²
  double reach_vt = upper + tie_margin;  // √bound + tie_margin
  auto query = [&](const Vec3& p, const Corners& t, std::size_t f,
                   const FaceBounds& fb) -> std::optional<PointTriangleClosestPoint> {
    const double r = fb.radius + upper + tie_margin;
    if ((p - fb.centre).squaredNorm() > r * r) return std::nullopt;
    if (std::abs(fb.normal.dot(p) - fb.offset) > reach_vt) return std::nullopt;
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
        if (const auto q = query(a[v], b, f, face_bounds(b, f, bounds_b, known_b))) {
          offer(q->squared_distance, places.vertex_face[v][f], q->closest_point - a[v]);
        }
      }
      if (std::max(along_axis.face_vertex(f, v), along_corners.face_vertex(f, v)) <= reach_vt) {
        if (const auto q = query(b[v], a, f, face_bounds(a, f, bounds_a, known_a))) {
          offer(q->squared_distance, places.face_vertex[f][v], b[v] - q->closest_point);
        }
      }
    }
  }
  // Edge pairs (edge index of A, of B) whose axis bounds and bounding spheres (midpoint, half
  // length) come within `reach` of `bound`: the others are farther than that (no less than the
  // minimum).
  const double reach = std::sqrt(bound) + margin;
  auto sphere = [&](const Corners& t, std::size_t e) {
    const Vec3& x0 = t[at(kTetEdges[e][0])];
    const Vec3& x1 = t[at(kTetEdges[e][1])];
    return std::pair<Vec3, double>{0.5 * (x0 + x1), 0.5 * (x1 - x0).norm()};
  };
  // The pairs within reach along both axes as bits (6 i + j), gathered without a branch each:
  // which of the 36 pass is hard to predict, and a mispredicted branch per pair cost more than the
  // comparisons. Visited in ascending order, as nested loops over i and j would. (A NaN bound
  // keeps its pair, as a failed "> reach" test did.)
  std::uint64_t within = 0;
  for (std::size_t i = 0; i < 6; ++i) {
    for (std::size_t j = 0; j < 6; ++j) {
      const bool near = !(along_axis.edge_edge(i, j) > reach) & !(along_corners.edge_edge(i, j) > reach);
      within |= static_cast<std::uint64_t>(near) << (6 * i + j);
    }
  }
  for (; within != 0; within &= within - 1) {
    const auto bit = static_cast<std::size_t>(std::countr_zero(within));
    const std::size_t i = bit / 6, j = bit % 6;
    const auto [mid_a, radius_a] = sphere(a, i);
    const auto [mid_b, radius_b] = sphere(b, j);
    const double r = radius_a + radius_b + reach;
    if ((mid_a - mid_b).squaredNorm() > r * r) continue;
    const ScanPlaces::EdgePair& e = places.edge_edge[i][j];
    const SegmentSegmentClosestPoints q =
        closest_points_segment_segment(a[at(e.a0)], a[at(e.a1)], b[at(e.b0)], b[at(e.b1)]);
    offer(q.squared_distance, e.place, q.point_q - q.point_p);
  }
  const double keep = std::sqrt(best) + std::min(tie, tie_margin);
  const double keep2 = std::max(keep * keep, best);  // (√best)² may round below best
  const Candidate* chosen = nullptr;
  for (std::size_t i = 0; i < count; ++i) {
    const Candidate& c = candidates[i];
    if (c.d2 <= keep2 && (chosen == nullptr || c.place < chosen->place)) chosen = &c;
  }
  TetTetClosestPoints result;
  if (chosen != nullptr) {
    result.separation = chosen->s;
    result.squared_distance = chosen->d2;
  }
  return result;
}

}  // namespace contactlab
