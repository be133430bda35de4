// The built-in suite (docs/suite.md). Every scene lists its fixed/lower bodies first, so that a
// ground-truth interface (a, b) with a < b has its normal from the lower (or fixed) body to the
// upper (or moving) one, as docs/suite.md lists them.
#include "contactlab/suite/builtin_scenes.h"

#include "contactlab/core/error.h"
#include "contactlab/core/tolerance.h"
#include "contactlab/mesh/shape_generators.h"
#include "contactlab/suite/planar_interfaces.h"
#include "surface_feature_at.h"

#include <bit>
#include <cmath>
#include <functional>
#include <map>
#include <numbers>

namespace contactlab {
namespace {

constexpr double kPi = std::numbers::pi;
const double kAlpha = std::sqrt(0.5);        // groove and hole walls at 45°
const double kBeta = 1.0 / std::sqrt(10.0);  // spike/wedge side normal (±γ, β, 0)
const double kGamma = 3.0 / std::sqrt(10.0);

// Suite dimensions (docs/suite.md "Shapes").
constexpr double kSpikeHeight = 2.4;
constexpr double kRidgeHalfLength = 1.6;  // wedge ridge z ∈ [−1.6, 1.6] (length 3.2 = 4B)

/// Makes the shapes of one scene, each distinct generator call once (bodies share shapes).
class ShapeFactory {
 public:
  explicit ShapeFactory(bool refined) : refined_(refined) {}

  std::shared_ptr<const Shape> get(const std::string& generator, const ShapeParams& params = {}) {
    const std::string key = generator + describe(params);
    auto it = cache_.find(key);
    if (it != cache_.end()) return it->second;
    ShapeSource source{ShapeSource::Kind::kGenerator, generator, params, {}};
    TriMesh surface = generate_surface(generator, params, "built-in " + generator);
    auto shape = make_shape(std::move(source), std::move(surface), switches_for(generator), generator);
    cache_.emplace(key, shape);
    return shape;
  }

 private:
  // Refined meshes (Erleben 2018 §8.6): a much smaller volume bound for conical shapes.
  std::string switches_for(const std::string& generator) const {
    if (!refined_) return kTetGenDefaultSwitches;
    const bool conical = generator == "frustum" || generator == "spike";
    return conical ? kRefinedConicalSwitches : kRefinedSwitches;
  }
  static std::string describe(const ShapeParams& params) {
    std::string s;
    for (const auto& [name, values] : params) {
      s += "|" + name;
      for (double v : values) s += ":" + std::to_string(std::bit_cast<std::uint64_t>(v));
    }
    return s;
  }

