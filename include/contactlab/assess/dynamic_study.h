// The dynamic studies of the paper (Erleben 2018 §7–§8; docs/studies.md): every method simulated
// on the paper's dynamic scenes (pillar, wall, arch), and from each run the contact count of every
// step (Table 6, Figure 22) and how far the bodies moved (the §7.5 verdicts: does the pillar stay
// standing?). The settings are the paper's (suite.md "Dynamic studies"): h = 0.01 s, 1000 PGS prox
// sweeps, no stabilisation, μ = 0.5 and density 2000 kg/m³ from the scenes.
//
// Runs are independent and go in parallel over (method, case) —
// over (request, method, case) for a batch, run_dynamic_studies —; each is deterministic (the
// simulation is, rigid_simulation.h), so the result does not depend on the thread count.
#pragma once

#include "contactlab/assess/measures.h"
#include "contactlab/assess/suite_run.h"
#include "contactlab/dynamics/rigid_body.h"
#include "contactlab/dynamics/rigid_simulation.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace contactlab {

struct DynamicStudyRequest {
  std::vector<std::string> methods;  ///< registry names; empty: the paper's eight (paper_contact_methods)
  /// Built-in scene names or scene JSON paths; empty: pillar, wall, arch (the paper's).
  std::vector<std::string> cases;
  int steps = 500;                ///< per run, ≥ 1 (the paper's Table 6: the first 500)
  SimulationSettings simulation;  ///< h, solver and contact options (their threads are ignored)
  bool refined = false;           ///< the refined tet meshes (§8.6)
  /// The perturbation study (§8.5, suite/perturbed.h): every movable body of every case displaced
  /// in x/z by uniform [−perturbation, perturbation] m, drawn from perturbation_seed, the planar
  /// ground truth re-derived. 0: the scenes as built.
  double perturbation = 0.0;
  std::uint64_t perturbation_seed = 1;
  int threads = 0;  ///< runs at once and threads within them; 0: all cores
  /// After every step of any run, under a lock: steps done over all runs, steps of all runs.
  std::function<void(long long, long long)> progress;
  /// Score the contacts of the state after this many steps (the contacts of step quality_step + 1)
  /// against the ground truth following the bodies (ground_truth_following_bodies); −1: none. The
  /// paper's Table 7 is at step 3. Cases without ground truth are not scored.
  int quality_step = -1;
  /// Polled before every step; true stops every run where it is (DynamicRun::steps then tells).
  std::function<bool()> stop;
};

/// The stability threshold: a run leaves its scene standing when no movable body's centre of mass
/// moved more than this fraction of the scene's length scale (Scene::length_scale). 1 % separates
/// the sagging of a stack that holds (the pillar's largest displacement after 500 steps is 2–10 mm
/// of its 3.7 m with the methods that hold it) from a collapse (decimetres to metres).
inline constexpr double kStandingFraction = 0.01;

struct DynamicRun {
  std::string method;
  std::string case_name;
  double length_scale = 0.0;            ///< the scene's (m)
  std::vector<std::string> body_names;  ///< the scene's, for LargestMotion's indices
  int steps = 0;                        ///< steps done (fewer than requested only when stopped)
  /// Per step: the contacts generated at its start (index k: step k + 1, from the state at t = k h).
  std::vector<int> contact_counts;
  /// Per step: the largest centre-of-mass displacement of a movable body since t = 0, after it.
  std::vector<double> largest_displacement;
  LargestMotion motion;  ///< after the last step
  /// Movable bodies whose centre of mass moved more than kStandingFraction × length_scale by the
  /// end: 1 on the wall when only its top corner brick falls (it rests on half its length, its
  /// centre of mass right above the edge of the brick below: a knife-edge balance).
  int bodies_moved = 0;
  int movable_bodies = 0;
  /// With DynamicStudyRequest::quality_step: the contacts of that state and their measures.
  std::optional<Measures> step_measures;
  ContactSet step_contacts;
  double step_contact_seconds = 0.0;  ///< wall time of generating step_contacts
  double contact_seconds = 0.0;       ///< summed over the steps
  double solver_seconds = 0.0;
  bool standing() const { return motion.displacement <= kStandingFraction * length_scale; }
};

struct CountStatistics {
  double mean = 0.0, min = 0.0, max = 0.0;
  double deviation = 0.0;  ///< population standard deviation
};

/// Of the counts given; all zero for none.
CountStatistics count_statistics(const std::vector<int>& counts);

struct DynamicStudyResult {
  std::vector<std::string> methods, cases;
  int steps_requested = 0;
  /// The request's settings, as the runs used them (written into the study's JSON).
  SimulationSettings simulation;
  bool refined = false;
  double perturbation = 0.0;
  std::uint64_t perturbation_seed = 1;
  int quality_step = -1;
  std::vector<DynamicRun> runs;  ///< method-major: runs[m * cases.size() + c]
  bool complete = true;          ///< every run did every step
  double seconds = 0.0;          ///< wall clock of the whole study

  const DynamicRun& at(std::size_t method, std::size_t case_index) const {
    return runs[method * cases.size() + case_index];
  }
};

/// The ground truth of `initial` for the bodies at the poses of `now` (the same bodies): each
/// interface follows one of its bodies rigidly — its movable body, body_a when both move —, its
/// polygon corners and feasible normals mapped by that body's motion pose_now ∘ pose_initial⁻¹.
/// After the slight sagging of a few steps (sub-micrometre, 1e-5 rad) the touching faces still
/// coincide to that order, so this is the truth the paper scores at step 3 (Table 7).
GroundTruth ground_truth_following_bodies(const Scene& initial, const Scene& now);

/// The step measures of a study run with quality_step as a suite result (the runs in the same
/// order, seconds: the generation time of those contacts), for the assessment's tables and plots (Table 7, Figure 21). Runs without
/// measures (a case without ground truth) are left out with their case.
SuiteResult step_quality_results(const DynamicStudyResult& result);

/// Runs the study. Throws InputError, before any run starts, for an unknown or repeated method or
/// case name (listing the known ones), steps < 1, or a scene that cannot be read.
DynamicStudyResult run_dynamic_study(const DynamicStudyRequest& request);

/// Several studies as one batch: the runs of every request in parallel over (request, method, case)
/// — the perturbation study's seeds (§8.5) — each result as run_dynamic_study would give it (the
/// runs are deterministic), `seconds` the batch's wall time in every result. The batch takes
/// `threads`, `progress` (steps over all requests) and `stop` from the first request. Every request
/// is checked and every scene built before any run starts (the errors of run_dynamic_study).
std::vector<DynamicStudyResult> run_dynamic_studies(const std::vector<DynamicStudyRequest>& requests);

}  // namespace contactlab
