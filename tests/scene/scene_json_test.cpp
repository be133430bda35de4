// Scene JSON (format version 1): round trips that must be bit-exact, shape sharing, mesh files
// resolved against the scene file's folder, byte-identical rewrites, and every kind of input error
// with its field path. Expected values come from the test's own construction of the scene (values
// written in the test, generator/mesh-reader output computed directly), never from the reader.
#include "contactlab/scene/scene_json.h"
#include "contactlab/scene/scene_transforms.h"

#include "contactlab/core/error.h"
#include "contactlab/mesh/obj_io.h"
#include "contactlab/mesh/off_io.h"
#include "contactlab/mesh/shape_generators.h"
#include "contactlab/mesh/topology.h"
#include "contactlab/suite/builtin_scenes.h"

#include <gtest/gtest.h>

#include <unistd.h>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace contactlab {
namespace {

const std::string kScenes = std::string(CONTACTLAB_TEST_DATA_DIR) + "/scenes";

std::uint64_t bits(double x) {
  std::uint64_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

void expect_same(double a, double b, const std::string& what) {
  EXPECT_EQ(bits(a), bits(b)) << what << ": " << a << " vs " << b;
}

void expect_same(const Vec3& a, const Vec3& b, const std::string& what) {
  for (int k = 0; k < 3; ++k) expect_same(a[k], b[k], what + "[" + std::to_string(k) + "]");
}

void expect_same_surface(const TriMesh& a, const TriMesh& b, const std::string& what) {
  ASSERT_EQ(a.vertices.size(), b.vertices.size()) << what;
  ASSERT_EQ(a.triangles.size(), b.triangles.size()) << what;
  for (std::size_t i = 0; i < a.vertices.size(); ++i) expect_same(a.vertices[i], b.vertices[i], what + " vertex");
  for (std::size_t i = 0; i < a.triangles.size(); ++i) EXPECT_EQ(a.triangles[i], b.triangles[i]) << what;
}

void expect_same_feature(const FeatureRef& a, const FeatureRef& b) {
  EXPECT_EQ(a.type, b.type);
  EXPECT_EQ(a.index, b.index);
}

/// Field-by-field, bit-exact equality of two scenes (shapes compared by what they are made of).
void expect_same_scene(const Scene& a, const Scene& b) {
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.description, b.description);
  expect_same(a.gravity, b.gravity, "gravity");
  EXPECT_EQ(a.tetgen_switches, b.tetgen_switches);
  ASSERT_EQ(a.bodies.size(), b.bodies.size());
  for (std::size_t i = 0; i < a.bodies.size(); ++i) {
    const Body& x = a.bodies[i];
    const Body& y = b.bodies[i];
    const std::string what = "body " + x.name;
    EXPECT_EQ(x.name, y.name);
    expect_same(x.position, y.position, what + " position");
    expect_same(x.orientation.w(), y.orientation.w(), what + " orientation.w");
    expect_same(x.orientation.vec(), y.orientation.vec(), what + " orientation.xyz");
    expect_same(x.linear_velocity, y.linear_velocity, what + " linear_velocity");
    expect_same(x.angular_velocity, y.angular_velocity, what + " angular_velocity");
    expect_same(x.density, y.density, what + " density");
    expect_same(x.friction, y.friction, what + " friction");
    EXPECT_EQ(x.fixed, y.fixed) << what;
    ASSERT_TRUE(x.shape && y.shape) << what;
    EXPECT_EQ(x.shape->source.kind, y.shape->source.kind) << what;
    EXPECT_EQ(x.shape->source.generator, y.shape->source.generator) << what;
    EXPECT_EQ(x.shape->source.path, y.shape->source.path) << what;
    ASSERT_EQ(x.shape->source.params.size(), y.shape->source.params.size()) << what;
    for (const auto& [name, values] : x.shape->source.params) {
      ASSERT_TRUE(y.shape->source.params.count(name)) << what << " param " << name;
      const std::vector<double>& other = y.shape->source.params.at(name);
      ASSERT_EQ(values.size(), other.size()) << what << " param " << name;
      for (std::size_t k = 0; k < values.size(); ++k) expect_same(values[k], other[k], what + " param " + name);
    }
    EXPECT_EQ(x.shape->tetgen_switches, y.shape->tetgen_switches) << what;
    expect_same_surface(x.shape->surface, y.shape->surface, what);
  }
  ASSERT_EQ(a.ground_truth.has_value(), b.ground_truth.has_value());
  if (!a.ground_truth) return;
  ASSERT_EQ(a.ground_truth->interfaces.size(), b.ground_truth->interfaces.size());
  for (std::size_t i = 0; i < a.ground_truth->interfaces.size(); ++i) {
    const ContactInterface& x = a.ground_truth->interfaces[i];
    const ContactInterface& y = b.ground_truth->interfaces[i];
    EXPECT_EQ(x.body_a, y.body_a);
    EXPECT_EQ(x.body_b, y.body_b);
    ASSERT_EQ(x.feasible_normals.size(), y.feasible_normals.size());
    for (std::size_t k = 0; k < x.feasible_normals.size(); ++k)
      expect_same(x.feasible_normals[k], y.feasible_normals[k], "normal");
    EXPECT_EQ(x.min_contacts, y.min_contacts);
    EXPECT_EQ(x.planar, y.planar);
    expect_same(x.area, y.area, "area");
    ASSERT_EQ(x.polygon.size(), y.polygon.size());
    for (std::size_t k = 0; k < x.polygon.size(); ++k) {
      expect_same(x.polygon[k].position, y.polygon[k].position, "corner");
      expect_same_feature(x.polygon[k].on_a, y.polygon[k].on_a);
      expect_same_feature(x.polygon[k].on_b, y.polygon[k].on_b);
    }
  }
}

std::shared_ptr<const Shape> generator_shape(const std::string& generator, const ShapeParams& params,
                                             const std::string& switches = kTetGenDefaultSwitches) {
  ShapeSource source;
  source.kind = ShapeSource::Kind::kGenerator;
  source.generator = generator;
  source.params = params;
  return make_shape(source, generate_surface(generator, params, "test"), switches, generator);
}

/// A closed tetrahedron written out by hand (outward, counter-clockwise seen from outside).
TriMesh tetrahedron(double scale) {
  TriMesh mesh;
  mesh.vertices = {Vec3(0, 0, 0), Vec3(scale, 0, 0), Vec3(0, scale, 0), Vec3(0, 0, scale)};
  mesh.triangles = {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}};
  return mesh;
}

