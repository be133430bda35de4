// Scene transforms: the ground truth carried along by transformed() must equal the ground truth
// derived afresh from the moved geometry, and the closed-form totals must scale with scale².
#include "contactlab/scene/scene_transforms.h"
#include "contactlab/core/error.h"
#include "contactlab/suite/builtin_scenes.h"
#include "contactlab/suite/perturbed.h"
#include "contactlab/suite/planar_interfaces.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>

namespace contactlab {
namespace {

Transform random_motion(std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  return Transform::from_quaternion(Quat(u(rng), u(rng), u(rng), u(rng)), Vec3(u(rng), u(rng), u(rng)) * 10.0);
}

void expect_same_interfaces(const std::vector<ContactInterface>& carried, const std::vector<ContactInterface>& derived,
                            double length) {
  ASSERT_EQ(carried.size(), derived.size());
  for (std::size_t k = 0; k < carried.size(); ++k) {
    const ContactInterface &c = carried[k], &d = derived[k];
    EXPECT_EQ(c.body_a, d.body_a);
    EXPECT_EQ(c.body_b, d.body_b);
    EXPECT_NEAR(c.area, d.area, 1e-9 * length * length);
    EXPECT_EQ(c.min_contacts, d.min_contacts);
    ASSERT_EQ(c.feasible_normals.size(), 1u);
    EXPECT_LT((c.feasible_normals[0] - d.feasible_normals.at(0)).norm(), 1e-9);
    ASSERT_EQ(c.polygon.size(), d.polygon.size());
    for (const PolygonCorner& corner : c.polygon) {  // same corners, in any cyclic order
      double nearest = INFINITY;
      for (const PolygonCorner& other : d.polygon)
        nearest = std::min(nearest, (corner.position - other.position).norm());
      EXPECT_LT(nearest, 1e-9 * length);
    }
  }
}

TEST(SceneTransforms, GroundTruthMovesWithTheSceneUnderRigidMotionAndScale) {
  std::mt19937 rng(5);
  const Scene pillar = make_builtin_scene("pillar");
  const Scene wall = make_builtin_scene("wall");
  for (double scale : {1.0, 1e-3, 0.37, 1e3}) {
    SCOPED_TRACE(scale);
    for (const Scene* original : {&pillar, &wall}) {
      const Scene moved = transformed(*original, random_motion(rng), scale);
      EXPECT_NEAR(moved.ground_truth->total_area(), original->ground_truth->total_area() * scale * scale,
                  1e-9 * scale * scale);
      expect_same_interfaces(moved.ground_truth->interfaces, find_planar_interfaces(moved), moved.length_scale());
      EXPECT_NEAR(moved.length_scale(), original->length_scale() * scale, 1e-9 * moved.length_scale());
      EXPECT_NEAR(moved.gravity.norm(), original->gravity.norm(), 1e-12);
    }
  }
  EXPECT_THROW(transformed(pillar, Transform{}, 0.0), InputError);
  EXPECT_THROW(transformed(pillar, Transform{}, -1.0), InputError);
}

TEST(SceneTransforms, VelocitiesRotateAndLinearVelocityScales) {
  const Scene spike = make_builtin_scene("two-spikes");
  const Transform motion = Transform::from_axis_angle(Vec3(0, 0, 1), 0.5 * std::numbers::pi);
  const Scene moved = transformed(spike, motion, 2.0);
  // (−1.2, −4.8, 0) rotated by 90° about z is (4.8, −1.2, 0), then doubled.
  EXPECT_LT((moved.bodies[1].linear_velocity - Vec3(9.6, -2.4, 0)).norm(), 1e-12);
  EXPECT_LT((moved.gravity - Vec3(9.81, 0, 0)).norm(), 1e-12);
}

TEST(SceneTransforms, PerturbationMovesOnlyMovableBodiesHorizontallyAndIsSeeded) {
  const Scene pillar = make_builtin_scene("pillar");
  const double magnitude = 0.01;
  const Scene a = perturbed(pillar, magnitude, 7), b = perturbed(pillar, magnitude, 7),
              c = perturbed(pillar, magnitude, 8);
  bool differs = false;
  for (std::size_t i = 0; i < pillar.bodies.size(); ++i) {
    const Vec3 d = a.bodies[i].position - pillar.bodies[i].position;
    EXPECT_EQ(a.bodies[i].position, b.bodies[i].position);
    differs = differs || a.bodies[i].position != c.bodies[i].position;
    if (pillar.bodies[i].fixed) {
      EXPECT_EQ(d.norm(), 0.0);
    } else {
      EXPECT_EQ(d.y(), 0.0);
      EXPECT_LE(std::abs(d.x()), magnitude);
      EXPECT_LE(std::abs(d.z()), magnitude);
      EXPECT_GT(d.norm(), 0.0);
    }
  }
  EXPECT_TRUE(differs);
  // Still 7 touching interfaces; a relative shift can only shrink each overlap.
  ASSERT_EQ(a.ground_truth->interfaces.size(), 7u);
  for (std::size_t k = 0; k < 7; ++k) {
    EXPECT_GT(a.ground_truth->interfaces[k].area, 0.0);
    EXPECT_LE(a.ground_truth->interfaces[k].area, pillar.ground_truth->interfaces[k].area + 1e-12);
  }
  EXPECT_THROW(perturbed(pillar, -0.01, 1), InputError);
}

// The push moves each movable body by exactly the distance along gravity's direction (down, −y, in
// the suite; a rotated scene's gravity in a moved copy), nothing else: fixed bodies, shapes,
// velocities and the ground truth stay. Gravity's length does not matter, even far from 9.81.
TEST(SceneTransforms, PushMovesMovableBodiesAlongGravityOnly) {
  const Scene pillar = make_builtin_scene("pillar");
  std::mt19937 rng(11);
  for (const double scale : {1.0, 1e-3, 250.0}) {
    const Scene moved = transformed(pillar, random_motion(rng), scale);
    const Vec3 down = moved.gravity.normalized();
    const double distance = 1e-3 * scale;
    const Scene pushed = pushed_along_gravity(moved, distance);
    for (std::size_t i = 0; i < moved.bodies.size(); ++i) {
      const Vec3 d = pushed.bodies[i].position - moved.bodies[i].position;
      if (moved.bodies[i].fixed) {
        EXPECT_EQ(d.norm(), 0.0);
      } else {
        EXPECT_NEAR(d.dot(down), distance, 1e-12 * scale);
        EXPECT_LT((d - d.dot(down) * down).norm(), 1e-12 * scale);
      }
      EXPECT_EQ(pushed.bodies[i].shape, moved.bodies[i].shape);
      EXPECT_EQ(pushed.bodies[i].orientation.coeffs(), moved.bodies[i].orientation.coeffs());
    }
    EXPECT_EQ(pushed.ground_truth->total_area(), moved.ground_truth->total_area());
  }
  Scene weightless = pillar;
  weightless.gravity = Vec3(0, -1e-300, 0);  // normalised without underflow: still down
  EXPECT_EQ(pushed_along_gravity(weightless, 0.5).bodies.back().position.y(), pillar.bodies.back().position.y() - 0.5);
  weightless.gravity = Vec3::Zero();  // none: the suite's down, −y
  EXPECT_EQ(pushed_along_gravity(weightless, 0.5).bodies.back().position.y(), pillar.bodies.back().position.y() - 0.5);
  weightless.gravity = Vec3(std::nan(""), -9.81, 0.0);  // not finite: −y too, never a NaN position
  const Vec3 moved = pushed_along_gravity(weightless, 0.5).bodies.back().position;
  EXPECT_TRUE(moved.allFinite());
  EXPECT_EQ(moved.y(), pillar.bodies.back().position.y() - 0.5);
  EXPECT_THROW(pushed_along_gravity(pillar, -1e-3), InputError);
  EXPECT_THROW(pushed_along_gravity(pillar, std::nan("")), InputError);
  EXPECT_THROW(pushed_along_gravity(pillar, INFINITY), InputError);
}

TEST(SceneTransforms, PerturbedPointAndSegmentRegionsMoveWithTheMovingBody) {
  // crack-spike (apex at the origin) and crack-wedge (ridge z ∈ [−1.6, 1.6]): the crack is fixed,
  // so each region corner moves by exactly the spike's / wedge's displacement; normals unchanged.
  for (const char* name : {"crack-spike", "crack-wedge"}) {
    SCOPED_TRACE(name);
    const Scene scene = make_builtin_scene(name);
    const Scene moved = perturbed(scene, 0.05, 3);
    const Vec3 shift = moved.bodies[1].position - scene.bodies[1].position;
    ASSERT_GT(shift.norm(), 0.0);
    ASSERT_EQ(moved.ground_truth->interfaces.size(), 1u);
    const ContactInterface& before = scene.ground_truth->interfaces[0];
    const ContactInterface& after = moved.ground_truth->interfaces[0];
    ASSERT_EQ(after.polygon.size(), before.polygon.size());
    ASSERT_FALSE(after.polygon.empty());
    for (std::size_t k = 0; k < after.polygon.size(); ++k) {
      EXPECT_EQ(after.polygon[k].position, before.polygon[k].position + shift);
    }
    EXPECT_EQ(after.feasible_normals, before.feasible_normals);
  }
}

// `scene wall --rotate 1e308 1e308 0 30` normalised the axis to zero: positions came out scaled by
// cos 30° and orientations unrotated. The axis is now any finite non-zero vector.
TEST(SceneTransforms, AxesOfAnyFiniteLengthGiveTheSameRotation) {
  const double angle = std::numbers::pi / 6.0;
  const Mat3 unit = rotation_about(Vec3(1, 1, 0), angle);
  for (const Vec3& axis : {Vec3(1e308, 1e308, 0), Vec3(1e-300, 1e-300, 0), Vec3(5e-324, 5e-324, 0), Vec3(7, 7, 0)}) {
    SCOPED_TRACE(axis.transpose());
    const Mat3 r = rotation_about(axis, angle);
    EXPECT_LT((r - unit).cwiseAbs().maxCoeff(), 1e-15);
  }
  // The same bits as Eigen's normalisation where that does not overflow (outputs unchanged).
  EXPECT_EQ(rotation_about(Vec3(1, 2, 3), 0.7), Transform::from_axis_angle(Vec3(1, 2, 3), 0.7).rotation);
  for (const Vec3& axis : {Vec3(0, 0, 0), Vec3(INFINITY, 0, 0), Vec3(NAN, 1, 0)}) {
    EXPECT_THROW(rotation_about(axis, angle), InputError);
  }
  EXPECT_THROW(rotation_about(Vec3(1, 0, 0), INFINITY), InputError);
}

TEST(SceneTransforms, HugeAxisRotatesPositionsAndOrientationsAndKeepsDistances) {
  const Scene wall = make_builtin_scene("wall");
  const Transform motion{rotation_about(Vec3(1e308, 1e308, 0), std::numbers::pi / 6.0), Vec3::Zero()};
  const Scene moved = transformed(wall, motion);
  const Transform expected = Transform::from_axis_angle(Vec3(1, 1, 0), std::numbers::pi / 6.0);
  ASSERT_EQ(moved.bodies.size(), wall.bodies.size());
  for (std::size_t i = 0; i < wall.bodies.size(); ++i) {
    EXPECT_LT((moved.bodies[i].position - expected.apply(wall.bodies[i].position)).norm(), 1e-12);
    // Each body's world vertices: rotated, so every distance between bodies' vertices is kept.
    const Vec3 before = wall.bodies[i].pose().apply(wall.bodies[i].shape->tets.vertices[0]);
    const Vec3 after = moved.bodies[i].pose().apply(moved.bodies[i].shape->tets.vertices[0]);
    EXPECT_LT((after - expected.apply(before)).norm(), 1e-12);
    if (i > 0) {
      const Vec3 other_before = wall.bodies[0].pose().apply(wall.bodies[0].shape->tets.vertices[0]);
      const Vec3 other_after = moved.bodies[0].pose().apply(moved.bodies[0].shape->tets.vertices[0]);
      EXPECT_NEAR((after - other_after).norm(), (before - other_before).norm(), 1e-12);
    }
  }
}

TEST(SceneTransforms, MotionMustBeARotationAndScaleWithinRange) {
  const Scene pillar = make_builtin_scene("pillar");
  Transform scaled_rotation;
  scaled_rotation.rotation *= std::cos(std::numbers::pi / 6.0);  // what the overflowed axis gave
  EXPECT_THROW(transformed(pillar, scaled_rotation), InputError);
  Transform reflection;
  reflection.rotation(0, 0) = -1.0;
  EXPECT_THROW(transformed(pillar, reflection), InputError);
  Transform far;
  far.translation.x() = INFINITY;
  EXPECT_THROW(transformed(pillar, far), InputError);
  for (double scale : {1e-320, 1e-51, 2e50, double{INFINITY}, double{NAN}})
    EXPECT_THROW(transformed(pillar, Transform{}, scale), InputError);
  EXPECT_NO_THROW(transformed(pillar, Transform{}, kMinScale));
}

}  // namespace
}  // namespace contactlab
