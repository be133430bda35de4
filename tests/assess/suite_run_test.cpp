// run_suite on a small selection: layout, progress calls, agreement with running the pieces by
// hand, and the errors for unknown names.
#include "contactlab/assess/suite_run.h"

#include "contactlab/contact/ground_truth_contacts.h"
#include "contactlab/contact/method.h"
#include "contactlab/core/error.h"
#include "contactlab/scene/scene_json.h"
#include "contactlab/suite/builtin_scenes.h"

#include <gtest/gtest.h>

#include <tuple>
#include <vector>

namespace contactlab {
namespace {

TEST(SuiteRun, TwoMethodsOnTwoCasesInMethodMajorLayout) {
  SuiteOptions options;
  options.methods = {"volume-sat", "vertex-only"};
  options.cases = {"slide-spike", "cliff-edge"};
  options.repetitions = 3;
  std::vector<std::tuple<int, int, std::string, std::string>> calls;
  options.progress = [&](int done, int total, const std::string& method, const std::string& case_name) {
    calls.emplace_back(done, total, method, case_name);
  };
  const SuiteResult result = run_suite(options);

  EXPECT_EQ(result.methods, options.methods);
  EXPECT_EQ(result.cases, options.cases);
  EXPECT_FALSE(result.refined);
  ASSERT_EQ(result.results.size(), 4u);
  ASSERT_EQ(calls.size(), 4u);
  for (int k = 0; k < 4; ++k) {
    EXPECT_EQ(std::get<0>(calls[k]), k);  // runs done before this one
    EXPECT_EQ(std::get<1>(calls[k]), 4);
  }
  // Case by case: every method on slide-spike, then every method on cliff-edge.
  EXPECT_EQ(std::get<2>(calls[0]), "volume-sat");
  EXPECT_EQ(std::get<3>(calls[0]), "slide-spike");
  EXPECT_EQ(std::get<2>(calls[1]), "vertex-only");
  EXPECT_EQ(std::get<3>(calls[3]), "cliff-edge");

  for (std::size_t m = 0; m < 2; ++m) {
    for (std::size_t c = 0; c < 2; ++c) {
      const CaseResult& r = result.at(m, c);
      SCOPED_TRACE(r.method + " on " + r.case_name);
      EXPECT_EQ(&r, &result.results[m * 2 + c]);
      EXPECT_EQ(r.method, options.methods[m]);
      EXPECT_EQ(r.case_name, options.cases[c]);
      EXPECT_TRUE(r.fundamental);
      EXPECT_GE(r.seconds, 0.0);
      EXPECT_EQ(r.contacts.method, r.method);
      // The same as generating and measuring by hand (both are deterministic).
      const Scene scene = make_builtin_scene(r.case_name);
      const ContactSet contacts = generate_contacts(scene, *find_contact_method(r.method));
      const Measures expected = measure_contacts(scene, *scene.ground_truth, contacts);
      EXPECT_EQ(r.contacts.contacts.size(), contacts.contacts.size());
      EXPECT_EQ(r.measures.count, expected.count);
      EXPECT_EQ(r.measures.correct, expected.correct);
      EXPECT_EQ(r.measures.coverage_percent, expected.coverage_percent);
      EXPECT_EQ(r.measures.excess, expected.excess);
      EXPECT_EQ(r.measures.area_coverage, expected.area_coverage);
      EXPECT_EQ(r.measures.area_coverage.has_value(), r.case_name == "cliff-edge");
    }
  }
  EXPECT_GE(result.seconds, 0.0);
}

TEST(SuiteRun, EmptyListsMeanEverythingAndStructuresAreNotFundamental) {
  SuiteOptions options;
  options.methods = {"opposing"};
  options.cases = {"pillar"};
  const SuiteResult one = run_suite(options);
  ASSERT_EQ(one.results.size(), 1u);
  EXPECT_FALSE(one.results[0].fundamental);

  // Names are resolved before any work: check the defaults without running them.
  SuiteOptions bad;
  bad.cases = {"no-such-case"};
  int calls = 0;
  bad.progress = [&](int, int, const std::string&, const std::string&) { ++calls; };
  EXPECT_THROW(run_suite(bad), InputError);
  EXPECT_EQ(calls, 0);
  EXPECT_EQ(contact_methods().size(), 11u);  // the paper's eight, semi-local, solfec and rounded-triangles
  EXPECT_EQ(builtin_scenes().size(), 13u);
}

TEST(SuiteRun, UnknownOrRepeatedNamesAndBadRepetitionsAreInputErrors) {
  auto message = [](const SuiteOptions& options) -> std::string {
    try {
      run_suite(options);
    } catch (const InputError& e) {
      return e.what();
    }
    return "";
  };
  SuiteOptions options;
  options.cases = {"slide-spike"};
  options.methods = {"volume-sat", "volumesat"};
  const std::string unknown_method = message(options);
  EXPECT_NE(unknown_method.find("unknown method 'volumesat'"), std::string::npos) << unknown_method;
  for (const ContactMethod* m : contact_methods()) EXPECT_NE(unknown_method.find(m->name()), std::string::npos);

  options.methods = {"volume-sat"};
  options.cases = {"slide-spike", "wal"};
  const std::string unknown_case = message(options);
  EXPECT_NE(unknown_case.find("unknown case 'wal'"), std::string::npos) << unknown_case;
  for (const BuiltinSceneInfo& info : builtin_scenes()) EXPECT_NE(unknown_case.find(info.name), std::string::npos);

  options.cases = {"slide-spike", "slide-spike"};
  EXPECT_NE(message(options).find("listed twice"), std::string::npos);
  options.cases = {"slide-spike"};
  options.repetitions = 0;
  EXPECT_NE(message(options).find("repetitions"), std::string::npos);
}

}  // namespace
}  // namespace contactlab