std::shared_ptr<const Shape> inline_shape(const TriMesh& surface,
                                          const std::string& switches = kTetGenDefaultSwitches) {
  ShapeSource source;
  source.kind = ShapeSource::Kind::kInline;
  return make_shape(source, surface, switches, "inline");
}

Body make_body(const std::string& name, std::shared_ptr<const Shape> shape, const Vec3& position) {
  Body body;
  body.name = name;
  body.shape = std::move(shape);
  body.position = position;
  return body;
}

/// A scene exercising every field: generator shapes (scalar and vector parameters, a switches
/// override), an inline mesh, a shape shared by three bodies, non-default poses and materials,
/// awkward doubles, and a ground truth.
Scene sample_scene() {
  Scene scene;
  scene.name = "sample \"scene\"";
  scene.description = "every field, unicode: μ = 0.5";
  scene.gravity = Vec3(0.0, -9.81, -0.0);
  const auto ground = generator_shape("box", {{"size", {6.0, 1.0, 6.0}}});
  const auto brick = generator_shape("box", {{"size", {0.625, 0.4, 0.5}}});
  const auto spike = generator_shape("spike", {{"height", {1.2}}, {"half_base", {0.4}}}, "pq1.8Y");
  const auto tet = inline_shape(tetrahedron(0.1 + 1.0 / 3.0));

  Body g = make_body("ground", ground, Vec3(0, -0.5, 0));
  g.fixed = true;
  scene.bodies.push_back(g);
  for (int i = 0; i < 3; ++i) {
    Body b = make_body("brick-" + std::to_string(i), brick, Vec3(0.625 * i, 0.2, 0.1 * i));
    b.friction = 0.1 * (i + 1);
    scene.bodies.push_back(b);
  }
  Body s = make_body("spike", spike, Vec3(1.0 / 3.0, 2.0 / 3.0, 1e-300));
  s.orientation = Quat(0.9, 0.1, -0.2, 0.3);  // not normalised: stored as given
  s.linear_velocity = Vec3(-1.2, -4.8, 0.0);
  s.angular_velocity = Vec3(5e-324, -0.0, 1e300);
  s.density = 7850.125;
  scene.bodies.push_back(s);
  scene.bodies.push_back(make_body("tet", tet, Vec3(-2, 0.1, 0)));

  GroundTruth truth;
  ContactInterface in;
  in.body_a = 0;
  in.body_b = 1;
  in.feasible_normals = {Vec3(0, 1, 0), Vec3(std::sqrt(0.5), std::sqrt(0.5), 0)};
  in.min_contacts = 4;
  in.planar = true;
  in.area = 0.3125;
  in.polygon = {{Vec3(-0.3125, 0, -0.25), {FeatureType::kFace, 6}, {FeatureType::kVertex, 0}},
                {Vec3(-0.3125, 0, 0.25), {FeatureType::kEdge, 3}, {FeatureType::kVertex, kInvalidIndex}}};
  truth.interfaces.push_back(in);
  ContactInterface point;
  point.body_a = 5;
  point.body_b = 4;
  point.feasible_normals = {Vec3(-0.948683, 0.316228, 0)};
  point.min_contacts = 1;
  truth.interfaces.push_back(point);
  scene.ground_truth = truth;
  return scene;
}

Scene parse(const std::string& text, const SceneReadOptions& options = {}) {
  return parse_scene_json(text, "test.json", kScenes, options);
}

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// --- round trips --------------------------------------------------------------------------

TEST(SceneJson, RoundTripIsBitExact) {
  const Scene scene = sample_scene();
  const std::string text = scene_to_json(scene);
  const Scene back = parse(text);
  expect_same_scene(scene, back);
  // The generator shapes are regenerated from their parameters: compare with the generator itself.
  expect_same_surface(back.bodies[0].shape->surface, generate_surface("box", {{"size", {6.0, 1.0, 6.0}}}, "test"),
                      "ground");
  EXPECT_EQ(back.bodies[4].shape->tetgen_switches, "pq1.8Y");
  EXPECT_EQ(back.bodies[0].shape->tetgen_switches, kTetGenDefaultSwitches);
  EXPECT_FALSE(back.bodies[0].shape->tets.tets.empty());
}

TEST(SceneJson, RewriteIsByteIdentical) {
  const std::string first = scene_to_json(sample_scene());
  const std::string second = scene_to_json(parse(first));
  EXPECT_EQ(first, second);
  // And a hand-written file (defaults omitted, integers for doubles) settles after one rewrite.
  const std::string fixture = scene_to_json(read_scene_json(kScenes + "/cube_on_ground.json"));
  EXPECT_EQ(fixture, scene_to_json(parse(fixture)));
}

TEST(SceneJson, WritesEveryFieldExplicitly) {
  Scene scene;
  scene.name = "defaults";
  scene.bodies.push_back(make_body("cube", generator_shape("box", {{"size", {1.0, 1.0, 1.0}}}), Vec3::Zero()));
  const std::string text = scene_to_json(scene);
  for (const char* field :
       {"\"format\": \"contactlab-scene\"", "\"version\": 1", "\"description\": \"\"", "\"gravity\": [0.0, -9.81, 0.0]",
        "\"tetgen_switches\": \"pq2.0Y\"", "\"position\": [0.0, 0.0, 0.0]", "\"orientation\": [1.0, 0.0, 0.0, 0.0]",
        "\"linear_velocity\": [0.0, 0.0, 0.0]", "\"angular_velocity\": [0.0, 0.0, 0.0]", "\"density\": 2000.0",
        "\"friction\": 0.5", "\"fixed\": false", "\"size\": [1.0, 1.0, 1.0]"}) {
    EXPECT_NE(text.find(field), std::string::npos) << field << " missing in\n" << text;
  }
  EXPECT_EQ(text.find("ground_truth"), std::string::npos);  // absent ground truth stays absent
  EXPECT_EQ(text.find("\"shapes\""), std::string::npos);    // nothing shared, no table
}

