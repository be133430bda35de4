#include "contactlab/geometry/rounded_triangle_contact.h"

#include "contactlab/geometry/clip_convex_polygon.h"
#include "contactlab/geometry/orthonormal_basis.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace contactlab {
namespace {

/// The point of segment [a, b] (2-D) nearest the origin.
Vec2 nearest_on_segment(const Vec2& a, const Vec2& b) {
  const Vec2 d = b - a;
  const double length2 = d.squaredNorm();
  if (!(length2 > 0.0)) return a;
  return a + std::clamp(-a.dot(d) / length2, 0.0, 1.0) * d;
}

/// The point of the convex polygon (either orientation; 1, 2 or more corners) nearest the origin.
Vec2 nearest_in_polygon(const std::vector<Vec2>& s) {
  if (s.size() >= 3) {
    bool left = true, right = true;  // the origin on the same side of every edge: inside
    for (std::size_t i = 0; i < s.size(); ++i) {
      const Vec2& a = s[i];
      const Vec2& b = s[(i + 1) % s.size()];
      const double cross = (b - a).x() * (-a.y()) - (b - a).y() * (-a.x());
      left = left && cross >= 0.0;
      right = right && cross <= 0.0;
    }
    if (left || right) return Vec2::Zero();
  }
  Vec2 best = s.front();
  for (std::size_t i = 0; i < s.size(); ++i) {
    const Vec2 x = nearest_on_segment(s[i], s[(i + 1) % s.size()]);
    if (x.squaredNorm() < best.squaredNorm()) best = x;
  }
  return best;
}

double twice_area(const std::vector<Vec2>& t) {
  return std::abs((t[1] - t[0]).x() * (t[2] - t[0]).y() - (t[1] - t[0]).y() * (t[2] - t[0]).x());
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
  t.centre = centre - std::sqrt(std::max(0.0, t.radius * t.radius - rho * rho)) * t.normal;
  return t;
}

std::optional<RoundedTriangleContact> rounded_triangle_contact(const std::array<Vec3, 3>& p,
                                                               const std::array<Vec3, 3>& q, double roundness,
                                                               double band) {
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
  // 3. The contact plane and circle.
  const Vec3 u = d / dist;
  const double a = (dist * dist + r1 * r1 - r2 * r2) / (2.0 * dist);
  const Vec3 c = s1->centre + a * u;
  const double circle_radius = std::sqrt(std::max(0.0, r1 * r1 - a * a));
  // 4. The projections and their overlap S, in the plane's coordinates about c.
  const auto [e1, e2] = orthonormal_basis(u);
  std::vector<Vec2> pp, qq;
  for (std::size_t k = 0; k < 3; ++k) {
    pp.emplace_back((p[k] - c).dot(e1), (p[k] - c).dot(e2));
    qq.emplace_back((q[k] - c).dot(e1), (q[k] - c).dot(e2));
  }
  // A triangle seen edge-on projects to a segment: no overlap area (below).
  std::vector<Vec2> s;
  if (twice_area(qq) > 0.0 && twice_area(pp) > 0.0) s = clip_convex_polygon(pp, qq);
  // The seed asks for an intersecting area: S narrower than the band (the projections only touch
  // along an edge or at a corner, or one of them is seen edge-on) is none.
  if (s.size() < 3) return std::nullopt;
  double doubled_area = 0.0, extent = 0.0;  // extent: the larger projected triangle's diameter
  for (std::size_t i = 0; i < s.size(); ++i) {
    doubled_area += s[i].x() * s[(i + 1) % s.size()].y() - s[i].y() * s[(i + 1) % s.size()].x();
  }
  for (const std::vector<Vec2>* t : {&pp, &qq}) {
    for (std::size_t i = 0; i < 3; ++i) extent = std::max(extent, ((*t)[i] - (*t)[(i + 1) % 3]).norm());
  }
  if (!(0.5 * std::abs(doubled_area) > band * extent) || !(std::abs(doubled_area) > 0.0)) return std::nullopt;
  // 5. The point of S nearest c, inside the contact circle.
  const Vec2 nearest = nearest_in_polygon(s);
  const double h = nearest.norm();
  if (!(h < circle_radius - band)) return std::nullopt;
  // 6. The overlap there (eq. 36, read as above).
  RoundedTriangleContact out;
  out.overlap = std::sqrt(r1 * r1 - h * h) + std::sqrt(r2 * r2 - h * h) - dist;
  if (!(out.overlap > band)) return std::nullopt;
  out.point = c + nearest.x() * e1 + nearest.y() * e2;
  out.normal = u;
  out.sphere_overlap = sphere_overlap;
  out.circle_centre = c;
  out.circle_radius = circle_radius;
  out.offset = h;
  return out;
}

}  // namespace contactlab
