#include "contactlab/core/transform.h"
#include "contactlab/core/aabb.h"

#include <gtest/gtest.h>

#include <random>

namespace contactlab {
namespace {

Transform random_transform(std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Quat q(u(rng), u(rng), u(rng), u(rng));
  return Transform::from_quaternion(q, Vec3(u(rng), u(rng), u(rng)) * 5.0);
}

TEST(Transform, InverseAndCompositionAgreeWithPointMapping) {
  std::mt19937 rng(1);
  std::uniform_real_distribution<double> u(-3.0, 3.0);
  for (int i = 0; i < 1000; ++i) {
    Transform a = random_transform(rng), b = random_transform(rng);
    Vec3 p(u(rng), u(rng), u(rng));
    EXPECT_LT((a.inverse().apply(a.apply(p)) - p).norm(), 1e-12);
    EXPECT_LT(((a * b).apply(p) - a.apply(b.apply(p))).norm(), 1e-12);
    EXPECT_NEAR((a.apply(p) - a.apply(Vec3::Zero())).norm(), p.norm(), 1e-12);
  }
}

TEST(Aabb, EmptyExtendOverlap) {
  Aabb box;
  EXPECT_TRUE(box.empty());
  box.extend(Vec3(0, 0, 0));
  box.extend(Vec3(1, 2, 3));
  EXPECT_FALSE(box.empty());
  EXPECT_EQ(box.longest_axis(), 2);
  // Closed intervals: sharing a face counts as overlap, a gap does not.
  EXPECT_TRUE(box.overlaps(Aabb::from_points(Vec3(1, 0, 0), Vec3(2, 1, 1))));
  EXPECT_FALSE(box.overlaps(Aabb::from_points(Vec3(1 + 1e-12, 0, 0), Vec3(2, 1, 1))));
  EXPECT_TRUE(box.inflated(1e-9).overlaps(Aabb::from_points(Vec3(1 + 1e-12, 0, 0), Vec3(2, 1, 1))));
}

TEST(Aabb, TransformedBoxContainsTransformedCorners) {
  std::mt19937 rng(2);
  for (int i = 0; i < 1000; ++i) {
    Transform t = random_transform(rng);
    Aabb box = Aabb::from_points(Vec3(-1, -0.5, 0), Vec3(2, 0.5, 0.25));
    Aabb image = box.transformed(t);
    for (int c = 0; c < 8; ++c) {
      Vec3 corner((c & 1) ? box.max.x() : box.min.x(), (c & 2) ? box.max.y() : box.min.y(),
                  (c & 4) ? box.max.z() : box.min.z());
      EXPECT_TRUE(image.inflated(1e-12).contains(t.apply(corner)));
    }
  }
}

}  // namespace
}  // namespace contactlab
