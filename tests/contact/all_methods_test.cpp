// Every registered method on every built-in scene (coarse): runs without error, and every contact
// is finite, has a unit normal, names a body pair of the scene that is not fixed–fixed, and lies
// within the two bodies' world boxes (grown by the method's candidate margin and the tolerance).
#include "contactlab/contact/generate_contacts.h"
#include "contactlab/suite/builtin_scenes.h"

#include <gtest/gtest.h>

namespace contactlab {
namespace {

TEST(AllMethods, RunOnEveryBuiltinSceneWithSaneContacts) {
  ASSERT_EQ(contact_methods().size(), 8u);
  for (const BuiltinSceneInfo& info : builtin_scenes()) {
    const Scene scene = make_builtin_scene(info.name);
    std::vector<Aabb> boxes;
    for (const Body& body : scene.bodies) {
      Aabb box;
      for (const Vec3& v : body.shape->surface.vertices) box.extend(body.pose().apply(v));
      boxes.push_back(box);
    }
    for (const ContactMethod* method : contact_methods()) {
      SCOPED_TRACE(info.name + " / " + method->name());
      MethodSettings settings;
      settings.length_scale = scene.length_scale();
      const double slack = method->candidate_margin(settings) + 1e-6 * scene.length_scale();
      const ContactSet set = generate_contacts(scene, *method);
      EXPECT_EQ(set.method, method->name());
      for (const Contact& c : set.contacts) {
        ASSERT_TRUE(c.position.allFinite() && c.normal.allFinite() && std::isfinite(c.gap));
        EXPECT_NEAR(c.normal.norm(), 1.0, 1e-9);
        ASSERT_TRUE(c.body_a >= 0 && c.body_a < c.body_b && c.body_b < static_cast<Index>(scene.bodies.size()));
        EXPECT_FALSE(scene.bodies[c.body_a].fixed && scene.bodies[c.body_b].fixed);
        EXPECT_TRUE(boxes[c.body_a].inflated(slack).contains(c.position) ||
                    boxes[c.body_b].inflated(slack).contains(c.position));
      }
    }
  }
}

}  // namespace
}  // namespace contactlab