TEST(SceneJson, RandomDoublesRoundTripBitExact) {
  // 10^4 doubles from random bit patterns (all magnitudes, subnormals, signed zeros), written and
  // read back through body poses (positions within the coordinate limit) and velocities.
  std::mt19937_64 rng(20240611);
  std::vector<double> values;
  while (values.size() < 10000) {
    const std::uint64_t b = rng();
    double x;
    std::memcpy(&x, &b, sizeof x);
    if (!std::isfinite(x)) continue;
    values.push_back(values.size() % 97 == 0 ? -0.0 : values.size() % 89 == 0 ? 5e-324 : x);
  }
  Scene scene;
  scene.name = "random doubles";
  const auto shape = inline_shape(tetrahedron(1.0));
  // Positions are kept within the coordinate limit (1e50, refused beyond it): the larger values are
  // brought under it by a factor, still of every magnitude.
  const auto within_limit = [](double x) { return std::abs(x) <= 1e50 ? x : x * 1e-259; };
  std::size_t next = 0;
  while (next + 13 <= values.size()) {
    Body b =
        make_body("b" + std::to_string(next), shape,
                  Vec3(within_limit(values[next]), within_limit(values[next + 1]), within_limit(values[next + 2])));
    b.orientation = Quat(values[next + 3], values[next + 4], values[next + 5], values[next + 6]);
    if (b.orientation.coeffs().isZero()) b.orientation.w() = 1.0;
    b.linear_velocity = Vec3(values[next + 7], values[next + 8], values[next + 9]);
    b.angular_velocity = Vec3(values[next + 10], values[next + 11], values[next + 12]);
    b.friction = std::abs(values[next]);
    b.density = std::abs(values[next + 1]) > 0.0 ? std::abs(values[next + 1]) : 1.0;
    scene.bodies.push_back(b);
    next += 13;
  }
  const std::string text = scene_to_json(scene);
  const Scene back = parse(text);
  expect_same_scene(scene, back);
  EXPECT_EQ(text, scene_to_json(back));
}

TEST(SceneJson, InlineMeshRoundTrip) {
  const std::string text = R"({"format": "contactlab-scene", "version": 1, "name": "inline",
    "bodies": [{"name": "tet", "shape": {"vertices": [[0, 0, 0], [0.5, 0, 0], [0, 0.5, 0], [0, 0, 0.5]],
                                          "triangles": [[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]]}}]})";
  const Scene scene = parse(text);
  ASSERT_EQ(scene.bodies.size(), 1u);
  EXPECT_EQ(scene.bodies[0].shape->source.kind, ShapeSource::Kind::kInline);
  expect_same_surface(scene.bodies[0].shape->surface, tetrahedron(0.5), "inline");
  expect_same_scene(scene, parse(scene_to_json(scene)));
}

// A shape given as a tet mesh is used as it is (no TetGen run): its tets, surface map and kind
// survive a write and a read bit for bit.
TEST(SceneJson, InlineTetMeshRoundTrip) {
  const std::string text = R"({"format": "contactlab-scene", "version": 1, "name": "tets",
    "bodies": [{"name": "two", "shape": {"tet_vertices": [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 1]],
                                          "tets": [[0, 1, 2, 3], [1, 2, 3, 4]]}}]})";
  const Scene scene = parse(text);
  ASSERT_EQ(scene.bodies.size(), 1u);
  const Shape& shape = *scene.bodies[0].shape;
  EXPECT_EQ(shape.source.kind, ShapeSource::Kind::kTets);
  ASSERT_EQ(shape.tets.tets.size(), 2u);
  EXPECT_EQ(shape.tets.tets[1], (Tet{1, 2, 3, 4}));
  EXPECT_EQ(shape.surface_map.surface.triangles.size(), 6u);  // the shared face is interior
  const Scene back = parse(scene_to_json(scene));
  expect_same_scene(scene, back);
  EXPECT_EQ(back.bodies[0].shape->tets.tets, shape.tets.tets);
  EXPECT_EQ(scene_to_json(back), scene_to_json(scene));
}

// A scaled scene (scene_transforms.h) is written with its tet meshes, so that reading it back gives
// the very tets — TetGen run again on a scaled surface can tetrahedralize it differently (issue
// 12: crack-spike × 3.7 came back with 25 tets instead of 24). Every built-in scene, one scale.
TEST(SceneJson, ScaledScenesKeepTheirTetsThroughWriteAndRead) {
  for (const BuiltinSceneInfo& info : builtin_scenes()) {
    const std::string& name = info.name;
    const Scene scaled =
        transformed(make_builtin_scene(name), Transform::from_translation(Vec3(12.5, -3.25, 7.125)), 3.7);
    const Scene back = parse(scene_to_json(scaled));
    ASSERT_EQ(back.bodies.size(), scaled.bodies.size()) << name;
    for (std::size_t i = 0; i < scaled.bodies.size(); ++i) {
      const TetMesh &want = scaled.bodies[i].shape->tets, &got = back.bodies[i].shape->tets;
      ASSERT_EQ(got.tets, want.tets) << name << " body " << i;
      ASSERT_EQ(got.vertices.size(), want.vertices.size()) << name << " body " << i;
      for (std::size_t v = 0; v < want.vertices.size(); ++v) {
        ASSERT_EQ(got.vertices[v], want.vertices[v]) << name << " body " << i << " vertex " << v;
      }
      EXPECT_EQ(back.bodies[i].shape->surface_map.surface.triangles,
                scaled.bodies[i].shape->surface_map.surface.triangles)
          << name << " body " << i;
    }
  }
}

TEST(SceneJson, OmittedOptionalFieldsTakeDefaults) {
  const Scene scene = parse(R"({"format": "contactlab-scene", "version": 1, "name": "minimal",
    "bodies": [{"name": "cube", "shape": {"generator": "box", "size": [1, 1, 1]}}]})");
  EXPECT_EQ(scene.description, "");
  expect_same(scene.gravity, Vec3(0.0, -9.81, 0.0), "gravity");
  EXPECT_EQ(scene.tetgen_switches, "pq2.0Y");
  EXPECT_FALSE(scene.ground_truth.has_value());
  const Body& b = scene.bodies[0];
  expect_same(b.position, Vec3::Zero(), "position");
  EXPECT_EQ(b.orientation.coeffs(), Quat::Identity().coeffs());
  expect_same(b.linear_velocity, Vec3::Zero(), "linear_velocity");
  expect_same(b.angular_velocity, Vec3::Zero(), "angular_velocity");
  EXPECT_EQ(b.density, 2000.0);
  EXPECT_EQ(b.friction, 0.5);
  EXPECT_FALSE(b.fixed);
  EXPECT_EQ(b.shape->tetgen_switches, "pq2.0Y");
}

