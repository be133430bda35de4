// clip_convex_polygon against an independent construction of the intersection of two convex
// polygons: the convex hull of (corners of P inside Q) ∪ (corners of Q inside P) ∪ (crossings of
// P's edges with Q's edges), all computed in long double here; and against grid sampling of the
// area on a smaller set.
#include "contactlab/geometry/clip_convex_polygon.h"
#include "contactlab/geometry/convex_hull_2d.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace contactlab {
namespace {

using LD = long double;

bool inside_convex_ccw(const std::vector<Vec2>& poly, const Vec2& p, LD tolerance) {
  const std::size_t n = poly.size();
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2& a = poly[i];
    const Vec2& b = poly[(i + 1) % n];
    LD c = (LD(b.x()) - a.x()) * (LD(p.y()) - a.y()) - (LD(b.y()) - a.y()) * (LD(p.x()) - a.x());
    if (c < -tolerance) return false;
  }
  return true;
}

std::vector<Vec2> reference_intersection(const std::vector<Vec2>& p, const std::vector<Vec2>& q) {
  std::vector<Vec2> pts;
  for (const Vec2& v : p)
    if (inside_convex_ccw(q, v, 0)) pts.push_back(v);
  for (const Vec2& v : q)
    if (inside_convex_ccw(p, v, 0)) pts.push_back(v);
  for (std::size_t i = 0; i < p.size(); ++i) {
    Vec2 a = p[i], b = p[(i + 1) % p.size()];
    for (std::size_t j = 0; j < q.size(); ++j) {
      Vec2 c = q[j], d = q[(j + 1) % q.size()];
      LD den = (LD(b.x()) - a.x()) * (LD(d.y()) - c.y()) - (LD(b.y()) - a.y()) * (LD(d.x()) - c.x());
      if (den == 0) continue;
      LD t = ((LD(c.x()) - a.x()) * (LD(d.y()) - c.y()) - (LD(c.y()) - a.y()) * (LD(d.x()) - c.x())) / den;
      LD s = ((LD(c.x()) - a.x()) * (LD(b.y()) - a.y()) - (LD(c.y()) - a.y()) * (LD(b.x()) - a.x())) / den;
      if (t >= 0 && t <= 1 && s >= 0 && s <= 1)
        pts.emplace_back(double(a.x() + t * (LD(b.x()) - a.x())), double(a.y() + t * (LD(b.y()) - a.y())));
    }
  }
  return convex_hull_2d(pts);
}

std::vector<Vec2> random_convex_polygon(std::mt19937& rng, const Vec2& centre, double radius) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::vector<Vec2> pts(3 + rng() % 8);
  for (auto& p : pts) {
    double a = 2 * M_PI * u(rng), r = radius * std::sqrt(u(rng));
    p = centre + Vec2(r * std::cos(a), r * std::sin(a));
  }
  return convex_hull_2d(pts);
}

std::vector<Vec2> random_integer_polygon(std::mt19937& rng) {
  std::uniform_int_distribution<int> c(-3, 3);
  std::vector<Vec2> pts(3 + rng() % 5);
  for (auto& p : pts) p = Vec2(c(rng), c(rng));
  return convex_hull_2d(pts);
}

TEST(ClipConvexPolygon, AreaAndCornersMatchIndependentConstruction) {
  std::mt19937 rng(21);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  int compared = 0;
  for (int trial = 0; trial < 10000; ++trial) {
    std::vector<Vec2> p, q;
    if (trial % 4 == 0) {
      // Degenerate share: small-integer polygons, which often share edges, corners and lines.
      p = random_integer_polygon(rng);
      q = random_integer_polygon(rng);
    } else {
      p = random_convex_polygon(rng, Vec2(u(rng), u(rng)), 1.0);
      q = random_convex_polygon(rng, Vec2(u(rng), u(rng)), 1.0);
    }
    if (p.size() < 3 || q.size() < 3) continue;
    if (trial % 2) std::reverse(p.begin(), p.end());  // subject orientation must not matter
    std::vector<Vec2> got = clip_convex_polygon(p, q);
    if (trial % 2) std::reverse(p.begin(), p.end());
    std::vector<Vec2> expected = reference_intersection(p, q);
    const double expected_area = std::abs(polygon_signed_area(expected));
    EXPECT_NEAR(std::abs(polygon_signed_area(got)), expected_area, 1e-12) << "trial " << trial;
    for (const Vec2& c : got) {
      EXPECT_TRUE(inside_convex_ccw(p, c, 1e-12L) && inside_convex_ccw(q, c, 1e-12L));
    }
    ++compared;
  }
  EXPECT_GT(compared, 8000);
}

