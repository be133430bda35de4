// The rounded-triangles method (issue 19, seed 000) on a box resting on a slab: contacts only where
// the faces' caps can reach each other, every one within the two bulges of the touching faces, with
// its normal from the slab's sphere towards the box's (upward, tilted by where the spheres sit);
// parameters checked.
#include "contactlab/contact/methods/rounded_triangles.h"
#include "contactlab/contact/generate_contacts.h"
#include "contactlab/core/error.h"
#include "contactlab/geometry/rounded_triangle_contact.h"
#include "scene/box_body.h"

#include <gtest/gtest.h>

namespace contactlab {
namespace {

TEST(RoundedTriangles, ABoxOnASlabTouchesOnlyWithinItsBulges) {
  Scene scene;
  scene.name = "box-on-slab";
  scene.bodies.push_back(test::box_body("slab", Vec3(2, 0.5, 2), Vec3(0, -0.25, 0), true));
  scene.bodies.push_back(test::box_body("box", Vec3(0.5, 0.3, 0.4), Vec3(0, 0.15, 0), false));
  const ContactSet contacts = generate_contacts(scene, rounded_triangles_method());
  ASSERT_FALSE(contacts.contacts.empty());
  // The largest bulge of either body's surface triangles (the slab's big top triangles).
  double bulge = 0.0;
  for (const Body& b : scene.bodies) {
    const TriMesh& s = b.shape->surface_map.surface;
    for (const Triangle& t : s.triangles) {
      const auto r = rounded_triangle(s.vertices[t[0]], s.vertices[t[1]], s.vertices[t[2]], 20.0);
      if (r) bulge = std::max(bulge, r->bulge);
    }
  }
  for (const Contact& c : contacts.contacts) {
    EXPECT_EQ(c.feature_a.type, FeatureType::kFace);
    EXPECT_EQ(c.feature_b.type, FeatureType::kFace);
    EXPECT_LT(c.gap, 0.0);                                        // the caps overlap ...
    EXPECT_GE(c.gap, -2.0 * bulge - 1e-12);                       // ... by at most the two bulges (the faces touch)
    EXPECT_LE(std::abs(c.position.y()), 2.0 * bulge + 1e-12);     // between the caps, about y = 0
    EXPECT_GT(c.normal.y() * (c.body_a == 0 ? 1.0 : -1.0), 0.5);  // from the slab up to the box
  }
  EXPECT_THROW(make_rounded_triangles_method({.roundness = 0.5}), InputError);
  EXPECT_THROW(make_rounded_triangles_method({.roundness = 20.0, .relative_margin = -1.0}), InputError);
  EXPECT_EQ(find_contact_method("rounded-triangles"), &rounded_triangles_method());
}

}  // namespace
}  // namespace contactlab