TEST(SceneJson, MeshFilesResolvedAgainstTheSceneFolder) {
  const Scene scene = read_scene_json(kScenes + "/mesh_files.json");
  ASSERT_EQ(scene.bodies.size(), 3u);
  // Surfaces equal what the mesh readers return for the resolved paths.
  expect_same_surface(scene.bodies[0].shape->surface, read_obj(kScenes + "/meshes/tetrahedron.obj"), "tetra");
  expect_same_surface(scene.bodies[1].shape->surface,
                      read_obj(std::string(CONTACTLAB_TEST_DATA_DIR) + "/meshes/unit_cube.obj"), "cube");
  expect_same_surface(scene.bodies[2].shape->surface,
                      read_off(std::string(CONTACTLAB_TEST_DATA_DIR) + "/meshes/square_pyramid.off"), "pyramid");
  // Paths are kept as written, the override only where given.
  EXPECT_EQ(scene.bodies[0].shape->source.path, "meshes/tetrahedron.obj");
  EXPECT_EQ(scene.bodies[1].shape->source.path, "../meshes/unit_cube.obj");
  EXPECT_EQ(scene.bodies[1].shape->tetgen_switches, "pq1.5Y");
  EXPECT_EQ(scene.bodies[0].shape->tetgen_switches, "pq2.0Y");
  const std::string text = scene_to_json(scene);
  EXPECT_NE(text.find("\"mesh\": \"../meshes/unit_cube.obj\""), std::string::npos);
  // Read back from a string with the same base folder: the same scene, byte-identical text.
  const Scene back = parse(text);
  expect_same_scene(scene, back);
  EXPECT_EQ(text, scene_to_json(back));
  // An absolute path works from anywhere.
  const std::string absolute = std::filesystem::absolute(kScenes + "/meshes/tetrahedron.obj").string();
  const Scene abs_scene = parse_scene_json(R"({"format": "contactlab-scene", "version": 1, "name": "abs",
    "bodies": [{"name": "t", "shape": {"mesh": ")" +
                                               absolute + R"("}}]})",
                                           "abs.json", "/nonexistent-dir");
  expect_same_surface(abs_scene.bodies[0].shape->surface, read_obj(absolute), "absolute");
}

// --- sharing --------------------------------------------------------------------------------

std::size_t distinct_shapes(const Scene& scene) {
  std::set<const Shape*> shapes;
  for (const Body& b : scene.bodies) shapes.insert(b.shape.get());
  return shapes.size();
}

TEST(SceneJson, SharedShapesStayShared) {
  const Scene scene = sample_scene();  // ground, 3 bricks sharing one Shape, spike, tet
  ASSERT_EQ(distinct_shapes(scene), 4u);
  const std::string text = scene_to_json(scene);
  EXPECT_NE(text.find("\"shapes\": {"), std::string::npos);
  EXPECT_NE(text.find("\"shape\": \"box\""), std::string::npos);
  const Scene back = parse(text);
  EXPECT_EQ(distinct_shapes(back), 4u);
  EXPECT_EQ(back.bodies[1].shape.get(), back.bodies[2].shape.get());
  EXPECT_EQ(back.bodies[1].shape.get(), back.bodies[3].shape.get());
  EXPECT_NE(back.bodies[0].shape.get(), back.bodies[1].shape.get());
}

TEST(SceneJson, EqualSpecsAreTetrahedralizedOnce) {
  // Inline-written equal specs (1 and 1.0 are the same value) share one Shape; other switches or
  // other parameters make another one; the table entry is shared by its users.
  const Scene scene = parse(R"({"format": "contactlab-scene", "version": 1, "name": "cache",
    "shapes": {"crate": {"generator": "box", "size": [1, 1, 1]}},
    "bodies": [
      {"name": "a", "shape": {"generator": "box", "size": [1, 1, 1]}},
      {"name": "b", "shape": {"generator": "box", "size": [1.0, 1.0, 1.0]}},
      {"name": "c", "shape": "crate"},
      {"name": "d", "shape": {"generator": "box", "size": [1, 1, 1], "tetgen_switches": "pq1.5Y"}},
      {"name": "e", "shape": {"generator": "box", "size": [1, 1, 2]}},
      {"name": "f", "shape": {"mesh": "meshes/tetrahedron.obj"}},
      {"name": "g", "shape": {"mesh": "./meshes/../meshes/tetrahedron.obj"}}
    ]})");
  const auto& b = scene.bodies;
  EXPECT_EQ(b[0].shape.get(), b[1].shape.get());
  EXPECT_EQ(b[0].shape.get(), b[2].shape.get());
  EXPECT_NE(b[0].shape.get(), b[3].shape.get());
  EXPECT_NE(b[0].shape.get(), b[4].shape.get());
  EXPECT_EQ(b[5].shape.get(), b[6].shape.get());
  EXPECT_EQ(distinct_shapes(scene), 4u);
  EXPECT_EQ(b[3].shape->tetgen_switches, "pq1.5Y");
}

TEST(SceneJson, SwitchesOptionOverridesFileAndShape) {
  SceneReadOptions options;
  options.tetgen_switches = "pq1.9Y";
  const Scene scene =
      parse(R"({"format": "contactlab-scene", "version": 1, "name": "switches", "tetgen_switches": "pq1.5Y",
    "bodies": [{"name": "a", "shape": {"generator": "box", "size": [1, 1, 1], "tetgen_switches": "pq1.7Y"}},
               {"name": "b", "shape": {"generator": "spike"}}]})",
            options);
  EXPECT_EQ(scene.bodies[0].shape->tetgen_switches, "pq1.9Y");
  EXPECT_EQ(scene.bodies[1].shape->tetgen_switches, "pq1.9Y");
  EXPECT_EQ(scene.tetgen_switches, "pq1.9Y");  // the scene says what its shapes were built with
  const Scene plain =
      parse(R"({"format": "contactlab-scene", "version": 1, "name": "switches", "tetgen_switches": "pq1.5Y",
    "bodies": [{"name": "a", "shape": {"generator": "box", "size": [1, 1, 1], "tetgen_switches": "pq1.7Y"}},
               {"name": "b", "shape": {"generator": "spike"}}]})");
  EXPECT_EQ(plain.bodies[0].shape->tetgen_switches, "pq1.7Y");
  EXPECT_EQ(plain.bodies[1].shape->tetgen_switches, "pq1.5Y");
}

