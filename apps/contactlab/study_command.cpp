// `contactlab study NAME [--methods a,b] [--cases x,y] [--steps N] [--dt H] [--iterations K]
// [--band REL] [--threads T] [--refined] [--quick] [-o DIR]`: the paper's dynamic studies (Erleben 2018 §7–§8;
// docs/studies.md), every method simulated on pillar, wall and arch at the paper's settings:
//   counts     contact count per step → mean, min, max, standard deviation (Table 6), with the
//              paper's pillar values beneath ours;
//   stability  largest displacement and rotation after the last step, and the verdict (standing /
//              collapsed; assess/dynamic_study.h kStandingFraction);
//   step-quality  quality, count and excess of the contacts at step --at (default 3) against the
//              ground truth following the bodies (Table 7, the paper's values beside ours), the
//              sorted |n_y| and n·n* plots (Figure 21); runs --at + 1 steps;
//   perturbation  every movable body displaced in x/z by uniform [−D, D], D = 0.01, 0.02, 0.03 m,
//              --seeds seeds each: quality and contacts at step 3, standing after --steps (§8.5);
//   timestep   h = 0.001, 0.01, 0.1 s: quality and contacts at step 4 (§8.5);
//   refinement the coarse and the refined tet meshes: quality and contacts at step 3 (§8.6).
// The last three write DIR/tables.txt, DIR/variants.csv, DIR/variants.json and a sorted n·n* plot per
// setting and case.
//   all        every study above in turn, each in DIR/STUDY/, and DIR/index.html with a section per
//              study (scripts/studies.sh); nothing is written unless all of them finish. counts and
//              stability make the same runs, so these are made once for both.
// Tables on stdout; with -o, DIR/tables.txt, DIR/steps.csv (count and displacement per step),
// DIR/study.json and a plot per case (counts-CASE or displacement-CASE, .svg and .png), all or none. --quick: 5 steps of 20 sweeps, for CI and a first look.
//   penalty-stability  not one of the paper's (issue 19, seed 001 §C): the largest stable step of
//              symplectic Euler's penalty forces and of continuous penalty forces, on a particle on
//              a plane (10⁴ steps per run) and on a body resting on its contacts (--cases: one scene
//              JSON, default data/scenes/box_on_slab.json; --methods: one method, default
//              vertex-only; 2000 steps per run), against the seed's ω h < 2 and < √2: DIR/tables.txt,
//              DIR/sweep.csv, DIR/study.json, DIR/stability.svg|png. --quick: 1000 and 200 steps.
//   rounded-sphere  not one of the paper's (issue 19, seed 000): a sphere of radius 0.5 m, an
//              icosphere of 20 × 4^k triangles (k = 3…6), pressed Δ = 0.5, 1, 2 % of its radius into
//              a plate whose grid matches it, 8 random poses each; the rounded-triangles contacts'
//              Σ A δ n_y against the elastic-foundation law π Δ² (R − Δ/3) (assess/rounded_sphere_press.h):
//              DIR/tables.txt, DIR/points.csv, DIR/study.json. --quick: k = 3…5, 2 poses.
// Progress on stderr; Ctrl-C stops every run, writes nothing and exits 130.
#include "commands.h"
#include "interrupt.h"
#include "option_checks.h"
#include "progress.h"

#include "contactlab/assess/dynamic_study.h"
#include "contactlab/assess/penalty_stability.h"
#include "contactlab/assess/rounded_sphere_press.h"
#include "contactlab/core/error.h"
#include "contactlab/core/output_files.h"
#include "contactlab/core/tolerance.h"
#include "contactlab/report/assessment_tables.h"
#include "contactlab/report/dynamic_study_tables.h"
#include "contactlab/report/paper_reference.h"
#include "contactlab/report/penalty_stability_tables.h"
#include "contactlab/report/rounded_sphere_tables.h"
#include "contactlab/suite/load_scene.h"

#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <memory>
#include <optional>
#include <set>

