#include "contactlab/geometry/tolerance_band.h"

#include "contactlab/geometry/predicates.h"
#include "contactlab/geometry/tetrahedron_tables.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace contactlab {

TetPlanes tet_planes(const std::array<Vec3, 4>& tet) {
  TetPlanes planes;
  planes.orientation = signed_volume_sign(tet[0], tet[1], tet[2], tet[3]);
  if (planes.orientation == 0) return planes;
  double largest_face = 0.0;  // for the height, as tet_min_height computes it (the same values)
  for (int f = 0; f < 4; ++f) {
    const Vec3& p0 = tet[kTetFaces[f][0]];
    const Vec3 n = (tet[kTetFaces[f][1]] - p0).cross(tet[kTetFaces[f][2]] - p0);
    const double length = n.norm();
    largest_face = std::max(largest_face, length);
    // kTetFaces winds every face outward for a positively oriented tet. A zero, underflowed or
    // overflowed cross product has no direction (nor does one whose scaling overflows).
    if (!(length > 0.0) || !std::isfinite(length)) continue;
    const Vec3 unit = n * (planes.orientation / length);
    if (!unit.allFinite()) continue;
    planes.normal[f] = unit;
    planes.valid[f] = true;
  }
  const double volume6 = std::abs((tet[1] - tet[0]).dot((tet[2] - tet[0]).cross(tet[3] - tet[0])));
  planes.height = largest_face > 0.0 && std::isfinite(largest_face) ? volume6 / largest_face : 0.0;
  return planes;
}

double tet_min_height(const std::array<Vec3, 4>& tet) {
  double largest_face = 0.0;  // twice the area
  for (int f = 0; f < 4; ++f) {
    const Vec3& p0 = tet[kTetFaces[f][0]];
    largest_face = std::max(largest_face, (tet[kTetFaces[f][1]] - p0).cross(tet[kTetFaces[f][2]] - p0).norm());
  }
  const double volume6 = std::abs((tet[1] - tet[0]).dot((tet[2] - tet[0]).cross(tet[3] - tet[0])));
  return largest_face > 0.0 && std::isfinite(largest_face) ? volume6 / largest_face : 0.0;  // 3V / A = 6V / 2A
}

TrianglePlane triangle_plane(const Vec3& a, const Vec3& b, const Vec3& c) {
  TrianglePlane plane;
  plane.corner = {a, b, c};
  const Vec3 cross = (b - a).cross(c - a);
  const double area2 = cross.norm();
  if (!(area2 > 0.0) || !std::isfinite(area2)) return plane;
  plane.normal = cross / area2;
  plane.valid = true;
  plane.edges = triangle_edge_normals(plane.corner, plane.normal);
  return plane;
}

std::array<TrianglePlane, 4> tet_face_planes(const std::array<Vec3, 4>& tet) {
  std::array<TrianglePlane, 4> planes;
  for (int f = 0; f < 4; ++f)
    planes[f] = triangle_plane(tet[kTetFaces[f][0]], tet[kTetFaces[f][1]], tet[kTetFaces[f][2]]);
  return planes;
}

std::optional<Vec3> segment_crosses_triangle_band(const Vec3& p0, const Vec3& p1, double d0, double d1,
                                                  const TrianglePlane& plane, double tol) {
  if (!plane.valid) return std::nullopt;
  if (band_sign(d0, tol) * band_sign(d1, tol) >= 0) return std::nullopt;  // not strictly across
  const Vec3 x = plane_crossing_point(p0, p1, d0, d1);
  if (!in_triangle_band(plane, x, tol)) return std::nullopt;
  return x;
}

bool in_triangle_band(const TrianglePlane& plane, const Vec3& x, double tol) {
  return plane.valid && inside_triangle_edges(x, plane.corner, plane.edges, tol);
}

bool in_triangle_band(const std::array<Vec3, 3>& corner, const Vec3& normal, const Vec3& x, double tol) {
  return inside_triangle_edges(x, corner, triangle_edge_normals(corner, normal), tol);
}

