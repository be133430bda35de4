// derive_ground_truth on user scenes and on the built-in ones. Expected values come from the
// geometry by hand (the cube's footprint on the internal-edge top, the spike's apex, a cube sunk
// into a slab), from the built-in suite's closed forms (docs/suite.md: pillar 7 interfaces / 40
// contacts, wall 213 / 37.59375 m², checked independently in builtin_scenes_test), and from the same
// scene moved by random similarity transforms.
#include "contactlab/suite/derive_ground_truth.h"

#include "contactlab/core/error.h"
#include "contactlab/mesh/shape_generators.h"
#include "contactlab/mesh/topology.h"
#include "contactlab/scene/scene_json.h"
#include "contactlab/scene/scene_transforms.h"
#include "contactlab/suite/builtin_scenes.h"
#include "contactlab/suite/planar_interfaces.h"
#include "scene/box_body.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>
#include <string>
#include <vector>

namespace contactlab {
namespace {

const std::string kScenes = std::string(CONTACTLAB_TEST_DATA_DIR) + "/scenes";

Scene without_ground_truth(Scene scene) {
  scene.ground_truth.reset();
  return scene;
}

/// The world position of a vertex of a body's method surface.
Vec3 world_vertex(const Body& body, Index v) { return body.pose().apply(body.shape->surface_map.surface.vertices[v]); }

/// Exact equality of two interfaces (same code on the same geometry must give the same bits).
void expect_identical(const ContactInterface& x, const ContactInterface& y) {
  EXPECT_EQ(x.body_a, y.body_a);
  EXPECT_EQ(x.body_b, y.body_b);
  EXPECT_EQ(x.planar, y.planar);
  EXPECT_EQ(x.min_contacts, y.min_contacts);
  EXPECT_EQ(x.area, y.area);
  ASSERT_EQ(x.feasible_normals.size(), y.feasible_normals.size());
  for (std::size_t k = 0; k < x.feasible_normals.size(); ++k) EXPECT_EQ(x.feasible_normals[k], y.feasible_normals[k]);
  ASSERT_EQ(x.polygon.size(), y.polygon.size());
  for (std::size_t k = 0; k < x.polygon.size(); ++k) {
    EXPECT_EQ(x.polygon[k].position, y.polygon[k].position);
    EXPECT_EQ(x.polygon[k].on_a, y.polygon[k].on_a);
    EXPECT_EQ(x.polygon[k].on_b, y.polygon[k].on_b);
  }
}

void expect_identical(const GroundTruth& x, const GroundTruth& y) {
  ASSERT_EQ(x.interfaces.size(), y.interfaces.size());
  for (std::size_t k = 0; k < x.interfaces.size(); ++k) {
    SCOPED_TRACE("interface " + std::to_string(k));
    expect_identical(x.interfaces[k], y.interfaces[k]);
  }
}

// ---- a user's own scene: a cube on an external mesh of the internal-edge base --------------------

// data/scenes/meshes/internal_edge_base.obj: box x, z ∈ [−2, 2], y ∈ [−1, 1] whose top has internal
// vertices at (x, z) = (−1, 1) and (1, 1) (docs/suite.md "The internal-edge tessellation"); the 2 m
// cube sits on it at y ∈ [1, 3]. Its footprint, the square x, z ∈ [−1, 1] at y = 1, is the interface:
// area 4, normal +y, corners (±1, 1, ±1). The two corners at z = +1 are the base's internal
// vertices; (−1, −1) lies inside the top's edge (0, −2)–(−2, 0) (the line x + z = −2) and (1, −1)
// inside the edge (2, 0)–(0, −2) (x − z = 2), both edges of the listed triangles. On the cube every
// corner is a vertex.
TEST(DeriveGroundTruth, CubeOnAUsersInternalEdgeMeshGivesOneInterfaceOfArea4With4Corners) {
  const Scene scene = read_scene_json(kScenes + "/derive/cube_on_internal_edge.json");
  ASSERT_FALSE(scene.ground_truth.has_value());
  const DeriveGroundTruthResult result = derive_ground_truth(scene);
  EXPECT_TRUE(result.underived.empty());
  EXPECT_EQ(result.derived, 1);
  EXPECT_EQ(result.kept, 0);
  EXPECT_EQ(result.replaced, 0);
  ASSERT_EQ(result.ground_truth.interfaces.size(), 1u);
  const ContactInterface& i = result.ground_truth.interfaces[0];
  EXPECT_EQ(i.body_a, 0);  // base
  EXPECT_EQ(i.body_b, 1);  // cube
  EXPECT_TRUE(i.planar);
  ASSERT_EQ(i.feasible_normals.size(), 1u);
  EXPECT_LT((i.feasible_normals[0] - Vec3(0, 1, 0)).norm(), 1e-12);
  EXPECT_NEAR(i.area, 4.0, 1e-12);
  EXPECT_EQ(i.min_contacts, 4);
  ASSERT_EQ(i.polygon.size(), 4u);

  const Body& base = scene.bodies[0];
  const Body& cube = scene.bodies[1];
  const MeshTopology base_edges = build_topology(base.shape->surface_map.surface);
  // Each expected corner with the base's feature: a vertex, or the edge with these end points.
  struct Expected {
    Vec3 position;
    bool base_vertex;
    Vec3 edge_from, edge_to;
  };
  const std::vector<Expected> expected = {
      {Vec3(-1, 1, 1), true, Vec3::Zero(), Vec3::Zero()},
      {Vec3(1, 1, 1), true, Vec3::Zero(), Vec3::Zero()},
      {Vec3(-1, 1, -1), false, Vec3(0, 1, -2), Vec3(-2, 1, 0)},
      {Vec3(1, 1, -1), false, Vec3(2, 1, 0), Vec3(0, 1, -2)},
  };
  for (const Expected& e : expected) {
    SCOPED_TRACE("corner (" + std::to_string(e.position.x()) + ", " + std::to_string(e.position.z()) + ")");
    const PolygonCorner* found = nullptr;
    for (const PolygonCorner& c : i.polygon) {
      if ((c.position - e.position).norm() < 1e-12) found = &c;
    }
    ASSERT_NE(found, nullptr);
    ASSERT_EQ(found->on_b.type, FeatureType::kVertex);
    EXPECT_LT((world_vertex(cube, found->on_b.index) - e.position).norm(), 1e-12);
    if (e.base_vertex) {
      ASSERT_EQ(found->on_a.type, FeatureType::kVertex);
      EXPECT_LT((world_vertex(base, found->on_a.index) - e.position).norm(), 1e-12);
    } else {
      ASSERT_EQ(found->on_a.type, FeatureType::kEdge);
      const Edge& edge = base_edges.edges.at(found->on_a.index);
      const Vec3 p = world_vertex(base, edge[0]), q = world_vertex(base, edge[1]);
      const bool same = ((p - e.edge_from).norm() < 1e-12 && (q - e.edge_to).norm() < 1e-12) ||
                        ((p - e.edge_to).norm() < 1e-12 && (q - e.edge_from).norm() < 1e-12);
      EXPECT_TRUE(same) << "edge " << p.transpose() << " – " << q.transpose();
    }
  }
  // Corners counter-clockwise about the normal +y: every (p1 − p0) × (p2 − p0) points along +y.
  for (std::size_t k = 0; k < 4; ++k) {
    const Vec3 &p0 = i.polygon[k].position, &p1 = i.polygon[(k + 1) % 4].position,
               &p2 = i.polygon[(k + 2) % 4].position;
    EXPECT_GT((p1 - p0).cross(p2 - p0).dot(Vec3(0, 1, 0)), 0.0);
  }
}

// ---- what cannot be derived ----------------------------------------------------------------------

// The spike apex-down on a box touches it at one point (its apex at the origin, the box's top
// y = 0): no coplanar faces, a point contact.
TEST(DeriveGroundTruth, SpikeApexOnABoxIsReportedAsNotDerivable) {
  const Scene scene = read_scene_json(kScenes + "/derive/spike_on_box.json");
  const DeriveGroundTruthResult result = derive_ground_truth(scene);
  EXPECT_TRUE(result.ground_truth.interfaces.empty());
  EXPECT_EQ(result.derived, 0);
  ASSERT_EQ(result.underived.size(), 1u);
  EXPECT_EQ(result.underived[0].body_a, 0);
  EXPECT_EQ(result.underived[0].body_b, 1);
  EXPECT_EQ(result.underived[0].reason, UnderivedReason::kNoCoplanarFaces);
  EXPECT_EQ(result.underived[0].depth, 0.0);
  EXPECT_NE(describe(result.underived[0], result.tolerance).find("point or edge contact"), std::string::npos);
}

/// A body with a box shape (TetGen's default switches).
using test::box_body;

/// A slab x, z ∈ [−2, 2], y ∈ [−1, 0] and a unit cube turned by 45° about z, resting on one edge
/// (along z at y = 0, up to rounding, when lift = 0), its centre lifted by `lift` more.
Scene cube_on_edge(double lift) {
  Scene scene;
  scene.name = "cube-on-edge";
  scene.bodies.push_back(box_body("slab", Vec3(4, 1, 4), Vec3(0, -0.5, 0), true));
  const Quat turned(Eigen::AngleAxisd(std::numbers::pi / 4, Vec3::UnitZ()));
  scene.bodies.push_back(box_body("cube", Vec3(1, 1, 1), Vec3(0, std::sqrt(0.5) + lift, 0), false, turned));
  return scene;
}

TEST(DeriveGroundTruth, EdgeContactIsNotDerivableAndAGapWiderThanTheBandIsNoContact) {
  const Scene touching = cube_on_edge(0.0);
  const double band = 1e-9 * touching.length_scale();
  for (double lift : {0.0, 0.1 * band}) {
    SCOPED_TRACE(lift);
    const DeriveGroundTruthResult result = derive_ground_truth(cube_on_edge(lift));
    EXPECT_TRUE(result.ground_truth.interfaces.empty());
    ASSERT_EQ(result.underived.size(), 1u);
    EXPECT_EQ(result.underived[0].reason, UnderivedReason::kNoCoplanarFaces);
  }
  // 1000 bands above: separated, nothing to report.
  const DeriveGroundTruthResult apart = derive_ground_truth(cube_on_edge(1000 * band));
  EXPECT_TRUE(apart.ground_truth.interfaces.empty());
  EXPECT_TRUE(apart.underived.empty());
}

// The cube of data/scenes/derive/overlapping_boxes.json is sunk 0.1 m into the slab: the tet–tet
// penetration depth of no tet pair exceeds the 0.1 m overlap along y (every pair's y extents overlap
// by at most that), and it is far above the band.
TEST(DeriveGroundTruth, OverlappingBodiesAreReportedWithTheirDepthAndGetNoInterface) {
  const Scene scene = read_scene_json(kScenes + "/derive/overlapping_boxes.json");
  const DeriveGroundTruthResult result = derive_ground_truth(scene);
  EXPECT_TRUE(result.ground_truth.interfaces.empty());
  ASSERT_EQ(result.underived.size(), 1u);
  EXPECT_EQ(result.underived[0].body_a, 0);
  EXPECT_EQ(result.underived[0].body_b, 1);
  EXPECT_EQ(result.underived[0].reason, UnderivedReason::kOverlap);
  EXPECT_GT(result.underived[0].depth, 1e3 * result.tolerance);
  EXPECT_LE(result.underived[0].depth, 0.1 + 1e-12);
  EXPECT_NE(describe(result.underived[0], result.tolerance).find("overlap"), std::string::npos);
}

// A small cube wholly inside a slab: the surfaces never meet, the volumes do.
TEST(DeriveGroundTruth, ABodyWhollyInsideAnotherIsReportedAsOverlapping) {
  Scene scene;
  scene.name = "inside";
  scene.bodies.push_back(box_body("slab", Vec3(4, 1, 4), Vec3::Zero(), true));
  scene.bodies.push_back(box_body("pebble", Vec3(0.2, 0.2, 0.2), Vec3(0.5, 0, -0.3), false));
  const DeriveGroundTruthResult result = derive_ground_truth(scene);
  EXPECT_TRUE(result.ground_truth.interfaces.empty());
  ASSERT_EQ(result.underived.size(), 1u);
  EXPECT_EQ(result.underived[0].reason, UnderivedReason::kOverlap);
  EXPECT_GT(result.underived[0].depth, 1e3 * result.tolerance);
}

// ---- what the scene already carries -------------------------------------------------------------

// data/scenes/cube_on_ground.json: a unit cube on a slab, ground truth given (area 1). A stale planar
// interface is replaced by the geometry's; a non-planar one (made up here: the ground and a crate
// that do not even touch) is the user's modelling decision and stays as given.
TEST(DeriveGroundTruth, PlanarInterfacesAreReplacedAndNonPlanarOnesKept) {
  Scene scene = read_scene_json(kScenes + "/cube_on_ground.json");
  const GroundTruth given = *scene.ground_truth;
  ASSERT_EQ(given.interfaces.size(), 1u);
  scene.ground_truth->interfaces[0].area = 7.0;  // stale
  ContactInterface point;
  point.body_a = 0;
  point.body_b = 2;
  point.feasible_normals = {Vec3(0, 1, 0)};
  point.min_contacts = 1;
  point.polygon = {PolygonCorner{Vec3(3, 0, 0), {}, {}}};
  scene.ground_truth->interfaces.push_back(point);

  const DeriveGroundTruthResult result = derive_ground_truth(scene);
  EXPECT_EQ(result.replaced, 1);
  EXPECT_EQ(result.kept, 1);
  EXPECT_EQ(result.derived, 1);
  EXPECT_TRUE(result.underived.empty());
  ASSERT_EQ(result.ground_truth.interfaces.size(), 2u);
  expect_identical(result.ground_truth.interfaces[0], find_planar_interfaces(scene).at(0));
  EXPECT_DOUBLE_EQ(result.ground_truth.interfaces[0].area, 1.0);  // the cube's 1 m × 1 m footprint
  expect_identical(result.ground_truth.interfaces[1], point);
}

// A fixed plinth on a fixed slab, a movable cube on the plinth, a movable cube touching the slab at
// one edge: only the movable bodies' pairs count — the plinth–cube interface (1 m²) and the edge
// contact; the slab–plinth interface is skipped (two fixed bodies, never paired by the driver).
TEST(DeriveGroundTruth, PairsOfTwoFixedBodiesAreSkipped) {
  Scene scene = cube_on_edge(0.0);  // slab 0, cube on its edge 1
  scene.bodies.push_back(box_body("plinth", Vec3(1, 1, 1), Vec3(1.4, 0.5, 0), true));
  scene.bodies.push_back(box_body("top", Vec3(1, 1, 1), Vec3(1.4, 1.5, 0), false));
  ASSERT_EQ(find_planar_interfaces(scene).size(), 2u);  // slab–plinth and plinth–top
  const DeriveGroundTruthResult result = derive_ground_truth(scene);
  ASSERT_EQ(result.ground_truth.interfaces.size(), 1u);
  EXPECT_EQ(result.ground_truth.interfaces[0].body_a, 2);
  EXPECT_EQ(result.ground_truth.interfaces[0].body_b, 3);
  EXPECT_NEAR(result.ground_truth.interfaces[0].area, 1.0, 1e-12);
  ASSERT_EQ(result.underived.size(), 1u);
  EXPECT_EQ(result.underived[0].body_a, 0);
  EXPECT_EQ(result.underived[0].body_b, 1);
}

TEST(DeriveGroundTruth, RejectsBadTolerances) {
  const Scene scene = read_scene_json(kScenes + "/derive/spike_on_box.json");
  DeriveGroundTruthRequest request;
  request.tolerance.relative = -1e-9;
  EXPECT_THROW(derive_ground_truth(scene, request), InputError);
  request = {};
  request.angle_tolerance = std::nan("");
  EXPECT_THROW(derive_ground_truth(scene, request), InputError);
}

// ---- the built-in scenes ------------------------------------------------------------------------

// Stripped of their ground truth, the planar built-in scenes get it back exactly, every touching pair
// derived. The counts are docs/suite.md's closed forms.
TEST(DeriveGroundTruth, BuiltinPlanarScenesStrippedOfGroundTruthGetItBack) {
  struct Case {
    const char* name;
    std::size_t interfaces;
    int min_contacts;
    double area;  // < 0: not checked here
  };
  for (const Case& c : {Case{"pillar", 7, 40, -1}, Case{"wall", 213, 852, 37.59375}, Case{"internal-edge", 1, 4, 4.0},
                        Case{"cliff-edge", 1, 4, 10.24}, Case{"arch", 14, -1, 14.0}}) {
    SCOPED_TRACE(c.name);
    const Scene builtin = make_builtin_scene(c.name);
    const DeriveGroundTruthResult result = derive_ground_truth(without_ground_truth(builtin));
    EXPECT_TRUE(result.underived.empty());
    EXPECT_EQ(result.kept, 0);
    EXPECT_EQ(result.replaced, 0);
    expect_identical(result.ground_truth, *builtin.ground_truth);
    EXPECT_EQ(result.ground_truth.interfaces.size(), c.interfaces);
    if (c.min_contacts >= 0) {
      EXPECT_EQ(result.ground_truth.total_min_contacts(), c.min_contacts);
    }
    if (c.area >= 0) {
      EXPECT_NEAR(result.ground_truth.total_area(), c.area, 1e-9);
    }
  }
}

// The eight point and line cases: derivation keeps their given interfaces (and derives nothing more);
// without them, their one touching pair is reported as not derivable.
TEST(DeriveGroundTruth, BuiltinPointAndLineCasesKeepTheirInterfacesOrReportThePair) {
  for (const BuiltinSceneInfo& info : builtin_scenes()) {
    if (!info.fundamental || info.name == "internal-edge" || info.name == "cliff-edge") continue;
    SCOPED_TRACE(info.name);
    const Scene builtin = make_builtin_scene(info.name);
    const DeriveGroundTruthResult with = derive_ground_truth(builtin);
    EXPECT_TRUE(with.underived.empty());
    EXPECT_EQ(with.kept, 1);
    EXPECT_EQ(with.derived, 0);
    expect_identical(with.ground_truth, *builtin.ground_truth);

    const DeriveGroundTruthResult without = derive_ground_truth(without_ground_truth(builtin));
    EXPECT_TRUE(without.ground_truth.interfaces.empty());
    ASSERT_EQ(without.underived.size(), 1u);
    EXPECT_EQ(without.underived[0].body_a, 0);
    EXPECT_EQ(without.underived[0].body_b, 1);
    EXPECT_EQ(without.underived[0].reason, UnderivedReason::kNoCoplanarFaces);
  }
}

// ---- frame independence --------------------------------------------------------------------------

/// Compares derive(moved) with derive(original) mapped by x ↦ s R x + t.
void expect_moved(const DeriveGroundTruthResult& original, const DeriveGroundTruthResult& moved,
                  const Transform& motion, double scale, double length) {
  ASSERT_EQ(original.underived.size(), moved.underived.size());
  for (std::size_t k = 0; k < original.underived.size(); ++k) {
    EXPECT_EQ(original.underived[k].body_a, moved.underived[k].body_a);
    EXPECT_EQ(original.underived[k].body_b, moved.underived[k].body_b);
    EXPECT_EQ(original.underived[k].reason, moved.underived[k].reason);
    EXPECT_NEAR(moved.underived[k].depth, original.underived[k].depth * scale, 1e-9 * length);
  }
  const auto& a = original.ground_truth.interfaces;
  const auto& b = moved.ground_truth.interfaces;
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t k = 0; k < a.size(); ++k) {
    EXPECT_EQ(a[k].body_a, b[k].body_a);
    EXPECT_EQ(a[k].body_b, b[k].body_b);
    EXPECT_EQ(a[k].min_contacts, b[k].min_contacts);
    EXPECT_NEAR(b[k].area, a[k].area * scale * scale, 1e-9 * length * length);
    ASSERT_EQ(a[k].feasible_normals.size(), b[k].feasible_normals.size());
    EXPECT_LT((motion.rotation * a[k].feasible_normals[0] - b[k].feasible_normals[0]).norm(), 1e-9);
    ASSERT_EQ(a[k].polygon.size(), b[k].polygon.size());
    for (const PolygonCorner& corner : a[k].polygon) {  // the same corners and features, any cyclic order
      const Vec3 p = scale * (motion.rotation * corner.position) + motion.translation;
      const PolygonCorner* nearest = nullptr;
      for (const PolygonCorner& other : b[k].polygon) {
        if (!nearest || (other.position - p).norm() < (nearest->position - p).norm()) nearest = &other;
      }
      EXPECT_LT((nearest->position - p).norm(), 1e-9 * length);
      EXPECT_EQ(nearest->on_a, corner.on_a);
      EXPECT_EQ(nearest->on_b, corner.on_b);
    }
  }
}

TEST(DeriveGroundTruth, ResultsAreUnchangedByRandomRigidMotionsAndUniformScales) {
  std::mt19937 rng(2018);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::uniform_real_distribution<double> exponent(-3.0, 3.0);
  const std::vector<Scene> scenes = {read_scene_json(kScenes + "/derive/cube_on_internal_edge.json"),
                                     read_scene_json(kScenes + "/derive/spike_on_box.json"),
                                     read_scene_json(kScenes + "/derive/overlapping_boxes.json"),
                                     without_ground_truth(make_builtin_scene("pillar")), cube_on_edge(0.0)};
  for (const Scene& scene : scenes) {
    SCOPED_TRACE(scene.name);
    const DeriveGroundTruthResult original = derive_ground_truth(scene);
    for (double scale : {1e-3, std::pow(10.0, exponent(rng)), 1.0, 1e3}) {
      SCOPED_TRACE(scale);
      const Transform motion = Transform::from_quaternion(Quat(u(rng), u(rng), u(rng), u(rng)).normalized(),
                                                          Vec3(u(rng), u(rng), u(rng)) * 10.0 * scale);
      const Scene moved = transformed(scene, motion, scale);
      expect_moved(original, derive_ground_truth(moved), motion, scale, moved.length_scale());
    }
  }
}

}  // namespace
}  // namespace contactlab