namespace contactlab::cli {
namespace {

struct StudyArgs {
  std::string study, output;
  std::vector<std::string> method_values, case_values;
  int steps = 500;
  double time_step = 0.01;
  int iterations = 1000;
  double band = kDefaultRelativeTolerance;
  int threads = 0;
  bool refined = false;
  bool quick = false;
  int at = 3;     // step-quality: the state scored
  int seeds = 5;  // perturbation: seeds per displacement
};

constexpr int kQuickSteps = 5;
constexpr int kQuickIterations = 20;

/// The paper's values, with the notes of the structures saying what ours are here: the contacts at
/// step `at` of our simulation (the paper's are at its step 3).
const ReferenceValues& step_reference(int at) {
  static ReferenceValues reference;
  reference = paper_reference();
  for (auto& [name, note] : reference.case_notes) {
    note = note.substr(0, note.find(" (")) +
           fmt::format(" (ours: step {} of our simulation, ground truth following the bodies)", at);
  }
  return reference;
}

/// The command line as it would be typed to repeat the study (shown on the page).
std::string command_line(const StudyArgs& args) {
  std::string out = "contactlab study " + args.study;
  const auto list = [&](const char* option, const std::vector<std::string>& values) {
    for (const std::string& v : values) out += fmt::format(" {} {}", option, v);
  };
  list("--methods", args.method_values);
  list("--cases", args.case_values);
  if (args.quick) out += " --quick";
  if (!args.quick && args.steps != 500) out += fmt::format(" --steps {}", args.steps);
  if (args.time_step != 0.01) out += fmt::format(" --dt {}", args.time_step);
  if (!args.quick && args.iterations != 1000) out += fmt::format(" --iterations {}", args.iterations);
  if (args.band != kDefaultRelativeTolerance) out += fmt::format(" --band {:g}", args.band);
  if (args.refined) out += " --refined";
  if (args.at != 3) out += fmt::format(" --at {}", args.at);
  if (args.seeds != 5) out += fmt::format(" --seeds {}", args.seeds);
  if (args.threads != 0) out += fmt::format(" --threads {}", args.threads);
  return out + " -o " + args.output;
}

/// What the studies of one command write: their files, committed all or none at the end, and their
/// pages (one, or one per study of `study all`, for the folder's index).
struct StudyFiles {
  AtomicFileSet files;
  std::vector<StudyPage> pages;
};

/// The files of one study's folder: tables.txt first, then data and plots, and last the page
/// (index.html) that links them, staged in `out` (finish()).
class StudyOutput {
 public:
  StudyOutput(const StudyArgs& args, const std::string& summary, const std::string& tables, StudyFiles& out)
      : dir_(args.output), out_(out) {
    page_.study = args.study;
    page_.command = command_line(args);
    page_.summary = summary;
    page_.tables = tables;
    out_.files.create_folder(args.output);
    add_file("tables.txt", tables);
  }
  void add_file(const std::string& name, const std::string& text) {
    out_.files.add((dir_ / name).string(), text);
    page_.files.push_back(name);
  }
  /// STEM-CASE.svg and .png (a case's stem made unique: two scene files of one name).
  void add_plot(const std::string& stem, const std::string& case_name, const std::string& caption,
                const PlotImages& plot) {
    std::string file = stem + std::filesystem::path(case_name).stem().string();
    for (int k = 2; !taken_.insert(file).second; ++k) file += fmt::format("-{}", k);
    out_.files.add((dir_ / (file + ".svg")).string(), plot.svg);
    out_.files.add((dir_ / (file + ".png")).string(), plot.png);
    page_.figures.push_back({file, caption});
  }
  void finish() {
    out_.files.add((dir_ / "index.html").string(), study_page_html(page_));
    out_.pages.push_back(std::move(page_));
  }

