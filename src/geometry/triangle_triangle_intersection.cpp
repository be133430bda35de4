#include "contactlab/geometry/triangle_triangle_intersection.h"

#include "contactlab/geometry/predicates.h"
#include "exact_coplanar.h"

#include <array>
#include <utility>

namespace contactlab {
namespace {

using Tri = std::array<Vec3, 3>;

// Points where the triangles meet; the intersection segment runs between the two farthest apart.
struct Candidates {
  std::array<Vec3, 128> points;
  int count = 0;
  void add(const Vec3& x) {
    if (count < static_cast<int>(points.size())) points[count++] = x;
  }
};

int sign_of(double v) { return (v > 0) - (v < 0); }

// Coplanar closed segments pq and rs (any of them possibly zero-length), compared in the
// projection dropping `axis`, which must be injective on their common plane or line. Adds the
// points where they meet: a proper crossing (interpolated), or the endpoints lying on the other.
bool segment_segment_in_plane(const Vec3& p, const Vec3& q, const Vec3& r, const Vec3& s, int axis, Candidates& out) {
  const Vec2 P = geometry_detail::drop_axis(p, axis), Q = geometry_detail::drop_axis(q, axis);
  const Vec2 R = geometry_detail::drop_axis(r, axis), S = geometry_detail::drop_axis(s, axis);
  const double o1 = orient2d(P, Q, R), o2 = orient2d(P, Q, S);
  const double o3 = orient2d(R, S, P), o4 = orient2d(R, S, Q);
  if (sign_of(o1) * sign_of(o2) < 0 && sign_of(o3) * sign_of(o4) < 0) {
    // o3, o4 are (approximately) proportional to the distances of p, q from line rs.
    out.add(p + (o3 / (o3 - o4)) * (q - p));
    return true;
  }
  bool hit = false;
  if (o1 == 0 && geometry_detail::in_box_2d(R, P, Q)) out.add(r), hit = true;
  if (o2 == 0 && geometry_detail::in_box_2d(S, P, Q)) out.add(s), hit = true;
  if (o3 == 0 && geometry_detail::in_box_2d(P, R, S)) out.add(p), hit = true;
  if (o4 == 0 && geometry_detail::in_box_2d(Q, R, S)) out.add(q), hit = true;
  return hit;
}

// Segment pq in the plane of the non-degenerate triangle t, projected by `axis` (t's projection
// axis). The intersection is a sub-segment whose ends are endpoints of pq inside t or crossings of
// pq with t's edges.
bool segment_triangle_in_plane(const Vec3& p, const Vec3& q, const Tri& t, int axis, Candidates& out) {
  const Vec2 A = geometry_detail::drop_axis(t[0], axis), B = geometry_detail::drop_axis(t[1], axis);
  const Vec2 C = geometry_detail::drop_axis(t[2], axis);
  bool hit = false;
  if (geometry_detail::point_in_triangle_2d(geometry_detail::drop_axis(p, axis), A, B, C)) out.add(p), hit = true;
  if (geometry_detail::point_in_triangle_2d(geometry_detail::drop_axis(q, axis), A, B, C)) out.add(q), hit = true;
  for (int i = 0; i < 3; ++i) {
    hit = segment_segment_in_plane(p, q, t[i], t[(i + 1) % 3], axis, out) || hit;
  }
  return hit;
}

// Closed segment pq (possibly zero-length) against the closed non-degenerate triangle t, whose
// projection axis is `axis`.
bool segment_triangle(const Vec3& p, const Vec3& q, const Tri& t, int axis, Candidates& out) {
  const double vp = orient3d(t[0], t[1], t[2], p), vq = orient3d(t[0], t[1], t[2], q);
  const int sp = sign_of(vp), sq = sign_of(vq);
  if (sp == sq && sp != 0) return false;
  if (sp == 0 && sq == 0) return segment_triangle_in_plane(p, q, t, axis, out);
  // The line pq meets the plane in one point; it lies in the closed triangle iff the orientations
  // of the line against the three edges do not disagree.
  int positive = 0, negative = 0;
  for (int i = 0; i < 3; ++i) {
    const int s = signed_volume_sign(p, q, t[i], t[(i + 1) % 3]);
    positive += s > 0;
    negative += s < 0;
  }
  if (positive > 0 && negative > 0) return false;
  if (sp == 0) {
    out.add(p);
  } else if (sq == 0) {
    out.add(q);
  } else {
    // vp, vq are (approximately) proportional to the signed distances of p and q from the plane.
    out.add(p + (vp / (vp - vq)) * (q - p));
  }
  return true;
}

// Closed segments pq and rs in 3-D (either possibly zero-length).
bool segment_segment(const Vec3& p, const Vec3& q, const Vec3& r, const Vec3& s, Candidates& out) {
  if (signed_volume_sign(p, q, r, s) != 0) return false;
  // Coplanar: find a projection injective on their plane, or on their line if all are collinear.
  const std::array<Vec3, 4> v{p, q, r, s};
  static constexpr std::array<std::array<int, 3>, 4> kTriples{{{0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}}};
  int axis = -1;
  for (const auto& t : kTriples) {
    axis = geometry_detail::projection_axis(v[t[0]], v[t[1]], v[t[2]]);
    if (axis >= 0) break;
  }
  if (axis < 0) {
    const Vec3* other = nullptr;
    for (const Vec3& x : v) {
      if (x != p) other = &x;
    }
    if (other == nullptr) {  // all four coincide
      out.add(p);
      return true;
    }
    axis = geometry_detail::projection_axis_for_line(p, *other);
  }
  return segment_segment_in_plane(p, q, r, s, axis, out);
}

// Non-degenerate coplanar triangles: overlap iff an edge pair meets or a corner lies in the other.
bool coplanar_overlap(const Tri& a, const Tri& b, int axis) {
  std::array<Vec2, 3> A, B;
  for (int i = 0; i < 3; ++i) {
    A[i] = geometry_detail::drop_axis(a[i], axis);
    B[i] = geometry_detail::drop_axis(b[i], axis);
  }
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      if (geometry_detail::segments_intersect_2d(A[i], A[(i + 1) % 3], B[j], B[(j + 1) % 3])) return true;
    }
  }
  return geometry_detail::point_in_triangle_2d(A[0], B[0], B[1], B[2]) ||
         geometry_detail::point_in_triangle_2d(B[0], A[0], A[1], A[2]);
}

