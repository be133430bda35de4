// The dynamic studies (dynamic_study.h): names checked and every scene built before any run starts,
// then the runs in parallel over (request, method, case), each one RigidSimulation stepped to the end.
#include "contactlab/assess/dynamic_study.h"

#include "case_names.h"
#include "contactlab/contact/method.h"
#include "contactlab/core/error.h"
#include "contactlab/suite/load_scene.h"
#include "contactlab/suite/perturbed.h"

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace contactlab {

CountStatistics count_statistics(const std::vector<int>& counts) {
  CountStatistics s;
  if (counts.empty()) return s;
  double sum = 0.0;
  s.min = s.max = counts.front();
  for (const int c : counts) {
    sum += c;
    s.min = std::min(s.min, static_cast<double>(c));
    s.max = std::max(s.max, static_cast<double>(c));
  }
  s.mean = sum / static_cast<double>(counts.size());
  double squares = 0.0;
  for (const int c : counts) squares += (c - s.mean) * (c - s.mean);
  s.deviation = std::sqrt(squares / static_cast<double>(counts.size()));
  return s;
}

GroundTruth ground_truth_following_bodies(const Scene& initial, const Scene& now) {
  if (initial.bodies.size() != now.bodies.size()) {
    throw std::invalid_argument("ground_truth_following_bodies: the scenes hold different bodies");
  }
  GroundTruth truth;
  if (!initial.ground_truth) return truth;
  truth = *initial.ground_truth;
  for (ContactInterface& face : truth.interfaces) {
    const Index carrier = initial.bodies[face.body_a].fixed ? face.body_b : face.body_a;
    const Transform motion = now.bodies[carrier].pose() * initial.bodies[carrier].pose().inverse();
    for (PolygonCorner& corner : face.polygon) corner.position = motion.apply(corner.position);
    for (Vec3& normal : face.feasible_normals) normal = (motion.rotation * normal).normalized();
  }
  return truth;
}

SuiteResult step_quality_results(const DynamicStudyResult& result) {
  SuiteResult suite;
  suite.methods = result.methods;
  for (std::size_t c = 0; c < result.cases.size(); ++c) {
    bool scored = true;
    for (std::size_t m = 0; m < result.methods.size(); ++m) scored = scored && result.at(m, c).step_measures;
    if (scored) suite.cases.push_back(result.cases[c]);
  }
  for (std::size_t m = 0; m < result.methods.size(); ++m) {
    for (std::size_t c = 0; c < result.cases.size(); ++c) {
      const DynamicRun& run = result.at(m, c);
      if (std::find(suite.cases.begin(), suite.cases.end(), run.case_name) == suite.cases.end()) continue;
      CaseResult r;
      r.case_name = run.case_name;
      r.method = run.method;
      r.measures = *run.step_measures;
      r.contacts = run.step_contacts;
      r.seconds = run.step_contact_seconds;
      suite.results.push_back(std::move(r));
    }
  }
  suite.seconds = result.seconds;
  return suite;
}

namespace {

/// A request checked and its scenes built (steps 1–2 of run_dynamic_studies).
struct PreparedStudy {
  const DynamicStudyRequest* request = nullptr;
  DynamicStudyResult result;
  std::vector<Scene> scenes;
};

PreparedStudy prepare(const DynamicStudyRequest& request) {
  if (request.steps < 1) {
    throw InputError("", 0, "steps: expected an integer >= 1, got " + std::to_string(request.steps));
  }
  if (request.quality_step >= request.steps) {
    throw InputError("", 0,
                     "quality_step: expected a step before the last (< " + std::to_string(request.steps) + "), got " +
                         std::to_string(request.quality_step));
  }
  std::vector<std::string> known_methods;
  for (const ContactMethod* m : contact_methods()) known_methods.push_back(m->name());
  PreparedStudy study;
  study.request = &request;
  DynamicStudyResult& result = study.result;
  // By default the paper's eight: the studies' tables stand beside the paper's.
  std::vector<std::string> paper_methods;
  for (const ContactMethod* m : paper_contact_methods()) paper_methods.push_back(m->name());
  result.methods =
      request.methods.empty() ? paper_methods : assess_detail::resolve(request.methods, known_methods, "method");
  result.cases = request.cases.empty() ? std::vector<std::string>{"pillar", "wall", "arch"} : request.cases;
  assess_detail::check_distinct_cases(result.cases);
  result.steps_requested = request.steps;
  result.simulation = request.simulation;
  result.refined = request.refined;
  result.perturbation = request.perturbation;
  result.perturbation_seed = request.perturbation_seed;
  result.quality_step = request.quality_step;
  for (const std::string& name : result.cases) {
    study.scenes.push_back(load_scene(name, {.refined = request.refined}));
    if (request.perturbation > 0)
      study.scenes.back() = perturbed(study.scenes.back(), request.perturbation, request.perturbation_seed);
  }
  result.runs.resize(result.methods.size() * result.cases.size());
  return study;
}

/// Run r of `study` to the end, or until `stop`; `step_done` after every step.
template <class StepDone>
void run_one(PreparedStudy& study, std::size_t r, const std::function<bool()>& stop, StepDone&& step_done) {
  const DynamicStudyRequest& request = *study.request;
  DynamicStudyResult& result = study.result;
  const std::size_t m = r / result.cases.size(), c = r % result.cases.size();
  const Scene& scene = study.scenes[c];
  DynamicRun& run = result.runs[r];
  run.method = result.methods[m];
  run.case_name = result.cases[c];
  run.length_scale = scene.length_scale();
  for (const Body& body : scene.bodies) {
    run.body_names.push_back(body.name);
    if (!body.fixed) ++run.movable_bodies;
  }
  SimulationSettings settings = request.simulation;
  settings.contacts.threads = 0;  // the study's arena (run_dynamic_studies)
  RigidSimulation sim(scene, *find_contact_method(run.method), settings);
  const std::vector<RigidBody> initial = sim.bodies();
  for (int n = 0; n < request.steps; ++n) {
    if (stop && stop()) break;
    const bool score = n == request.quality_step && scene.ground_truth.has_value();
    // The ground truth must follow the poses of the state the step starts from.
    Scene state;
    if (score) state = sim.scene();
    StepReport step = sim.step();
    if (score) {
      state.ground_truth = ground_truth_following_bodies(scene, state);
      run.step_measures = measure_contacts(state, *state.ground_truth, step.contacts);
      run.step_contacts = step.contacts;
      run.step_contact_seconds = step.contact_seconds;
    }
    run.contact_counts.push_back(static_cast<int>(step.contacts.contacts.size()));
    run.contact_seconds += step.contact_seconds;
    run.solver_seconds += step.solver_seconds;
    run.largest_displacement.push_back(largest_motion(initial, sim.bodies()).displacement);
    ++run.steps;
    step_done();
  }
  run.motion = largest_motion(initial, sim.bodies());
  for (std::size_t i = 0; i < initial.size(); ++i) {
    const double moved = (sim.bodies()[i].centre - initial[i].centre).norm();
    if (!initial[i].fixed && moved > kStandingFraction * run.length_scale) ++run.bodies_moved;
  }
}

}  // namespace

DynamicStudyResult run_dynamic_study(const DynamicStudyRequest& request) {
  return std::move(run_dynamic_studies({request}).front());
}

std::vector<DynamicStudyResult> run_dynamic_studies(const std::vector<DynamicStudyRequest>& requests) {
  const auto start = std::chrono::steady_clock::now();
  if (requests.empty()) return {};
  // Every request checked and every scene built before any run starts.
  std::vector<PreparedStudy> studies;
  for (const DynamicStudyRequest& request : requests) studies.push_back(prepare(request));
  const DynamicStudyRequest& first = requests.front();

  // One flat list of (request, run), so that the runs of all requests share the cores.
  std::vector<std::pair<std::size_t, std::size_t>> tasks;
  long long total_steps = 0;
  for (std::size_t q = 0; q < studies.size(); ++q) {
    for (std::size_t r = 0; r < studies[q].result.runs.size(); ++r) tasks.emplace_back(q, r);
    total_steps += static_cast<long long>(studies[q].result.runs.size()) * requests[q].steps;
  }
  long long steps_done = 0;
  std::mutex progress_lock;
  const auto step_done = [&] {
    if (!first.progress) return;
    const std::lock_guard lock(progress_lock);
    first.progress(++steps_done, total_steps);
  };
  const auto run_all = [&] {
    // One run per task: the longest (wall) ones are not split, so the order of the grain matters
    // little; runs still share the cores with the contact generation nested in each.
    tbb::parallel_for(
        std::size_t{0}, tasks.size(),
        [&](std::size_t t) { run_one(studies[tasks[t].first], tasks[t].second, first.stop, step_done); },
        tbb::simple_partitioner{});
  };
  if (first.threads > 0) {
    tbb::task_arena arena(first.threads);
    arena.execute(run_all);
  } else {
    run_all();
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::vector<DynamicStudyResult> results;
  for (std::size_t q = 0; q < studies.size(); ++q) {
    DynamicStudyResult& result = studies[q].result;
    for (const DynamicRun& run : result.runs) result.complete = result.complete && run.steps == requests[q].steps;
    result.seconds = seconds;
    results.push_back(std::move(result));
  }
  return results;
}

}  // namespace contactlab