TEST(ClipConvexPolygon, AreaMatchesGridSampling) {
  std::mt19937 rng(22);
  std::uniform_real_distribution<double> u(-0.5, 0.5);
  const int grid = 400;  // cell 1/200 over [-1,1]²; error ≤ perimeter × cell ≈ 0.06 at worst
  for (int trial = 0; trial < 50; ++trial) {
    std::vector<Vec2> p = random_convex_polygon(rng, Vec2(u(rng), u(rng)), 0.5);
    std::vector<Vec2> q = random_convex_polygon(rng, Vec2(u(rng), u(rng)), 0.5);
    if (p.size() < 3 || q.size() < 3) continue;
    int hits = 0;
    for (int i = 0; i < grid; ++i) {
      for (int j = 0; j < grid; ++j) {
        Vec2 s(-1.0 + (i + 0.5) * 2.0 / grid, -1.0 + (j + 0.5) * 2.0 / grid);
        hits += inside_convex_ccw(p, s, 0) && inside_convex_ccw(q, s, 0);
      }
    }
    const double sampled = hits * 4.0 / (grid * grid);
    EXPECT_NEAR(std::abs(polygon_signed_area(clip_convex_polygon(p, q))), sampled, 0.03);
  }
}

TEST(ClipConvexPolygon, TouchingDisjointAndDegenerate) {
  std::vector<Vec2> a = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  std::vector<Vec2> right = {{1, 0}, {2, 0}, {2, 1}, {1, 1}};  // shares an edge
  std::vector<Vec2> far = {{3, 0}, {4, 0}, {4, 1}, {3, 1}};
  std::vector<Vec2> inner = {{0.25, 0.25}, {0.75, 0.25}, {0.75, 0.75}, {0.25, 0.75}};
  EXPECT_EQ(polygon_signed_area(clip_convex_polygon(a, right)), 0.0);
  EXPECT_EQ(clip_convex_polygon(a, right).size(), 2u);  // the shared edge
  EXPECT_TRUE(clip_convex_polygon(a, far).empty());
  EXPECT_DOUBLE_EQ(polygon_signed_area(clip_convex_polygon(a, inner)), 0.25);
  EXPECT_DOUBLE_EQ(polygon_signed_area(clip_convex_polygon(inner, a)), 0.25);
  std::vector<Vec2> segment = {{0, 0}, {1, 1}};
  EXPECT_TRUE(clip_convex_polygon(a, segment).empty());
  std::vector<Vec2> flat = {{0, 0}, {1, 1}, {2, 2}};
  EXPECT_TRUE(clip_convex_polygon(a, flat).empty());
}

TEST(ClipConvexPolygon, InPlaneUnderRigidMotion) {
  std::mt19937 rng(23);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int trial = 0; trial < 1000; ++trial) {
    std::vector<Vec2> p = random_convex_polygon(rng, Vec2(u(rng), u(rng)), 1.0);
    std::vector<Vec2> q = random_convex_polygon(rng, Vec2(u(rng), u(rng)), 1.0);
    if (p.size() < 3 || q.size() < 3) continue;
    const double area2d = std::abs(polygon_signed_area(clip_convex_polygon(p, q)));
    Quat rot(u(rng), u(rng), u(rng), u(rng));
    Mat3 r = rot.normalized().toRotationMatrix();
    Vec3 t(u(rng) * 10, u(rng) * 10, u(rng) * 10);
    auto lift = [&](const std::vector<Vec2>& poly, double height) {
      std::vector<Vec3> out;
      for (const Vec2& c : poly) out.push_back(r * Vec3(c.x(), c.y(), height) + t);
      return out;
    };
    Vec3 normal = r * Vec3::UnitZ();
    std::vector<Vec3> got = clip_convex_polygon_in_plane(lift(p, 0.3), lift(q, 0.0), normal);
    // Area of a planar 3-D polygon: half the norm of the summed cross products.
    Vec3 sum = Vec3::Zero();
    for (std::size_t i = 1; i + 1 < got.size(); ++i) sum += (got[i] - got[0]).cross(got[i + 1] - got[0]);
    EXPECT_NEAR(0.5 * sum.norm(), area2d, 1e-10);
    for (const Vec3& c : got) EXPECT_NEAR(normal.dot(c - t), 0.0, 1e-10);  // on the clip's plane
  }
}

}  // namespace
}  // namespace contactlab