int side_count(const Tri& plane, const Tri& points, int sign) {
  int n = 0;
  for (const Vec3& x : points) n += signed_volume_sign(plane[0], plane[1], plane[2], x) == sign;
  return n;
}

}  // namespace

TriangleTriangleIntersection triangle_triangle_intersection(const Vec3& a0, const Vec3& a1, const Vec3& a2,
                                                            const Vec3& b0, const Vec3& b1, const Vec3& b2) {
  TriangleTriangleIntersection result;
  const Tri a{a0, a1, a2}, b{b0, b1, b2};
  const int axis_a = geometry_detail::projection_axis(a0, a1, a2);
  const int axis_b = geometry_detail::projection_axis(b0, b1, b2);
  Candidates candidates;

  if (axis_a >= 0 && axis_b >= 0) {
    // Early rejections: all of one triangle strictly on one side of the other's plane.
    if (side_count(a, b, 1) == 3 || side_count(a, b, -1) == 3) return result;
    if (side_count(a, b, 0) == 3) {
      result.intersect = result.coplanar = coplanar_overlap(a, b, axis_a);
      return result;
    }
    if (side_count(b, a, 1) == 3 || side_count(b, a, -1) == 3) return result;
    for (int i = 0; i < 3; ++i) {
      segment_triangle(a[i], a[(i + 1) % 3], b, axis_b, candidates);
      segment_triangle(b[i], b[(i + 1) % 3], a, axis_a, candidates);
    }
  } else if (axis_b >= 0) {  // A collapsed to a segment or point: A ∩ B is the union of its edges' hits
    for (int i = 0; i < 3; ++i) segment_triangle(a[i], a[(i + 1) % 3], b, axis_b, candidates);
  } else if (axis_a >= 0) {
    for (int i = 0; i < 3; ++i) segment_triangle(b[i], b[(i + 1) % 3], a, axis_a, candidates);
  } else {
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j) segment_segment(a[i], a[(i + 1) % 3], b[j], b[(j + 1) % 3], candidates);
    }
  }
  if (candidates.count == 0) return result;

  // The intersection is convex (a segment or a point): its ends are the farthest candidate pair.
  result.intersect = true;
  result.p0 = result.p1 = candidates.points[0];
  double best = 0.0;
  for (int i = 0; i < candidates.count; ++i) {
    for (int j = i + 1; j < candidates.count; ++j) {
      const double d = (candidates.points[i] - candidates.points[j]).squaredNorm();
      if (d > best) {
        best = d;
        result.p0 = candidates.points[i];
        result.p1 = candidates.points[j];
      }
    }
  }
  return result;
}