TEST(SceneJson, BuiltinScenesRoundTripWithTheirSharing) {
  // The suite's scenes (the wall: 80 bricks of one shape) written and read back: the same scene,
  // as many distinct shapes as the builder made, and a byte-identical rewrite.
  for (const BuiltinSceneInfo& info : builtin_scenes()) {
    SCOPED_TRACE(info.name);
    const Scene scene = make_builtin_scene(info.name);
    const std::string text = scene_to_json(scene);
    const Scene back = parse(text);
    expect_same_scene(scene, back);
    EXPECT_EQ(distinct_shapes(back), distinct_shapes(scene));
    EXPECT_EQ(text, scene_to_json(back));
    if (info.name == "wall") {
      EXPECT_EQ(back.bodies.size(), 81u);                            // ground + 10 layers x 8 bricks
      EXPECT_LE(distinct_shapes(back), 3u) << text.substr(0, 2000);  // ground, brick(s): shared
    }
  }
  EXPECT_EQ(builtin_scenes().size(), 13u);
}

// --- ground truth -------------------------------------------------------------------------

TEST(SceneJson, GroundTruthFixtureIsReadAndGeometricallyConsistent) {
  const Scene scene = read_scene_json(kScenes + "/cube_on_ground.json");
  ASSERT_TRUE(scene.ground_truth.has_value());
  ASSERT_EQ(scene.ground_truth->interfaces.size(), 1u);
  const ContactInterface& in = scene.ground_truth->interfaces[0];
  EXPECT_EQ(in.body_a, 0);
  EXPECT_EQ(in.body_b, 1);
  ASSERT_EQ(in.feasible_normals.size(), 1u);
  expect_same(in.feasible_normals[0], Vec3(0, 1, 0), "normal");
  EXPECT_EQ(in.min_contacts, 4);
  EXPECT_TRUE(in.planar);
  EXPECT_EQ(in.area, 1.0);
  ASSERT_EQ(in.polygon.size(), 4u);
  // Each corner's features contain the corner: checked from the bodies' world geometry.
  const auto on_feature = [&](const Body& body, const FeatureRef& f, const Vec3& p) {
    const TriMesh& s = body.shape->surface;
    const Transform pose = body.pose();
    const double eps = 1e-12;
    if (f.type == FeatureType::kVertex) return (pose.apply(s.vertices[f.index]) - p).norm() < eps;
    if (f.type == FeatureType::kEdge) {
      const Edge e = build_topology(s).edges[static_cast<std::size_t>(f.index)];
      const Vec3 a = pose.apply(s.vertices[e[0]]), b = pose.apply(s.vertices[e[1]]);
      return std::abs((p - a).norm() + (b - p).norm() - (b - a).norm()) < eps;
    }
    const Vec3 a = pose.apply(s.corner(f.index, 0)), b = pose.apply(s.corner(f.index, 1)),
               c = pose.apply(s.corner(f.index, 2));
    const Vec3 n = (b - a).cross(c - a);
    return std::abs(n.dot(p - a)) < eps && n.dot((b - a).cross(p - a)) >= 0 && n.dot((c - b).cross(p - b)) >= 0 &&
           n.dot((a - c).cross(p - c)) >= 0;
  };
  for (const PolygonCorner& c : in.polygon) {
    EXPECT_TRUE(on_feature(scene.bodies[0], c.on_a, c.position)) << c.position.transpose();
    EXPECT_TRUE(on_feature(scene.bodies[1], c.on_b, c.position)) << c.position.transpose();
  }
  // Written back: same ground truth, names instead of indices.
  const std::string text = scene_to_json(scene);
  EXPECT_NE(text.find("\"body_a\": \"ground\""), std::string::npos);
  expect_same_scene(scene, parse(text));
}

// --- writing files --------------------------------------------------------------------------

TEST(SceneJson, WriteFileIsAtomic) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("contactlab_scene_json_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "out.json").string();
  const Scene scene = sample_scene();
  write_scene_json(path, scene);
  EXPECT_EQ(read_text(path), scene_to_json(scene));
  expect_same_scene(scene, read_scene_json(path));

  // A scene that cannot be written (NaN) leaves the old file as it was and no temporary behind.
  Scene bad = scene;
  bad.bodies[2].linear_velocity.y() = std::numeric_limits<double>::quiet_NaN();
  try {
    write_scene_json(path, bad);
    ADD_FAILURE() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("bodies[2].linear_velocity[1]: non-finite"), std::string::npos) << e.what();
  }
  EXPECT_EQ(read_text(path), scene_to_json(scene));
  EXPECT_THROW(write_scene_json((dir / "no-such-dir" / "x.json").string(), scene), InputError);
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) files += entry.is_regular_file() ? 1 : 0;
  EXPECT_EQ(files, 1u);
  std::filesystem::remove_all(dir);
}

// A region corner lies on the surface, so the format has no "tet" feature (docs/scene-format.md
// "Ground truth"): a FeatureRef of type kTet in a corner cannot be written, and the writer says where.
TEST(SceneJson, TetFeatureInAGroundTruthCornerIsAWriteError) {
  Scene scene = sample_scene();
  scene.ground_truth->interfaces[0].polygon[1].on_b = {FeatureType::kTet, 0};
  try {
    scene_to_json(scene);
    ADD_FAILURE() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("ground_truth.interfaces[0].polygon[1].on_b.kind: a tet feature"),
              std::string::npos)
        << e.what();
  }
}

// --- errors ---------------------------------------------------------------------------------

