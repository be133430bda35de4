#include "contactlab/geometry/rounded_triangle_contact.h"

#include "contactlab/geometry/clip_convex_polygon.h"
#include "contactlab/geometry/closest_points_triangle_triangle.h"
#include "contactlab/geometry/orthonormal_basis.h"
#include "contactlab/geometry/polygon_disc_area.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace contactlab {
namespace {

/// A half-plane m · x ≥ offset with a unit normal m (pointing inside).
struct HalfPlane {
  Vec2 m;
  double offset;
  double slack(const Vec2& x) const { return m.dot(x) - offset; }
};

/// The three half-planes of a triangle (either orientation) whose intersection it is; false for a
/// triangle without area (seen edge-on: a segment).
bool half_planes_of(const std::array<Vec2, 3>& t, std::vector<HalfPlane>& out) {
  const double doubled = (t[1] - t[0]).x() * (t[2] - t[0]).y() - (t[1] - t[0]).y() * (t[2] - t[0]).x();
  if (!(doubled != 0.0)) return false;
  const double sign = doubled > 0.0 ? 1.0 : -1.0;  // counter-clockwise: inside is left of each edge
  for (std::size_t i = 0; i < 3; ++i) {
    const Vec2 edge = t[(i + 1) % 3] - t[i];
    const double length = edge.norm();
    if (!(length > 0.0)) return false;
    const Vec2 m = sign * Vec2(-edge.y(), edge.x()) / length;
    out.push_back({m, m.dot(t[i])});
  }
  return true;
}

/// The meeting point of two half-planes' lines; false for parallel lines.
bool meet(const HalfPlane& a, const HalfPlane& b, Vec2& x) {
  const double det = a.m.x() * b.m.y() - a.m.y() * b.m.x();
  if (!(std::abs(det) > 1e-14)) return false;
  x = Vec2((a.offset * b.m.y() - a.m.y() * b.offset) / det, (a.m.x() * b.offset - a.offset * b.m.x()) / det);
  return true;
}

bool inside(const std::vector<HalfPlane>& planes, const Vec2& x, double tolerance) {
  for (const HalfPlane& h : planes) {
    if (h.slack(x) < -tolerance) return false;
  }
  return true;
}

}  // namespace

std::optional<RoundedTriangle> rounded_triangle(const Vec3& a, const Vec3& b, const Vec3& c, double roundness) {
  const Vec3 ab = b - a, ac = c - a, n = ab.cross(ac);
  const double n2 = n.squaredNorm();
  // No area relative to its sides: no circumcentre.
  if (!(n2 > 1e-24 * ab.squaredNorm() * ac.squaredNorm()) || !std::isfinite(n2)) return std::nullopt;
  // The smallest circle holding the triangle: its circumcircle when no angle is obtuse, else the
  // circle on its longest side (a sliver's circumcircle is far larger than the triangle).
  const std::array<Vec3, 3> x{a, b, c};
  std::size_t longest = 0;  // the side x[i] → x[i + 1] opposite the largest angle
  for (std::size_t i = 1; i < 3; ++i) {
    if ((x[(i + 1) % 3] - x[i]).squaredNorm() > (x[(longest + 1) % 3] - x[longest]).squaredNorm()) longest = i;
  }
  const Vec3 p = x[longest], q = x[(longest + 1) % 3], opposite = x[(longest + 2) % 3];
  Vec3 centre;
  if ((p - opposite).dot(q - opposite) <= 0.0) {  // obtuse or right at the opposite corner
    centre = 0.5 * (p + q);
  } else {  // circumcentre: a + (|ac|² (n × ab) + |ab|² (ac × n)) / (2 |n|²)
    centre = a + (ac.squaredNorm() * n.cross(ab) + ab.squaredNorm() * ac.cross(n)) / (2.0 * n2);
  }
  double rho = 0.0;
  for (const Vec3& corner : x) rho = std::max(rho, (corner - centre).norm());
  RoundedTriangle t;
  t.normal = n / std::sqrt(n2);
  t.radius = std::max(roundness, 1.0) * rho;
  const double depth = std::sqrt(std::max(0.0, t.radius * t.radius - rho * rho));
  t.centre = centre - depth * t.normal;
  t.bulge = t.radius - depth;
  return t;
}