bool triangles_intersect(const Vec3& a0, const Vec3& a1, const Vec3& a2, const Vec3& b0, const Vec3& b1,
                         const Vec3& b2) {
  const Tri a{a0, a1, a2}, b{b0, b1, b2};
  // Sides of each triangle's corners against the other's plane (signed_volume_sign: > 0 on the
  // side its normal (x1 − x0) × (x2 − x0) points to). All nonzero also means neither triangle is
  // collapsed (a collapsed one has every point on its "plane").
  std::array<int, 3> side_a{}, side_b{};
  for (std::size_t i = 0; i < 3; ++i) {
    side_a[i] = signed_volume_sign(b0, b1, b2, a[i]);
    side_b[i] = signed_volume_sign(a0, a1, a2, b[i]);
  }
  const auto touches_plane = [](const std::array<int, 3>& s) { return s[0] == 0 || s[1] == 0 || s[2] == 0; };
  const auto one_side = [](const std::array<int, 3>& s) { return s[0] == s[1] && s[1] == s[2]; };
  const auto general = [&] { return triangle_triangle_intersection(a0, a1, a2, b0, b1, b2).intersect; };
  if (touches_plane(side_a) || touches_plane(side_b)) return general();
  if (one_side(side_a) || one_side(side_b)) return false;  // a plane separates them
  // Guigue & Devillers (J. Graphics Tools 8(1), 2003, §3): each triangle turned (circularly, which
  // keeps its plane's orientation) to start at its corner alone on its side of the other's plane,
  // and the other triangle's last two corners exchanged where that corner lies on the negative side,
  // so that p1 lies above B's plane and p2 above A's. The triangles then meet iff the intervals
  // they cut from the planes' common line overlap, which is two orientations: [p1, q1, p2, q2] ≤ 0
  // and [p1, r1, r2, p2] ≤ 0. Where either is 0 (the intervals only touch), the general test
  // decides, so the closed case needs no separate argument here.
  const auto alone = [](const std::array<int, 3>& s) -> std::size_t {
    if (s[0] != s[1] && s[0] != s[2]) return 0;
    return s[1] != s[0] ? 1 : 2;
  };
  const std::size_t ka = alone(side_a), kb = alone(side_b);
  Tri p{a[ka], a[(ka + 1) % 3], a[(ka + 2) % 3]};
  Tri q{b[kb], b[(kb + 1) % 3], b[(kb + 2) % 3]};
  if (side_a[ka] < 0) std::swap(q[1], q[2]);
  if (side_b[kb] < 0) std::swap(p[1], p[2]);
  const int first = signed_volume_sign(p[0], p[1], q[0], q[1]);
  const int second = signed_volume_sign(p[0], p[2], q[2], q[0]);
  if (first == 0 || second == 0) return general();
  return first < 0 && second < 0;
}

}  // namespace contactlab