/// Runs `read` and checks that it throws InputError whose message contains every one of `parts`.
void expect_input_error(const std::function<void()>& read, const std::vector<std::string>& parts, int line = -1) {
  try {
    read();
    ADD_FAILURE() << "no error; expected one containing '" << parts.front() << "'";
  } catch (const InputError& e) {
    const std::string message = e.what();
    // SCENE_JSON_PRINT_ERRORS=1 prints every message, to review their wording.
    if (std::getenv("SCENE_JSON_PRINT_ERRORS")) std::printf("%s\n", message.c_str());
    for (const std::string& part : parts)
      EXPECT_NE(message.find(part), std::string::npos) << "'" << part << "' not in: " << message;
    if (line >= 0) {
      EXPECT_EQ(e.line(), line) << message;
    }
  }
}

std::string with_bodies(const std::string& bodies, const std::string& extra = "") {
  return R"({"format": "contactlab-scene", "version": 1, "name": "e", )" + extra + R"("bodies": [)" + bodies + "]}";
}

const std::string kCube = R"({"generator": "box", "size": [1, 1, 1]})";

struct ErrorCase {
  const char* label;
  std::string text;
  std::vector<std::string> parts;
};

TEST(SceneJson, ErrorsNameTheFieldAndWhatWasExpected) {
  const std::string cube_body = R"({"name": "cube", "shape": )" + kCube + "}";
  const std::vector<ErrorCase> cases = {
      {"unknown field",
       with_bodies(R"({"name": "c", "shape": )" + kCube + R"(, "frction": 0.3})"),
       {"test.json: bodies[0].frction: unknown field; did you mean 'friction'?"}},
      {"unknown top-level field",
       with_bodies(cube_body, R"("gravty": [0, -1, 0], )"),
       {"gravty: unknown field; did you mean 'gravity'?"}},
      {"far-off unknown field lists the known ones",
       with_bodies(cube_body, R"("zzzzzzzzzz": 1, )"),
       {"zzzzzzzzzz: unknown field; expected one of: format, version, name"}},
      {"missing name",
       R"({"format": "contactlab-scene", "version": 1, "bodies": []})",
       {"name: missing required field"}},
      {"missing bodies",
       R"({"format": "contactlab-scene", "version": 1, "name": "x"})",
       {"bodies: missing required field"}},
      {"missing shape", with_bodies(R"({"name": "c"})"), {"bodies[0].shape: missing required field"}},
      {"wrong type",
       with_bodies(R"({"name": "c", "shape": )" + kCube + R"(, "density": "heavy"})"),
       {"bodies[0].density: expected a number, got a string (\"heavy\")"}},
      {"wrong type bool",
       with_bodies(R"({"name": "c", "shape": )" + kCube + R"(, "fixed": 1})"),
       {"bodies[0].fixed: expected true or false"}},
      {"wrong array length",
       with_bodies(R"({"name": "c", "shape": )" + kCube + R"(, "position": [1, 2]})"),
       {"bodies[0].position: expected an array of 3 numbers, got 2"}},
      {"wrong element type",
       with_bodies(R"({"name": "c", "shape": )" + kCube + R"(, "angular_velocity": [1, null, 2]})"),
       {"bodies[0].angular_velocity[1]: expected a number, got null"}},
      {"orientation length",
       with_bodies(R"({"name": "c", "shape": )" + kCube + R"(, "orientation": [1, 0, 0]})"),
       {"bodies[0].orientation: expected an array of 4 numbers, got 3"}},
      {"zero quaternion",
       with_bodies(R"({"name": "c", "shape": )" + kCube + R"(, "orientation": [0, 0, 0, 0]})"),
       {"bodies[0].orientation: zero quaternion"}},
      {"negative density",
       with_bodies(R"({"name": "c", "shape": )" + kCube + R"(, "density": -1})"),
       {"bodies[0].density: expected a number > 0"}},
      {"negative friction",
       with_bodies(R"({"name": "c", "shape": )" + kCube + R"(, "friction": -0.1})"),
       {"bodies[0].friction: expected a number >= 0"}},
      {"non-finite",
       with_bodies(R"({"name": "c", "shape": )" + kCube + R"(, "position": [0, 1e400, 0]})"),
       {"test.json:1: non-finite number", "1e400"}},
      {"triangle length",
       with_bodies(R"({"name": "c", "shape": {"vertices": [[0, 0, 0], [1, 0, 0], [0, 1, 0]], "triangles": [[0, 1]]}})"),
       {"bodies[0].shape.triangles[0]: expected an array of 3 vertex indices, got 2"}},
      {"vector type",
       with_bodies(R"({"name": "c", "shape": )" + kCube + R"(, "linear_velocity": 3})"),
       {"bodies[0].linear_velocity: expected an array of 3 numbers, got a number (3)"}},
      {"bodies type",
       R"({"format": "contactlab-scene", "version": 1, "name": "x", "bodies": {}})",
       {"bodies: expected an array of bodies, got an object"}},
      {"unknown generator",
       with_bodies(R"({"name": "c", "shape": {"generator": "spkie"}})"),
       {"bodies[0].shape.generator: unknown generator 'spkie'; did you mean 'spike'?"}},
      {"bad generator params",
       with_bodies(R"({"name": "a", "shape": )" + kCube +
                   R"(}, {"name": "c", "shape": {"generator": "box", "size": [1, -2, 1]}})"),
       {"test.json: bodies[1].shape.size"}},
      {"missing generator param",
       with_bodies(R"({"name": "c", "shape": {"generator": "box"}})"),
       {"bodies[0].shape", "size"}},
      {"unknown generator param",
       with_bodies(R"({"name": "c", "shape": {"generator": "box", "size": [1, 1, 1], "sise": 2}})"),
       {"bodies[0].shape", "sise"}},
      {"generator param type",
       with_bodies(R"({"name": "c", "shape": {"generator": "box", "size": [1, "1", 1]}})"),
       {"bodies[0].shape.size[1]: expected a number, got a string"}},
      {"no shape kind",
       with_bodies(R"({"name": "c", "shape": {"generater": "box"}})"),
       {"bodies[0].shape: no shape given", "('generater'; did you mean 'generator'?)"}},
      {"two shape kinds",
       with_bodies(R"({"name": "c", "shape": {"generator": "box", "mesh": "a.obj"}})"),
       {"bodies[0].shape: more than one shape given"}},
      {"tets and a surface",
       with_bodies(R"({"name": "c", "shape": {"vertices": [], "triangles": [], "tet_vertices": [], "tets": []}})"),
       {"bodies[0].shape: more than one shape given"}},
      {"tets without tet_vertices",
       with_bodies(R"({"name": "c", "shape": {"tets": [[0, 1, 2, 3]]}})"),
       {"bodies[0].shape.tet_vertices: missing required field"}},
      {"tet with three corners",
       with_bodies(R"({"name": "c", "shape": {"tet_vertices": [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]],
                                               "tets": [[0, 1, 2]]}})"),
       {"bodies[0].shape.tets[0]: expected an array of 4 vertex indices, got 3"}},
      {"tet index out of range",
       with_bodies(R"({"name": "c", "shape": {"tet_vertices": [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]],
                                               "tets": [[0, 1, 2, 4]]}})"),
       {"bodies[0].shape.tets[0][3]"}},
      {"switches on a tet mesh",
       with_bodies(R"({"name": "c", "shape": {"tet_vertices": [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]],
                                               "tets": [[0, 1, 2, 3]], "tetgen_switches": "pq"}})"),
       {"bodies[0].shape.tetgen_switches: unknown field"}},
      {"unknown shape reference",
       with_bodies(R"({"name": "c", "shape": "crat"})", R"("shapes": {"crate": )" + kCube + "}, "),
       {"bodies[0].shape: no shape named 'crat' in \"shapes\"; did you mean 'crate'?"}},
      {"shape table error path",
       with_bodies(cube_body, R"("shapes": {"crate": {"generator": "box", "size": [1, 1]}}, )"),
       {"shapes.crate.size"}},
      {"missing triangles",
       with_bodies(R"({"name": "c", "shape": {"vertices": [[0, 0, 0]]}})"),
       {"bodies[0].shape.triangles: missing required field"}},
      {"triangle index range",
       with_bodies(
           R"({"name": "c", "shape": {"vertices": [[0, 0, 0], [1, 0, 0], [0, 1, 0]], "triangles": [[0, 1, 3]]}})"),
       {"bodies[0].shape.triangles[0][2]: expected an integer in [0, 2], got 3"}},
      {"triangle index type",
       with_bodies(
           R"({"name": "c", "shape": {"vertices": [[0, 0, 0], [1, 0, 0], [0, 1, 0]], "triangles": [[0, 1, 1.5]]}})"),
       {"bodies[0].shape.triangles[0][2]: expected an integer"}},
      {"missing mesh file",
       with_bodies(R"({"name": "c", "shape": {"mesh": "meshes/nope.obj"}})"),
       {"bodies[0].shape.mesh: mesh file not found: '" +
        (std::filesystem::path(kScenes) / "meshes/nope.obj").lexically_normal().string() + "'"}},
      {"mesh file's own error",
       with_bodies(R"({"name": "c", "shape": {"mesh": "../meshes/bad/malformed_number.obj"}})"),
       {"malformed_number.obj:3"}},
      {"duplicate body names",
       with_bodies(cube_body + ", " + R"({"name": "other", "shape": )" + kCube + "}, " + cube_body),
       {"bodies[2].name: duplicate body name 'cube' (also bodies[0])"}},
      {"duplicate key",
       with_bodies(R"({"name": "c", "shape": )" + kCube + R"(, "friction": 0.1, "friction": 0.2})"),
       {"bodies[0].friction: duplicate field"}},
      {"format mismatch",
       R"({"format": "contactlab-contacts", "version": 1, "name": "x", "bodies": []})",
       {"format: expected \"contactlab-scene\", got a string (\"contactlab-contacts\")"}},
      {"format missing", R"({"version": 1, "name": "x", "bodies": []})", {"format: missing required field"}},
      {"version mismatch",
       R"({"format": "contactlab-scene", "version": 2, "name": "x", "bodies": []})",
       {"version: version 2 is not supported; this build reads version 1"}},
      {"version type",
       R"({"format": "contactlab-scene", "version": "1", "name": "x", "bodies": []})",
       {"version: expected an integer"}},
      {"not an object", "[1, 2]", {"expected a JSON object at the top level"}},
      {"ground truth unknown body",
       with_bodies(
           cube_body,
           R"("ground_truth": {"interfaces": [{"body_a": "cube", "body_b": "cuve", "normals": [[0, 1, 0]], "min_contacts": 1}]}, )"),
       {"ground_truth.interfaces[0].body_b: no body named 'cuve'; did you mean 'cube'?"}},
      {"ground truth zero normal",
       with_bodies(
           cube_body + R"(, {"name": "top", "shape": )" + kCube + "}",
           R"("ground_truth": {"interfaces": [{"body_a": "cube", "body_b": "top", "normals": [[0, 1, 0], [0, 0, 0]], "min_contacts": 1}]}, )"),
       {"ground_truth.interfaces[0].normals[1]: zero normal"}},
      {"ground truth same body",
       with_bodies(
           cube_body,
           R"("ground_truth": {"interfaces": [{"body_a": "cube", "body_b": "cube", "normals": [[0, 1, 0]], "min_contacts": 1}]}, )"),
       {"ground_truth.interfaces[0].body_b: the same body as body_a"}},
      {"ground truth feature kind",
       with_bodies(
           cube_body + R"(, {"name": "top", "shape": )" + kCube + "}",
           R"("ground_truth": {"interfaces": [{"body_a": "cube", "body_b": "top", "normals": [[0, 1, 0]], "min_contacts": 1,
                       "polygon": [{"position": [0, 0, 0], "on_a": {"kind": "vertx", "index": 0}, "on_b": {"kind": "face", "index": 0}}]}]}, )"),
       {"ground_truth.interfaces[0].polygon[0].on_a.kind: unknown feature kind 'vertx'; did you mean 'vertex'?"}},
      {"ground truth feature index",
       with_bodies(
           cube_body + R"(, {"name": "top", "shape": )" + kCube + "}",
           R"("ground_truth": {"interfaces": [{"body_a": "cube", "body_b": "top", "normals": [[0, 1, 0]], "min_contacts": 1,
                       "polygon": [{"position": [0, 0, 0], "on_a": {"kind": "vertex", "index": 0}, "on_b": {"kind": "edge", "index": 18}}]}]}, )"),
       {"ground_truth.interfaces[0].polygon[0].on_b.index: expected an integer in [-1, 17], got 18"}},
      {"ground truth min_contacts",
       with_bodies(
           cube_body + R"(, {"name": "top", "shape": )" + kCube + "}",
           R"("ground_truth": {"interfaces": [{"body_a": "cube", "body_b": "top", "normals": [[0, 1, 0]], "min_contacts": -1}]}, )"),
       {"ground_truth.interfaces[0].min_contacts: expected an integer in [0, "}},
  };
  for (const ErrorCase& c : cases) {
    SCOPED_TRACE(c.label);
    expect_input_error([&] { parse(c.text); }, c.parts);
  }
}