std::optional<RoundedTriangleContact> rounded_triangle_contact(const std::array<Vec3, 3>& p,
                                                               const std::array<Vec3, 3>& q, double roundness,
                                                               double band, double depth_reach) {
  const auto s1 = rounded_triangle(p[0], p[1], p[2], roundness);
  const auto s2 = rounded_triangle(q[0], q[1], q[2], roundness);
  if (!s1 || !s2) return std::nullopt;
  const Vec3 d = s2->centre - s1->centre;
  const double dist = d.norm();
  // 1. Facing each other (eq. 37).
  if (!(s1->normal.dot(d) > band) || !(s2->normal.dot(-d) > band)) return std::nullopt;
  // 2. The spheres overlap, and their intersection is a circle.
  const double r1 = s1->radius, r2 = s2->radius;
  const double sphere_overlap = r1 + r2 - dist;
  if (!(sphere_overlap > band) || !(dist > std::abs(r1 - r2) + band)) return std::nullopt;
  // 0. (Tested after the cheap 1–2.) Within reach of the two caps, unless each triangle is behind
  // the other's plane (the bodies overlap there, deeper than the caps' bulges: a penetrating pair)
  // by more than the band — so that coplanar faces (an interface: corners exactly in the other's
  // plane) are never taken for a penetrating pair by rounding — and within depth_reach.
  const auto behind = [band](const std::array<Vec3, 3>& t, const RoundedTriangle& plane, const Vec3& on_plane) {
    for (const Vec3& x : t) {
      if (!(plane.normal.dot(x - on_plane) < -band)) return false;
    }
    return true;
  };
  const double reach = s1->bulge + s2->bulge + band;
  const double apart = closest_points_triangle_triangle(p[0], p[1], p[2], q[0], q[1], q[2]).squared_distance;
  if (apart > reach * reach && !(apart <= depth_reach * depth_reach && behind(q, *s1, p[0]) && behind(p, *s2, q[0]))) {
    return std::nullopt;
  }
  // 3. The contact plane and circle.
  const Vec3 u = d / dist;
  const double a = (dist * dist + r1 * r1 - r2 * r2) / (2.0 * dist);
  const Vec3 c = s1->centre + a * u;
  const double circle_radius = std::sqrt(std::max(0.0, r1 * r1 - a * a));
  // 4. The projections, in the plane's coordinates about c, and their overlap S = P′ ∩ Q′ as the
  // intersection of their six half-planes. (The seed builds S's corners from the edges' crossings
  // and the corners inside the other triangle; the half-planes give the same region, and the
  // point nearest c below without constructing S, whose clipped shape is unstable where the two
  // projections only just overlap.)
  const auto [e1, e2] = orthonormal_basis(u);
  std::array<Vec2, 3> pp, qq;
  double extent = 0.0;  // the larger projected triangle's diameter
  for (std::size_t k = 0; k < 3; ++k) {
    pp[k] = Vec2((p[k] - c).dot(e1), (p[k] - c).dot(e2));
    qq[k] = Vec2((q[k] - c).dot(e1), (q[k] - c).dot(e2));
  }
  for (const std::array<Vec2, 3>* t : {&pp, &qq}) {
    for (std::size_t i = 0; i < 3; ++i) extent = std::max(extent, ((*t)[i] - (*t)[(i + 1) % 3]).norm());
  }
  std::vector<HalfPlane> planes;
  // A triangle seen edge-on projects to a segment: no overlap area.
  if (!half_planes_of(pp, planes) || !half_planes_of(qq, planes)) return std::nullopt;
  const double own = 1e-12 * extent;  // the rounding of points made from the lines themselves
  // The seed asks for an intersecting area: S must hold a disc of diameter `band` — S shrunk by
  // band / 2 is not empty, i.e. one of its corners (two lines meeting) lies in every shrunk half-plane.
  std::vector<HalfPlane> shrunk = planes;
  for (HalfPlane& h : shrunk) h.offset += 0.5 * band;
  bool has_area = false;
  for (std::size_t i = 0; i < shrunk.size() && !has_area; ++i) {
    for (std::size_t j = i + 1; j < shrunk.size() && !has_area; ++j) {
      Vec2 x;
      has_area = meet(shrunk[i], shrunk[j], x) && inside(shrunk, x, own);
    }
  }
  if (!has_area) return std::nullopt;
  // 5. The point of S nearest c (the origin): c itself when inside, else the nearest of the feasible
  // feet of c on the six lines and the feasible corners. A contact only inside the contact circle.
  Vec2 nearest = Vec2::Zero();
  if (!inside(planes, nearest, 0.0)) {
    double best = std::numeric_limits<double>::infinity();
    const auto consider = [&](const Vec2& x) {
      if (inside(planes, x, own) && x.squaredNorm() < best) {
        best = x.squaredNorm();
        nearest = x;
      }
    };
    for (std::size_t i = 0; i < planes.size(); ++i) {
      consider(planes[i].offset * planes[i].m);  // the foot of the origin on line i
      for (std::size_t j = i + 1; j < planes.size(); ++j) {
        Vec2 x;
        if (meet(planes[i], planes[j], x)) consider(x);
      }
    }
    if (!std::isfinite(best)) return std::nullopt;
  }
  const double h = nearest.norm();
  if (!(h < circle_radius - band)) return std::nullopt;
  // 6. The overlap there (eq. 36, read as above): along the line through cp parallel to u, sphere
  // 1's surface on Q's side is at cp + t1 u and sphere 2's on P's side at cp + t2 u, δt = t1 − t2.
  RoundedTriangleContact out;
  const double rise1 = std::sqrt(r1 * r1 - h * h), rise2 = std::sqrt(r2 * r2 - h * h);
  out.overlap = rise1 + rise2 - dist;
  if (!(out.overlap > band)) return std::nullopt;
  out.point = c + nearest.x() * e1 + nearest.y() * e2;
  // 6b. Both surface points on their caps (the parts of the spheres outside their triangles'
  // planes, over the triangles' enclosing circles), not on the spheres' far sides: two large
  // triangles at an angle have spheres that overlap deeply far from either triangle. A point at
  // the cap's rim lies in the plane, often exactly (a corner on the enclosing circle): the test
  // allows half the cap's height below it, so that rounding never decides, while the far side is
  // of the order of the radius below.
  const double t1 = rise1 - a, t2 = (dist - a) - rise2;
  if (!(s1->normal.dot(out.point + t1 * u - p[0]) > -0.5 * s1->bulge - band) ||
      !(s2->normal.dot(out.point + t2 * u - q[0]) > -0.5 * s2->bulge - band)) {
    return std::nullopt;
  }
  out.normal = u;
  out.sphere_overlap = sphere_overlap;
  out.circle_centre = c;
  out.circle_radius = circle_radius;
  out.offset = h;
  // 7. The area: S's corners by clipping (fine here — S has area), then cut by the circle.
  const std::vector<Vec2> overlap = clip_convex_polygon(pp, qq);
  out.area = polygon_disc_area(overlap, Vec2::Zero(), circle_radius);
  return out;
}

}  // namespace contactlab
