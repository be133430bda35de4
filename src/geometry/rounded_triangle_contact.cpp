#include "contactlab/geometry/rounded_triangle_contact.h"

#include "contactlab/geometry/clip_convex_polygon.h"
#include "contactlab/geometry/closest_points_triangle_triangle.h"
#include "contactlab/geometry/orthonormal_basis.h"
#include "contactlab/geometry/polygon_disc_area.h"

#include <Eigen/LU>

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

bool inside(const std::vector<HalfPlane>& planes, const Vec2& x) {
  for (const HalfPlane& h : planes) {
    if (h.slack(x) < 0.0) return false;
  }
  return true;
}

/// The radius of the largest disc inside every half-plane (negative when they have no common point):
/// r* = max over x of the least slack min_i (m_i · x − offset_i). It is the optimum of the linear
/// program max r subject to m_i · x − r ≥ offset_i, attained where three lines are at equal slack:
/// for each triple, that point x is solved and its least slack over all six evaluated directly.
/// The least slack is 1-Lipschitz in x, so a point solved with a rounding δ loses at most δ of r*,
/// and no candidate is accepted or dropped by a threshold. (The corner test this replaces — some
/// meeting point of two lines inside every half-plane within a rounding allowance — decided by
/// rounding on slivers between nearly parallel lines, whose corners carry ε / sin(angle): on a
/// perturbed wall a sliver 3900 times wider than the band was found to have no area in some frames.)
double inscribed_radius(const std::vector<HalfPlane>& planes) {
  double best = -std::numeric_limits<double>::infinity();
  const std::size_t n = planes.size();
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      for (std::size_t k = j + 1; k < n; ++k) {
        Eigen::Matrix3d system;
        system << planes[i].m.x(), planes[i].m.y(), -1.0, planes[j].m.x(), planes[j].m.y(), -1.0, planes[k].m.x(),
            planes[k].m.y(), -1.0;
        const Eigen::FullPivLU<Eigen::Matrix3d> lu(system);
        if (!lu.isInvertible()) continue;  // two parallel lines of one side: no vertex
        const Eigen::Vector3d z = lu.solve(Eigen::Vector3d(planes[i].offset, planes[j].offset, planes[k].offset));
        const Vec2 x = z.head<2>();
        if (!x.allFinite()) continue;
        double least = std::numeric_limits<double>::infinity();
        for (const HalfPlane& h : planes) least = std::min(least, h.slack(x));
        best = std::max(best, least);
      }
    }
  }
  return best;
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
  // 4. The projections, in the plane's coordinates about c, and their overlap S = P′ ∩ Q′: the
  // intersection of their six half-planes, whose largest inscribed disc says whether S has area,
  // and S's corners by clipping (step 5), once it has. (The seed builds S's corners from the
  // edges' crossings and the corners inside the other triangle: the same polygon.)
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
  // The seed asks for an intersecting area: S must hold a disc of diameter `band` (S shrunk by
  // band / 2 is not empty), above the rounding of the projected corners (1e-12 of the extent), so
  // that projections touching along a segment never count, even with no band.
  if (!(inscribed_radius(planes) > 0.5 * band + 1e-12 * extent)) return std::nullopt;
  // 5. The point of S nearest c (the origin): c itself when inside, else the nearest point of S's
  // boundary — of the edges of S's corners by clipping, which S's inscribed disc of diameter `band`
  // makes well defined. (Not the nearest of the feet of c on the six lines and of their meeting
  // points that lie in every half-plane within a rounding allowance: S is often a sliver between
  // two nearly parallel lines — perpendicular faces of neighbouring blocks overlapping — whose
  // acute corner, computed with a rounding of ε / sin(angle), fell outside that allowance in some
  // frames; the far end of the sliver was then taken, 0.08 of a brick away on a perturbed wall.)
  const std::vector<Vec2> overlap = clip_convex_polygon(pp, qq);
  if (overlap.empty()) return std::nullopt;
  Vec2 nearest = Vec2::Zero();
  if (!inside(planes, nearest)) {
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < overlap.size(); ++k) {
      const Vec2& from = overlap[k];
      const Vec2 along = overlap[(k + 1) % overlap.size()] - from;
      const double squared_length = along.squaredNorm();
      const double t = squared_length > 0.0 ? std::clamp(-from.dot(along) / squared_length, 0.0, 1.0) : 0.0;
      const Vec2 x = from + t * along;
      if (x.squaredNorm() < best) {
        best = x.squaredNorm();
        nearest = x;
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
  // 7. The area: S (its corners by clipping, step 5) cut by the circle.
  out.area = polygon_disc_area(overlap, Vec2::Zero(), circle_radius);
  return out;
}

}  // namespace contactlab