namespace {

/// In-plane signed distances of the corners of `other` from the three edge lines of `plane` (edge
/// k from corner k to k + 1; positive away from the triangle).
std::array<std::array<double, 3>, 3> edge_line_distances(const TrianglePlane& plane, const TrianglePlane& other) {
  std::array<std::array<double, 3>, 3> d{};  // [edge of plane][corner of other]
  for (int k = 0; k < 3; ++k) {
    const Vec3& e0 = plane.corner[k];
    const Vec3 out = (plane.corner[(k + 1) % 3] - e0).cross(plane.normal);
    const double length = out.norm();
    for (int i = 0; i < 3; ++i) d[k][i] = length > 0.0 ? out.dot(other.corner[i] - e0) / length : 0.0;
  }
  return d;
}

/// Coplanar triangles: the corners of their common polygon (see triangle_meeting_points_band).
void coplanar_meeting_points(const TrianglePlane& a, const TrianglePlane& b, double tol, std::vector<Vec3>& out) {
  for (const Vec3& p : a.corner)
    if (in_triangle_band(b, p, tol)) out.push_back(p);
  for (const Vec3& p : b.corner)
    if (in_triangle_band(a, p, tol)) out.push_back(p);
  const auto da = edge_line_distances(b, a);  // [edge of b][corner of a]
  const auto db = edge_line_distances(a, b);  // [edge of a][corner of b]
  for (int i = 0; i < 3; ++i) {
    const int i1 = (i + 1) % 3;
    for (int k = 0; k < 3; ++k) {
      const int k1 = (k + 1) % 3;
      // Edge i of a strictly across the line of edge k of b, and edge k of b across edge i's line.
      if (band_sign(da[k][i], tol) * band_sign(da[k][i1], tol) >= 0) continue;
      if (band_sign(db[i][k], tol) * band_sign(db[i][k1], tol) >= 0) continue;
      const double t = da[k][i] / (da[k][i] - da[k][i1]);
      out.push_back(a.corner[i] + t * (a.corner[i1] - a.corner[i]));
    }
  }
}

}  // namespace

void triangle_meeting_points_band(const TrianglePlane& a, const TrianglePlane& b, double tol, std::vector<Vec3>& out) {
  if (!a.valid || !b.valid) return;
  std::array<double, 3> da{}, db{};  // corners of a from b's plane, of b from a's plane
  std::array<int, 3> sa{}, sb{};
  int above_a = 0, below_a = 0, above_b = 0, below_b = 0;
  for (int i = 0; i < 3; ++i) {
    da[i] = b.distance(a.corner[i]);
    db[i] = a.distance(b.corner[i]);
    sa[i] = band_sign(da[i], tol);
    sb[i] = band_sign(db[i], tol);
    above_a += sa[i] > 0, below_a += sa[i] < 0;
    above_b += sb[i] > 0, below_b += sb[i] < 0;
  }
  if (above_a == 3 || below_a == 3 || above_b == 3 || below_b == 3) return;  // one beyond the other's plane
  if (above_a + below_a == 0 && above_b + below_b == 0) {
    coplanar_meeting_points(a, b, tol, out);
    return;
  }
  // The corners within the band of the other's plane (bit 2 i for a's corner i, 2 i + 1 for b's)
  // and the edges strictly across it (bit 2 i for a's edge from corner i to i + 1, 2 i + 1 for
  // b's: one end beyond the band on each side, segment_crosses_triangle_band's first test), as
  // bits gathered without a branch each — for touching triangles which way a corner lies is a coin
  // flip — and then visited in the order of the loops they replace (corners, then edges; a before b).
  unsigned on = 0, across = 0;
  for (std::size_t i = 0; i < 3; ++i) {
    const std::size_t j = (i + 1) % 3;
    on |= static_cast<unsigned>(sa[i] == 0) << (2 * i) | static_cast<unsigned>(sb[i] == 0) << (2 * i + 1);
    across |= static_cast<unsigned>(sa[i] * sa[j] < 0) << (2 * i) | static_cast<unsigned>(sb[i] * sb[j] < 0)
                                                                        << (2 * i + 1);
  }
  for (; on != 0; on &= on - 1) {
    const auto bit = static_cast<std::size_t>(std::countr_zero(on));
    const std::size_t i = bit / 2;
    if (bit % 2 == 0) {
      if (in_triangle_band(b, a.corner[i], tol)) out.push_back(a.corner[i]);
    } else if (in_triangle_band(a, b.corner[i], tol)) {
      out.push_back(b.corner[i]);
    }
  }
  for (; across != 0; across &= across - 1) {
    const auto bit = static_cast<std::size_t>(std::countr_zero(across));
    const std::size_t i = bit / 2, j = (i + 1) % 3;
    const std::optional<Vec3> x = bit % 2 == 0
                                      ? segment_crosses_triangle_band(a.corner[i], a.corner[j], da[i], da[j], b, tol)
                                      : segment_crosses_triangle_band(b.corner[i], b.corner[j], db[i], db[j], a, tol);
    if (x) out.push_back(*x);
  }
}

std::optional<Vec3> segment_crosses_triangle_band(const Vec3& p0, const Vec3& p1, const Vec3& a, const Vec3& b,
                                                  const Vec3& c, double tol) {
  const TrianglePlane plane = triangle_plane(a, b, c);
  if (!plane.valid) return std::nullopt;
  return segment_crosses_triangle_band(p0, p1, plane.distance(p0), plane.distance(p1), plane, tol);
}

PointInTetResult point_in_tet_band(const Vec3& p, const std::array<Vec3, 4>& tet, double tol) {
  return point_in_tet_band(p, tet, tet_planes(tet), tol);
}

