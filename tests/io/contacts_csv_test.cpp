// Contacts CSV: the header and one line per contact, written out by hand for a two-contact set on
// the pillar (body names from the scene, %.17g numbers), and the error for an unknown body.
#include "contactlab/io/contacts_csv.h"

#include "contactlab/core/error.h"
#include "contactlab/suite/builtin_scenes.h"

#include <gtest/gtest.h>

namespace contactlab {
namespace {

TEST(ContactsCsv, OneLinePerContactWithBodyNamesAndSeventeenDigits) {
  const Scene scene = make_builtin_scene("pillar");
  ContactSet set;
  set.method = "hand";
  Contact c;
  c.body_a = 0;
  c.body_b = 1;
  c.position = Vec3(0.5, -2, 0.125);
  c.normal = Vec3(0, 1, 0);
  c.gap = -0.25;
  set.contacts.push_back(c);
  c.body_a = 1;
  c.body_b = 0;
  c.position = Vec3(0.1, 0, 3);  // 0.1 needs 17 digits to read back: 0.10000000000000001
  c.normal = Vec3(-0.6, 0, 0.8);
  c.gap = 0;
  set.contacts.push_back(c);
  const std::string& a = scene.bodies[0].name;
  const std::string& b = scene.bodies[1].name;
  EXPECT_EQ(contacts_to_csv(set, scene), "body_a,body_b,px,py,pz,nx,ny,nz,gap\n" + a + "," + b +
                                             ",0.5,-2,0.125,0,1,0,-0.25\n" + b + "," + a +
                                             ",0.10000000000000001,0,3,-0.59999999999999998,0,"
                                             "0.80000000000000004,0\n");
  EXPECT_EQ(contacts_to_csv(ContactSet{}, scene), "body_a,body_b,px,py,pz,nx,ny,nz,gap\n");
}

TEST(ContactsCsv, AnUnknownBodyIsAnInputError) {
  const Scene scene = make_builtin_scene("slide-spike");
  ContactSet set;
  Contact c;
  c.body_a = 0;
  c.body_b = static_cast<Index>(scene.bodies.size());
  set.contacts.push_back(c);
  EXPECT_THROW(contacts_to_csv(set, scene), InputError);
  set.contacts[0].body_b = -1;
  EXPECT_THROW(contacts_to_csv(set, scene), InputError);
}

}  // namespace
}  // namespace contactlab
