#include "methods/sat_contacts.h"

#include "methods/closed_tet_band.h"
#include "methods/element_pair_contact.h"
#include "methods/separated_along_axis.h"

#include "contactlab/geometry/tetrahedron_tables.h"
#include "contactlab/geometry/tolerance_band.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <utility>

namespace contactlab::contact_detail {
namespace {

FeatureRef edge_feature(const MethodBody& body, Index tet, int edge) {
  const Index e = body.features->tet_surface_edges[static_cast<std::size_t>(tet)][static_cast<std::size_t>(edge)];
  return e != kInvalidIndex ? FeatureRef{FeatureType::kEdge, e} : FeatureRef{FeatureType::kTet, tet};
}

FeatureRef face_feature(const MethodBody& body, Index tet, int face) {
  const Index f = body.surface_triangle(tet, face);
  return f != kInvalidIndex ? FeatureRef{FeatureType::kFace, f} : FeatureRef{FeatureType::kTet, tet};
}

// Vertices of `p` (tet tp of body bp) within tolerance of q (tet tq of body bq, its planes from the
// call's cache); `p_is_a` orders the feature pair.
void vertices_inside(const MethodBody& bp, Index tp, const std::array<Vec3, 4>& p, const MethodBody& bq, Index tq,
                     const std::array<Vec3, 4>& q, bool p_is_a, double tol, std::vector<LabelledPoint>& out) {
  const Tet& k = bp.shape->tets.tets[tp];
  TetPlanes scratch;
  const TetPlanes& q_planes = bq.planes(tq, scratch);
  const auto report = [&](std::size_t i) {
    const FeatureRef v{FeatureType::kVertex, k[i]};
    const FeatureRef t{FeatureType::kTet, tq};
    out.push_back(p_is_a ? LabelledPoint{p[i], v, t} : LabelledPoint{p[i], t, v});
  };
  if (q_planes.thin(tol)) {
    // A flat q: exact membership of its hull (in_closed_tet_band).
    for (std::size_t i = 0; i < 4; ++i) {
      if (flat_tet_contains(p[i], q, tol)) report(i);
    }
    return;
  }
  // The corners inside as bits (in_thick_tet_band: no branch per face).
  unsigned inside = 0;
  for (std::size_t i = 0; i < 4; ++i) inside |= static_cast<unsigned>(in_thick_tet_band(p[i], q, q_planes, tol)) << i;
  for (; inside != 0; inside &= inside - 1) report(static_cast<std::size_t>(std::countr_zero(inside)));
}

// Edges of p crossing faces of q, decided with the touching band. Each face's plane and the
// distances of p's four corners from it are computed once (each corner ends three edges).
void edge_face_crossings(const MethodBody& bp, Index tp, const std::array<Vec3, 4>& p, const MethodBody& bq, Index tq,
                         bool p_is_a, double tol, std::vector<LabelledPoint>& out) {
  std::array<TrianglePlane, 4> scratch;
  const std::array<TrianglePlane, 4>& planes = bq.face_planes(tq, scratch);  // q's, from the call's cache
  std::array<std::array<double, 4>, 4> distance;                             // [face][corner of p]
  // Which corners lie beyond the band above and below each face's plane, as bits (4 i + f for
  // corner i of p and face f of q: a corner's four faces in one nibble; a face without a plane has
  // neither), and from them the crossing (edge, face) pairs — an edge with one end above and the
  // other below — as bits 4 e + f, an edge's four faces at once, without a branch each: for tets
  // near each other which way a corner lies is hard to predict, and a mispredicted branch per
  // corner and per edge–face pair was most of this function's time.
  std::uint32_t above = 0, below = 0;
  for (std::size_t f = 0; f < 4; ++f) {
    const auto valid = static_cast<std::uint32_t>(planes[f].valid);
    for (std::size_t i = 0; i < 4; ++i) {
      distance[f][i] = planes[f].distance(p[i]);
      above |= (valid & static_cast<std::uint32_t>(distance[f][i] > tol)) << (4 * i + f);
      below |= (valid & static_cast<std::uint32_t>(distance[f][i] < -tol)) << (4 * i + f);
    }
  }
  std::uint32_t crossing = 0;
  for (std::size_t e = 0; e < 6; ++e) {
    const auto i0 = static_cast<std::uint32_t>(kTetEdges[e][0]), i1 = static_cast<std::uint32_t>(kTetEdges[e][1]);
    const std::uint32_t above0 = above >> (4 * i0), below0 = below >> (4 * i0);
    const std::uint32_t above1 = above >> (4 * i1), below1 = below >> (4 * i1);
    crossing |= (((above0 & below1) | (below0 & above1)) & 0xFU) << (4 * e);
  }
  // In (edge, face) order, as the loops over e and f would.
  for (; crossing != 0; crossing &= crossing - 1) {
    const auto bit = static_cast<std::size_t>(std::countr_zero(crossing));
    const std::size_t e = bit / 4, f = bit % 4;
    const auto i0 = static_cast<std::size_t>(kTetEdges[e][0]), i1 = static_cast<std::size_t>(kTetEdges[e][1]);
    // With the band (geometry/tolerance_band.h): an edge crosses only from beyond the band on one
    // side to beyond it on the other, through the face grown by the band; an end point within
    // the band of the plane is a vertex on the face, which vertices_inside reports.
    const std::optional<Vec3> x =
        segment_crosses_triangle_band(p[i0], p[i1], distance[f][i0], distance[f][i1], planes[f], tol);
    if (!x) continue;
    const FeatureRef fe = edge_feature(bp, tp, static_cast<int>(e));
    const FeatureRef ff = face_feature(bq, tq, static_cast<int>(f));
    out.push_back(p_is_a ? LabelledPoint{*x, fe, ff} : LabelledPoint{*x, ff, fe});
  }
}

}  // namespace

TetTetSatRequest sat_request(const std::array<Vec3, 4>& a, const std::array<Vec3, 4>& b,
                             const MethodSettings& settings) {
  Vec3 lo = a[0], hi = a[0];
  for (int i = 0; i < 4; ++i) {
    lo = lo.cwiseMin(a[i]).cwiseMin(b[i]);
    hi = hi.cwiseMax(a[i]).cwiseMax(b[i]);
  }
  const double diagonal = (hi - lo).norm();
  TetTetSatRequest request;
  // All corners coincident (diagonal 0): any relative tolerance gives an absolute one of 0.
  request.relative_tolerance = diagonal > 0.0 ? settings.absolute_tolerance() / diagonal : 0.0;
  return request;
}

bool tets_clearly_apart(const MethodBody& a, Index tet_a, const std::array<Vec3, 4>& pa, const MethodBody& b,
                        Index tet_b, const std::array<Vec3, 4>& pb, double tol) {
  const double slack = 2.0 * tol + 1e-7 * std::max(max_abs_coordinate(pa), max_abs_coordinate(pb));
  const auto beyond_a_face = [&](const MethodBody& body, Index tet, const std::array<Vec3, 4>& own,
                                 const std::array<Vec3, 4>& other) {
    TetPlanes scratch;
    const TetPlanes& planes = body.planes(tet, scratch);
    for (std::size_t f = 0; f < 4; ++f) {
      if (!planes.valid[f]) continue;
      const Vec3& n = planes.normal[f];  // outward
      const double offset = n.dot(own[static_cast<std::size_t>(kTetFaces[f][0])]);
      double nearest = std::numeric_limits<double>::infinity();
      for (const Vec3& x : other) nearest = std::min(nearest, n.dot(x) - offset);
      if (nearest > slack) return true;
    }
    return false;
  };
  return beyond_a_face(a, tet_a, pa, pb) || beyond_a_face(b, tet_b, pb, pa);
}

void append_intersection_points(const MethodBody& a, Index tet_a, const MethodBody& b, Index tet_b, double tol,
                                std::vector<LabelledPoint>& out) {
  const std::array<Vec3, 4> pa = a.tet(tet_a), pb = b.tet(tet_b);
  vertices_inside(a, tet_a, pa, b, tet_b, pb, true, tol, out);
  vertices_inside(b, tet_b, pb, a, tet_a, pa, false, tol, out);
  edge_face_crossings(a, tet_a, pa, b, tet_b, true, tol, out);
  edge_face_crossings(b, tet_b, pb, a, tet_a, false, tol, out);
}

void append_intersection_contacts(const MethodBody& a, Index tet_a, const MethodBody& b, Index tet_b, const Vec3& n,
                                  double depth, const MethodSettings& settings, std::vector<Contact>& sink) {
  const double tol = settings.absolute_tolerance();
  // Reused from pair to pair (a few points each; allocating them cost more than filling them).
  static thread_local std::vector<LabelledPoint> points;
  points.clear();
  append_intersection_points(a, tet_a, b, tet_b, tol, points);
  if (points.empty()) return;

  // Mid contact plane n·x = c, halfway between the extreme intersection points along n.
  double lo = n.dot(points[0].position), hi = lo;
  for (const LabelledPoint& p : points) {
    lo = std::min(lo, n.dot(p.position));
    hi = std::max(hi, n.dot(p.position));
  }
  const double c = 0.5 * (lo + hi);

  static thread_local std::vector<Vec3> kept;
  kept.clear();
  for (const LabelledPoint& p : points) {
    const Vec3 x = p.position - (n.dot(p.position) - c) * n;
    const bool duplicate = std::any_of(kept.begin(), kept.end(), [&](const Vec3& y) { return (x - y).norm() <= tol; });
    if (duplicate) continue;
    kept.push_back(x);
    sink.push_back(element_pair_contact(a, tet_a, b, tet_b, x, n, -depth, p.feature_a, p.feature_b));
  }
}

}  // namespace contactlab::contact_detail
