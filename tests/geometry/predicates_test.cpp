#include "contactlab/geometry/predicates.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace contactlab {
namespace {

TEST(Predicates, RightHandedVolumeSign) {
  Vec3 a(0, 0, 0), b(1, 0, 0), c(0, 1, 0), d(0, 0, 1);
  EXPECT_EQ(signed_volume_sign(a, b, c, d), 1);
  EXPECT_EQ(signed_volume_sign(a, c, b, d), -1);
  EXPECT_EQ(signed_volume_sign(a, b, c, Vec3(0.3, 0.3, 0)), 0);
  EXPECT_EQ(orient2d_sign(Vec2(0, 0), Vec2(1, 0), Vec2(0, 1)), 1);
  EXPECT_EQ(orient2d_sign(Vec2(0, 0), Vec2(1, 0), Vec2(2, 0)), 0);
}

// Points on a line/plane with coordinates that are not exactly representable: a naive
// determinant returns noise, the exact predicate must return 0 for points that are exactly
// coplanar (constructed with integer coordinates scaled by a power of two so they stay exact).
TEST(Predicates, ExactOnCoplanarPointsWithLargeOffsets) {
  std::mt19937 rng(3);
  std::uniform_int_distribution<int> u(-1000, 1000);
  for (int i = 0; i < 10000; ++i) {
    // Plane z = x + 2y (integer-exact), shifted by a large offset that is a multiple of 2^k.
    auto p = [&] {
      double x = u(rng) * 0.125, y = u(rng) * 0.125;
      return Vec3(x + 1048576.0, y - 1048576.0, x + 2 * y - 1048576.0);
    };
    Vec3 a = p(), b = p(), c = p(), d = p();
    EXPECT_EQ(signed_volume_sign(a, b, c, d), 0);
    Vec3 e = d + Vec3(0, 0, 0.125);
    int s = signed_volume_sign(a, b, c, e);
    // e is above the plane: the sign equals the sign of the plane normal's orientation of abc.
    Vec3 n = (b - a).cross(c - a);
    int expected = n.z() > 0 ? 1 : (n.z() < 0 ? -1 : 0);
    if (n.norm() > 0) {
      EXPECT_EQ(s, expected);
    }
  }
}

// Points on the line p(t) = o + t d with dyadic o, d, t are exactly representable and exactly
// collinear; moving one coordinate of the last point by one unit in the last place makes them not.
TEST(Predicates, ExactlyCollinearDecidesByTheLastBit) {
  std::mt19937 rng(5);
  std::uniform_int_distribution<int> u(-1000, 1000);
  for (int i = 0; i < 2000; ++i) {
    const Vec3 o(u(rng) * 0.25 + 4096.0, u(rng) * 0.25, u(rng) * 0.25 - 4096.0);
    const Vec3 d(u(rng) * 0.125, u(rng) * 0.125, u(rng) * 0.125);
    const Vec3 a = o + u(rng) * 0.5 * d, b = o + u(rng) * 0.5 * d, c = o + u(rng) * 0.5 * d;
    EXPECT_TRUE(exactly_collinear(a, b, c));
    if (a == b || d.isZero()) continue;  // any third point is collinear with a repeated one
    for (int axis = 0; axis < 3; ++axis) {
      Vec3 off = c;
      off[axis] = std::nextafter(off[axis], 1e300);
      // Off the line unless the line runs along this axis (its other two coordinates are fixed).
      const bool along_axis = d[(axis + 1) % 3] == 0.0 && d[(axis + 2) % 3] == 0.0;
      EXPECT_EQ(exactly_collinear(a, b, off), along_axis);
    }
  }
  EXPECT_TRUE(exactly_collinear(Vec3(1, 2, 3), Vec3(1, 2, 3), Vec3(-7, 0.5, 9)));
  EXPECT_FALSE(exactly_collinear(Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1e-300, 0)));
}

}  // namespace
}  // namespace contactlab
