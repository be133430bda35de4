// The built-in suite's ground truth against closed forms and against expectations enumerated here
// from the layout formulas of docs/suite.md (not from the scene builders' code).
#include "contactlab/suite/builtin_scenes.h"
#include "contactlab/core/error.h"
#include "contactlab/suite/planar_interfaces.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <numbers>
#include <set>

namespace contactlab {
namespace {

constexpr double kPi = std::numbers::pi;

double hexagon_area(double circumradius) { return 1.5 * std::sqrt(3.0) * circumradius * circumradius; }

const ContactInterface* find_interface(const Scene& scene, const std::string& a, const std::string& b) {
  const Index ia = scene.find_body(a), ib = scene.find_body(b);
  for (const ContactInterface& i : scene.ground_truth->interfaces) {
    if (i.body_a == ia && i.body_b == ib) return &i;
  }
  return nullptr;
}

void expect_unit_normals_and_order(const Scene& scene) {
  ASSERT_TRUE(scene.ground_truth.has_value());
  for (const ContactInterface& i : scene.ground_truth->interfaces) {
    EXPECT_LT(i.body_a, i.body_b);
    ASSERT_FALSE(i.feasible_normals.empty());
    for (const Vec3& n : i.feasible_normals) EXPECT_NEAR(n.norm(), 1.0, 1e-12);
    EXPECT_GT(i.min_contacts, 0);
    if (i.planar) {
      EXPECT_EQ(static_cast<int>(i.polygon.size()), i.min_contacts);
    }
  }
}

class BuiltinSceneMeshes : public ::testing::TestWithParam<bool> {};  // parameter: refined

TEST(BuiltinScenes, ListsThirteenScenesInSuiteOrder) {
  const std::vector<std::string> expected = {
      "crack-spike", "crack-hole",    "crack-wedge", "slide-spike", "slide-wedge", "two-spikes", "two-spike-wedge",
      "two-wedges",  "internal-edge", "cliff-edge",  "pillar",      "wall",        "arch"};
  ASSERT_EQ(builtin_scenes().size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(builtin_scenes()[i].name, expected[i]);
    EXPECT_EQ(builtin_scenes()[i].fundamental, i < 10);
  }
  EXPECT_THROW(make_builtin_scene("wal"), InputError);
}

TEST(BuiltinScenes, FundamentalCasesHaveTheSuiteNormalsAndCountsAndDoNotOverlap) {
  const double a = std::sqrt(0.5), beta = 1 / std::sqrt(10.0), gamma = 3 / std::sqrt(10.0);
  struct Expected {
    std::vector<Vec3> normals;
    int min_contacts;
  };
  const std::map<std::string, Expected> table = {
      {"crack-spike", {{{a, a, 0}, {-a, a, 0}}, 2}},
      {"crack-hole", {{{a, a, 0}, {-a, a, 0}, {0, a, a}, {0, a, -a}}, 4}},
      {"crack-wedge", {{{a, a, 0}, {-a, a, 0}}, 4}},
      {"slide-spike", {{{0, 1, 0}}, 1}},
      {"slide-wedge", {{{0, 1, 0}}, 2}},
      {"two-spikes", {{{-gamma, beta, 0}}, 1}},
      {"two-spike-wedge", {{{-gamma, beta, 0}}, 1}},
      {"two-wedges", {{{-gamma, beta, 0}}, 2}},
      {"internal-edge", {{{0, 1, 0}}, 4}},
      {"cliff-edge", {{{0, 1, 0}}, 4}},
  };
  for (const auto& [name, expected] : table) {
    SCOPED_TRACE(name);
    const Scene scene = make_builtin_scene(name);
    ASSERT_EQ(scene.bodies.size(), 2u);
    EXPECT_TRUE(scene.bodies[0].fixed);
    EXPECT_FALSE(scene.bodies[1].fixed);
    expect_unit_normals_and_order(scene);
    ASSERT_EQ(scene.ground_truth->interfaces.size(), 1u);
    const ContactInterface& i = scene.ground_truth->interfaces[0];
    EXPECT_EQ(i.min_contacts, expected.min_contacts);
    ASSERT_EQ(i.feasible_normals.size(), expected.normals.size());
    for (const Vec3& n : expected.normals) {
      bool found = false;
      for (const Vec3& m : i.feasible_normals) found = found || (m - n).norm() < 1e-12;
      EXPECT_TRUE(found) << n.transpose();
    }
    EXPECT_LE(deepest_overlap(scene), 1e-9 * scene.length_scale());
  }
}

// Stacked exactly, the two cases with area contact: the contact polygon's corners lie on features
// of the base as docs/suite.md constructs them.
TEST(BuiltinScenes, InternalEdgeHasTwoVertexVertexAndTwoVertexEdgeCorners) {
  for (bool refined : {false, true}) {
    SCOPED_TRACE(refined);
    const Scene scene = make_builtin_scene("internal-edge", {.refined = refined});
    const ContactInterface& i = scene.ground_truth->interfaces.at(0);
    ASSERT_TRUE(i.planar);
    EXPECT_NEAR(i.area, 4.0, 1e-12);
    int vertex_vertex = 0, edge_vertex = 0;
    for (const PolygonCorner& c : i.polygon) {
      EXPECT_NEAR(std::abs(c.position.x()), 1.0, 1e-12);
      EXPECT_NEAR(c.position.y(), 1.0, 1e-12);
      EXPECT_EQ(c.on_b.type, FeatureType::kVertex);  // the cube's bottom corners
      if (c.on_a.type == FeatureType::kVertex) {
        ++vertex_vertex;
        // The internal vertices (±1, 1) in (x, z). Refinement may also split the internal edges
        // at their midpoints (±1, −1), turning the vertex–edge corners into vertex–vertex ones.
        if (!refined) {
          EXPECT_NEAR(c.position.z(), 1.0, 1e-12);
        }
      }
      if (c.position.z() > 0) {
        EXPECT_EQ(c.on_a.type, FeatureType::kVertex);
      }
      if (c.on_a.type == FeatureType::kEdge) {
        ++edge_vertex;
        EXPECT_NEAR(c.position.z(), -1.0, 1e-12);
      }
    }
    if (!refined) {  // boundary splitting may add base vertices under the other corners too
      EXPECT_EQ(vertex_vertex, 2);
      EXPECT_EQ(edge_vertex, 2);
    }
  }
}

TEST_P(BuiltinSceneMeshes, CliffEdgeIsTheFrustumTopSquare) {
  const Scene scene = make_builtin_scene("cliff-edge", {.refined = GetParam()});
  const ContactInterface& i = scene.ground_truth->interfaces.at(0);
  EXPECT_NEAR(i.area, 3.2 * 3.2, 1e-9);
  EXPECT_EQ(i.min_contacts, 4);
  EXPECT_LT((i.feasible_normals.at(0) - Vec3::UnitY()).norm(), 1e-12);
}

// Pillar: ground, base box, lower frustum, 3 shafts, upper frustum, top box, stacked bottom-up.
TEST_P(BuiltinSceneMeshes, PillarHasSevenInterfacesAndFortyMinimalContacts) {
  const Scene scene = make_builtin_scene("pillar", {.refined = GetParam()});
  expect_unit_normals_and_order(scene);
  const GroundTruth& truth = *scene.ground_truth;
  ASSERT_EQ(truth.interfaces.size(), 7u);
  EXPECT_EQ(truth.total_min_contacts(), 40);
  // Contact areas: the base's 0.5 × 0.5 square on the ground, then hexagons of circumradius
  // 0.25 (inside the base's top), 0.20, 0.20 − 0.05/3, 0.20 − 0.10/3, 0.15, and 0.25 under the top.
  const std::vector<std::pair<std::string, std::string>> pairs = {
      {"ground", "base"},     {"base", "lower-frustum"},    {"lower-frustum", "shaft-0"}, {"shaft-0", "shaft-1"},
      {"shaft-1", "shaft-2"}, {"shaft-2", "upper-frustum"}, {"upper-frustum", "top"}};
  const std::vector<double> areas = {0.25,
                                     hexagon_area(0.25),
                                     hexagon_area(0.20),
                                     hexagon_area(0.20 - 0.05 / 3),
                                     hexagon_area(0.20 - 0.10 / 3),
                                     hexagon_area(0.15),
                                     hexagon_area(0.25)};
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    const ContactInterface* i = find_interface(scene, pairs[k].first, pairs[k].second);
    ASSERT_NE(i, nullptr) << pairs[k].first << " / " << pairs[k].second;
    EXPECT_NEAR(i->area, areas[k], 1e-9);
    EXPECT_EQ(i->min_contacts, k == 0 ? 4 : 6);
    EXPECT_LT((i->feasible_normals.at(0) - Vec3::UnitY()).norm(), 1e-9);
  }
  EXPECT_LE(deepest_overlap(scene), 1e-9 * scene.length_scale());
}

// Wall: interfaces enumerated here from the brick layout: ground–bottom bricks, neighbours in a
// layer, and bricks of adjacent layers whose x-ranges overlap with positive length.
TEST_P(BuiltinSceneMeshes, WallHas213InterfacesOfTotalArea37_59375) {
  const Scene scene = make_builtin_scene("wall", {.refined = GetParam()});
  expect_unit_normals_and_order(scene);
  const double length = 0.625, depth = 0.5, height = 0.4;
  auto name = [](int layer, int j) { return "brick-" + std::to_string(layer) + "-" + std::to_string(j); };
  auto left = [&](int layer, int j) { return j * length + (layer % 2) * 0.5 * length - 0.5 * length; };
  struct Expected {
    std::string a, b;
    Vec3 normal;
    double area;
  };
  std::vector<Expected> expected;
  for (int j = 0; j < 8; ++j) expected.push_back({"ground", name(0, j), Vec3::UnitY(), length * depth});
  for (int layer = 0; layer < 10; ++layer) {
    for (int j = 0; j + 1 < 8; ++j)
      expected.push_back({name(layer, j), name(layer, j + 1), Vec3::UnitX(), height * depth});
    if (layer + 1 == 10) continue;
    for (int j = 0; j < 8; ++j) {
      for (int k = 0; k < 8; ++k) {
        const double overlap =
            std::min(left(layer, j), left(layer + 1, k)) + length - std::max(left(layer, j), left(layer + 1, k));
        if (overlap > 1e-12) expected.push_back({name(layer, j), name(layer + 1, k), Vec3::UnitY(), overlap * depth});
      }
    }
  }
  ASSERT_EQ(expected.size(), 213u);
  ASSERT_EQ(scene.ground_truth->interfaces.size(), 213u);
  double total = 0.0;
  for (const Expected& e : expected) {
    const ContactInterface* i = find_interface(scene, e.a, e.b);
    ASSERT_NE(i, nullptr) << e.a << " / " << e.b;
    EXPECT_NEAR(i->area, e.area, 1e-9);
    EXPECT_EQ(i->min_contacts, 4);
    EXPECT_LT((i->feasible_normals.at(0) - e.normal).norm(), 1e-9);
    total += i->area;
  }
  EXPECT_NEAR(scene.ground_truth->total_area(), 37.59375, 1e-8);
  EXPECT_NEAR(total, 37.59375, 1e-8);
  if (!GetParam()) {
    EXPECT_LE(deepest_overlap(scene), 1e-9 * scene.length_scale());
  }
}

// Arch: 14 interfaces of 1 m² each; between voussoirs k and k+1 the normal of the radial plane
// θ = (k+1)π/7, (−sin θ, cos θ, 0); elsewhere (0, 1, 0).
TEST_P(BuiltinSceneMeshes, ArchHas14InterfacesOfOneSquareMetre) {
  const Scene scene = make_builtin_scene("arch", {.refined = GetParam()});
  expect_unit_normals_and_order(scene);
  ASSERT_EQ(scene.ground_truth->interfaces.size(), 14u);
  EXPECT_NEAR(scene.ground_truth->total_area(), 14.0, 1e-9);
  for (const ContactInterface& i : scene.ground_truth->interfaces) {
    EXPECT_NEAR(i.area, 1.0, 1e-9);
    EXPECT_EQ(i.min_contacts, 4);
  }
  for (int k = 0; k + 1 < 7; ++k) {
    const ContactInterface* i =
        find_interface(scene, "voussoir-" + std::to_string(k), "voussoir-" + std::to_string(k + 1));
    ASSERT_NE(i, nullptr);
    const double theta = (k + 1) * kPi / 7;
    EXPECT_LT((i->feasible_normals.at(0) - Vec3(-std::sin(theta), std::cos(theta), 0)).norm(), 1e-9);
  }
  EXPECT_NE(find_interface(scene, "pillar-right-2", "voussoir-0"), nullptr);
  EXPECT_NE(find_interface(scene, "pillar-left-2", "voussoir-6"), nullptr);
  if (!GetParam()) {
    EXPECT_LE(deepest_overlap(scene), 1e-9 * scene.length_scale());
  }
}

INSTANTIATE_TEST_SUITE_P(CoarseAndRefined, BuiltinSceneMeshes, ::testing::Values(false, true),
                         [](const auto& info) { return info.param ? "refined" : "coarse"; });

}  // namespace
}  // namespace contactlab
