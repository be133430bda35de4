// `contactlab simulate SCENE --method M [--steps N] [--dt H] [--iterations K] [--tolerance E]
// [--solver prox|lcp|lcp-lemke|blcp|penalty|cpf] [--stiffness K] [--damping C] [--penalty-law L]
// [--friction-directions K]
// [--warm-start] [--band REL]
// [--threads T] [--refined] [--sparsify [T,A,D]] [--ccd] [-o RUN]`: a rigid-body simulation (dynamics/rigid_simulation.h) with
// contacts regenerated every step by method M; the run is written to RUN/
// (docs/simulation-format.md). Defaults are the paper's (Erleben 2018 §7): h = 0.01 s, 1000 PGS
// prox sweeps, no early stop; μ and density from the scene. --solver penalty or cpf: penalty forces
// instead of a contact problem (dynamics/penalty_step.h), with --stiffness (required) and --damping.
//
// Ctrl-C stops after the step under way: the run is written as far as it got, marked incomplete,
// and the exit status is 130. A second Ctrl-C kills at once (the default action is restored).
#include "commands.h"
#include "interrupt.h"
#include "option_checks.h"
#include "progress.h"

#include "contactlab/contact/method.h"
#include "contactlab/core/error.h"
#include "contactlab/core/output_files.h"
#include "contactlab/core/tolerance.h"
#include "contactlab/dynamics/rigid_simulation.h"
#include "contactlab/io/fclib.h"
#include "contactlab/io/simulation_run.h"
#include "contactlab/suite/load_scene.h"

#include <fmt/core.h>

#include <chrono>
#include <filesystem>
#include <limits>
#include <memory>
#include <numbers>
#include <optional>

