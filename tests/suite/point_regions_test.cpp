// The true contact regions of the eight point and line cases (docs/suite.md table): the apex or the
// touching part of the ridge, with the feature of each body there, derived here from the shape
// definitions of docs/suite.md and checked against the meshes; carried through scene JSON and
// transformed().
#include "contactlab/mesh/topology.h"
#include "contactlab/scene/scene_json.h"
#include "contactlab/scene/scene_transforms.h"
#include "contactlab/suite/builtin_scenes.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <numbers>

namespace contactlab {
namespace {

struct ExpectedRegion {
  std::vector<Vec3> corners;
  FeatureType on_a, on_b;  ///< coarse meshes (boundary facets not split)
};

// Apex-down spike at (0, 2.4, 0): apex at the origin. Ridge-down wedge there: ridge (0, 0, z),
// z ∈ [−1.6, 1.6]. The crack's groove line is one edge (0, 0, −2)–(0, 0, 2); the hole's bottom is a
// vertex; the ground's top face is split along (−4, 0, −4)–(4, 0, 4), through the origin; a ridge-up
// wedge at (0, −2.4, 0) has its ridge edge (0, 0, −1.6)–(0, 0, 1.6).
const std::map<std::string, ExpectedRegion>& expected_regions() {
  static const std::map<std::string, ExpectedRegion> table = {
      {"crack-spike", {{Vec3(0, 0, 0)}, FeatureType::kEdge, FeatureType::kVertex}},
      {"crack-hole", {{Vec3(0, 0, 0)}, FeatureType::kVertex, FeatureType::kVertex}},
      {"crack-wedge", {{Vec3(0, 0, -1.6), Vec3(0, 0, 1.6)}, FeatureType::kEdge, FeatureType::kVertex}},
      {"slide-spike", {{Vec3(0, 0, 0)}, FeatureType::kEdge, FeatureType::kVertex}},
      {"slide-wedge", {{Vec3(0, 0, -1.6), Vec3(0, 0, 1.6)}, FeatureType::kFace, FeatureType::kVertex}},
      {"two-spikes", {{Vec3(0, 0, 0)}, FeatureType::kVertex, FeatureType::kVertex}},
      {"two-spike-wedge", {{Vec3(0, 0, 0)}, FeatureType::kEdge, FeatureType::kVertex}},
      {"two-wedges", {{Vec3(0, 0, -1.6), Vec3(0, 0, 1.6)}, FeatureType::kVertex, FeatureType::kVertex}},
  };
  return table;
}

double point_segment_distance(const Vec3& p, const Vec3& a, const Vec3& b) {
  const double t = std::clamp((p - a).dot(b - a) / (b - a).squaredNorm(), 0.0, 1.0);
  return (p - (a + t * (b - a))).norm();
}

/// Distance from p to the closed triangle abc, by its plane and its three sides.
double point_triangle_distance(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c) {
  const Vec3 n = (b - a).cross(c - a).normalized();
  const Vec3 q = p - n.dot(p - a) * n;
  const bool inside =
      n.dot((b - a).cross(q - a)) >= 0 && n.dot((c - b).cross(q - b)) >= 0 && n.dot((a - c).cross(q - c)) >= 0;
  if (inside) return std::abs(n.dot(p - a));
  return std::min({point_segment_distance(p, a, b), point_segment_distance(p, b, c), point_segment_distance(p, c, a)});
}

/// The feature lies at world point p on the body's method surface (surface_map.surface).
void expect_feature_at(const Body& body, const FeatureRef& f, const Vec3& p) {
  const TriMesh& surface = body.shape->surface_map.surface;
  const Transform pose = body.pose();
  auto world = [&](Index v) { return pose.apply(surface.vertices[v]); };
  ASSERT_NE(f.index, kInvalidIndex);
  switch (f.type) {
    case FeatureType::kVertex:
      EXPECT_LT((world(f.index) - p).norm(), 1e-12);
      break;
    case FeatureType::kEdge: {
      const MeshTopology topology = build_topology(surface);
      ASSERT_LT(f.index, topology.edge_count());
      const Edge& e = topology.edges[f.index];
      EXPECT_LT(point_segment_distance(p, world(e[0]), world(e[1])), 1e-12);
      EXPECT_GT((world(e[0]) - p).norm(), 1e-6);  // inside the edge: a vertex would have been named
      EXPECT_GT((world(e[1]) - p).norm(), 1e-6);
      break;
    }
    case FeatureType::kFace: {
      ASSERT_LT(f.index, surface.triangle_count());
      const Triangle& t = surface.triangles[f.index];
      EXPECT_LT(point_triangle_distance(p, world(t[0]), world(t[1]), world(t[2])), 1e-12);
      break;
    }
    case FeatureType::kTet:
      ADD_FAILURE() << "a region corner names a tet; it lies on the surface";
      break;
  }
}

class PointRegions : public ::testing::TestWithParam<bool> {};  // parameter: refined

TEST_P(PointRegions, AreTheApexOrTheTouchingRidgeWithFeaturesOnBothBodies) {
  const bool refined = GetParam();
  for (const auto& [name, expected] : expected_regions()) {
    SCOPED_TRACE(name);
    const Scene scene = make_builtin_scene(name, {.refined = refined});
    ASSERT_EQ(scene.ground_truth->interfaces.size(), 1u);
    const ContactInterface& i = scene.ground_truth->interfaces[0];
    EXPECT_FALSE(i.planar);
    EXPECT_EQ(i.area, 0.0);
    ASSERT_EQ(i.polygon.size(), expected.corners.size());
    for (std::size_t k = 0; k < expected.corners.size(); ++k) {
      const PolygonCorner& c = i.polygon[k];
      EXPECT_EQ(c.position, expected.corners[k]);  // exact: the suite's coordinates are doubles
      expect_feature_at(scene.bodies[i.body_a], c.on_a, c.position);
      expect_feature_at(scene.bodies[i.body_b], c.on_b, c.position);
      EXPECT_EQ(c.on_b.type, expected.on_b);  // apexes and ridge ends stay vertices when refined
      if (!refined) {
        EXPECT_EQ(c.on_a.type, expected.on_a);  // boundary splitting may put vertices on edges/faces
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(CoarseAndRefined, PointRegions, ::testing::Values(false, true));

// Features index the tet mesh's boundary, which refinement makes larger than the input surface.
TEST(PointRegions, RefinedFeaturesRoundTripThroughSceneJson) {
  const Scene scene = make_builtin_scene("crack-spike", {.refined = true});
  const PolygonCorner& corner = scene.ground_truth->interfaces.at(0).polygon.at(0);
  const Body& crack = scene.bodies[0];
  ASSERT_GT(corner.on_a.index, 3LL * crack.shape->surface.triangle_count() / 2);  // beyond the input surface's edges
  const Scene read = parse_scene_json(scene_to_json(scene), "<test>", ".", {});
  const PolygonCorner& back = read.ground_truth->interfaces.at(0).polygon.at(0);
  EXPECT_EQ(back.on_a.type, corner.on_a.type);
  EXPECT_EQ(back.on_a.index, corner.on_a.index);
  EXPECT_EQ(back.on_b.index, corner.on_b.index);
}

TEST(PointRegions, RoundTripThroughSceneJsonAndMoveWithTransformed) {
  for (const std::string name : {"crack-wedge", "two-spike-wedge"}) {
    SCOPED_TRACE(name);
    const Scene scene = make_builtin_scene(name);
    const ContactInterface& original = scene.ground_truth->interfaces.at(0);

    const Scene read = parse_scene_json(scene_to_json(scene), "<test>", ".", {});
    ASSERT_TRUE(read.ground_truth.has_value());
    const ContactInterface& back = read.ground_truth->interfaces.at(0);
    EXPECT_FALSE(back.planar);
    ASSERT_EQ(back.polygon.size(), original.polygon.size());
    for (std::size_t k = 0; k < original.polygon.size(); ++k) {
      EXPECT_EQ(back.polygon[k].position, original.polygon[k].position);
      EXPECT_EQ(back.polygon[k].on_a.type, original.polygon[k].on_a.type);
      EXPECT_EQ(back.polygon[k].on_a.index, original.polygon[k].on_a.index);
      EXPECT_EQ(back.polygon[k].on_b.type, original.polygon[k].on_b.type);
      EXPECT_EQ(back.polygon[k].on_b.index, original.polygon[k].on_b.index);
    }

    // A quarter turn about z, then a shift, at scale 3: (x, y, z) → 3 (−y, x, z) + t.
    const Transform motion = Transform::from_axis_angle(Vec3::UnitZ(), 0.5 * std::numbers::pi, Vec3(1, 2, 3));
    const Scene moved = transformed(scene, motion, 3.0);
    const ContactInterface& m = moved.ground_truth->interfaces.at(0);
    ASSERT_EQ(m.polygon.size(), original.polygon.size());
    for (std::size_t k = 0; k < original.polygon.size(); ++k) {
      const Vec3& p = original.polygon[k].position;
      EXPECT_LT((m.polygon[k].position - (3.0 * Vec3(-p.y(), p.x(), p.z()) + Vec3(1, 2, 3))).norm(), 1e-12);
      // The features are mesh indices: unchanged, and still where the corner is.
      EXPECT_EQ(m.polygon[k].on_a.index, original.polygon[k].on_a.index);
      expect_feature_at(moved.bodies[m.body_b], m.polygon[k].on_b, m.polygon[k].position);
    }
  }
}

}  // namespace
}  // namespace contactlab
