// Frame independence of every contact method (issue 12, docs/methods.md "Frame independence"): the
// measures of `assess` — quality, coverage, excess, counts, stray contacts, P — are the same for a
// suite case and for any rigid motion + uniform scale + translation of it. The ground truth comes
// from the suite (geometry), mapped with the scene by transformed(); what is compared is the score
// of the method on the original against its score on each moved copy, so nothing here is taken
// from the method under test.
//
// One test per (variant, case), each running every registered method on the original and on the
// moved copies:
//  - coarse: the suite's scene as built, touching exactly (gaps 0 in exact arithmetic);
//  - refined: the refined tet meshes (§8.6);
//  - pushed: every movable body pushed into what it rests on, by 1e-3 of its height above the
//    lowest movable point (heights along −gravity shrink by the factor 1 − 1e-3): each interface
//    then overlaps by about 1e-3 × the bodies' size, far outside the touching band;
//  - far: the coarse scenes moved up to 10³ × the scale away instead of 5 × (about 10³ scene sizes);
//  - perturbed: every movable body of the coarse scene turned by about 1e-3 rad about a random axis
//    and moved by about 1e-3 of its size (normal deviates, one fixed seed): a generic configuration,
//    each interface slightly open or overlapping, with nothing exactly touching — where nearly
//    coplanar faces of neighbouring blocks meet at small angles (found: rounded-triangles' slivers);
//  - tilted: the same by about 1e-5 (found: growth's normal of side-by-side faces).
// Moves: rotation uniform over SO(3) (a random unit quaternion), scale 10^U(−3, 3), translation
// uniform in [−5, 5]³ × scale (far: [−10³, 10³]³ × scale). Seeds: CONTACTLAB_FRAME_SEEDS (default
// 10) for coarse, pushed, far, perturbed and tilted,
// CONTACTLAB_FRAME_REFINED_SEEDS (default 3: the refined scenes cost ~30× more; the full run,
// scripts/frame_independence.sh, sets 10). CONTACTLAB_FRAME_METHODS (comma-separated) limits the
// methods, for work on one of them; CONTACTLAB_FRAME_REFINED_SKIP leaves methods out of the refined
// variant only; CONTACTLAB_FRAME_VARIANTS limits the variants (the asan preset: coarse and pushed);
// CONTACTLAB_FRAME_FAR_REACH sets the far variant's reach (default 1e3).
// Tolerances (issue 12): quality and coverage within 0.1 percentage point, counts (contacts,
// correct, stray, excess) exactly, P within 1e-3.
#include "contactlab/assess/measures.h"
#include "contactlab/contact/generate_contacts.h"
#include "contactlab/contact/method.h"
#include "contactlab/scene/scene_transforms.h"
#include "contactlab/suite/builtin_scenes.h"
#include "core/count_from_environment.h"
#include "scene/random_similarity.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace contactlab {
namespace {

/// Every movable body pushed into what it rests on: heights above the lowest movable point, along
/// −gravity, shrink by the factor 1 − 1e-3 (positions only; shapes and ground truth unchanged).
Scene pushed(Scene scene) {
  const Vec3 up = scene.gravity.norm() > 0 ? Vec3(-scene.gravity.normalized()) : Vec3::UnitY();
  double lowest = std::numeric_limits<double>::infinity();
  for (const Body& body : scene.bodies) {
    if (body.fixed) continue;
    const Transform pose = body.pose();
    for (const Vec3& v : body.shape->surface.vertices) lowest = std::min(lowest, up.dot(pose.apply(v)));
  }
  for (Body& body : scene.bodies) {
    if (body.fixed) continue;
    const double height = up.dot(body.position) - lowest;
    body.position -= 1e-3 * height * up;
  }
  return scene;
}

/// Every movable body turned by amount × N(0, 1) rad about a random axis through its origin and moved
/// by amount × its size × N(0, 1) per coordinate (size: the diagonal of its rest surface's box); the
/// ground truth is the unperturbed scene's (the score differs from the coarse one, but not by frame).
Scene perturbed(Scene scene, double amount, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal;
  for (Body& body : scene.bodies) {
    if (body.fixed) continue;
    Aabb box;
    for (const Vec3& v : body.shape->surface.vertices) box.extend(v);
    const Vec3 axis = Vec3(normal(rng), normal(rng), normal(rng)).normalized();
    const Quat turn(Eigen::AngleAxisd(amount * normal(rng), axis));
    body.orientation = (turn * normalized_orientation(body.orientation)).normalized();
    body.position += amount * box.extents().norm() * Vec3(normal(rng), normal(rng), normal(rng));
  }
  return scene;
}

void compare(const Measures& want, const Measures& got, const std::string& where, std::vector<std::string>& out) {
  std::ostringstream d;
  d.precision(10);
  if (got.count != want.count) d << " count " << want.count << "→" << got.count << ";";
  if (got.correct != want.correct) d << " correct " << want.correct << "→" << got.correct << ";";
  if (got.stray != want.stray) d << " stray " << want.stray << "→" << got.stray << ";";
  if (std::abs(got.quality_percent - want.quality_percent) > 0.1) {
    d << " quality " << want.quality_percent << "→" << got.quality_percent << ";";
  }
  if (std::abs(got.coverage_percent - want.coverage_percent) > 0.1) {
    d << " coverage " << want.coverage_percent << "→" << got.coverage_percent << ";";
  }
  if (got.excess != want.excess && std::abs(got.excess - want.excess) > 1e-12 * std::abs(want.excess)) {
    d << " excess " << want.excess << "→" << got.excess << ";";
  }
  if (want.area_coverage.has_value() != got.area_coverage.has_value() ||
      (want.area_coverage && std::abs(*want.area_coverage - *got.area_coverage) > 1e-3)) {
    d << " P " << (want.area_coverage ? *want.area_coverage : -1.0) << "→"
      << (got.area_coverage ? *got.area_coverage : -1.0) << ";";
  }
  if (!d.str().empty()) out.push_back(where + ":" + d.str());
}

/// Whether `name` is an entry of the comma-separated list in the environment variable `variable`;
/// `when_unset` when the variable is unset or empty.
bool listed_in_environment(const char* variable, const std::string& name, bool when_unset) {
  const char* list = std::getenv(variable);
  if (list == nullptr || *list == '\0') return when_unset;
  return ("," + std::string(list) + ",").find("," + name + ",") != std::string::npos;
}

struct Variant {
  const char* name;
  bool refined;
  bool push;
  double reach;               ///< translations up to this × the scale (random_similarity)
  double perturbation = 0.0;  ///< perturbed(scene, this, perturbation_seed) when > 0
  std::uint64_t perturbation_seed = 0;
};

/// "far": the coarse scenes moved up to 10³ × the scale away (the suite's scenes are a few units
/// across: about 10³ scene sizes), where the world coordinates' rounding is 10³ times that of the
/// scene's own size. Every method holds there, and at 10⁴ (measured); Solfec did not before its
/// kernel worked in coordinates local to the tet pair (docs/solfec.md).
// (tilted: the seed of the sweep that found Growth's normals of side-by-side faces.)
constexpr Variant kVariants[] = {{"coarse", false, false, 5.0},
                                 {"refined", true, false, 5.0},
                                 {"pushed", false, true, 5.0},
                                 {"far", false, false, 1e3},
                                 {"perturbed", false, false, 5.0, 1e-3, 20261130},
                                 {"tilted", false, false, 5.0, 1e-5, 39608}};

class FrameIndependence : public ::testing::TestWithParam<std::tuple<int, std::string>> {};

TEST_P(FrameIndependence, EveryMethodScoresTheSameInEveryFrame) {
  const Variant& variant = kVariants[std::get<0>(GetParam())];
  const std::string& case_name = std::get<1>(GetParam());
  // CONTACTLAB_FRAME_VARIANTS (comma-separated): only these variants run; the others are skipped,
  // and say so. The asan preset runs coarse and pushed: the refined meshes take the same code paths
  // at ~30× the cost (over three minutes of CI under the sanitizers), and the release run checks them.
  if (!listed_in_environment("CONTACTLAB_FRAME_VARIANTS", variant.name, true)) {
    GTEST_SKIP() << "variant " << variant.name
                 << " not in CONTACTLAB_FRAME_VARIANTS=" << std::getenv("CONTACTLAB_FRAME_VARIANTS");
  }
  BuiltinSceneOptions options;
  options.refined = variant.refined;
  Scene original = make_builtin_scene(case_name, options);
  if (variant.push) original = pushed(std::move(original));
  if (variant.perturbation > 0.0)
    original = perturbed(std::move(original), variant.perturbation, variant.perturbation_seed);
  ASSERT_TRUE(original.ground_truth.has_value());
  // CONTACTLAB_FRAME_FAR_REACH (a positive number, e.g. 1e5): the far variant's reach, to probe how
  // far the methods hold (docs/methods.md "How far"; scripts/frame_independence.sh --far-reach).
  double reach = variant.reach;
  if (const char* text = std::getenv("CONTACTLAB_FRAME_FAR_REACH");
      text != nullptr && std::string(variant.name) == "far") {
    const double value = std::strtod(text, nullptr);
    if (value > 0.0 && std::isfinite(value)) reach = value;
  }
  const int seeds = variant.refined ? test::count_from_environment("CONTACTLAB_FRAME_REFINED_SEEDS", 3)
                                    : test::count_from_environment("CONTACTLAB_FRAME_SEEDS", 10);

  std::vector<Scene> moved;
  std::vector<std::string> moves;
  for (int s = 1; s <= seeds; ++s) {
    const test::SimilarityMove m = test::random_similarity(static_cast<unsigned>(s), reach);
    moved.push_back(transformed(original, m.motion, m.scale));
    moves.push_back(m.text);
  }
  std::vector<std::string> differences;
  for (const ContactMethod* method : contact_methods()) {
    // CONTACTLAB_FRAME_METHODS: a subset, for work on one method. CONTACTLAB_FRAME_REFINED_SKIP:
    // methods left out of the refined variant (solfec runs one Qhull per touching tet pair: its
    // refined wall takes minutes under the sanitizers, should a run want the refined variant there).
    if (!listed_in_environment("CONTACTLAB_FRAME_METHODS", method->name(), true)) continue;
    if (variant.refined && listed_in_environment("CONTACTLAB_FRAME_REFINED_SKIP", method->name(), false)) continue;
    const Measures want = measure_contacts(original, *original.ground_truth, generate_contacts(original, *method));
    for (std::size_t k = 0; k < moved.size(); ++k) {
      const Measures got = measure_contacts(moved[k], *moved[k].ground_truth, generate_contacts(moved[k], *method));
      compare(want, got, method->name() + ", " + moves[k], differences);
    }
  }
  std::ostringstream all;
  for (const std::string& d : differences) all << "\n  " << d;
  EXPECT_TRUE(differences.empty()) << differences.size() << " (method, move) results differ on " << case_name << " ("
                                   << variant.name << "):" << all.str();
}

std::vector<std::string> case_names() {
  std::vector<std::string> names;
  for (const BuiltinSceneInfo& info : builtin_scenes()) names.push_back(info.name);
  return names;
}

std::string test_name(const ::testing::TestParamInfo<FrameIndependence::ParamType>& info) {
  std::string name = std::string(kVariants[std::get<0>(info.param)].name) + "_" + std::get<1>(info.param);
  for (char& c : name) {
    if (c == '-') c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Suite, FrameIndependence,
                         ::testing::Combine(::testing::Values(0, 1, 2, 3, 4, 5), ::testing::ValuesIn(case_names())),
                         test_name);

}  // namespace
}  // namespace contactlab