TEST(SceneJson, SyntaxErrorGivesLineAndColumn) {
  const std::string text = "{\n  \"format\": \"contactlab-scene\",\n  \"version\": 1\n  \"name\": \"x\"\n}\n";
  expect_input_error([&] { parse(text); }, {"test.json:4: JSON syntax error", "line 4, column"}, 4);
  expect_input_error([&] { read_scene_json(kScenes + "/bad/syntax_error.json"); },
                     {"syntax_error.json:6: JSON syntax error"}, 6);
}

TEST(SceneJson, OpenSurfaceIsGeometryErrorNamingTheBody) {
  // A tetrahedron with one face missing: not closed.
  const std::string text =
      with_bodies(R"({"name": "leaky", "shape": {"vertices": [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]],
                                                                       "triangles": [[0, 2, 1], [0, 1, 3], [0, 3, 2]]}})");
  EXPECT_THROW(parse(text), GeometryError);
  expect_input_error([&] { parse(text); }, {"test.json", "bodies[0].shape", "body 'leaky'"});
}

TEST(SceneJson, FixtureWithMisspelledField) {
  expect_input_error([&] { read_scene_json(kScenes + "/bad/misspelled_field.json"); },
                     {"misspelled_field.json: bodies[0].frction: unknown field; did you mean 'friction'?"});
}

