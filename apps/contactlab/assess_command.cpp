// `contactlab assess [--methods a,b|none] [--peers p,q] [--cases x,y] [--refined] [-o DIR] [--threads N]
// [--repetitions N] [--sparsify [T,A,D]]`: every method (and every peer: another library's contact generation, docs/peers.md)
// on every case of the assessment suite (Erleben 2018 §5, §8; docs/suite.md), scored against
// the ground truth. Prints the tables of the paper's layouts (Table 8, Table 7 with §8.2–8.3) with the
// paper's values on stdout and writes DIR: index.html (the report page), tables.txt, CSV, JSON, the
// sorted plots as SVG and PNG, and a 3-D viewer page per case (docs/assessment.md). Progress goes to
// stderr. Bad names or options: exit 2 before anything is run or written.
#include "commands.h"
#include "option_checks.h"
#include "progress.h"
#include "viewer_location.h"

#include "contactlab/assess/suite_run.h"
#include "contactlab/contact/generate_contacts.h"
#include "contactlab/contact/method.h"
#include "contactlab/core/error.h"
#include "contactlab/core/input_limits.h"
#include "contactlab/core/output_files.h"
#include "contactlab/peers/peers.h"
#include "contactlab/report/assessment_report.h"
#include "contactlab/report/assessment_tables.h"
#include "contactlab/report/paper_reference.h"
#include "contactlab/report/viewer_page.h"
#include "contactlab/suite/builtin_scenes.h"

#include <fmt/core.h>

#include <unistd.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iterator>
#include <limits>
#include <memory>
#include <optional>
#include <set>
#include <string_view>

namespace contactlab::cli {
namespace {

namespace fs = std::filesystem;

struct AssessArgs {
  std::vector<std::string> methods, cases, peers;
  std::vector<std::string> method_values, case_values, peer_values;  // as given; split into the above
  bool no_methods = false;                                           // --methods none: the peers alone
  bool refined = false;
  std::string output = "assessment";
  int threads = 0;
  int repetitions = 1;
  std::string sparsify_text;
  std::optional<SparsifyOptions> sparsify;  // --sparsify: also each method sparsified, as "<method>+sparsify"
};

std::string join(const std::vector<std::string>& names, const std::string& separator = ", ") {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : separator) + n;
  return out;
}

/// Unknown or repeated names are bad input; the message lists the known ones.
void check_names(const std::vector<std::string>& names, const std::vector<std::string>& known, const char* option,
                 const char* what) {
  std::set<std::string> seen;
  for (const std::string& name : names) {
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      const char* file_too = std::string_view(what) == "case" ? "a scene JSON file or " : "";
      throw InputError(
          option, 0,
          fmt::format("unknown {} '{}': expected {}one of {}", what, quoted_excerpt(name), file_too, join(known)));
    }
    if (!seen.insert(name).second) {
      throw InputError(option, 0, fmt::format("{} '{}' is listed twice", what, quoted_excerpt(name)));
    }
  }
}

/// viewer/dist's template and bundle, or nothing (with a warning: the report then has no 3-D views).
std::optional<ViewerBundle> load_viewer() {
  const fs::path dist = viewer_dir() / "dist";
  ViewerBundleRead read = read_viewer_bundle(dist.string());
  if (!read.bundle) {
    fmt::print(stderr,
               "contactlab: warning: no viewer bundle in {} — the report will have no 3-D views (the build runs "
               "`npm run build` in viewer/; scripts/setup.sh installs npm's packages)\n",
               dist.string());
  }
  return std::move(read.bundle);
}

std::string command_line(const AssessArgs& args) {
  std::string out = "contactlab assess";
  if (args.no_methods) out += " --methods none";
  if (!args.methods.empty()) out += " --methods " + join(args.methods, ",");
  if (!args.peers.empty()) out += " --peers " + join(args.peers, ",");
  if (!args.cases.empty()) out += " --cases " + join(args.cases, ",");
  if (args.refined) out += " --refined";
  if (args.threads != 0) out += fmt::format(" --threads {}", args.threads);
  if (args.repetitions != 1) out += fmt::format(" --repetitions {}", args.repetitions);
  return out + " -o " + args.output;
}

