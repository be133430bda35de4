// polygon_disc_area against closed forms: a polygon inside the disc (its shoelace area), a disc
// inside a polygon (π r²), a half-plane's circular segment r² acos(d/r) − d √(r² − d²), a square
// centred on the disc whose corners stick out (four segments cut off), and a strip-integrated
// brute force (the chord length of each thin strip, by Simpson's rule) on random triangles.
#include "contactlab/geometry/polygon_disc_area.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>
#include <vector>

namespace contactlab {
namespace {

using std::numbers::pi;

/// The area of a circular segment cut off beyond a chord at distance d from the centre.
double segment_area(double r, double d) { return r * r * std::acos(d / r) - d * std::sqrt(r * r - d * d); }

std::vector<Vec2> square(double half, const Vec2& centre = Vec2::Zero()) {
  return {centre + Vec2(-half, -half), centre + Vec2(half, -half), centre + Vec2(half, half),
          centre + Vec2(-half, half)};
}

TEST(PolygonDiscArea, PolygonInsideIsItsArea) {
  const std::vector<Vec2> triangle{{0.1, 0.2}, {0.5, -0.3}, {-0.2, 0.4}};
  const double expected = 0.5 * std::abs((0.5 - 0.1) * (0.4 - 0.2) - (-0.3 - 0.2) * (-0.2 - 0.1));
  EXPECT_NEAR(polygon_disc_area(triangle, Vec2::Zero(), 1.0), expected, 1e-15);
  const std::vector<Vec2> reversed(triangle.rbegin(), triangle.rend());
  EXPECT_NEAR(polygon_disc_area(reversed, Vec2::Zero(), 1.0), expected, 1e-15);
}

TEST(PolygonDiscArea, DiscInsideIsTheDisc) {
  EXPECT_NEAR(polygon_disc_area(square(3.0), Vec2(0.4, -0.7), 1.5), pi * 2.25, 1e-12);
}

TEST(PolygonDiscArea, HalfPlaneCutsACircularSegment) {
  // A large square whose left edge is the line x = d: it holds the segment beyond x = d.
  for (const double d : {-0.9, -0.3, 0.0, 0.25, 0.8, 0.999}) {
    const std::vector<Vec2> right{{d, -5.0}, {d + 10.0, -5.0}, {d + 10.0, 5.0}, {d, 5.0}};
    EXPECT_NEAR(polygon_disc_area(right, Vec2::Zero(), 1.0), segment_area(1.0, d), 1e-13) << d;
  }
}

TEST(PolygonDiscArea, SquareWithCornersOutside) {
  // Square of half side s centred on a disc of radius 1 with s < 1 < s √2: the disc less four segments.
  const double s = 0.8;
  EXPECT_NEAR(polygon_disc_area(square(s), Vec2::Zero(), 1.0), pi - 4.0 * segment_area(1.0, s), 1e-13);
}

TEST(PolygonDiscArea, DisjointAndDegenerateGiveZero) {
  EXPECT_EQ(polygon_disc_area(square(0.5, Vec2(3.0, 0.0)), Vec2::Zero(), 1.0), 0.0);
  EXPECT_EQ(polygon_disc_area(square(0.5), Vec2::Zero(), 0.0), 0.0);
  const std::vector<Vec2> segment{{-1.0, 0.0}, {1.0, 0.0}, {0.0, 0.0}};
  EXPECT_NEAR(polygon_disc_area(segment, Vec2::Zero(), 1.0), 0.0, 1e-16);
  const std::vector<Vec2> two{{0.0, 0.0}, {1.0, 0.0}};
  EXPECT_EQ(polygon_disc_area(two, Vec2::Zero(), 1.0), 0.0);
}

/// |triangle ∩ disc| by integrating, over x, the length of the vertical line's part inside both
/// (an interval intersection), with composite Simpson's rule on many panels between the breakpoints.
double strip_integral(const std::vector<Vec2>& t, const Vec2& centre, double r) {
  const auto length_at = [&](double x) {
    double lo = centre.y() - std::sqrt(std::max(0.0, r * r - (x - centre.x()) * (x - centre.x())));
    double hi = 2.0 * centre.y() - lo;
    double tlo = 1e300, thi = -1e300;
    for (std::size_t i = 0; i < 3; ++i) {
      const Vec2 &p = t[i], &q = t[(i + 1) % 3];
      if ((p.x() - x) * (q.x() - x) > 0.0 || p.x() == q.x()) continue;
      const double y = p.y() + (x - p.x()) / (q.x() - p.x()) * (q.y() - p.y());
      tlo = std::min(tlo, y);
      thi = std::max(thi, y);
    }
    if (tlo > thi) return 0.0;
    lo = std::max(lo, tlo);
    hi = std::min(hi, thi);
    return std::max(0.0, hi - lo);
  };
  std::vector<double> breaks{centre.x() - r, centre.x() + r, t[0].x(), t[1].x(), t[2].x()};
  std::sort(breaks.begin(), breaks.end());
  double sum = 0.0;
  const int panels = 4000;  // even
  for (std::size_t k = 0; k + 1 < breaks.size(); ++k) {
    const double a = breaks[k], b = breaks[k + 1];
    if (!(b > a)) continue;
    const double w = (b - a) / panels;
    double s = length_at(a) + length_at(b);
    for (int i = 1; i < panels; ++i) s += (i % 2 == 1 ? 4.0 : 2.0) * length_at(a + i * w);
    sum += s * w / 3.0;
  }
  return sum;
}

TEST(PolygonDiscArea, RandomTrianglesAgreeWithStripIntegration) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(-1.5, 1.5);
  for (int trial = 0; trial < 40; ++trial) {
    const std::vector<Vec2> t{{u(rng), u(rng)}, {u(rng), u(rng)}, {u(rng), u(rng)}};
    const Vec2 centre(0.3 * u(rng), 0.3 * u(rng));
    const double r = 0.5 + 0.3 * std::abs(u(rng));
    // The strip integrand has square-root kinks at the circle's ends: Simpson converges as panels^-1.5.
    EXPECT_NEAR(polygon_disc_area(t, centre, r), strip_integral(t, centre, r), 2e-6) << trial;
  }
}

}  // namespace
}  // namespace contactlab