bool flat_tet_contains(const Vec3& p, const std::array<Vec3, 4>& tet, double tol) {
  // The plane: that of the largest face (the best-conditioned normal of a flat tet).
  Vec3 normal = Vec3::Zero();
  double largest = 0.0;
  for (int f = 0; f < 4; ++f) {
    const Vec3& p0 = tet[kTetFaces[f][0]];
    const Vec3 n = (tet[kTetFaces[f][1]] - p0).cross(tet[kTetFaces[f][2]] - p0);
    const double length = n.norm();
    if (length > largest && std::isfinite(length)) largest = length, normal = n / length;
  }
  if (!(largest > 0.0)) {
    // Corners on a line (or one point): within tol of the segment between the two farthest apart.
    int i0 = 0, i1 = 0;
    double longest = -1.0;
    for (int i = 0; i < 4; ++i) {
      for (int j = i + 1; j < 4; ++j) {
        const double d = (tet[j] - tet[i]).squaredNorm();
        if (d > longest) longest = d, i0 = i, i1 = j;
      }
    }
    const Vec3 e = tet[i1] - tet[i0];
    const double t = longest > 0.0 ? std::clamp(e.dot(p - tet[i0]) / longest, 0.0, 1.0) : 0.0;
    return band_sign((p - (tet[i0] + t * e)).norm(), tol) <= 0;
  }
  if (band_sign(std::abs(normal.dot(p - tet[0])), tol) > 0) return false;
  // The hull's edges: a pair of corners with the two others on one side of its line (in the plane).
  for (int i = 0; i < 4; ++i) {
    for (int j = i + 1; j < 4; ++j) {
      const Vec3 out = (tet[j] - tet[i]).cross(normal);
      const double length = out.norm();
      if (!(length > 0.0)) continue;  // coincident corners: other pairs bound the hull
      const Vec3 m = out / length;
      double lo = 0.0, hi = 0.0;  // the other corners' in-plane distances from the line
      for (int k = 0; k < 4; ++k) {
        if (k == i || k == j) continue;
        const double d = m.dot(tet[k] - tet[i]);
        lo = std::min(lo, d);
        hi = std::max(hi, d);
      }
      const double d = m.dot(p - tet[i]);
      if (hi <= 0.0 && band_sign(d, tol) > 0) return false;   // hull on the −m side, p beyond it
      if (lo >= 0.0 && band_sign(-d, tol) > 0) return false;  // hull on the +m side
    }
  }
  return true;
}

PointInTetResult point_in_tet_band(const Vec3& p, const std::array<Vec3, 4>& tet, const TetPlanes& planes, double tol) {
  PointInTetResult r;
  r.orientation = planes.orientation;
  if (planes.thin(tol)) {
    r.location = TetLocation::kDegenerate;
    r.in_closure = flat_tet_contains(p, tet, tol);
    return r;
  }
  const std::array<Vec3, 4>& normals = planes.normal;  // a face with no direction: distance 0, ON
  std::array<double, 4> distance{};
  int on_count = 0;
  for (int f = 0; f < 4; ++f) {
    distance[f] = normals[f].dot(p - tet[kTetFaces[f][0]]);
    const int side = band_sign(distance[f], tol);
    if (side > 0) return r;  // kOutside
    on_count += side == 0 ? 1 : 0;
  }
  r.in_closure = true;
  if (on_count == 0) {
    r.location = TetLocation::kInside;
  } else if (on_count == 1) {
    r.location = TetLocation::kOnFace;
    for (int f = 0; f < 4; ++f) {
      if (band_sign(distance[f], tol) == 0) r.feature = f;
    }
  } else if (on_count == 2) {
    // Faces i and j share the edge between the two corners that are neither i nor j.
    int i = -1, j = -1;
    for (int f = 0; f < 4; ++f) {
      if (band_sign(distance[f], tol) != 0) continue;
      (i < 0 ? i : j) = f;
    }
    r.location = TetLocation::kOnEdge;
    for (int e = 0; e < 6; ++e) {
      const auto& edge = kTetEdges[e];
      if (edge[0] != i && edge[0] != j && edge[1] != i && edge[1] != j) r.feature = e;
    }
  } else {
    // Three faces within the band meet at the corner opposite the fourth; with all four (a tet
    // thinner than the band) the corner nearest p.
    r.location = TetLocation::kOnVertex;
    if (on_count == 3) {
      for (int f = 0; f < 4; ++f) {
        if (band_sign(distance[f], tol) != 0) r.feature = f;
      }
    } else {
      double best = (p - tet[0]).squaredNorm();
      r.feature = 0;
      for (int k = 1; k < 4; ++k) {
        const double d = (p - tet[k]).squaredNorm();
        if (d < best) best = d, r.feature = k;
      }
    }
  }
  return r;
}

}  // namespace contactlab