void run_assess(const AssessArgs& args) {
  std::vector<std::string> method_names, case_names;
  for (const ContactMethod* m : contact_methods()) method_names.push_back(m->name());
  for (const BuiltinSceneInfo& s : builtin_scenes()) case_names.push_back(s.name);
  check_names(args.methods, method_names, "--methods", "method");
  if (args.no_methods && args.peers.empty()) {
    throw InputError("--methods", 0, "'none' runs only the peers, and no --peers are given");
  }
  // Unknown, repeated or unbuilt peers: exit 2 here, naming the built ones and what to install.
  std::vector<SceneContactGenerator> peers = peer_generators(args.peers);
  // A case is a built-in name or a scene JSON file (read, and its ground truth checked, by run_suite
  // before any method runs).
  std::vector<std::string> builtin_cases;
  for (const std::string& name : args.cases) {
    if (is_builtin_scene(name) || !is_suite_case(name)) builtin_cases.push_back(name);
  }
  check_names(builtin_cases, case_names, "--cases", "case");
  check_names(args.cases, args.cases, "--cases", "case");  // each listed once
  const fs::path dir = args.output;
  // Before the run, so that a run of minutes does not end in "cannot write".
  check_output_folder(dir.string());
  std::optional<ViewerBundle> viewer = load_viewer();

  SuiteOptions options;
  options.methods = args.methods;
  options.no_methods = args.no_methods;
  // --sparsify: every method again with Solfec's sparsification, scored beside it as
  // "<method>+sparsify" (before the peers).
  if (args.sparsify) {
    if (args.no_methods) throw InputError("--sparsify", 0, "sparsifies the methods' contacts, and --methods is 'none'");
    std::vector<const ContactMethod*> sparsified;
    if (args.methods.empty()) {
      sparsified = contact_methods();
    } else {
      for (const std::string& name : args.methods) sparsified.push_back(find_contact_method(name));
    }
    std::vector<SceneContactGenerator> generators;
    for (const ContactMethod* method : sparsified) {
      GenerateOptions generate;
      generate.threads = args.threads;
      generate.sparsify = args.sparsify;
      generators.push_back({method->name() + "+sparsify", false, [method, generate](const Scene& scene) {
                              return generate_contacts(scene, *method, generate);
                            }});
    }
    generators.insert(generators.end(), std::make_move_iterator(peers.begin()), std::make_move_iterator(peers.end()));
    peers = std::move(generators);
  }
  options.generators = std::move(peers);
  options.cases = args.cases;
  options.refined = args.refined;
  options.generate.threads = args.threads;
  options.repetitions = args.repetitions;
  Progress progress;
  options.progress = [&progress](int done, int total, const std::string& method, const std::string& case_name) {
    const int width = static_cast<int>(std::to_string(total).size());
    progress.line(fmt::format("[{:>{}}/{}] {} on {} …", done + 1, width, total, method, case_name));
  };
  const SuiteResult result = run_suite(options);
  const std::size_t peer_count = args.peers.size();
  progress.line(fmt::format(
      "{} runs ({} methods{} × {} cases) in {:.1f} s", result.results.size(), result.methods.size() - peer_count,
      peer_count == 0 ? std::string() : fmt::format(" + {} peers", peer_count), result.cases.size(), result.seconds));
  progress.finish();

  const ReferenceValues& paper = paper_reference();
  const std::string fundamental = fundamental_cases_table(result, &paper);
  const std::string structures = structures_table(result, &paper);
  fmt::print("{}{}{}", fundamental, !fundamental.empty() && !structures.empty() ? "\n" : "", structures);
  std::fflush(stdout);

  const auto started = std::chrono::steady_clock::now();
  const std::vector<std::string> written = write_assessment_report(
      dir.string(), result,
      {.reference = &paper,
       .viewer = std::move(viewer),
       .command = command_line(args),
       .progress = [&progress](const std::string& step) { progress.line("writing " + step + " …"); }});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  progress.line(fmt::format("wrote {} ({} files) in {:.1f} s", (dir / "index.html").string(), written.size(), seconds));
  progress.finish();
}

}  // namespace

void add_assess_command(CLI::App& app) {
  auto args = std::make_shared<AssessArgs>();
  CLI::App* cmd = app.add_subcommand("assess",
                                     "Score contact methods on the assessment suite; print the tables, write the "
                                     "report (index.html, CSV, JSON, plots)");
  // The lists are split by split_names, not by CLI11's delimiter, which read "--cases ," as no
  // value and took the next option ("--methods") as the case.
  cmd->add_option("--methods", args->method_values,
                  "methods, comma-separated (default: all; see `contactlab methods`); 'none': only the --peers");
  const std::vector<std::string> built = built_peer_names();
  std::string peer_help =
      "peers, comma-separated: other libraries' contact generation on the same surface meshes, scored by the "
      "same measures and shown after the methods, labelled '(peer)' (docs/peers.md). Known: fcl, bullet, ode; "
      "built here: ";
  peer_help += built.empty() ? std::string("none") : join(built, ", ");
  cmd->add_option("--peers", args->peer_values, peer_help);
  cmd->add_option("--cases", args->case_values,
                  "built-in cases or scene JSON files with ground truth, comma-separated (default: all 13; see "
                  "`contactlab scenes`)");
  cmd->add_flag("--refined", args->refined, "refined tet meshes");
  cmd->add_option("-o,--output", args->output, "report folder (created if missing; the last -o counts)")
      ->capture_default_str()
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  cmd->add_option("--threads", args->threads, "worker threads (0: all cores)")
      ->check(integer_in(0, std::numeric_limits<int>::max(), "an integer ≥ 0 (0: all cores)"));
  cmd->add_option("--repetitions", args->repetitions, "timed generations per method and case (time = median)")
      ->check(integer_in(1, std::numeric_limits<int>::max(), "an integer ≥ 1"))
      ->capture_default_str();
  add_sparsify_option(cmd, args->sparsify_text);
  cmd->callback([args, cmd] {
    args->sparsify = sparsify_from_option(cmd, args->sparsify_text);
    args->methods = split_names(args->method_values, "--methods");
    if (args->methods.size() == 1 && args->methods.front() == "none") {
      args->methods.clear();
      args->no_methods = true;
    }
    args->peers = split_names(args->peer_values, "--peers");
    args->cases = split_names(args->case_values, "--cases");
    run_assess(*args);
  });
}

}  // namespace contactlab::cli
