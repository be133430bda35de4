// contacts_from_ground_truth against the contact polygons enumerated here from the suite's layout
// formulas (docs/suite.md `wall`, `pillar`), not from the scene builders' code, and against the meshes
// (each corner's features must be where the contact is).
#include "contactlab/contact/ground_truth_contacts.h"

#include "contactlab/mesh/topology.h"
#include "contactlab/suite/builtin_scenes.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <vector>

namespace contactlab {
namespace {

const Scene& wall() {
  static const Scene scene = make_builtin_scene("wall");
  return scene;
}

const Scene& pillar() {
  static const Scene scene = make_builtin_scene("pillar");
  return scene;
}

/// The expected polygon of one interface: its plane (point + unit normal) and its corners.
struct ExpectedInterface {
  std::string a, b;
  Vec3 normal;
  std::vector<Vec3> corners;
};

/// Each contact of pair (a, b) lies within 1e-9 of the expected plane and on one expected corner;
/// every corner gets exactly one contact.
void expect_contacts_on_corners(const Scene& scene, const ContactSet& set,
                                const std::vector<ExpectedInterface>& expected) {
  std::size_t matched = 0;
  for (const ExpectedInterface& e : expected) {
    const Index a = scene.find_body(e.a), b = scene.find_body(e.b);
    ASSERT_NE(a, kInvalidIndex) << e.a;
    ASSERT_NE(b, kInvalidIndex) << e.b;
    std::vector<int> hits(e.corners.size(), 0);
    for (const Contact& c : set.contacts) {
      if (c.body_a != a || c.body_b != b) continue;
      ++matched;
      EXPECT_LT((c.normal - e.normal).norm(), 1e-12) << e.a << " / " << e.b;
      EXPECT_LT(std::abs((c.position - e.corners[0]).dot(e.normal)), 1e-9) << e.a << " / " << e.b;
      EXPECT_EQ(c.gap, 0.0);
      EXPECT_EQ(c.element_a, kInvalidIndex);
      EXPECT_EQ(c.element_b, kInvalidIndex);
      EXPECT_FALSE(c.has_area);
      bool on_corner = false;
      for (std::size_t k = 0; k < e.corners.size(); ++k) {
        if ((c.position - e.corners[k]).norm() < 1e-9) ++hits[k], on_corner = true;
      }
      EXPECT_TRUE(on_corner) << e.a << " / " << e.b << ": " << c.position.transpose();
    }
    for (std::size_t k = 0; k < hits.size(); ++k) {
      EXPECT_EQ(hits[k], 1) << e.a << " / " << e.b << " corner " << e.corners[k].transpose();
    }
  }
  EXPECT_EQ(matched, set.contacts.size()) << "contacts of pairs that are not interfaces";
}

/// Corners of the axis-aligned rectangle x∈[x0,x1], z∈[z0,z1] at height y.
std::vector<Vec3> horizontal_rectangle(double x0, double x1, double y, double z0, double z1) {
  return {{x0, y, z0}, {x1, y, z0}, {x1, y, z1}, {x0, y, z1}};
}

TEST(GroundTruthContacts, WallHasFourContactsAtTheCornersOfEachOfIts213Interfaces) {
  const ContactSet set = contacts_from_ground_truth(wall());
  EXPECT_EQ(set.method, "ground-truth");
  EXPECT_TRUE(set.parameters.empty());
  ASSERT_EQ(set.contacts.size(), 4u * 213u);

  // docs/suite.md: brick 0.625 × 0.4 × 0.5; layer i centred at y = (i + ½)·0.4; brick j centred at
  // x = j·0.625 + (i mod 2)·0.3125, z = 0.
  const double length = 0.625, height = 0.4, depth = 0.5;
  auto name = [](int layer, int j) { return "brick-" + std::to_string(layer) + "-" + std::to_string(j); };
  auto left = [&](int layer, int j) { return j * length + (layer % 2) * 0.5 * length - 0.5 * length; };
  std::vector<ExpectedInterface> expected;
  for (int j = 0; j < 8; ++j) {
    expected.push_back({"ground", name(0, j), Vec3::UnitY(),
                        horizontal_rectangle(left(0, j), left(0, j) + length, 0.0, -0.5 * depth, 0.5 * depth)});
  }
  for (int layer = 0; layer < 10; ++layer) {
    const double bottom = layer * height, top = (layer + 1) * height;
    for (int j = 0; j + 1 < 8; ++j) {
      const double x = left(layer, j) + length;
      expected.push_back(
          {name(layer, j),
           name(layer, j + 1),
           Vec3::UnitX(),
           {{x, bottom, -0.5 * depth}, {x, top, -0.5 * depth}, {x, top, 0.5 * depth}, {x, bottom, 0.5 * depth}}});
    }
    if (layer + 1 == 10) continue;
    for (int j = 0; j < 8; ++j) {
      for (int k = 0; k < 8; ++k) {
        const double x0 = std::max(left(layer, j), left(layer + 1, k));
        const double x1 = std::min(left(layer, j), left(layer + 1, k)) + length;
        if (x1 - x0 > 1e-12) {
          expected.push_back({name(layer, j), name(layer + 1, k), Vec3::UnitY(),
                              horizontal_rectangle(x0, x1, top, -0.5 * depth, 0.5 * depth)});
        }
      }
    }
  }
  ASSERT_EQ(expected.size(), 213u);
  expect_contacts_on_corners(wall(), set, expected);
}

TEST(GroundTruthContacts, PillarHasFourContactsOnTheGroundAndSixAtEachHexagon) {
  const ContactSet set = contacts_from_ground_truth(pillar());
  ASSERT_EQ(set.contacts.size(), 40u);
  // docs/suite.md: piece heights 0.21 (base box), 0.21 (lower frustum), 3 × 2.8/3 (shaft), 0.175 (upper
  // frustum), 0.105 (top box); contact polygons: the base's 0.5 square on the ground, then
  // hexagons with a corner on +x of circumradius 0.25, 0.20, 0.20 − 0.05/3, 0.20 − 0.10/3, 0.15, 0.25.
  const std::vector<std::string> names = {"ground",  "base",    "lower-frustum", "shaft-0",
                                          "shaft-1", "shaft-2", "upper-frustum", "top"};
  const std::vector<double> heights = {0.0, 0.21, 0.21, 2.8 / 3, 2.8 / 3, 2.8 / 3, 0.175};
  const std::vector<double> radii = {0.25, 0.20, 0.20 - 0.05 / 3, 0.20 - 0.10 / 3, 0.15, 0.25};
  std::vector<ExpectedInterface> expected;
  double y = 0.0;
  for (std::size_t k = 0; k + 1 < names.size(); ++k) {
    y += k == 0 ? 0.0 : heights[k];
    ExpectedInterface e{names[k], names[k + 1], Vec3::UnitY(), {}};
    if (k == 0) {
      e.corners = horizontal_rectangle(-0.25, 0.25, 0.0, -0.25, 0.25);
    } else {
      for (int c = 0; c < 6; ++c) {
        const double angle = c * std::numbers::pi / 3;
        e.corners.emplace_back(radii[k - 1] * std::cos(angle), y, radii[k - 1] * std::sin(angle));
      }
    }
    expected.push_back(e);
  }
  expect_contacts_on_corners(pillar(), set, expected);
}

/// World position of a feature's closest point to p: vertex position, closest point on the edge
/// segment, or p projected into the triangle's plane (with its barycentric coordinates checked).
void expect_feature_at(const Scene& scene, Index body_index, const FeatureRef& feature, const Vec3& p,
                       const MeshTopology& topology) {
  const Body& body = scene.bodies[static_cast<std::size_t>(body_index)];
  const TriMesh& surface = body.shape->surface_map.surface;
  const Transform pose = body.pose();
  const double tolerance = 1e-9 * scene.length_scale();
  ASSERT_GE(feature.index, 0);
  switch (feature.type) {
    case FeatureType::kVertex:
      EXPECT_LT((pose.apply(body.shape->tets.vertices[static_cast<std::size_t>(feature.index)]) - p).norm(), tolerance)
          << body.name;
      break;
    case FeatureType::kEdge: {
      const Edge& e = topology.edges[static_cast<std::size_t>(feature.index)];
      const Vec3 a = pose.apply(surface.vertices[static_cast<std::size_t>(e[0])]);
      const Vec3 b = pose.apply(surface.vertices[static_cast<std::size_t>(e[1])]);
      const double t = std::clamp((p - a).dot(b - a) / (b - a).squaredNorm(), 0.0, 1.0);
      EXPECT_LT((a + t * (b - a) - p).norm(), tolerance) << body.name << " edge " << feature.index;
      break;
    }
    case FeatureType::kFace: {
      const Triangle& t = surface.triangles[static_cast<std::size_t>(feature.index)];
      const Vec3 a = pose.apply(surface.vertices[static_cast<std::size_t>(t[0])]);
      const Vec3 b = pose.apply(surface.vertices[static_cast<std::size_t>(t[1])]);
      const Vec3 c = pose.apply(surface.vertices[static_cast<std::size_t>(t[2])]);
      const Vec3 n = (b - a).cross(c - a);
      EXPECT_LT(std::abs((p - a).dot(n.normalized())), tolerance) << body.name << " face " << feature.index;
      // Barycentric coordinates by signed sub-areas along n: all ≥ 0 inside (up to rounding).
      const double area = n.squaredNorm();
      const double u = (c - b).cross(p - b).dot(n) / area, v = (a - c).cross(p - c).dot(n) / area;
      EXPECT_GE(u, -1e-9);
      EXPECT_GE(v, -1e-9);
      EXPECT_GE(1.0 - u - v, -1e-9);
      break;
    }
    case FeatureType::kTet:
      ADD_FAILURE() << "ground truth has no tet features";
      break;
  }
}

TEST(GroundTruthContacts, CornerFeaturesOfBothBodiesLieAtTheContact) {
  for (const Scene* scene : {&pillar(), &wall()}) {
    const ContactSet set = contacts_from_ground_truth(*scene);
    std::map<const Shape*, MeshTopology> topologies;
    auto topology = [&](Index body) -> const MeshTopology& {
      const Shape* shape = scene->bodies[static_cast<std::size_t>(body)].shape.get();
      auto it = topologies.find(shape);
      if (it == topologies.end()) it = topologies.emplace(shape, build_topology(shape->surface_map.surface)).first;
      return it->second;
    };
    std::size_t corner = 0;
    for (const ContactInterface& in : scene->ground_truth->interfaces) {
      for (const PolygonCorner& p : in.polygon) {
        ASSERT_LT(corner, set.contacts.size());
        const Contact& c = set.contacts[corner++];
        // Each kind maps to the same kind with the same index.
        EXPECT_EQ(static_cast<int>(c.feature_a.type), static_cast<int>(p.on_a.type));
        EXPECT_EQ(c.feature_a.index, p.on_a.index);
        EXPECT_EQ(static_cast<int>(c.feature_b.type), static_cast<int>(p.on_b.type));
        EXPECT_EQ(c.feature_b.index, p.on_b.index);
        expect_feature_at(*scene, c.body_a, c.feature_a, c.position, topology(c.body_a));
        expect_feature_at(*scene, c.body_b, c.feature_b, c.position, topology(c.body_b));
      }
    }
    EXPECT_EQ(corner, set.contacts.size());
  }
}

TEST(GroundTruthContacts, PointRegionsGetEveryFeasibleNormalAndBareScenesNothing) {
  // crack-spike (docs/suite.md): the apex at the origin in the groove, walls (±α, α, 0) → two contacts
  // at (0, 0, 0), one per wall normal, in the listed order. crack-wedge: the ridge segment
  // z ∈ [−1.6, 1.6] → both wall normals at both ends.
  const Scene crack = make_builtin_scene("crack-spike");
  ASSERT_TRUE(crack.ground_truth.has_value());
  const ContactSet point = contacts_from_ground_truth(crack);
  ASSERT_EQ(point.contacts.size(), 2u);
  const double alpha = std::sqrt(0.5);
  for (const Contact& c : point.contacts) {
    EXPECT_LE(c.position.norm(), 1e-12);
    EXPECT_EQ(c.gap, 0.0);
  }
  EXPECT_LE((point.contacts[0].normal - Vec3(alpha, alpha, 0)).norm() *
                (point.contacts[0].normal - Vec3(-alpha, alpha, 0)).norm(),
            1e-12);
  EXPECT_LE((point.contacts[0].normal + point.contacts[1].normal - Vec3(0, 2 * alpha, 0)).norm(), 1e-12);
  const ContactSet segment = contacts_from_ground_truth(make_builtin_scene("crack-wedge"));
  ASSERT_EQ(segment.contacts.size(), 4u);
  for (const Contact& c : segment.contacts) {
    EXPECT_LE(std::hypot(c.position.x(), c.position.y()), 1e-12);
    EXPECT_NEAR(std::abs(c.position.z()), 1.6, 1e-12);
    EXPECT_NEAR(std::abs(c.normal.x()), alpha, 1e-12);
    EXPECT_NEAR(c.normal.y(), alpha, 1e-12);
  }

  Scene bare = crack;
  bare.ground_truth.reset();
  const ContactSet none = contacts_from_ground_truth(bare);
  EXPECT_EQ(none.method, "ground-truth");
  EXPECT_TRUE(none.contacts.empty());

  // A planar interface without feasible normals has no normal to give: skipped, not a crash.
  Scene odd = pillar();
  odd.ground_truth->interfaces[0].feasible_normals.clear();
  EXPECT_EQ(contacts_from_ground_truth(odd).contacts.size(), 36u);
}

TEST(GroundTruthContacts, ContactsAreSortedByBodyPairEvenWhenTheInterfacesAreNot) {
  Scene shuffled = pillar();
  std::reverse(shuffled.ground_truth->interfaces.begin(), shuffled.ground_truth->interfaces.end());
  const ContactSet reference = contacts_from_ground_truth(pillar());
  const ContactSet set = contacts_from_ground_truth(shuffled);
  ASSERT_EQ(set.contacts.size(), reference.contacts.size());
  for (std::size_t i = 0; i < set.contacts.size(); ++i) {
    EXPECT_EQ(set.contacts[i].body_a, reference.contacts[i].body_a);
    EXPECT_EQ(set.contacts[i].body_b, reference.contacts[i].body_b);
    EXPECT_EQ(set.contacts[i].position, reference.contacts[i].position);
  }
}

}  // namespace
}  // namespace contactlab
