// Viewer data: parses as JSON, has the documented members and counts, and places every brick of
// the wall where docs/suite.md's layout puts it (world box from the written vertices and pose).
#include "contactlab/io/viewer_data.h"

#include "contactlab/contact/ground_truth_contacts.h"
#include "contactlab/core/error.h"
#include "contactlab/io/contacts_json.h"
#include "contactlab/suite/builtin_scenes.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <limits>

namespace contactlab {
namespace {

using Json = nlohmann::ordered_json;

const Scene& wall() {
  static const Scene scene = make_builtin_scene("wall");
  return scene;
}

Vec3 vec3(const Json& v) { return {v.at(0).get<double>(), v.at(1).get<double>(), v.at(2).get<double>()}; }

TEST(ViewerData, WallHas81BodiesAnd213InterfacesAndTheGroundTruthContactSet) {
  const ContactSet truth = contacts_from_ground_truth(wall());
  const std::string text = viewer_data_json(wall(), {{"ground truth", truth}});
  const Json root = Json::parse(text);
  EXPECT_EQ(root.at("format"), "contactlab-view");
  EXPECT_EQ(root.at("version"), 1);
  EXPECT_EQ(root.at("scene").at("name"), "wall");
  EXPECT_EQ(root.at("scene").at("length_scale").get<double>(), wall().length_scale());
  EXPECT_FALSE(root.contains("frames"));

  const Json& bodies = root.at("bodies");
  ASSERT_EQ(bodies.size(), 81u);
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const Json& b = bodies[i];
    const Body& body = wall().bodies[i];
    EXPECT_EQ(b.at("name"), body.name);
    EXPECT_EQ(b.at("fixed").get<bool>(), body.name == "ground");
    EXPECT_FALSE(b.contains("tets"));
    ASSERT_EQ(b.at("vertices").size(), static_cast<std::size_t>(body.shape->tets.vertex_count()));
    ASSERT_EQ(b.at("triangles").size(), static_cast<std::size_t>(body.shape->surface_map.triangle_count()));
    for (const Json& t : b.at("triangles")) {
      ASSERT_EQ(t.size(), 3u);
      for (const Json& v : t) {
        EXPECT_GE(v.get<int>(), 0);
        EXPECT_LT(v.get<std::size_t>(), b.at("vertices").size());
      }
    }
    // World box of the written surface: R(orientation)·vertex + position.
    const Json& q = b.at("orientation");
    const Quat orientation(q.at(0).get<double>(), q.at(1).get<double>(), q.at(2).get<double>(), q.at(3).get<double>());
    const Vec3 position = vec3(b.at("position"));
    Vec3 low = Vec3::Constant(std::numeric_limits<double>::infinity()), high = -low;
    for (const Json& t : b.at("triangles")) {
      for (const Json& v : t) {
        const Vec3 x = orientation.normalized() * vec3(b.at("vertices").at(v.get<std::size_t>())) + position;
        low = low.cwiseMin(x), high = high.cwiseMax(x);
      }
    }
    if (body.name == "ground") continue;
    // docs/suite.md: brick 0.625 × 0.4 × 0.5, layer i centred at y = (i + ½)·0.4, brick j at
    // x = j·0.625 + (i mod 2)·0.3125, z = 0.
    int layer = -1, j = -1;
    ASSERT_EQ(std::sscanf(body.name.c_str(), "brick-%d-%d", &layer, &j), 2) << body.name;
    const Vec3 centre(j * 0.625 + (layer % 2) * 0.3125, (layer + 0.5) * 0.4, 0.0), half(0.3125, 0.2, 0.25);
    EXPECT_LT((low - (centre - half)).norm(), 1e-12) << body.name;
    EXPECT_LT((high - (centre + half)).norm(), 1e-12) << body.name;
  }

