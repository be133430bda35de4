// Rounded-triangle contact (seed 000): hand-derived configurations of the supplement's figures —
// two faces facing each other (coplanar projections), tilted, offset, disjoint, not facing — with
// the overlap worked out from the spheres; against a brute force over the contact plane; symmetric
// under swapping the triangles; unchanged by rigid motion.
#include "contactlab/geometry/rounded_triangle_contact.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

namespace contactlab {
namespace {

using Tri = std::array<Vec3, 3>;

/// An acute triangle in z = 0, counter-clockwise seen from +z (outward normal +z), circumcentre at
/// (0.5, 0.4, 0): corners at distance ρ from it.
Tri lower() { return {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0.5, 1, 0)}; }
/// The same triangle mirrored to face −z at height g.
Tri upper(double g) { return {Vec3(0, 0, g), Vec3(0.5, 1, g), Vec3(1, 0, g)}; }

TEST(RoundedTriangle, SphereThroughTheCornersBehindTheFace) {
  const auto s = rounded_triangle(Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0.5, 1, 0), 5.0);
  ASSERT_TRUE(s);
  // Circumcentre (0.5, y, 0) with 0.25 + y² = (1 − y)²: y = 3/8, ρ = 5/8.
  const double rho = 0.625, depth = std::sqrt(25.0 * rho * rho - rho * rho);
  EXPECT_NEAR(s->radius, 5.0 * rho, 1e-15);
  EXPECT_LT((s->centre - Vec3(0.5, 0.375, -depth)).norm(), 1e-14);
  EXPECT_LT((s->normal - Vec3(0, 0, 1)).norm(), 1e-15);
  for (const Vec3& x : lower()) EXPECT_NEAR((x - s->centre).norm(), s->radius, 1e-14);
  EXPECT_FALSE(rounded_triangle(Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(2, 0, 0), 5.0));  // no area
  // An obtuse sliver: the circle on its longest side (centre (1, 0, 0), ρ = 1), not its far larger
  // circumcircle; the third corner lies inside the sphere.
  const auto sliver = rounded_triangle(Vec3(0, 0, 0), Vec3(2, 0, 0), Vec3(1, 0.1, 0), 5.0);
  ASSERT_TRUE(sliver);
  EXPECT_NEAR(sliver->radius, 5.0, 1e-15);
  EXPECT_LT((sliver->centre - Vec3(1, 0, -std::sqrt(24.0))).norm(), 1e-14);
  EXPECT_LT((Vec3(1, 0.1, 0) - sliver->centre).norm(), sliver->radius);
}

TEST(RoundedTriangleContact, FacingFacesOverlapByTheirBulges) {
  // Identical faces facing each other g apart: the spheres' centres are on one vertical line
  // through the circumcentre, depth D = √(R² − ρ²) behind each face; the contact plane is halfway,
  // c = (0.5, 0.375, g/2), and c lies inside both projections: h = 0 and δt = δs = 2 (R − D) − g,
  // the two bulges less the gap.
  const double rho = 0.625, r = 5.0 * rho, depth = std::sqrt(r * r - rho * rho);
  for (const double g : {0.0, 0.05, 0.1}) {
    const auto contact = rounded_triangle_contact(lower(), upper(g));
    ASSERT_TRUE(contact) << g;
    EXPECT_NEAR(contact->overlap, 2.0 * (r - depth) - g, 1e-12);
    EXPECT_NEAR(contact->sphere_overlap, 2.0 * (r - depth) - g, 1e-12);
    EXPECT_NEAR(contact->offset, 0.0, 1e-12);
    EXPECT_LT((contact->point - Vec3(0.5, 0.375, 0.5 * g)).norm(), 1e-12);
    EXPECT_LT((contact->normal - Vec3(0, 0, 1)).norm(), 1e-15);
    // The circle: radius √(R² − (D + g/2)²), which is ρ at g = 0 — the triangles' circumcircle,
    // holding the whole triangle (area ½); a gap shrinks it and cuts the corners off.
    EXPECT_NEAR(contact->circle_radius, std::sqrt(r * r - (depth + 0.5 * g) * (depth + 0.5 * g)), 1e-12);
    if (g == 0.0) {
      EXPECT_NEAR(contact->area, 0.5, 1e-9);
    } else {
      EXPECT_LT(contact->area, 0.5 - 1e-3);
    }
  }
  // Farther than the two bulges: no contact.
  EXPECT_FALSE(rounded_triangle_contact(lower(), upper(2.0 * (r - depth) + 1e-9)));
}

