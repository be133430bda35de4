// The dynamic studies' runner (assess/dynamic_study.h): statistics against hand-computed values,
// each run the same as a simulation stepped alone, the same result with 1 or 2 threads, a stop
// honoured, bad names refused before anything runs.
#include "contactlab/assess/dynamic_study.h"
#include "contactlab/contact/generate_contacts.h"
#include "contactlab/contact/method.h"
#include "contactlab/core/error.h"
#include "contactlab/suite/load_scene.h"
#include "contactlab/suite/perturbed.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>

namespace contactlab {
namespace {

TEST(DynamicStudy, CountStatisticsByHand) {
  const CountStatistics s = count_statistics({2, 4, 4, 4, 5, 5, 7, 9});
  EXPECT_DOUBLE_EQ(s.mean, 5.0);
  EXPECT_DOUBLE_EQ(s.min, 2.0);
  EXPECT_DOUBLE_EQ(s.max, 9.0);
  EXPECT_DOUBLE_EQ(s.deviation, 2.0);  // the population deviation of this classic sample
  const CountStatistics none = count_statistics({});
  EXPECT_EQ(none.mean, 0.0);
  EXPECT_EQ(none.deviation, 0.0);
}

DynamicStudyRequest small_request() {
  DynamicStudyRequest request;
  request.methods = {"opposing", "vertex-only"};
  request.cases = {"pillar", "arch"};
  request.steps = 3;
  request.simulation.solver.max_iterations = 50;
  return request;
}

TEST(DynamicStudy, EachRunIsTheSimulationSteppedAlone) {
  const DynamicStudyResult result = run_dynamic_study(small_request());
  ASSERT_EQ(result.runs.size(), 4u);
  EXPECT_TRUE(result.complete);
  const DynamicRun& run = result.at(1, 0);  // vertex-only on the pillar
  EXPECT_EQ(run.method, "vertex-only");
  EXPECT_EQ(run.case_name, "pillar");
  SimulationSettings settings;
  settings.solver.max_iterations = 50;
  const Scene pillar = load_scene("pillar");
  RigidSimulation sim(pillar, *find_contact_method("vertex-only"), settings);
  const std::vector<RigidBody> initial = sim.bodies();
  ASSERT_EQ(run.steps, 3);
  for (int n = 0; n < 3; ++n) {
    EXPECT_EQ(run.contact_counts[n], static_cast<int>(sim.step().contacts.contacts.size())) << n;
    EXPECT_EQ(run.largest_displacement[n], largest_motion(initial, sim.bodies()).displacement) << n;
  }
  EXPECT_EQ(run.length_scale, pillar.length_scale());
  EXPECT_EQ(run.movable_bodies, 7);  // the pillar's pieces; the ground is fixed
  EXPECT_EQ(run.standing(), run.motion.displacement <= kStandingFraction * pillar.length_scale());
}

TEST(DynamicStudy, ThreadCountDoesNotChangeTheResult) {
  DynamicStudyRequest one = small_request(), two = small_request();
  one.threads = 1;
  two.threads = 2;
  const DynamicStudyResult a = run_dynamic_study(one), b = run_dynamic_study(two);
  ASSERT_EQ(a.runs.size(), b.runs.size());
  for (std::size_t r = 0; r < a.runs.size(); ++r) {
    EXPECT_EQ(a.runs[r].contact_counts, b.runs[r].contact_counts) << r;
    EXPECT_EQ(a.runs[r].largest_displacement, b.runs[r].largest_displacement) << r;
  }
}

// A batch (the perturbation study's seeds) gives each request's runs exactly as it alone would, in
// the requests' order, with the progress counted over all of them.
TEST(DynamicStudy, BatchGivesEachRequestItsOwnResult) {
  DynamicStudyRequest a = small_request(), b = small_request();
  a.perturbation = b.perturbation = 0.01;
  a.perturbation_seed = 1;
  b.perturbation_seed = 2;
  b.methods = {"opposing"};
  b.steps = 2;
  long long last_total = 0;
  DynamicStudyRequest first = a;
  first.progress = [&](long long, long long total) { last_total = total; };
  const std::vector<DynamicStudyResult> batch = run_dynamic_studies({first, b});
  ASSERT_EQ(batch.size(), 2u);
  EXPECT_EQ(last_total, 4 * 3 + 2 * 2);
  const DynamicStudyResult alone_a = run_dynamic_study(a), alone_b = run_dynamic_study(b);
  for (const auto& [together, alone] : {std::pair{&batch[0], &alone_a}, std::pair{&batch[1], &alone_b}}) {
    EXPECT_TRUE(together->complete);
    EXPECT_EQ(together->methods, alone->methods);
    EXPECT_EQ(together->perturbation_seed, alone->perturbation_seed);
    ASSERT_EQ(together->runs.size(), alone->runs.size());
    for (std::size_t r = 0; r < alone->runs.size(); ++r) {
      EXPECT_EQ(together->runs[r].method, alone->runs[r].method);
      EXPECT_EQ(together->runs[r].contact_counts, alone->runs[r].contact_counts) << r;
      EXPECT_EQ(together->runs[r].largest_displacement, alone->runs[r].largest_displacement) << r;
    }
  }
  // The two seeds are different scenes: opposing on the pillar moves differently in its first step.
  EXPECT_NE(batch[0].at(0, 0).largest_displacement[0], batch[1].at(0, 0).largest_displacement[0]);
}

TEST(DynamicStudy, StopEndsEveryRunWhereItIs) {
  DynamicStudyRequest request = small_request();
  request.threads = 1;
  std::atomic<long long> done = 0;
  request.progress = [&](long long steps, long long total) {
    EXPECT_EQ(total, 12);
    done = steps;
  };
  request.stop = [&] { return done >= 5; };
  const DynamicStudyResult result = run_dynamic_study(request);
  EXPECT_FALSE(result.complete);
  int steps = 0;
  for (const DynamicRun& run : result.runs) {
    steps += run.steps;
    EXPECT_EQ(run.contact_counts.size(), static_cast<std::size_t>(run.steps));
  }
  EXPECT_EQ(steps, 5);
}

// Each interface keeps its place on the body it follows: its corners, in that body's frame, are where
// they were, and its normals turned with it. The ground (fixed) never carries an interface.
TEST(DynamicStudy, GroundTruthFollowsTheMovableBody) {
  const Scene initial = load_scene("pillar");
  Scene now = initial;
  const Quat turn(Eigen::AngleAxisd(0.3, Vec3(1, 2, 3).normalized()));
  for (Body& body : now.bodies) {
    if (body.fixed) continue;
    body.orientation = turn * body.orientation;
    body.position += Vec3(0.1, -0.2, 0.3);
  }
  const GroundTruth truth = ground_truth_following_bodies(initial, now);
  ASSERT_EQ(truth.interfaces.size(), initial.ground_truth->interfaces.size());
  for (std::size_t i = 0; i < truth.interfaces.size(); ++i) {
    const ContactInterface& was = initial.ground_truth->interfaces[i];
    const ContactInterface& is = truth.interfaces[i];
    const Index carrier = initial.bodies[was.body_a].fixed ? was.body_b : was.body_a;
    EXPECT_FALSE(initial.bodies[carrier].fixed);
    ASSERT_EQ(is.polygon.size(), was.polygon.size());
    for (std::size_t k = 0; k < is.polygon.size(); ++k) {
      const Vec3 local_was = initial.bodies[carrier].pose().inverse().apply(was.polygon[k].position);
      const Vec3 local_is = now.bodies[carrier].pose().inverse().apply(is.polygon[k].position);
      EXPECT_LT((local_is - local_was).norm(), 1e-12) << i << " " << k;
    }
    for (std::size_t k = 0; k < is.feasible_normals.size(); ++k) {
      EXPECT_LT((is.feasible_normals[k] - turn * was.feasible_normals[k]).norm(), 1e-12) << i << " " << k;
    }
  }
}

// At step 0 nothing has moved: the measures are those of the method on the scene as built.
TEST(DynamicStudy, StepZeroQualityIsTheStaticAssessment) {
  DynamicStudyRequest request = small_request();
  request.cases = {"pillar"};
  request.steps = 1;
  request.quality_step = 0;
  const DynamicStudyResult result = run_dynamic_study(request);
  const Scene pillar = load_scene("pillar");
  for (std::size_t m = 0; m < result.methods.size(); ++m) {
    const DynamicRun& run = result.at(m, 0);
    ASSERT_TRUE(run.step_measures.has_value()) << run.method;
    const Measures want =
        measure_contacts(pillar, *pillar.ground_truth, generate_contacts(pillar, *find_contact_method(run.method)));
    EXPECT_EQ(run.step_measures->count, want.count) << run.method;
    EXPECT_EQ(run.step_measures->correct, want.correct) << run.method;
    EXPECT_DOUBLE_EQ(run.step_measures->quality_percent, want.quality_percent) << run.method;
  }
  const SuiteResult suite = step_quality_results(result);
  ASSERT_EQ(suite.cases, std::vector<std::string>{"pillar"});
  EXPECT_EQ(suite.at(1, 0).method, "vertex-only");
  EXPECT_EQ(suite.at(1, 0).measures.count, result.at(1, 0).step_measures->count);
}

// The perturbation study's scenes are suite/perturbed.h's: the first step's contacts are those of
// the perturbed scene.
TEST(DynamicStudy, PerturbationRunsThePerturbedScenes) {
  DynamicStudyRequest request = small_request();
  request.cases = {"pillar"};
  request.steps = 1;
  request.perturbation = 0.02;
  request.perturbation_seed = 7;
  const DynamicStudyResult result = run_dynamic_study(request);
  const Scene moved = perturbed(load_scene("pillar"), 0.02, 7);
  for (std::size_t m = 0; m < result.methods.size(); ++m) {
    const ContactSet want = generate_contacts(moved, *find_contact_method(result.methods[m]));
    EXPECT_EQ(result.at(m, 0).contact_counts.front(), static_cast<int>(want.contacts.size())) << result.methods[m];
  }
}

TEST(DynamicStudy, BadRequestsAreRefusedBeforeAnyRun) {
  DynamicStudyRequest request = small_request();
  int calls = 0;
  request.progress = [&](long long, long long) { ++calls; };
  request.methods = {"opposing", "frob"};
  EXPECT_THROW(run_dynamic_study(request), InputError);
  request.methods = {"opposing", "opposing"};
  EXPECT_THROW(run_dynamic_study(request), InputError);
  request.methods = {"opposing"};
  request.cases = {"no-such-scene"};
  EXPECT_THROW(run_dynamic_study(request), InputError);
  request.cases = {"pillar"};
  request.steps = 0;
  EXPECT_THROW(run_dynamic_study(request), InputError);
  request.steps = 3;
  request.quality_step = 3;  // the state after the last step has no contacts of its own
  EXPECT_THROW(run_dynamic_study(request), InputError);
  EXPECT_EQ(calls, 0);
}

}  // namespace
}  // namespace contactlab