namespace contactlab::cli {
namespace {

struct SimulateArgs {
  std::string scene, method, output;
  int steps = 100;
  double time_step = 0.01;
  int iterations = 1000;
  double tolerance = 0.0;
  bool warm_start = false;
  std::string solver = "prox";
  std::string export_fclib;
  int friction_directions = 8;
  double band = kDefaultRelativeTolerance;
  int threads = 0;
  bool refined = false;
  bool ccd = false;
  std::optional<double> stiffness;
  double damping = 0.0;
  std::string penalty_law = "per-contact";
  bool search_pairs = false;
  std::string sparsify_text;
  std::optional<SparsifyOptions> sparsify;
};

std::string method_names() {
  std::string names;
  for (const ContactMethod* m : contact_methods()) names += (names.empty() ? "" : ", ") + m->name();
  return names;
}

void run_simulate(const SimulateArgs& args, bool write_run) {
  const ContactMethod* method = find_contact_method(args.method);
  if (!method) {
    throw InputError("--method", 0, "unknown method '" + args.method + "': expected one of " + method_names());
  }
  const std::optional<PenaltyIntegrator> penalty = penalty_integrator_from_name(args.solver);
  const std::optional<ContactSolverKind> solver = contact_solver_from_name(args.solver);
  if (!solver && !penalty) {
    throw InputError(
        "--solver", 0,
        "unknown solver '" + args.solver + "': expected one of " + contact_solver_names() + ", penalty, cpf");
  }
  if (penalty && !args.stiffness) {
    throw InputError("--stiffness", 0, "--solver " + args.solver + " needs the contacts' stiffness k (N/m)");
  }
  if (args.search_pairs && penalty != PenaltyIntegrator::cpf) {
    throw InputError("--search-pairs", 0, "applies to --solver cpf only");
  }
  if (!penalty && (args.stiffness || args.damping != 0.0)) {
    throw InputError(args.stiffness ? "--stiffness" : "--damping", 0, "applies to --solver penalty or cpf only");
  }
  const std::optional<PenaltyLaw> law = penalty_law_from_name(args.penalty_law);
  if (!law) {
    throw InputError("--penalty-law", 0, "unknown law '" + args.penalty_law + "': expected per-contact or per-area");
  }
  if (!penalty && *law != PenaltyLaw::per_contact) {
    throw InputError("--penalty-law", 0, "applies to --solver penalty or cpf only");
  }
  const Scene scene = load_scene(args.scene, {.refined = args.refined});
  SimulationSettings settings;
  if (solver) settings.solver_kind = *solver;
  settings.penalty_integrator = penalty;
  if (penalty) settings.penalty = {*args.stiffness, args.damping, *law};
  settings.penalty_search_pairs = args.search_pairs;
  settings.friction_directions = args.friction_directions;
  settings.keep_problem = !args.export_fclib.empty();
  settings.time_step = args.time_step;
  settings.solver.max_iterations = args.iterations;
  settings.solver.tolerance = args.tolerance;
  settings.warm_start = args.warm_start;
  settings.contacts.threads = args.threads;
  settings.contacts.settings.tolerance.relative = args.band;
  settings.contacts.sparsify = args.sparsify ? args.sparsify : scene.sparsify;
  settings.ccd = args.ccd;  // --sparsify overrides the scene's
  RigidSimulation sim(scene, *method, settings);
  SimulationRunWriter writer(scene, sim.bodies(), {method->name(), args.steps, settings});

  InterruptScope interrupt;
  Progress progress;
  const auto start = std::chrono::steady_clock::now();
  const double e0 = sim.kinetic_energy() + sim.potential_energy();
  const std::vector<RigidBody> initial = sim.bodies();
  int done = 0;
  for (; done < args.steps && !InterruptScope::requested(); ++done) {
    std::vector<RigidBody> before;
    if (write_run) before = sim.bodies();
    const StepReport report = sim.step();
    if (write_run) writer.record_step(before, report);
    // A step without contacts has no problem to write (FCLIB cannot hold an empty one): no file.
    if (!args.export_fclib.empty() && !report.problem.contacts.empty()) {
      FclibProblem problem = fclib_problem(report.problem, &report.solve.impulses);
      problem.title = fmt::format("{} step {} ({} contacts)", scene.name, done + 1, report.problem.contacts.size());
      problem.description = fmt::format(
          "contactlab simulate {} --method {} --solver {}: W = J M^-1 J^T, q = J u_free (+ gap/h for open "
          "contacts), mu per contact; the solution is the solver's, {} sweeps, merit {:.3g}",
          scene.name, method->name(), to_string(settings.solver_kind), report.solve.iterations, report.solve.merit);
      problem.math_info = "W symmetric positive semi-definite";
      write_fclib(problem, fmt::format("{}/step-{:06d}.hdf5", args.export_fclib, done + 1));
    }
    // On a terminal every step; in a log the first step, then about twenty lines a run.
    if (progress.terminal() || done == 0 || (done + 1) % std::max(1, args.steps / 20) == 0 || done + 1 == args.steps) {
      const double energy = sim.kinetic_energy() + sim.potential_energy();
      progress.line(fmt::format("[{:>{}}/{}] t = {:.3f} s  contacts {}  sweeps {}  merit {:.3g}  energy {:+.4g} J",
                                done + 1, std::to_string(args.steps).size(), args.steps, sim.time(),
                                report.contacts.contacts.size(), report.solve.iterations, report.solve.merit,
                                energy - e0));
    }
  }
  interrupt.restore();
  progress.finish();
  const bool complete = done == args.steps;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  fmt::print(stderr, "{} {} of {} steps of {} with {} in {:.1f} s\n", complete ? "ran" : "interrupted after", done,
             args.steps, scene.name, method->name(), seconds);
  const LargestMotion motion = largest_motion(initial, sim.bodies());
  if (motion.displaced_body != kInvalidIndex) {
    const double degrees = motion.rotation * 180.0 / std::numbers::pi;
    fmt::print(stderr, "largest displacement {:.4g} m ({}), largest rotation {:.4g}° ({})\n", motion.displacement,
               scene.bodies[motion.displaced_body].name, degrees, scene.bodies[motion.rotated_body].name);
  }
  if (write_run) {
    writer.write(args.output, sim, complete);
    fmt::print(stderr, "wrote {}{}\n", args.output, complete ? "" : " (incomplete)");
  }
  if (!complete) throw Interrupted{};
}

}  // namespace

void add_simulate_command(CLI::App& app) {
  auto args = std::make_shared<SimulateArgs>();
  CLI::App* cmd =
      app.add_subcommand("simulate",
                         "Simulate a scene: contacts by a method every step, a contact solver (PGS prox by default), "
                         "semi-implicit stepping");
  cmd->add_option("SCENE", args->scene, "built-in scene name or scene JSON path")->required();
  cmd->add_option("--method", args->method, "contact method (see `contactlab methods`)")->required();
  add_stepping_options(cmd, args->steps, "time steps (default 100)", args->time_step, args->iterations);
  cmd->add_option("--tolerance", args->tolerance,
                  "stop the sweeps once the merit is at most this, m/s (default 0: always all sweeps)")
      ->check(number_in(0.0, 1e300, "a number >= 0"));
  cmd->add_option("--solver", args->solver,
                  "contact solver: prox (PGS on proximal maps, the friction disk; the paper's, default), lcp "
                  "(polyhedral friction cone, block PGS), lcp-lemke (the same LCP by Lemke's method; small scenes), "
                  "blcp (boxed LCP, PGS); or penalty forces instead of a solver: penalty (symplectic Euler) or cpf "
                  "(continuous penalty forces), with --stiffness");
  cmd->add_option("--stiffness", args->stiffness,
                  "penalty stiffness k per contact, N/m (--solver penalty, cpf; the method must report penetration "
                  "as negative gaps: closest-points, vertex-only, consistent-vertex, volume-sat, surface-sat, solfec, "
                  "rounded-triangles)")
      ->check(number_in(std::numeric_limits<double>::min(), 1e300, "a number > 0 (N/m)"));
  cmd->add_option("--penalty-law", args->penalty_law,
                  "per-contact (default: a spring k, N/m, per contact) or per-area (a pressure k, N/m^3, on each "
                  "contact's area: rounded-triangles, solfec; docs/penalty.md)");
  cmd->add_flag("--search-pairs", args->search_pairs,
                "with --solver cpf: CPF's own vertex-face and edge-edge pairs penetrating during the step (seed 001) "
                "instead of the method's contacts");
  cmd->add_option("--damping", args->damping, "penalty damping c per contact while penetrating, N s/m (default 0)")
      ->check(number_in(0.0, 1e300, "a number >= 0 (N s/m)"));
  cmd->add_option("--friction-directions", args->friction_directions,
                  "directions of the polyhedral friction cone of lcp and lcp-lemke (default 8)")
      ->check(integer_in(3, 360, "an integer from 3 to 360"));
  CLI::Option* export_fclib =
      cmd->add_option("--export-fclib", args->export_fclib,
                      "write every step's contact problem and its solution to this folder in FCLIB's HDF5 format "
                      "(step-000001.hdf5, ...; a step without contacts writes none; docs/solvers.md)");
  cmd->add_flag("--warm-start", args->warm_start,
                "start each step's solve from the previous step's impulses of matching contacts (default: from "
                "zero, the paper's)");
  add_band_option(cmd, args->band);
  cmd->add_option("--threads", args->threads, "worker threads for contact generation (0: all cores)")
      ->check(integer_in(0, std::numeric_limits<int>::max(), "an integer ≥ 0 (0: all cores)"));
  cmd->add_flag("--refined", args->refined, "refined tet meshes");
  add_sparsify_option(cmd, args->sparsify_text);
  cmd->add_flag("--ccd", args->ccd,
                "continuous collision detection: speculative contacts for the first impacts of fast bodies within "
                "each step, so that they do not tunnel through thin ones (docs/ccd.md)");
  CLI::Option* output = cmd->add_option("-o,--output", args->output, "write the run to this folder");
  cmd->callback([args, output, export_fclib, cmd] {
    args->sparsify = sparsify_from_option(cmd, args->sparsify_text);
    const bool write_run = output->count() > 0;
    if (write_run) check_output_folder(args->output);  // before simulating, not after
    if (export_fclib->count() > 0) {
      check_output_folder(args->export_fclib);
      std::filesystem::create_directories(args->export_fclib);
    }
    run_simulate(*args, write_run);
  });
}

}  // namespace contactlab::cli