TEST(RoundedTriangleContact, DisjointAndNotFacing) {
  // Shifted sideways past each other's extent: the projections do not meet.
  Tri far = upper(0.05);
  for (Vec3& x : far) x.x() += 1.5;
  EXPECT_FALSE(rounded_triangle_contact(lower(), far));
  // The upper face turned to face +z as well (its corners in the other order): not facing.
  EXPECT_FALSE(rounded_triangle_contact(lower(), {Vec3(0, 0, 0.05), Vec3(1, 0, 0.05), Vec3(0.5, 1, 0.05)}));
  // Swapped roles: the lower face against one above it facing down, from Q's side — the same.
  EXPECT_TRUE(rounded_triangle_contact(upper(0.05), lower()));
}

/// Brute force over a fine grid of the contact plane, at points inside both projected triangles and
/// the contact circle: the largest overlap of the two spheres along their axis, and the area (cells
/// counted) with the bound of its counting error (the cells the boundary crosses).
struct BruteForce {
  double overlap = -1.0, area = 0.0, area_error = 0.0;
};
BruteForce brute_force(const Tri& p, const Tri& q, double roundness) {
  const auto s1 = rounded_triangle(p[0], p[1], p[2], roundness);
  const auto s2 = rounded_triangle(q[0], q[1], q[2], roundness);
  const Vec3 d = s2->centre - s1->centre;
  const double dist = d.norm();
  const Vec3 u = d / dist;
  const double a = (dist * dist + s1->radius * s1->radius - s2->radius * s2->radius) / (2.0 * dist);
  const Vec3 c = s1->centre + a * u;
  const double r = std::sqrt(s1->radius * s1->radius - a * a);
  // A basis of the plane of our own (not the code's).
  const Vec3 e1 = (std::abs(u.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY()).cross(u).normalized(), e2 = u.cross(e1);
  const auto inside = [&](const Tri& t, const Vec3& x) {  // x's projection inside t's, along u
    double sign = 0.0;
    for (int k = 0; k < 3; ++k) {
      const double side = u.dot((t[(k + 1) % 3] - t[k]).cross(x - t[k]));
      if (sign == 0.0) sign = side;
      if (side * sign < 0.0) return false;
    }
    return true;
  };
  double best = -1.0;
  int cells = 0;
  const int n = 800;
  for (int i = 0; i <= n; ++i) {
    for (int j = 0; j <= n; ++j) {
      const double x = r * (2.0 * i / n - 1.0), y = r * (2.0 * j / n - 1.0);
      const double h2 = x * x + y * y;
      if (h2 >= r * r) continue;
      const Vec3 point = c + x * e1 + y * e2;
      if (!inside(p, point) || !inside(q, point)) continue;
      ++cells;
      best = std::max(best, std::sqrt(s1->radius * s1->radius - h2) + std::sqrt(s2->radius * s2->radius - h2) - dist);
    }
  }
  const double spacing = 2.0 * r / n;
  // The region is convex and inside each projected triangle, so its boundary is shorter than
  // either triangle's (a projection shortens the sides).
  double perimeter = std::numeric_limits<double>::infinity();
  for (const Tri* t : {&p, &q}) {
    double sides = 0.0;
    for (int k = 0; k < 3; ++k) sides += ((*t)[(k + 1) % 3] - (*t)[k]).norm();
    perimeter = std::min(perimeter, sides);
  }
  return {best, cells * spacing * spacing, 2.0 * perimeter * spacing};
}

TEST(RoundedTriangleContact, TiltedAndOffsetAgainstBruteForce) {
  // The upper face tilted about x by up to 0.3 rad and shifted sideways so that the overlap of the
  // projections does not hold c: the contact point moves to the overlap's nearest point and the
  // overlap falls with h — the grid's best point agrees to its spacing.
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  int contacts = 0, off_centre = 0, telling = 0;  // telling: areas well above the grid's error
  for (int k = 0; k < 60; ++k) {
    const Mat3 tilt = Eigen::AngleAxisd(0.3 * unit(rng), Vec3::UnitX()).toRotationMatrix();
    const Vec3 shift(0.8 * unit(rng), 0.8 * unit(rng), 0.02);
    Tri q = upper(0.0);
    for (Vec3& x : q) x = tilt * (x - Vec3(0.5, 0.4, 0)) + Vec3(0.5, 0.4, 0) + shift;
    const auto contact = rounded_triangle_contact(lower(), q, 2.0);
    const BruteForce reference = brute_force(lower(), q, 2.0);
    if (!contact) {
      EXPECT_LT(reference.overlap, 1e-3) << k;  // the grid finds no (or next to no) overlap either
      continue;
    }
    ++contacts;
    off_centre += contact->offset > 1e-3 ? 1 : 0;
    EXPECT_NEAR(contact->overlap, reference.overlap, 2e-3) << k;
    EXPECT_GE(contact->overlap + 1e-12, reference.overlap) << k;  // the exact maximum is above any grid point
    EXPECT_NEAR(contact->area, reference.area, reference.area_error) << k;
    telling += reference.area > 4.0 * reference.area_error ? 1 : 0;
  }
  EXPECT_GT(contacts, 20);
  EXPECT_GT(off_centre, 8);
  EXPECT_GT(telling, 10);
}

TEST(RoundedTriangleContact, SymmetricUnderSwapAndUnchangedByRigidMotion) {
  std::mt19937_64 rng(6);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::normal_distribution<double> normal;
  int checked = 0;
  for (int k = 0; k < 200; ++k) {
    Tri q = upper(0.03);
    for (Vec3& x : q) x += 0.2 * Vec3(unit(rng), unit(rng), 0.1 * unit(rng));
    const auto c = rounded_triangle_contact(lower(), q, 3.0);
    const auto swapped = rounded_triangle_contact(q, lower(), 3.0);
    ASSERT_EQ(c.has_value(), swapped.has_value()) << k;
    if (!c) continue;
    ++checked;
    EXPECT_NEAR(c->overlap, swapped->overlap, 1e-12);
    EXPECT_NEAR(c->area, swapped->area, 1e-12);
    EXPECT_LT((c->point - swapped->point).norm(), 1e-12);
    EXPECT_LT((c->normal + swapped->normal).norm(), 1e-12);
    const Mat3 r = Quat(normal(rng), normal(rng), normal(rng), normal(rng)).normalized().toRotationMatrix();
    const Vec3 t(10 * unit(rng), 10 * unit(rng), 10 * unit(rng));
    Tri p2 = lower(), q2 = q;
    for (Vec3& x : p2) x = r * x + t;
    for (Vec3& x : q2) x = r * x + t;
    const auto moved = rounded_triangle_contact(p2, q2, 3.0);
    ASSERT_TRUE(moved) << k;
    EXPECT_NEAR(moved->overlap, c->overlap, 1e-11);
    EXPECT_NEAR(moved->area, c->area, 1e-10);
    EXPECT_LT((moved->point - (r * c->point + t)).norm(), 1e-11);
    EXPECT_LT((moved->normal - r * c->normal).norm(), 1e-12);
  }
  EXPECT_GT(checked, 100);
}

TEST(RoundedTriangleContact, SliversBetweenNearlyParallelLinesInAnyFrame) {
  // Two pairs of surface triangles of neighbouring bricks of the wall with every brick tilted and
  // moved by about 1e-3 (as the frame sweep perturbs it), with the wall method's parameters
  // (roundness 20, band 1e-9 and depth reach 0.05 of the bricks' length 0.894777):
  //  (1) the front faces of two bricks side by side, nearly coplanar: their spheres meet with the
  //      contact plane nearly perpendicular to both, so both project nearly edge-on and S is a
  //      sliver between nearly parallel lines. Its largest inscribed disc has radius 1.75e-6
  //      (an exact rational solution of the six lines' linear program), 3900 times half the band:
  //      S has area. Tested as "some corner of two lines lies in every half-plane within 1e-12 of
  //      the extent", S had none in some frames — the corners of nearly parallel lines carry a
  //      rounding of ε / sin(angle).
  //  (2) perpendicular faces of two bricks: S is a sliver 0.08 long whose near end is the contact
  //      point. Taken as the nearest of the feet and corners that lie in every half-plane within
  //      that allowance, the near end was dropped in some frames and the far end taken.
  // Both must give the same contact in every frame: 1000 random similarities (rotation uniform,
  // scale 10^U(−3, 3), translation up to 5 × the scale), point, normal, overlap and area mapped back.
  const double length = 0.894777;
  const std::array<std::pair<Tri, Tri>, 2> pairs{
      std::pair<Tri, Tri>{{Vec3(3.127306511445676, 2.8005016751085261, -0.24930946402821769),
                           Vec3(3.7518485933725425, 3.2012160650417236, -0.24890252064067034),
                           Vec3(3.7523059404749475, 2.8012163288752179, -0.24885892759446868)},
                          {Vec3(3.7487254420889529, 2.8004462692153389, -0.24940309761846238),
                           Vec3(3.7485915168405093, 3.200446042964022, -0.24899928450542469),
                           Vec3(4.3735914527180864, 3.2006554935597533, -0.24918976671608128)}},
      std::pair<Tri, Tri>{{Vec3(3.1245352144874183, 0.39947180433990126, -0.24996212471953466),
                           Vec3(3.1245812532337283, 0.79947178366699889, -0.25008220284114063),
                           Vec3(3.7495812481052617, 0.79939985868255525, -0.25004702643347682)},
                          {Vec3(3.4372884162886042, 0.7982102782588727, 0.25087093983344189),
                           Vec3(2.8122053640573625, 0.79838017842609932, -0.24902519832648445),
                           Vec3(3.4372053547118577, 0.79835017680979559, -0.24912903369572731)}}};
  std::mt19937_64 rng(62);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::normal_distribution<double> normal;
  for (const auto& [p, q] : pairs) {
    const auto c = rounded_triangle_contact(p, q, 20.0, 1e-9 * length, 0.05 * length);
    ASSERT_TRUE(c);
    for (int k = 0; k < 1000; ++k) {
      const Mat3 r = Quat(normal(rng), normal(rng), normal(rng), normal(rng)).normalized().toRotationMatrix();
      const double scale = std::pow(10.0, 3.0 * unit(rng));
      const Vec3 t = 5.0 * scale * Vec3(unit(rng), unit(rng), unit(rng));
      Tri p2 = p, q2 = q;
      for (Vec3& x : p2) x = scale * (r * x) + t;
      for (Vec3& x : q2) x = scale * (r * x) + t;
      const auto moved = rounded_triangle_contact(p2, q2, 20.0, 1e-9 * length * scale, 0.05 * length * scale);
      ASSERT_TRUE(moved) << k;
      EXPECT_LT((r.transpose() * (moved->point - t) / scale - c->point).norm(), 1e-9) << k;
      EXPECT_LT((r.transpose() * moved->normal - c->normal).norm(), 1e-9) << k;
      EXPECT_NEAR(moved->overlap / scale, c->overlap, 1e-9) << k;
      // A sliver's area carries the projected corners' rounding (~1e-12 of the extent) relative to
      // its width (1e-6 of the extent): measured below 1e-7 relative.
      EXPECT_NEAR(moved->area / (scale * scale), c->area, 1e-5 * c->area) << k;
    }
  }
}

}  // namespace
}  // namespace contactlab