TEST(SceneJson, FixtureWithMissingMeshFile) {
  const std::string resolved =
      (std::filesystem::path(kScenes) / "bad/meshes/does_not_exist.obj").lexically_normal().string();
  expect_input_error([&] { read_scene_json(kScenes + "/bad/missing_mesh.json"); },
                     {"missing_mesh.json: bodies[1].shape.mesh: mesh file not found: '" + resolved + "'"});
}

TEST(SceneJson, FixtureWithBrokenMeshFilePropagatesItsError) {
  try {
    read_scene_json(kScenes + "/bad/bad_mesh_file.json");
    ADD_FAILURE() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_NE(e.source().find("malformed_number.obj"), std::string::npos) << e.what();
    EXPECT_EQ(e.line(), 3) << e.what();
  }
}

TEST(SceneJson, DocumentationExampleIsTheFixture) {
  // docs/scene-format.md shows data/scenes/cube_on_ground.json; keep them the same.
  const std::string doc = read_text(std::string(CONTACTLAB_TEST_DATA_DIR) + "/../docs/scene-format.md");
  const std::size_t start = doc.find("```json\n");
  ASSERT_NE(start, std::string::npos);
  const std::size_t end = doc.find("```\n", start + 8);
  ASSERT_NE(end, std::string::npos);
  EXPECT_EQ(doc.substr(start + 8, end - start - 8), read_text(kScenes + "/cube_on_ground.json"));
}

TEST(SceneJson, UnreadableFile) {
  expect_input_error([&] { read_scene_json(kScenes + "/no_such_scene.json"); }, {"no_such_scene.json", "cannot open"});
}

}  // namespace
}  // namespace contactlab

namespace contactlab {
namespace {

// "sparsify" (Solfec's CONTACT_SPARSIFY, scene/contact_settings.h): true gives the defaults, an
// object the values given; it round-trips, scales with transformed(), and bad values name the field.
TEST(SceneJson, SparsifySettingReadsWritesAndScales) {
  const std::string head = R"({"format": "contactlab-scene", "version": 1, "name": "s",
    "bodies": [{"name": "box", "shape": {"generator": "box", "size": [1, 1, 1]}}], "sparsify": )";
  const Scene defaults = parse(head + "true}");
  ASSERT_TRUE(defaults.sparsify.has_value());
  EXPECT_EQ(defaults.sparsify->threshold, 0.01);
  EXPECT_EQ(defaults.sparsify->minarea, 0.0);
  EXPECT_FALSE(defaults.sparsify->mindist.has_value());
  EXPECT_FALSE(parse(head + "false}").sparsify.has_value());
  const Scene given = parse(head + R"({"threshold": 0.005, "minarea": 0.25, "mindist": 0.001}})");
  ASSERT_TRUE(given.sparsify.has_value());
  EXPECT_EQ(given.sparsify->threshold, 0.005);
  EXPECT_EQ(given.sparsify->minarea, 0.25);
  EXPECT_EQ(given.sparsify->mindist, 0.001);
  const Scene back = parse(scene_to_json(given));
  EXPECT_EQ(back.sparsify->minarea, 0.25);
  EXPECT_EQ(back.sparsify->mindist, 0.001);
  const Scene scaled = transformed(given, Transform::identity(), 4.0);
  EXPECT_EQ(scaled.sparsify->minarea, 4.0);      // an area: × 4²
  EXPECT_EQ(scaled.sparsify->mindist, 0.004);    // a length: × 4
  EXPECT_EQ(scaled.sparsify->threshold, 0.005);  // a ratio
  expect_input_error([&] { parse(head + R"({"threshold": 2}})"); }, {"sparsify.threshold", "[0, 1]"});
  expect_input_error([&] { parse(head + R"({"minarea": -1}})"); }, {"sparsify.minarea"});
  expect_input_error([&] { parse(head + R"({"treshold": 0.1}})"); }, {"sparsify.treshold", "unknown field"});
  expect_input_error([&] { parse(head + R"({"mindist": 1, "relative_mindist": 1}})"); }, {"not both"});
  expect_input_error([&] { parse(head + "3}"); }, {"sparsify", "true, false or an object"});
}

}  // namespace
}  // namespace contactlab