 private:
  std::filesystem::path dir_;
  StudyFiles& out_;
  StudyPage page_;
  std::set<std::string> taken_;
};

/// The request the options describe (a variant study then changes its setting).
DynamicStudyRequest base_request(const StudyArgs& args) {
  DynamicStudyRequest request;
  request.methods = split_names(args.method_values, "--methods");
  request.cases = split_names(args.case_values, "--cases");
  request.steps = args.quick ? kQuickSteps : args.steps;
  request.simulation.time_step = args.time_step;
  request.simulation.solver.max_iterations = args.quick ? kQuickIterations : args.iterations;
  request.simulation.contacts.settings.tolerance.relative = args.band;
  request.refined = args.refined;
  request.threads = args.threads;
  return request;
}

/// Runs the requests as one batch (run_dynamic_studies: parallel over request, method and case)
/// with progress lines headed by `label`; Ctrl-C → Interrupted (nothing written).
std::vector<DynamicStudyResult> run_requests(std::vector<DynamicStudyRequest> requests, const std::string& label) {
  Progress progress;
  long long shown = -1;
  requests.front().progress = [&](long long done, long long total) {
    // On a terminal every percent; in a log every tenth.
    const long long step = progress.terminal() ? std::max(1LL, total / 100) : std::max(1LL, total / 10);
    if (done / step == shown && done != total) return;
    shown = done / step;
    progress.line(fmt::format("{}: {}/{} steps ({:.0f} %)", label, done, total, 100.0 * done / total));
  };
  requests.front().stop = [] { return InterruptScope::requested(); };
  InterruptScope interrupt;
  std::vector<DynamicStudyResult> results = run_dynamic_studies(requests);
  interrupt.restore();
  progress.finish();
  std::size_t runs = 0;
  bool complete = true;
  for (const DynamicStudyResult& result : results) {
    runs += result.runs.size();
    complete = complete && result.complete;
  }
  const DynamicStudyResult& first = results.front();
  if (!complete) {
    fmt::print(stderr, "interrupted after {:.1f} s: nothing written\n", first.seconds);
    throw Interrupted{};
  }
  fmt::print(stderr, "{}: {} runs ({}{} methods × {} cases, {} steps each) in {:.1f} s\n", label, runs,
             results.size() > 1 ? fmt::format("{} settings × ", results.size()) : "", first.methods.size(),
             first.cases.size(), first.steps_requested, first.seconds);
  return results;
}

DynamicStudyResult run_request(DynamicStudyRequest request, const std::string& label) {
  return std::move(run_requests({std::move(request)}, label).front());
}

/// perturbation, timestep, refinement: the same methods and cases under several settings, each
/// scored at a quality step; one table with a column group per setting.
void run_variant_study(const StudyArgs& args, StudyFiles* write) {
  const auto start = std::chrono::steady_clock::now();
  std::vector<StudyVariant> variants;
  std::vector<std::string> tags;  // per variant, in its plots' file names
  std::string title;
  int quality_step = 3;
  bool stability = false;
  if (args.study == "perturbation") {
    // §8.5: displacements of 0.01, 0.02, 0.03 m, five seeds each (one with --quick); quality at
    // step 3, and whether the scene stands after --steps.
    title = fmt::format("perturbation D, {} seed{} each; quality and contacts at step 3, standing after {} steps",
                        args.quick ? 1 : args.seeds, args.quick || args.seeds == 1 ? "" : "s",
                        args.quick ? kQuickSteps : args.steps);
    stability = true;
    // Every displacement and seed in one batch: the runs go in parallel over (D, seed, method, case).
    const std::array displacements{0.01, 0.02, 0.03};
    const int seeds = args.quick ? 1 : args.seeds;
    std::vector<DynamicStudyRequest> requests;
    for (const double d : displacements) {
      for (int seed = 1; seed <= seeds; ++seed) {
        DynamicStudyRequest request = base_request(args);
        request.perturbation = d;
        request.perturbation_seed = static_cast<std::uint64_t>(seed);
        request.quality_step = 3;
        request.steps = std::max(request.steps, 4);
        requests.push_back(std::move(request));
      }
    }
    std::vector<DynamicStudyResult> results = run_requests(std::move(requests), "perturbation");
    for (std::size_t i = 0; i < displacements.size(); ++i) {
      StudyVariant v{fmt::format("D = {} m", displacements[i]), {}};
      tags.push_back(fmt::format("d{}", displacements[i]));
      for (int seed = 0; seed < seeds; ++seed) v.results.push_back(std::move(results[i * seeds + seed]));
      variants.push_back(std::move(v));
    }
  } else if (args.study == "timestep") {
    // §8.5: h = 0.001, 0.01, 0.1 s, measured at step 4.
    title = "time step h; quality and contacts at step 4";
    quality_step = 4;
    const std::array steps{0.001, 0.01, 0.1};
    std::vector<DynamicStudyRequest> requests;
    for (const double h : steps) {
      DynamicStudyRequest request = base_request(args);
      request.simulation.time_step = h;
      request.quality_step = 4;
      request.steps = 5;
      requests.push_back(std::move(request));
    }
    std::vector<DynamicStudyResult> results = run_requests(std::move(requests), "timestep");
    for (std::size_t i = 0; i < steps.size(); ++i) {
      variants.push_back({fmt::format("h = {} s", steps[i]), {std::move(results[i])}});
      tags.push_back(fmt::format("h{}", steps[i]));
    }
  } else {
    // §8.6: the refined tet meshes against the coarse ones, at step 3.
    title = "tet meshes; quality and contacts at step 3";
    std::vector<DynamicStudyRequest> requests;
    for (const bool refined : {false, true}) {
      DynamicStudyRequest request = base_request(args);
      request.refined = refined;
      request.quality_step = 3;
      request.steps = 4;
      requests.push_back(std::move(request));
    }
    std::vector<DynamicStudyResult> results = run_requests(std::move(requests), "refinement");
    variants.push_back({"coarse (pq2.0Y)", {std::move(results[0])}});
    tags.push_back("coarse");
    variants.push_back({"refined (pq1.015a0.015)", {std::move(results[1])}});
    tags.push_back("refined");
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const std::string tables = variants_table(variants, title, stability);
  fmt::print("{}", tables);
  std::fflush(stdout);
  if (!write) return;
  std::size_t runs = 0;
  for (const StudyVariant& v : variants) runs += v.results.size() * v.results.front().runs.size();
  StudyOutput out(args, fmt::format("{} settings, {} runs in {:.1f} s", variants.size(), runs, seconds), tables,
                  *write);
  out.add_file("variants.csv", variants_csv(variants));
  out.add_file("variants.json", variants_json(variants, args.study));
  // The sorted n·n* of the contacts at the quality step, per setting (of its first seed) and case:
  // the paper's Figures 30 (perturbation), 32 (refinement) and 34 (time step).
  for (std::size_t i = 0; i < variants.size(); ++i) {
    const SuiteResult scored = step_quality_results(variants[i].results.front());
    for (std::size_t c = 0; c < scored.cases.size(); ++c) {
      out.add_plot("normal-quality-" + tags[i] + "-", scored.cases[c],
                   fmt::format("{}, {}{}: sorted n·n* at step {}", scored.cases[c], variants[i].label,
                               variants[i].results.size() > 1 ? " (seed 1)" : "", quality_step),
                   sorted_quality_plot(scored, c, QualityMeasure::kSignedNormal));
    }
  }
  out.finish();
}

/// One study; its tables on stdout, and with `write` its folder args.output staged there.
/// The runs of counts, stability or step-quality.
DynamicStudyResult run_single_study(const StudyArgs& args) {
  DynamicStudyRequest request = base_request(args);
  if (args.study == "step-quality") {
    request.steps = args.at + 1;
    request.quality_step = args.at;
  }
  return run_request(request, args.study + " study");
}

/// The tables of counts, stability or step-quality from their runs on stdout, and with `write` the
/// study's folder staged there.
void report_single_study(const StudyArgs& args, const DynamicStudyResult& result, StudyFiles* write) {
  const bool step_quality = args.study == "step-quality";
  const SuiteResult scored = step_quality_results(result);
  if (step_quality && scored.cases.empty()) {
    throw InputError("--cases", 0, "step-quality: none of the cases has ground truth to score against");
  }
  const std::string tables = args.study == "counts"      ? counts_table(result)
                             : args.study == "stability" ? stability_table(result)
                                                         : structures_table(scored, &step_reference(args.at));
  fmt::print("{}", tables);
  std::fflush(stdout);
  if (!write) return;
  StudyOutput out(args,
                  fmt::format("{} runs ({} methods × {} cases, {} steps each) in {:.1f} s", result.runs.size(),
                              result.methods.size(), result.cases.size(), result.steps_requested, result.seconds),
                  tables, *write);
  out.add_file("steps.csv", dynamic_study_steps_csv(result));
  out.add_file("study.json", dynamic_study_json(result, args.study));
  for (std::size_t c = 0; c < result.cases.size(); ++c) {
    const std::string& name = result.cases[c];
    if (args.study == "counts") {
      out.add_plot("counts-", name, name + ": contacts per step, one panel per method (the paper's Figure 22)",
                   study_counts_plot(result, c));
    }
    if (args.study == "stability") {
      out.add_plot("displacement-", name, name + ": largest displacement of a body since t = 0, per step",
                   study_displacement_plot(result, c));
    }
  }
  for (std::size_t c = 0; step_quality && c < scored.cases.size(); ++c) {
    const std::string& name = scored.cases[c];
    out.add_plot("abs-normal-y-", name,
                 fmt::format("{}: sorted |n_y| at step {} (the paper's Figure 21)", name, args.at),
                 sorted_quality_plot(scored, c, QualityMeasure::kAbsNormalY));
    out.add_plot("normal-quality-", name, fmt::format("{}: sorted n·n* at step {}", name, args.at),
                 sorted_quality_plot(scored, c, QualityMeasure::kSignedNormal));
  }
  out.finish();
}

/// Runs `run(request)` — an assess study whose request has `stop` and `progress` — with Ctrl-C
/// wired to request.stop and progress lines on stderr; restores Ctrl-C's default action afterwards,
/// on an exception too; throws Interrupted (nothing written) when it was stopped. `seconds`: how
/// long it ran.
template <class Request, class Run>
auto run_interruptible(Request& request, const Run& run, double& seconds) {
  request.stop = [] { return InterruptScope::requested(); };
  request.progress = [](const std::string& what) { fmt::print(stderr, "{}\n", what); };
  InterruptScope interrupt;
  const auto start = std::chrono::steady_clock::now();
  auto result = run(request);
  interrupt.restore();
  seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (result.stopped) {
    fmt::print(stderr, "interrupted: nothing written\n");
    throw Interrupted{};
  }
  return result;
}

/// `study penalty-stability` (see the file comment).
void run_penalty_stability_study(const StudyArgs& args, StudyFiles* write) {
  const std::vector<std::string> methods = split_names(args.method_values, "--methods");
  const std::vector<std::string> cases = split_names(args.case_values, "--cases");
  if (methods.size() > 1) throw InputError("--methods", 0, "penalty-stability takes one method");
  if (cases.size() > 1) throw InputError("--cases", 0, "penalty-stability takes one scene");
  const std::string method_name = methods.empty() ? "vertex-only" : methods.front();
  const ContactMethod* method = find_contact_method(method_name);
  if (!method) throw InputError("--methods", 0, "unknown method '" + method_name + "'");
  const Scene scene =
      load_scene(cases.empty() ? std::string(CONTACTLAB_DATA_DIR) + "/scenes/box_on_slab.json" : cases.front(),
                 {.refined = args.refined});
  PenaltyStabilityRequest request;
  if (args.quick) {
    request.steps = 1000;
    request.body_steps = 200;
    request.relative_tolerance = 1e-3;
  }
  request.body_scene = &scene;
  request.method = method;
  double seconds = 0.0;
  const PenaltyStabilityResult result = run_interruptible(request, run_penalty_stability, seconds);
  const std::string tables = penalty_stability_table(result);
  fmt::print("{}", tables);
  if (!write) return;
  StudyOutput out(args, fmt::format("penalty stability in {:.1f} s", seconds), tables, *write);
  out.add_file("sweep.csv", penalty_stability_csv(result));
  out.add_file("study.json", penalty_stability_json(result));
  out.add_plot("stability", "", "energy growth over a run against ω h, the particle on a plane",
               penalty_stability_plot(result));
  out.finish();
}

/// `study rounded-sphere` (see the file comment).
void run_rounded_sphere_study(const StudyArgs& args, StudyFiles* write) {
  if (!args.method_values.empty() || !args.case_values.empty()) {
    throw InputError(args.method_values.empty() ? "--cases" : "--methods", 0,
                     "rounded-sphere has its own scene and method (a sphere on a plate, rounded-triangles)");
  }
  RoundedSphereRequest request;
  if (args.quick) {
    request.subdivisions = {3, 4, 5};
    request.poses = 2;
  }
  request.threads = args.threads;
  double seconds = 0.0;
  const RoundedSphereResult result = run_interruptible(request, run_rounded_sphere_press, seconds);
  const std::string tables = rounded_sphere_table(result);
  fmt::print("{}", tables);
  if (!write) return;
  StudyOutput out(args, fmt::format("rounded-triangle sphere press in {:.1f} s", seconds), tables, *write);
  out.add_file("points.csv", rounded_sphere_csv(result));
  out.add_file("study.json", rounded_sphere_json(result));
  out.finish();
}

void run_study(const StudyArgs& args, StudyFiles* write) {
  if (args.study == "perturbation" || args.study == "timestep" || args.study == "refinement") {
    run_variant_study(args, write);
  } else {
    report_single_study(args, run_single_study(args), write);
  }
}

/// The studies of `study all`, in the order of the combined page: the cheap ones first.
constexpr std::array kAllStudies{"counts", "stability", "step-quality", "timestep", "refinement", "perturbation"};

/// `study all`: every study in turn, each in its subfolder of args.output, and args.output/index.html
/// with a section per study (studies_report_html); all written at the end, or nothing.
void run_all_studies(const StudyArgs& args, StudyFiles* write) {
  const auto start = std::chrono::steady_clock::now();
  std::optional<DynamicStudyResult> counts_runs;
  for (const std::string study : kAllStudies) {
    StudyArgs one = args;
    one.study = study;
    one.output = (std::filesystem::path(args.output) / study).string();
    fmt::print("== {}\n", study);
    if (study == "counts") {
      counts_runs = run_single_study(one);
      report_single_study(one, *counts_runs, write);
    } else if (study == "stability") {
      // The same request as counts, so the same (deterministic) runs: reported, not run again.
      fmt::print(stderr, "stability study: {} runs ({} methods × {} cases, {} steps each), those of the counts study\n",
                 counts_runs->runs.size(), counts_runs->methods.size(), counts_runs->cases.size(),
                 counts_runs->steps_requested);
      report_single_study(one, *counts_runs, write);
    } else {
      run_study(one, write);
    }
  }
  if (!write) return;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  write->files.add((std::filesystem::path(args.output) / "index.html").string(),
                   studies_report_html(write->pages, command_line(args),
                                       fmt::format("{} studies in {:.1f} s", kAllStudies.size(), seconds)));
}

}  // namespace

void add_study_command(CLI::App& app) {
  auto args = std::make_shared<StudyArgs>();
  CLI::App* cmd = app.add_subcommand(
      "study", "The paper's dynamic studies: every method simulated on pillar, wall, arch (docs/studies.md)");
  cmd->add_option("NAME", args->study,
                  "counts (contacts per step, Table 6), stability (standing or collapsed), step-quality "
                  "(quality, count, excess of the contacts at step --at, Table 7), perturbation (§8.5), timestep "
                  "(§8.5), refinement (§8.6), or all: each in a subfolder of -o DIR, with DIR/index.html over them; "
                  "penalty-stability: the largest stable step of penalty and continuous penalty forces (seed 001); "
                  "rounded-sphere: rounded-triangle contacts of a sphere pressed into a plate against the "
                  "elastic-foundation law as the meshes refine (seed 000)")
      ->required()
      ->check(CLI::IsMember({"counts", "stability", "step-quality", "perturbation", "timestep", "refinement", "all",
                             "penalty-stability", "rounded-sphere"}));
  cmd->add_option("--seeds", args->seeds, "perturbation: seeds per displacement (default 5)")
      ->check(integer_in(1, 1000, "an integer in [1, 1000]"));
  cmd->add_option("--at", args->at, "step-quality: the step whose contacts are scored (default 3, the paper's)")
      ->check(integer_in(0, 10'000'000, "an integer in [0, 10000000]"));
  cmd->add_option("--methods", args->method_values, "methods, comma-separated (default: the paper's eight)");
  cmd->add_option("--cases", args->case_values,
                  "built-in scenes or scene JSON files, comma-separated (default: pillar,wall,arch)");
  add_stepping_options(cmd, args->steps, "steps per run (default 500, the paper's)", args->time_step, args->iterations);
  add_band_option(cmd, args->band);
  cmd->add_option("--threads", args->threads, "worker threads (0: all cores)")
      ->check(integer_in(0, std::numeric_limits<int>::max(), "an integer ≥ 0 (0: all cores)"));
  cmd->add_flag("--refined", args->refined, "refined tet meshes");
  cmd->add_flag(
      "--quick", args->quick,
      fmt::format("{} steps of {} sweeps (overrides --steps and --iterations)", kQuickSteps, kQuickIterations));
  CLI::Option* output = cmd->add_option("-o,--output", args->output, "write tables.txt, steps.csv, study.json here");
  cmd->callback([args, output] {
    const bool write = output->count() > 0;
    if (write) check_output_folder(args->output);  // before the runs, not after
    StudyFiles files;
    if (args->study == "penalty-stability") {
      run_penalty_stability_study(*args, write ? &files : nullptr);
    } else if (args->study == "rounded-sphere") {
      run_rounded_sphere_study(*args, write ? &files : nullptr);
    } else if (args->study == "all") {
      run_all_studies(*args, write ? &files : nullptr);
    } else {
      run_study(*args, write ? &files : nullptr);
    }
    if (!write) return;
    files.files.commit();
    fmt::print(stderr, "wrote {}\n", (std::filesystem::path(args->output) / "index.html").string());
  });
}

}  // namespace contactlab::cli
