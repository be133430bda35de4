#include "contactlab/geometry/predicates.h"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace contactlab
