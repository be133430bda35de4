// `contactlab scenes` and `contactlab scene NAME|FILE [--refined] [--perturb D --seed S] [--push D]
// [--rotate X Y Z DEG] [--translate X Y Z] [--scale S] [--derive-ground-truth] [-o scene.json]`.
#include "commands.h"
#include "option_checks.h"

#include "contactlab/core/error.h"
#include "contactlab/core/input_limits.h"
#include "contactlab/core/output_files.h"
#include "contactlab/scene/scene_json.h"
#include "contactlab/scene/scene_transforms.h"
#include "contactlab/suite/builtin_scenes.h"
#include "contactlab/suite/derive_ground_truth.h"
#include "contactlab/suite/load_scene.h"
#include "contactlab/suite/perturbed.h"

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <memory>
#include <numbers>
#include <optional>
#include <set>

namespace contactlab::cli {
namespace {

struct SceneArgs {
  std::string scene;
  bool refined = false;
  double perturb = 0.0;
  std::uint64_t seed = 1;
  double push = 0.0;
  std::vector<double> rotate, translate;
  double scale = 1.0;
  bool derive_ground_truth = false;
  std::string output;
};

void print_scene_summary(const Scene& scene, double build_seconds) {
  std::set<const Shape*> distinct;
  Index tets = 0, triangles = 0;
  for (const Body& body : scene.bodies) {
    tets += body.shape->tets.tet_count();
    triangles += body.shape->surface_map.triangle_count();
    distinct.insert(body.shape.get());
  }
  fmt::print("{}: {}\n", scene.name, scene.description);
  fmt::print("  bodies {} ({} fixed), distinct shapes {}, tets {}, surface triangles {}, switches {}\n",
             scene.bodies.size(),
             std::count_if(scene.bodies.begin(), scene.bodies.end(), [](const Body& b) { return b.fixed; }),
             distinct.size(), tets, triangles, scene.tetgen_switches);
  if (scene.ground_truth) {
    const GroundTruth& truth = *scene.ground_truth;
    const auto planar = std::count_if(truth.interfaces.begin(), truth.interfaces.end(),
                                      [](const ContactInterface& i) { return i.planar; });
    fmt::print("  ground truth: {} interfaces ({} planar), minimal contacts {}, contact area {:.10g} m²\n",
               truth.interfaces.size(), planar, truth.total_min_contacts(), truth.total_area());
  }
  fmt::print("  built in {:.3f} s\n", build_seconds);
}

/// What --derive-ground-truth did (stdout), and the touching pairs it could not derive (stderr).
void print_derivation(const Scene& scene, const DeriveGroundTruthResult& derived) {
  const GroundTruth& truth = derived.ground_truth;
  fmt::print(
      "  derived ground truth: {} interfaces ({} planar from the geometry, {} non-planar kept as given, {} planar "
      "replaced), minimal contacts {}, contact area {:.10g} m²\n",
      truth.interfaces.size(), derived.derived, derived.kept, derived.replaced, truth.total_min_contacts(),
      truth.total_area());
  if (derived.underived.empty()) return;
  fmt::print(stderr, "{} touching body pair{} without derived ground truth (touching band {:.3g} m):\n",
             derived.underived.size(), derived.underived.size() == 1 ? "" : "s", derived.tolerance);
  for (const UnderivedPair& pair : derived.underived) {
    fmt::print(stderr, "  {} – {}: {}\n", scene.bodies[pair.body_a].name, scene.bodies[pair.body_b].name,
               describe(pair, derived.tolerance));
  }
}

/// How far from the origin a point of the scene can be: for each body, its position's largest
/// component plus its farthest vertex from the body origin (which a rotation keeps).
double reach(const Scene& scene) {
  double out = 0.0;
  for (const Body& body : scene.bodies) {
    double radius = 0.0;
    if (body.shape) {
      for (const Vec3& v : body.shape->tets.vertices) radius = std::max(radius, v.norm());
    }
    out = std::max(out, body.position.cwiseAbs().maxCoeff() + radius);
  }
  return out;
}

/// The options' values are each within the limits (their validators); together they can still
/// carry the scene beyond the coordinate limit, which is refused naming them.
void check_reach(const Scene& scene, const std::string& options) {
  if (const double r = reach(scene); !(r <= kMaxCoordinateMagnitude)) {
    throw InputError(options, 0,
                     fmt::format("the scene would reach {:g} m from the origin, beyond the coordinate limit {:g} m; "
                                 "expected smaller values",
                                 r, kMaxCoordinateMagnitude));
  }
}

void run_scene(const SceneArgs& args) {
  const auto start = std::chrono::steady_clock::now();
  Scene scene = load_scene(args.scene, {.refined = args.refined});
  if (args.perturb != 0.0) {
    scene = perturbed(scene, args.perturb, args.seed);
    check_reach(scene, "--perturb");
  }
  if (args.push != 0.0) {
    scene = pushed_along_gravity(scene, args.push);
    check_reach(scene, "--push");
  }
  if (!args.rotate.empty() || !args.translate.empty() || args.scale != 1.0) {
    Transform motion;
    if (!args.rotate.empty()) {
      const Vec3 axis(args.rotate[0], args.rotate[1], args.rotate[2]);
      if (axis.isZero(0.0)) {
        throw InputError("--rotate", 0, "zero axis; expected a non-zero axis X Y Z and an angle in degrees");
      }
      motion.rotation = rotation_about(axis, args.rotate[3] * std::numbers::pi / 180.0);
    }
    if (!args.translate.empty()) motion.translation = Vec3(args.translate[0], args.translate[1], args.translate[2]);
    scene = transformed(scene, motion, args.scale);
    std::string options = args.scale != 1.0 ? "--scale" : "";
    if (!args.translate.empty()) options += options.empty() ? "--translate" : ", --translate";
    if (!options.empty()) check_reach(scene, options);
  }
  // Derived last, from the geometry that is written (docs/suite.md "Deriving ground truth for your
  // own scene"): planar interfaces replaced, non-planar ones kept.
  std::optional<DeriveGroundTruthResult> derived;
  if (args.derive_ground_truth) {
    derived = derive_ground_truth(scene);
    scene.ground_truth = derived->ground_truth;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!args.output.empty()) {
    write_scene_json(args.output, scene);
    fmt::print("wrote {}\n", args.output);
  }
  print_scene_summary(scene, seconds);
  if (derived) print_derivation(scene, *derived);
}

}  // namespace

void add_scene_commands(CLI::App& app) {
  CLI::App* list = app.add_subcommand("scenes", "List the built-in scenes of the assessment suite");
  list->callback([] {
    for (const BuiltinSceneInfo& info : builtin_scenes()) {
      fmt::print("{:<16} {:<11} {}\n", info.name, info.fundamental ? "fundamental" : "structure", info.summary);
    }
  });

  auto args = std::make_shared<SceneArgs>();
  CLI::App* scene = app.add_subcommand(
      "scene", "Build a scene (built-in name or scene JSON), optionally transform it, and export it");
  scene->add_option("SCENE", args->scene, "built-in scene name (see `contactlab scenes`) or scene JSON path")
      ->required();
  scene->add_flag("--refined", args->refined, "refined tet meshes (TetGen pq1.015a0.015, the paper's §8.6)");
  // The ranges come from the coordinate limit (core/input_limits.h, docs/errors-and-limits.md):
  // beyond it positions and products of coordinates overflow into inf and NaN.
  const std::string limit = fmt::format("{:g}", kMaxCoordinateMagnitude);
  scene->add_option("--perturb", args->perturb, "random x/z displacement of each movable body, uniform in [-D, D] m")
      ->check(number_in(0.0, kMaxCoordinateMagnitude, "a distance in [0, " + limit + "] m"));
  scene->add_option("--seed", args->seed, "seed of the perturbation")
      ->check(unsigned_integer("a whole number in [0, 2^64 - 1]"))
      ->capture_default_str();
  scene
      ->add_option("--push", args->push,
                   "move every movable body D m along gravity, into what it rests on (a simulation's state; "
                   "the ground truth stays), before any --rotate/--scale/--translate")
      ->check(number_in(0.0, kMaxCoordinateMagnitude, "a distance in [0, " + limit + "] m"));
  scene->add_option("--rotate", args->rotate, "rotate the whole scene: axis X Y Z and angle in degrees")
      ->expected(4)
      ->check(number_in(std::numeric_limits<double>::lowest(), std::numeric_limits<double>::max(),
                        "finite numbers (axis X Y Z, angle in degrees)"));
  scene->add_option("--translate", args->translate, "translate the whole scene by X Y Z (after rotating)")
      ->expected(3)
      ->check(number_in(-kMaxCoordinateMagnitude, kMaxCoordinateMagnitude,
                        "coordinates in [-" + limit + ", " + limit + "] m"));
  scene->add_option("--scale", args->scale, "scale the whole scene uniformly (before rotating)")
      ->check(number_in(kMinScale, kMaxScale, fmt::format("a scale factor in [{:g}, {:g}]", kMinScale, kMaxScale)));
  scene->add_flag("--derive-ground-truth", args->derive_ground_truth,
                  "derive the planar interfaces from the geometry (replacing planar ones, keeping point/line "
                  "ones) and list touching pairs it cannot derive");
  CLI::Option* output =
      scene->add_option("-o,--output", args->output, "write the scene (with its ground truth) as JSON");
  scene->callback([args, output] {
    // Before the scene is built, not after; and `-o ""` is a bad path, not "no -o".
    if (output->count() > 0) check_output_file(args->output);
    run_scene(*args);
  });
}

}  // namespace contactlab::cli