  bool refined_;
  std::map<std::string, std::shared_ptr<const Shape>> cache_;
};

Body make_body(std::string name, std::shared_ptr<const Shape> shape, const Vec3& position, bool fixed,
               const Quat& orientation = Quat::Identity(), const Vec3& velocity = Vec3::Zero()) {
  Body body;
  body.name = std::move(name);
  body.shape = std::move(shape);
  body.position = position;
  body.orientation = orientation;
  body.linear_velocity = velocity;
  body.fixed = fixed;
  return body;
}

/// Rotation by π about x: turns an apex-up spike or ridge-up wedge upside down. As a quaternion
/// (w, x, y, z) = (0, 1, 0, 0), whose rotation matrix diag(1, −1, −1) is exact.
const Quat kUpsideDown(0.0, 1.0, 0.0, 0.0);

/// A fixed ground box whose top face is y = 0, covering [x0, x1] × [z0, z1].
Body ground(ShapeFactory& shapes, double x0, double x1, double z0, double z1, double thickness) {
  auto shape = shapes.get("box", {{"size", {x1 - x0, thickness, z1 - z0}}});
  return make_body("ground", shape, Vec3(0.5 * (x0 + x1), -0.5 * thickness, 0.5 * (z0 + z1)), true);
}

/// A point or line interface: its true region is `region` (one point or the two ends of a segment),
/// whose corner features are looked up from the meshes in make_builtin_scene.
ContactInterface point_interface(Index a, Index b, std::vector<Vec3> normals, int min_contacts,
                                 const std::vector<Vec3>& region) {
  ContactInterface i;
  i.body_a = a;
  i.body_b = b;
  i.feasible_normals = std::move(normals);
  i.min_contacts = min_contacts;
  for (const Vec3& p : region) i.polygon.push_back(PolygonCorner{p, {}, {}});
  return i;
}

// True regions of the point and line cases (docs/suite.md table). An apex-down spike placed at
// (0, H, 0) has its apex (0, H, 0) − (0, H, 0) at the origin; a ridge-down wedge there has its
// ridge (0, H, ±2B) turned to (0, 0, ∓1.6); the apex-up/ridge-up fixed bodies of the two-point
// cases at (0, −H, 0) have theirs at the origin / on (0, 0, ±1.6) too.
const std::vector<Vec3> kApexRegion{Vec3::Zero()};
const std::vector<Vec3> kRidgeRegion{Vec3(0, 0, -kRidgeHalfLength), Vec3(0, 0, kRidgeHalfLength)};

// ---- Fundamental cases (docs/suite.md table; fixed body A first, moving body B second) ----------------

Scene point_in_crack_spike(ShapeFactory& shapes) {
  Scene s;
  s.bodies.push_back(make_body("crack", shapes.get("crack"), Vec3::Zero(), true));
  s.bodies.push_back(
      make_body("spike", shapes.get("spike"), Vec3(0, kSpikeHeight, 0), false, kUpsideDown, Vec3(0.8, 0, 0)));
  s.ground_truth = GroundTruth{{point_interface(0, 1, {{kAlpha, kAlpha, 0}, {-kAlpha, kAlpha, 0}}, 2, kApexRegion)}};
  return s;
}

Scene point_in_crack_hole(ShapeFactory& shapes) {
  Scene s;
  s.bodies.push_back(make_body("hole", shapes.get("hole"), Vec3::Zero(), true));
  s.bodies.push_back(
      make_body("spike", shapes.get("spike"), Vec3(0, kSpikeHeight, 0), false, kUpsideDown, Vec3(0.8, 0, 0)));
  s.ground_truth = GroundTruth{{point_interface(
      0, 1, {{kAlpha, kAlpha, 0}, {-kAlpha, kAlpha, 0}, {0, kAlpha, kAlpha}, {0, kAlpha, -kAlpha}}, 4, kApexRegion)}};
  return s;
}

Scene point_in_crack_wedge(ShapeFactory& shapes) {
  Scene s;
  s.bodies.push_back(make_body("crack", shapes.get("crack"), Vec3::Zero(), true));
  s.bodies.push_back(
      make_body("wedge", shapes.get("wedge"), Vec3(0, kSpikeHeight, 0), false, kUpsideDown, Vec3(0.8, 0, 0)));
  s.ground_truth = GroundTruth{{point_interface(0, 1, {{kAlpha, kAlpha, 0}, {-kAlpha, kAlpha, 0}}, 4, kRidgeRegion)}};
  return s;
}

Scene sliding_spike(ShapeFactory& shapes) {
  Scene s;
  s.bodies.push_back(ground(shapes, -4, 4, -4, 4, 1));
  s.bodies.push_back(
      make_body("spike", shapes.get("spike"), Vec3(0, kSpikeHeight, 0), false, kUpsideDown, Vec3(-2.4, 0, 0)));
  s.ground_truth = GroundTruth{{point_interface(0, 1, {{0, 1, 0}}, 1, kApexRegion)}};
  return s;
}

Scene sliding_wedge(ShapeFactory& shapes) {
  Scene s;
  s.bodies.push_back(ground(shapes, -4, 4, -4, 4, 1));
  s.bodies.push_back(
      make_body("wedge", shapes.get("wedge"), Vec3(0, kSpikeHeight, 0), false, kUpsideDown, Vec3(2.4, 0, 0)));
  s.ground_truth = GroundTruth{{point_interface(0, 1, {{0, 1, 0}}, 2, kRidgeRegion)}};
  return s;
}

// Two points: under the velocity (−1.2, −4.8, 0) the moving apex/ridge would enter the fixed body
// through its face with normal (−γ, β, 0) (docs/suite.md).
// The region: the apex (spike on anything) or the common part of both ridges (two wedges).
Scene two_points(ShapeFactory& shapes, const std::string& fixed_shape, const std::string& moving_shape,
                 int min_contacts) {
  Scene s;
  s.bodies.push_back(make_body("fixed-" + fixed_shape, shapes.get(fixed_shape), Vec3(0, -kSpikeHeight, 0), true));
  s.bodies.push_back(make_body("moving-" + moving_shape, shapes.get(moving_shape), Vec3(0, kSpikeHeight, 0), false,
                               kUpsideDown, Vec3(-1.2, -4.8, 0)));
  s.ground_truth = GroundTruth{{point_interface(0, 1, {{-kGamma, kBeta, 0}}, min_contacts,
                                                moving_shape == "spike" ? kApexRegion : kRidgeRegion)}};
  return s;
}

Scene internal_edge(ShapeFactory& shapes) {
  Scene s;
  s.bodies.push_back(make_body("base", shapes.get("internal-edge-base"), Vec3::Zero(), true));
  s.bodies.push_back(make_body("cube", shapes.get("box", {{"size", {2, 2, 2}}}), Vec3(0, 2, 0), false));
  return s;  // planar: ground truth from geometry
}

Scene cliff_edge(ShapeFactory& shapes) {
  Scene s;
  // Square frustum: corners at 45° so that the bottom is the square ±2.4 and the top ±1.6.
  const ShapeParams frustum{{"slices", {4}},
                            {"bottom_radius", {2.4 * std::sqrt(2.0)}},
                            {"top_radius", {1.6 * std::sqrt(2.0)}},
                            {"height", {3.2}},
                            {"phase", {kPi / 4}}};
  s.bodies.push_back(make_body("frustum", shapes.get("frustum", frustum), Vec3::Zero(), true));
  s.bodies.push_back(make_body("cube", shapes.get("box", {{"size", {3.2, 3.2, 3.2}}}), Vec3(0, 4.8, 0), false));
  return s;  // planar: ground truth from geometry
}

// ---- Structures ---------------------------------------------------------------------------------

// A 3.5 m Greek pillar of width 0.5 on a ground slab, built bottom-up (docs/suite.md `pillar`).
Scene pillar(ShapeFactory& shapes) {
  Scene s;
  s.bodies.push_back(ground(shapes, -1.5, 1.5, -1.5, 1.5, 0.3));
  double y = 0.0;  // bottom of the next piece; each piece's top is y + height, computed the same way
  auto add_box = [&](const std::string& name, double height) {
    s.bodies.push_back(
        make_body(name, shapes.get("box", {{"size", {0.5, height, 0.5}}}), Vec3(0, y + 0.5 * height, 0), false));
    y = y + height;
  };
  auto add_frustum = [&](const std::string& name, double r0, double r1, double height) {
    const ShapeParams params{
        {"slices", {6}}, {"bottom_radius", {r0}}, {"top_radius", {r1}}, {"height", {height}}, {"phase", {0}}};
    s.bodies.push_back(make_body(name, shapes.get("frustum", params), Vec3(0, y, 0), false));
    y = y + height;
  };
  add_box("base", 0.21);
  add_frustum("lower-frustum", 0.25, 0.20, 0.21);
  const double shaft_height = 2.8 / 3.0;
  for (int i = 0; i < 3; ++i) {
    const double r0 = 0.20 - 0.05 * i / 3.0, r1 = 0.20 - 0.05 * (i + 1) / 3.0;
    add_frustum("shaft-" + std::to_string(i), r0, r1, shaft_height);
  }
  add_frustum("upper-frustum", 0.15, 0.25, 0.175);
  add_box("top", 0.105);
  return s;
}

// 10 layers × 8 bricks 0.625 × 0.4 × 0.5, odd layers shifted by half a brick (docs/suite.md `wall`).
Scene wall(ShapeFactory& shapes) {
  Scene s;
  const double length = 0.625, height = 0.4, depth = 0.5;
  s.bodies.push_back(ground(shapes, -1.0, 5.75, -1.0, 1.0, 0.5));
  auto brick = shapes.get("box", {{"size", {length, height, depth}}});
  for (int layer = 0; layer < 10; ++layer) {
    for (int j = 0; j < 8; ++j) {
      const Vec3 centre(j * length + (layer % 2) * 0.5 * length, (layer + 0.5) * height, 0.0);
      s.bodies.push_back(make_body("brick-" + std::to_string(layer) + "-" + std::to_string(j), brick, centre, false));
    }
  }
  return s;
}

// Two pillars of 3 stones and 7 voussoirs around (0, 2, 0) between radii 1.5 and 2 (docs/suite.md `arch`).
Scene arch(ShapeFactory& shapes) {
  Scene s;
  s.bodies.push_back(ground(shapes, -3, 3, -1.5, 1.5, 0.5));
  const double stone_height = 2.0 / 3.0;
  auto stone = shapes.get("box", {{"size", {0.5, stone_height, 2.0}}});
  for (const auto& [side, x] : {std::pair{"left", -1.75}, std::pair{"right", 1.75}}) {
    double y = 0.0;
    for (int k = 0; k < 3; ++k) {
      s.bodies.push_back(make_body(std::string("pillar-") + side + "-" + std::to_string(k), stone,
                                   Vec3(x, y + 0.5 * stone_height, 0), false));
      y = y + stone_height;
    }
  }
  for (int k = 0; k < 7; ++k) {
    const ShapeParams params{{"inner_radius", {1.5}},
                             {"outer_radius", {2.0}},
                             {"theta0", {k * kPi / 7}},
                             {"theta1", {(k + 1) * kPi / 7}},
                             {"depth", {2.0}}};
    s.bodies.push_back(
        make_body("voussoir-" + std::to_string(k), shapes.get("voussoir", params), Vec3(0, 2, 0), false));
  }
  return s;
}

struct Entry {
  BuiltinSceneInfo info;
  std::function<Scene(ShapeFactory&)> build;
};

const std::vector<Entry>& registry() {
  static const std::vector<Entry> entries = {
      {{"crack-spike", "Point in crack: spike apex-down in a V-groove", true}, point_in_crack_spike},
      {{"crack-hole", "Point in crack: spike apex-down in a pyramidal hole", true}, point_in_crack_hole},
      {{"crack-wedge", "Point in crack: wedge ridge-down in a V-groove", true}, point_in_crack_wedge},
      {{"slide-spike", "Sliding point: spike apex-down on the ground", true}, sliding_spike},
      {{"slide-wedge", "Sliding point: wedge ridge-down on the ground", true}, sliding_wedge},
      {{"two-spikes", "Two points: apex on apex", true},
       [](ShapeFactory& f) { return two_points(f, "spike", "spike", 1); }},
      {{"two-spike-wedge", "Two points: spike apex on a wedge ridge", true},
       [](ShapeFactory& f) { return two_points(f, "wedge", "spike", 1); }},
      {{"two-wedges", "Two points: wedge ridge on wedge ridge", true},
       [](ShapeFactory& f) { return two_points(f, "wedge", "wedge", 2); }},
      {{"internal-edge", "Internal edge: cube on a box whose top has internal vertices and edges", true},
       internal_edge},
      {{"cliff-edge", "Cliff edge: cube exactly on a frustum's top face", true}, cliff_edge},
      {{"pillar", "Greek pillar: 7 pieces stacked on the ground", false}, pillar},
      {{"wall", "Brick wall: 10 layers of 8 bricks on the ground", false}, wall},
      {{"arch", "Arch: 2 pillars of 3 stones and 7 voussoirs", false}, arch},
  };
  return entries;
}

}  // namespace

const std::vector<BuiltinSceneInfo>& builtin_scenes() {
  static const std::vector<BuiltinSceneInfo> infos = [] {
    std::vector<BuiltinSceneInfo> v;
    for (const Entry& e : registry()) v.push_back(e.info);
    return v;
  }();
  return infos;
}

bool is_builtin_scene(const std::string& name) {
  for (const Entry& e : registry()) {
    if (e.info.name == name) return true;
  }
  return false;
}

Scene make_builtin_scene(const std::string& name, const BuiltinSceneOptions& options) {
  for (const Entry& e : registry()) {
    if (e.info.name != name) continue;
    ShapeFactory shapes(options.refined);
    Scene scene = e.build(shapes);
    scene.name = name;
    scene.description = e.info.summary;
    scene.tetgen_switches = options.refined ? kRefinedSwitches : kTetGenDefaultSwitches;
    // Planar interfaces come from the geometry; the point cases' typed interfaces stay, their
    // region corners getting the features of both bodies there.
    std::vector<ContactInterface> planar = find_planar_interfaces(scene);
    if (!scene.ground_truth) scene.ground_truth = GroundTruth{};
    if (scene.ground_truth->interfaces.empty()) scene.ground_truth->interfaces = std::move(planar);
    const double tolerance = Tolerance{}.absolute(scene.length_scale());
    for (ContactInterface& i : scene.ground_truth->interfaces) {
      if (i.planar) continue;
      for (PolygonCorner& corner : i.polygon) {
        corner.on_a = surface_feature_at(scene.bodies[i.body_a], corner.position, tolerance);
        corner.on_b = surface_feature_at(scene.bodies[i.body_b], corner.position, tolerance);
      }
    }
    return scene;
  }
  std::string known;
  for (const Entry& e : registry()) known += (known.empty() ? "" : ", ") + e.info.name;
  throw InputError("", 0, "unknown built-in scene '" + name + "': expected one of " + known);
}

}  // namespace contactlab
