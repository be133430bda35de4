#include "methods/sat_contacts.h"

#include "methods/element_pair_contact.h"
#include "methods/separated_along_axis.h"

#include "contactlab/geometry/closest_point_point_triangle.h"
#include "contactlab/geometry/point_in_tet.h"
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

FeatureRef tet_edge_feature(const MethodBody& body, Index tet, int edge) {
  const Index e = body.features->tet_surface_edges[static_cast<std::size_t>(tet)][static_cast<std::size_t>(edge)];
  return e != kInvalidIndex ? FeatureRef{FeatureType::kEdge, e} : FeatureRef{FeatureType::kTet, tet};
}

FeatureRef face_feature(const MethodBody& body, Index tet, int face) {
  const Index f = body.surface_triangle(tet, face);
  return f != kInvalidIndex ? FeatureRef{FeatureType::kFace, f} : FeatureRef{FeatureType::kTet, tet};
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

TetPairFaces::TetPairFaces(const MethodBody& a, Index tet_a, const MethodBody& b, Index tet_b)
    : a_(a, tet_a), b_(b, tet_b) {}

TetPairFaces::Side::Side(const MethodBody& body, Index tet) : body(&body), tet(tet), x(body.tet(tet)) {
  const TetPlanesCache* cache = body.planes_cache;
  if (cache && cache->slot[tet] != TetPlanesCache::kAbsent) {
    const std::uint32_t slot = cache->slot[tet];
    planes = &cache->planes[slot];
    if (!cache->faces.empty()) faces = &cache->faces[slot];
  }
  if (!planes) planes = &planes_scratch.emplace(tet_planes(x));
  if (!faces) faces = &faces_scratch.emplace(tet_face_planes(x));
}

void TetPairFaces::measure(Side& side, const std::array<Vec3, 4>& other) {
  if (side.measured) return;
  for (std::size_t f = 0; f < 4; ++f) {
    for (std::size_t i = 0; i < 4; ++i) side.other_distance[f][i] = (*side.faces)[f].distance(other[i]);
  }
  side.measured = true;
}

bool TetPairFaces::measure_until_beyond_a_face(Side& side, const std::array<Vec3, 4>& other, double slack) {
  // Outward is along the winding's normal for a positively oriented tet, against it otherwise.
  const double outward = static_cast<double>(side.planes->orientation);
  // Every corner of `other` beyond face f's plane by more than the slack (a flat tet has no outside).
  const auto beyond_face = [&](std::size_t f) {
    const std::array<double, 4>& d = side.other_distance[f];
    return outward != 0.0 && (*side.faces)[f].valid &&
           std::min(std::min(outward * d[0], outward * d[1]), std::min(outward * d[2], outward * d[3])) > slack;
  };
  if (side.measured) {
    for (std::size_t f = 0; f < 4; ++f) {
      if (beyond_face(f)) return true;
    }
    return false;
  }
  for (std::size_t f = 0; f < 4; ++f) {
    for (std::size_t i = 0; i < 4; ++i) side.other_distance[f][i] = (*side.faces)[f].distance(other[i]);
    // Apart: the other faces' distances are never read (the pair ends here).
    if (beyond_face(f)) return true;
  }
  side.measured = true;
  return false;
}

bool TetPairFaces::clearly_apart(double tol) {
  const double slack = 2.0 * tol + 1e-7 * std::max(max_abs_coordinate(a_.x), max_abs_coordinate(b_.x));
  return measure_until_beyond_a_face(a_, b_.x, slack) || measure_until_beyond_a_face(b_, a_.x, slack);
}

void TetPairFaces::vertices_inside(const Side& p, const Side& q, bool p_is_a, double tol,
                                   std::vector<LabelledPoint>& out) {
  const Tet& k = p.body->shape->tets.tets[p.tet];
  const auto report = [&](std::size_t i) {
    const FeatureRef v{FeatureType::kVertex, k[i]};
    const FeatureRef t{FeatureType::kTet, q.tet};
    out.push_back(p_is_a ? LabelledPoint{p.x[i], v, t} : LabelledPoint{p.x[i], t, v});
  };
  if (q.planes->thin(tol)) {
    // A flat q: exact membership of its hull (in_closed_tet_band).
    for (std::size_t i = 0; i < 4; ++i) {
      if (flat_tet_contains(p.x[i], q.x, tol)) report(i);
    }
    return;
  }
  // A corner is in q grown by the band when no face plane has it beyond the band outside
  // (in_closed_tet_band): as bits, without a branch per face — which face a probed corner lies
  // beyond is hard to predict for tets near each other.
  const double outward = static_cast<double>(q.planes->orientation);  // ±1: q is not thin
  unsigned inside = 0;
  for (std::size_t i = 0; i < 4; ++i) {
    bool in = true;
    for (std::size_t f = 0; f < 4; ++f) in &= !(outward * q.other_distance[f][i] > tol);
    inside |= static_cast<unsigned>(in) << i;
  }
  for (; inside != 0; inside &= inside - 1) report(static_cast<std::size_t>(std::countr_zero(inside)));
}

void TetPairFaces::edge_face_crossings(const Side& p, const Side& q, bool p_is_a, double tol,
                                       std::vector<LabelledPoint>& out) {
  const std::array<TrianglePlane, 4>& planes = *q.faces;
  const std::array<std::array<double, 4>, 4>& distance = q.other_distance;  // [face of q][corner of p]
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
  // With the band (geometry/tolerance_band.h): an edge crosses only from beyond the band on one
  // side to beyond it on the other (the bits above), through the face grown by the band; an end
  // point within the band of the plane is a vertex on the face, which vertices_inside reports.
  // Each crossing is segment_crosses_triangle_band's point and in-band test (the same operations,
  // so the same points and answers), evaluated without a branch on its answer and kept by
  // advancing a count: three quarters of the crossings on the overlapping grid pair land outside
  // the face, and which ones was a branch the processor mispredicted often. In (edge, face) order,
  // as the loops over e and f would.
  std::array<Vec3, 24> points;
  std::array<std::uint8_t, 24> bits;
  std::size_t kept = 0;
  for (; crossing != 0; crossing &= crossing - 1) {
    const auto bit = static_cast<std::size_t>(std::countr_zero(crossing));
    const std::size_t e = bit / 4, f = bit % 4;
    const auto i0 = static_cast<std::size_t>(kTetEdges[e][0]), i1 = static_cast<std::size_t>(kTetEdges[e][1]);
    const Vec3 x = plane_crossing_point(p.x[i0], p.x[i1], distance[f][i0], distance[f][i1]);
    points[kept] = x;
    bits[kept] = static_cast<std::uint8_t>(bit);
    kept += static_cast<std::size_t>(inside_triangle_edges_unbranched(x, planes[f].corner, planes[f].edges, tol));
  }
  for (std::size_t k = 0; k < kept; ++k) {
    const std::size_t e = bits[k] / 4u, f = bits[k] % 4u;
    const FeatureRef fe = tet_edge_feature(*p.body, p.tet, static_cast<int>(e));
    const FeatureRef ff = face_feature(*q.body, q.tet, static_cast<int>(f));
    out.push_back(p_is_a ? LabelledPoint{points[k], fe, ff} : LabelledPoint{points[k], ff, fe});
  }
}

void TetPairFaces::append_intersection_points(double tol, std::vector<LabelledPoint>& out) {
  measure(a_, b_.x);
  measure(b_, a_.x);
  vertices_inside(a_, b_, true, tol, out);
  vertices_inside(b_, a_, false, tol, out);
  edge_face_crossings(a_, b_, true, tol, out);
  edge_face_crossings(b_, a_, false, tol, out);
}

std::span<const LabelledPoint> TetPairFaces::intersection_points(double tol) {
  // Reused from pair to pair (a few points each; allocating them cost more than filling them).
  static thread_local std::vector<LabelledPoint> points;
  if (!has_points_) {
    points.clear();
    append_intersection_points(tol, points);
    has_points_ = true;
  }
  return points;
}

bool TetPairFaces::corner_certainly_in(const Side& p, const Side& q, double reach) {
  if (!q.measured) return false;
  // The planes only choose what to test (a flat q, outward 0, tries its face 0); the tests
  // themselves, exact or within reach, decide.
  const double outward = static_cast<double>(q.planes->orientation);
  for (std::size_t i = 0; i < 4; ++i) {
    // The face plane the corner lies nearest outside of (or least deep inside of).
    std::size_t nearest = 0;
    double beyond = -std::numeric_limits<double>::infinity();
    for (std::size_t f = 0; f < 4; ++f) {
      const double d = outward * q.other_distance[f][i];
      if (d > beyond) beyond = d, nearest = f;
    }
    if (beyond > reach) continue;  // outside a plane by more than tol/8: not this corner
    if (beyond < -reach) {
      if (point_in_tet(p.x[i], q.x[0], q.x[1], q.x[2], q.x[3]).in_closure) return true;
      continue;
    }
    const auto& face = kTetFaces[nearest];
    const auto r =
        closest_point_point_triangle(p.x[i], q.x[static_cast<std::size_t>(face[0])],
                                     q.x[static_cast<std::size_t>(face[1])], q.x[static_cast<std::size_t>(face[2])]);
    if (r.squared_distance <= reach * reach) return true;
  }
  return false;
}

bool TetPairFaces::certainly_not_separated(double tol) const {
  const double reach = 0.125 * tol;
  const double magnitude = std::max(max_abs_coordinate(a_.x), max_abs_coordinate(b_.x));
  if (!(tol > 1e-11 * magnitude)) return false;
  return corner_certainly_in(a_, b_, reach) || corner_certainly_in(b_, a_, reach);
}

void append_intersection_contacts(TetPairFaces& pair, const Vec3& n, double depth, const MethodSettings& settings,
                                  std::vector<Contact>& sink) {
  const double tol = settings.absolute_tolerance();
  const std::span<const LabelledPoint> points = pair.intersection_points(tol);
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
    sink.push_back(element_pair_contact(pair.body_a(), pair.tet_a(), pair.body_b(), pair.tet_b(), x, n, -depth,
                                        p.feature_a, p.feature_b));
  }
}

}  // namespace contactlab::contact_detail
