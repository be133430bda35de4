// The kernels' cheap separation tests (src/contact/methods/separated_along_axis.h) may only say
// "farther apart than d" when it is true — checked against the closest points of the triangles and
// the exact intersection test on random, touching, nearly touching and far-from-origin pairs — and
// must say it for pairs that are clearly apart (or they would not save anything).
#include "methods/separated_along_axis.h"

#include "contactlab/geometry/closest_points_triangle_triangle.h"
#include "contactlab/geometry/triangle_triangle_intersection.h"

#include <gtest/gtest.h>

#include <array>
#include <random>

namespace contactlab {
namespace {

using Triangle3 = std::array<Vec3, 3>;

double distance(const Triangle3& a, const Triangle3& b) {
  return std::sqrt(closest_points_triangle_triangle(a[0], a[1], a[2], b[0], b[1], b[2]).squared_distance);
}

bool intersect(const Triangle3& a, const Triangle3& b) {
  return triangle_triangle_intersection(a[0], a[1], a[2], b[0], b[1], b[2]).intersect;
}

Vec3 random_unit(std::mt19937& rng) {
  std::normal_distribution<double> n(0.0, 1.0);
  Vec3 v(n(rng), n(rng), n(rng));
  while (v.norm() < 1e-3) v = Vec3(n(rng), n(rng), n(rng));
  return v.normalized();
}

TEST(SeparatedAlongAxis, NeverClaimsSeparationOfTouchingOrNearPairs) {
  std::mt19937 rng(31);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::uniform_int_distribution<int> pick(0, 4);
  int claimed = 0, checked = 0;
  for (const double scale : {1e-3, 1.0, 1e3}) {
    for (const double offset : {0.0, 1e3}) {
      const double d = 1e-9 * scale;  // the kernels' default tolerance relative to the scene size
      for (int i = 0; i < 4000; ++i) {
        const Vec3 origin = Vec3::Constant(offset * scale);
        Triangle3 a, b;
        for (Vec3& x : a) x = origin + scale * Vec3(u(rng), u(rng), u(rng));
        for (Vec3& x : b) x = origin + scale * Vec3(u(rng), u(rng), u(rng));
        switch (pick(rng)) {
          case 0:  // random pair
            break;
          case 1:  // shared corner
            b[0] = a[1];
            break;
          case 2:  // a corner of b on a's face
            b[0] = (a[0] + a[1] + a[2]) / 3.0;
            break;
          case 3: {  // b is a moved off a's plane by about d (just under, at, just over)
            const Vec3 n = (a[1] - a[0]).cross(a[2] - a[0]).normalized();
            const double gap = d * std::array{0.5, 1.0 - 1e-6, 1.0, 1.0 + 1e-6, 2.0}[i % 5];
            for (int k = 0; k < 3; ++k) b[k] = a[k] + gap * n;
            break;
          }
          default: {  // b moved from a in a random direction by about d
            const Vec3 t = d * (1.0 + 1e-3 * u(rng)) * random_unit(rng);
            for (int k = 0; k < 3; ++k) b[k] = a[k] + t;
            break;
          }
        }
        ++checked;
        if (!contact_detail::triangles_farther_than(a, b, d)) continue;
        ++claimed;
        ASSERT_FALSE(intersect(a, b)) << "scale " << scale << " case " << i;
        ASSERT_GT(distance(a, b), d) << "scale " << scale << " case " << i;
      }
    }
  }
  EXPECT_EQ(checked, 24000);
  EXPECT_GT(claimed, 3000);  // the random pairs that are apart
}

TEST(SeparatedAlongAxis, FindsPairsThatAreClearlyApart) {
  std::mt19937 rng(32);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const double d = 1e-9;
  // Parallel triangles 2d apart: the face normal separates them.
  for (int i = 0; i < 1000; ++i) {
    Triangle3 a, b;
    for (Vec3& x : a) x = Vec3(u(rng), u(rng), u(rng));
    const Vec3 n = (a[1] - a[0]).cross(a[2] - a[0]).normalized();
    for (int k = 0; k < 3; ++k) b[k] = a[k] + 2.0 * d * n + 0.1 * u(rng) * (a[(k + 1) % 3] - a[k]).cross(n);
    EXPECT_TRUE(contact_detail::triangles_farther_than(a, b, d)) << i;
    EXPECT_TRUE(contact_detail::triangles_farther_than(b, a, d)) << i;
  }
  // Random pairs at least 0.01 apart: a face normal or an edge cross product separates them by
  // far more than d.
  int apart = 0, found = 0;
  for (int i = 0; i < 5000; ++i) {
    Triangle3 a, b;
    for (Vec3& x : a) x = Vec3(u(rng), u(rng), u(rng));
    for (Vec3& x : b) x = Vec3(u(rng), u(rng), u(rng));
    if (distance(a, b) < 0.01) continue;
    ++apart;
    found += contact_detail::triangles_farther_than(a, b, d) ? 1 : 0;
  }
  EXPECT_GT(apart, 1000);
  EXPECT_EQ(found, apart);
}

TEST(SeparatedAlongAxis, ZeroAndUnderflowingAxesNeverSeparate) {
  const std::array<Vec3, 1> p{Vec3(0, 0, 0)};
  const std::array<Vec3, 1> q{Vec3(1, 0, 0)};
  EXPECT_TRUE(contact_detail::separated_along_axis(Vec3(1, 0, 0), p, q, 0.5, 1.0));
  EXPECT_FALSE(contact_detail::separated_along_axis(Vec3(1, 0, 0), p, q, 1.0, 1.0));  // exactly 1 apart: not more
  EXPECT_FALSE(contact_detail::separated_along_axis(Vec3::Zero(), p, q, 0.0, 1.0));
  EXPECT_FALSE(contact_detail::separated_along_axis(Vec3(1e-300, 0, 0), p, q, 0.0, 1.0));
  EXPECT_FALSE(contact_detail::separated_along_axis(Vec3(0, 1, 0), p, q, 0.0, 1.0));  // perpendicular axis
}

}  // namespace
}  // namespace contactlab