namespace contactlab {
namespace {

TEST(SuiteRun, ASceneFileWithGroundTruthIsACaseScoredLikeTheSameBuiltInScene) {
  // The built-in cliff-edge written to a file: the file case must score exactly as the built-in
  // one (same scene, same ground truth), and count as a structure (not a fundamental case).
  const std::string path = ::testing::TempDir() + "suite_run_cliff.json";
  write_scene_json(path, make_builtin_scene("cliff-edge"));
  SuiteOptions options;
  options.methods = {"opposing"};
  options.cases = {path, "cliff-edge"};
  const SuiteResult result = run_suite(options);
  ASSERT_EQ(result.results.size(), 2u);
  const CaseResult& file = result.at(0, 0);
  const CaseResult& builtin = result.at(0, 1);
  EXPECT_EQ(file.case_name, path);
  EXPECT_FALSE(file.fundamental);
  EXPECT_TRUE(builtin.fundamental);
  EXPECT_EQ(file.measures.count, builtin.measures.count);
  EXPECT_EQ(file.measures.correct, builtin.measures.correct);
  EXPECT_EQ(file.measures.coverage_percent, builtin.measures.coverage_percent);
  EXPECT_EQ(file.measures.area_coverage, builtin.measures.area_coverage);
}

TEST(SuiteRun, ASceneFileWithoutGroundTruthIsAnInputErrorBeforeAnyRun) {
  Scene scene = make_builtin_scene("cliff-edge");
  scene.ground_truth.reset();
  const std::string path = ::testing::TempDir() + "suite_run_no_truth.json";
  write_scene_json(path, scene);
  SuiteOptions options;
  options.cases = {"slide-spike", path};
  int runs = 0;
  options.progress = [&](int, int, const std::string&, const std::string&) { ++runs; };
  try {
    run_suite(options);
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("ground_truth"), std::string::npos) << e.what();
  }
  EXPECT_EQ(runs, 0);
  EXPECT_THROW(make_suite_case(::testing::TempDir() + "no_such_scene.json", false), InputError);
  EXPECT_FALSE(is_suite_case(::testing::TempDir() + "no_such_scene.json"));
  EXPECT_TRUE(is_suite_case("wall"));
}

// A SceneContactGenerator (what the peers are) runs after the methods, is scored like them and keeps
// its peer flag; bad generators and no_methods misuse are InputErrors before any run.
TEST(SuiteRun, GeneratorsRunAfterTheMethodsAndArePeersWhenSaidSo) {
  SuiteOptions options;
  options.methods = {"opposing"};
  options.cases = {"internal-edge"};
  int calls = 0;
  options.generators.push_back({.name = "truth", .peer = true, .generate = [&](const Scene& scene) {
                                  ++calls;
                                  return contacts_from_ground_truth(scene);
                                }});
  const SuiteResult result = run_suite(options);
  ASSERT_EQ(result.methods, (std::vector<std::string>{"opposing", "truth"}));
  EXPECT_FALSE(result.is_peer(0));
  EXPECT_TRUE(result.is_peer(1));
  EXPECT_EQ(calls, 1);
  EXPECT_TRUE(result.at(1, 0).peer);
  EXPECT_EQ(result.at(1, 0).method, "truth");
  EXPECT_DOUBLE_EQ(result.at(1, 0).measures.quality_percent, 100.0);

  SuiteOptions alone = options;
  alone.methods.clear();
  alone.no_methods = true;
  EXPECT_EQ(run_suite(alone).methods, std::vector<std::string>{"truth"});

  SuiteOptions clash = options;
  clash.generators[0].name = "opposing";
  EXPECT_THROW(run_suite(clash), InputError);
  SuiteOptions twice = options;
  twice.generators.push_back(twice.generators[0]);
  EXPECT_THROW(run_suite(twice), InputError);
  SuiteOptions no_function = options;
  no_function.generators[0].generate = nullptr;
  EXPECT_THROW(run_suite(no_function), InputError);
  SuiteOptions nothing;
  nothing.no_methods = true;
  EXPECT_THROW(run_suite(nothing), InputError);
  SuiteOptions both = options;
  both.no_methods = true;
  EXPECT_THROW(run_suite(both), InputError);
}

}  // namespace
}  // namespace contactlab