  const Json& interfaces = root.at("ground_truth").at("interfaces");
  ASSERT_EQ(interfaces.size(), 213u);
  double total_area = 0.0;
  for (std::size_t i = 0; i < interfaces.size(); ++i) {
    const Json& in = interfaces[i];
    EXPECT_EQ(in.at("min_contacts"), 4);
    EXPECT_TRUE(in.at("planar").get<bool>());
    ASSERT_EQ(in.at("polygon").size(), 4u);
    ASSERT_EQ(in.at("normals").size(), 1u);
    const Vec3 n = vec3(in.at("normals")[0]);
    EXPECT_TRUE((n - Vec3::UnitX()).norm() < 1e-12 || (n - Vec3::UnitY()).norm() < 1e-12);
    // Polygon corners are plain positions, on one plane ⊥ n.
    for (const Json& corner : in.at("polygon")) {
      EXPECT_LT(std::abs((vec3(corner) - vec3(in.at("polygon")[0])).dot(n)), 1e-12);
    }
    EXPECT_LT(in.at("body_a").get<int>(), in.at("body_b").get<int>());
    EXPECT_LT(in.at("body_b").get<std::size_t>(), bodies.size());
    total_area += in.at("area").get<double>();
  }
  EXPECT_NEAR(total_area, 37.59375, 1e-9);

  const Json& sets = root.at("contact_sets");
  ASSERT_EQ(sets.size(), 1u);
  EXPECT_EQ(sets[0].begin().key(), "label");
  EXPECT_EQ(sets[0].at("label"), "ground truth");
  EXPECT_EQ(sets[0].at("method").at("name"), "ground-truth");
  ASSERT_EQ(sets[0].at("contacts").size(), 852u);
  // Without the label, the set is exactly the contacts JSON object: it reads back as the same set.
  Json as_file = sets[0];
  as_file.erase("label");
  const ContactSet read = parse_contacts_json(as_file.dump(), "<viewer>", wall());
  ASSERT_EQ(read.contacts.size(), truth.contacts.size());
  for (std::size_t i = 0; i < truth.contacts.size(); ++i) {
    EXPECT_EQ(read.contacts[i].position, truth.contacts[i].position);
    EXPECT_EQ(read.contacts[i].body_a, truth.contacts[i].body_a);
  }
}

TEST(ViewerData, TetsOnRequestNullGroundTruthAndScriptSafeText) {
  Scene scene = make_builtin_scene("slide-spike");
  ViewerDataOptions tets;
  tets.include_tets = true;
  const Json with_tets = Json::parse(viewer_data_json(scene, {}, tets));
  for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
    const Json& tets = with_tets.at("bodies")[i].at("tets");
    ASSERT_EQ(tets.size(), static_cast<std::size_t>(scene.bodies[i].shape->tets.tet_count()));
    for (const Json& t : tets) EXPECT_EQ(t.size(), 4u);
  }
  EXPECT_TRUE(with_tets.at("contact_sets").empty());
  EXPECT_FALSE(with_tets.at("ground_truth").is_null());

  scene.ground_truth.reset();
  scene.bodies[0].name = "</script><b>";
  ContactSet set;
  set.method = "a</b";
  const std::string text = viewer_data_json(scene, {{"</script>", set}});
  EXPECT_EQ(text.find("</"), std::string::npos) << text.substr(0, 200);
  const Json root = Json::parse(text);
  EXPECT_TRUE(root.at("ground_truth").is_null());
  EXPECT_EQ(root.at("bodies")[0].at("name"), "</script><b>");
  EXPECT_EQ(root.at("contact_sets")[0].at("label"), "</script>");
  EXPECT_EQ(root.at("contact_sets")[0].at("method").at("name"), "a</b");
}

TEST(ViewerData, NonFiniteValuesAndUnknownBodiesAreInputErrors) {
  Scene scene = make_builtin_scene("slide-spike");
  Scene moved = scene;
  moved.bodies[1].position.x() = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(viewer_data_json(moved, {}), InputError);
  ContactSet set = contacts_from_ground_truth(make_builtin_scene("pillar"));  // bodies 0..7
  ASSERT_FALSE(set.contacts.empty());
  EXPECT_THROW(viewer_data_json(scene, {{"pillar contacts", set}}), InputError);
}

}  // namespace
}  // namespace contactlab
