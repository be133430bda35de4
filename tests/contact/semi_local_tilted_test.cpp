// The semi-local method on a planar interface that a simulation leaves slightly open or tilted
// (issue 15: "slightly overlapping bodies give the same normals and contact polygons", and a stack
// must see its whole polygon every step). Ground truth from the geometry: a box tilted by a small
// angle θ resting (or floating, or sunk) on a slab; the contact polygon is the box's bottom face
// seen from the slab's top, so its corners lie below the bottom face's corners, and the gap at
// each is that corner's height above the slab's top (docs/semi-local.md, coplanar_interfaces.h).
#include "contactlab/contact/generate_contacts.h"
#include "contactlab/contact/methods/semi_local.h"
#include "contactlab/scene/scene_transforms.h"
#include "scene/box_body.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace contactlab {
namespace {

const Vec3 kSize(1.0, 0.5, 0.8);

/// A fixed slab (top at y = 0) and a box turned by `angle` about `axis` through the centre of its
/// bottom face, that centre at (0.1, height, −0.05).
Scene tilted_box(double angle, const Vec3& axis, double height) {
  Scene scene;
  scene.name = "tilted-box";
  const Quat q(Eigen::AngleAxisd(angle, axis.normalized()));
  const Vec3 bottom_centre(0.1, height, -0.05);
  const Vec3 position = bottom_centre - q * Vec3(0, -0.5 * kSize.y(), 0);
  scene.bodies.push_back(test::box_body("slab", Vec3(4, 0.5, 4), Vec3(0, -0.25, 0), true));
  scene.bodies.push_back(test::box_body("box", kSize, position, false, q));
  return scene;
}

/// The world corners of the box's bottom face (the scene scaled by `scale`).
std::vector<Vec3> bottom_corners(const Scene& scene, double scale) {
  const Body& box = scene.bodies[1];
  std::vector<Vec3> out;
  for (double x : {-0.5, 0.5}) {
    for (double z : {-0.5, 0.5})
      out.push_back(box.pose().apply(scale * Vec3(x * kSize.x(), -0.5 * kSize.y(), z * kSize.z())));
  }
  return out;
}

struct Case {
  double angle;
  Vec3 axis;
  double height;
};

// Open (all corners above), tilted through the slab (corners on both sides), sunk (all below):
// tilts of 1e-5 to 3e-4 rad and heights up to 2e-4 m, all within the envelope (1e-3 of the pair's
// length) and the depth allowance.
const Case kCases[] = {{2e-4, Vec3(0, 0, 1), 3e-4},
                       {2e-4, Vec3(0.3, 0, 1), 0.0},
                       {1e-5, Vec3(1, 0, 0.2), -2e-5},
                       {3e-4, Vec3(1, 0, 1), -1e-4}};

/// The contacts of the slab–box pair match the box's bottom corners: one each, below it on the
/// slab's normal (in the plane within the tilt's shift), with the slab's normal and the corner's
/// height as gap (within `eps`).
void expect_corner_contacts(const Scene& scene, const Vec3& up, const Vec3& origin, double scale) {
  const ContactSet set = generate_contacts(scene, semi_local_method(), {.settings = {}, .threads = 1});
  const std::vector<Vec3> corners = bottom_corners(scene, scale);
  ASSERT_EQ(set.contacts.size(), corners.size());
  const double eps = 1e-9 * scale + 1e-12;  // the translation's rounding (coordinates up to 100)
  for (const Vec3& corner : corners) {
    const double height = up.dot(corner - origin);
    const Vec3 below = corner - height * up;
    const auto found = std::find_if(set.contacts.begin(), set.contacts.end(), [&](const Contact& c) {
      const Vec3 d = c.position - below;
      return (d - up.dot(d) * up).norm() <= 1e-6 * scale;  // in the plane: within the tilt's shift
    });
    ASSERT_NE(found, set.contacts.end()) << "no contact below corner " << corner.transpose();
    EXPECT_EQ(found->body_a, 0);
    EXPECT_EQ(found->body_b, 1);
    EXPECT_LT((found->normal - up).norm(), 1e-10);  // the slab face's normal, rounded by the motion
    EXPECT_NEAR(found->gap, height, eps) << "corner " << corner.transpose();
  }
}

TEST(SemiLocalTilted, CornersCarryTheirOwnGaps) {
  for (const Case& c : kCases) {
    SCOPED_TRACE(::testing::Message() << "angle " << c.angle << " height " << c.height);
    expect_corner_contacts(tilted_box(c.angle, c.axis, c.height), Vec3::UnitY(), Vec3::Zero(), 1.0);
  }
}

TEST(SemiLocalTilted, SameUnderRandomSimilarityTransforms) {
  std::mt19937 rng(15);
  std::uniform_real_distribution<double> unit(-1.0, 1.0), exponent(-3.0, 3.0);
  for (const Case& c : kCases) {
    for (int trial = 0; trial < 10; ++trial) {
      Quat q(unit(rng), unit(rng), unit(rng), unit(rng));
      q.normalize();
      const Transform motion{q.toRotationMatrix(), Vec3(unit(rng), unit(rng), unit(rng)) * 100.0};
      const double scale = std::pow(10.0, exponent(rng));
      SCOPED_TRACE(::testing::Message() << "angle " << c.angle << " height " << c.height << " trial " << trial
                                        << " scale " << scale);
      const Scene moved = transformed(tilted_box(c.angle, c.axis, c.height), motion, scale);
      expect_corner_contacts(moved, motion.rotation * Vec3::UnitY(), motion.apply(Vec3::Zero()), scale);
    }
  }
}

// Beyond the envelope the faces are no interface: a box lifted by 1 % of its size gets no contact.
TEST(SemiLocalTilted, FacesFartherApartThanTheEnvelopeGiveNothing) {
  const ContactSet set =
      generate_contacts(tilted_box(0.0, Vec3::UnitZ(), 0.01), semi_local_method(), {.settings = {}, .threads = 1});
  EXPECT_TRUE(set.contacts.empty());
}

}  // namespace
}  // namespace contactlab
