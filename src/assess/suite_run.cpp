// run_suite (suite_run.h): every requested method on every requested case — built-in (docs/suite.md;
// Erleben 2018 §8, Table 8) or a user's scene JSON with ground truth — scored with
// measure_contacts. Names are checked and every scene is built before any method runs; then case
// by case every method runs on it `repetitions` times.
#include "contactlab/assess/suite_run.h"

#include "case_names.h"
#include "contactlab/contact/method.h"
#include "contactlab/core/error.h"
#include "contactlab/suite/builtin_scenes.h"
#include "contactlab/suite/load_scene.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <set>

namespace contactlab {
namespace {

using assess_detail::check_distinct_cases;
using assess_detail::join;
using assess_detail::resolve;

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 == 1 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

/// Generators checked before anything runs: a name and a function each, names unique and none a
/// registered method's (the rows of one table are told apart by name).
void check_generators(const std::vector<SceneContactGenerator>& generators, const std::vector<std::string>& methods) {
  std::set<std::string> seen;
  for (const SceneContactGenerator& generator : generators) {
    if (generator.name.empty()) throw InputError("", 0, "a contact generator has no name");
    if (!generator.generate) throw InputError("", 0, "contact generator '" + generator.name + "' has no function");
    if (std::find(methods.begin(), methods.end(), generator.name) != methods.end()) {
      throw InputError("", 0, "contact generator '" + generator.name + "' has the name of a contact method");
    }
    if (!seen.insert(generator.name).second) {
      throw InputError("", 0, "contact generator '" + generator.name + "' is listed twice");
    }
  }
}

}  // namespace

SuiteResult run_suite(const SuiteOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::string> method_names, case_names;
  for (const ContactMethod* method : contact_methods()) method_names.push_back(method->name());
  for (const BuiltinSceneInfo& info : builtin_scenes()) case_names.push_back(info.name);
  if (options.repetitions < 1) {
    throw InputError("", 0, "repetitions must be at least 1, got " + std::to_string(options.repetitions));
  }
  if (options.no_methods && !options.methods.empty()) {
    throw InputError("", 0, "no_methods is set and methods are listed: " + join(options.methods));
  }
  if (options.no_methods && options.generators.empty()) {
    throw InputError("", 0, "nothing to run: no methods and no contact generators");
  }
  check_generators(options.generators, method_names);

  SuiteResult result;
  if (!options.no_methods) result.methods = resolve(options.methods, method_names, "method");
  const std::size_t registered_count = result.methods.size();
  result.peers.assign(registered_count, false);
  for (const SceneContactGenerator& generator : options.generators) {
    result.methods.push_back(generator.name);
    result.peers.push_back(generator.peer);
  }
  // Built-in names are checked against the list (with its suggestions); scene files by reading them.
  std::vector<std::string> builtin_requested;
  for (const std::string& name : options.cases) {
    if (is_builtin_scene(name) || !is_suite_case(name)) builtin_requested.push_back(name);
  }
  resolve(builtin_requested, case_names, "case");
  result.cases = options.cases.empty() ? case_names : options.cases;
  check_distinct_cases(result.cases);
  result.refined = options.refined;
  const std::size_t method_count = result.methods.size(), case_count = result.cases.size();
  result.results.resize(method_count * case_count);

  const int total = static_cast<int>(method_count * case_count);
  int done = 0;
  std::vector<Scene> scenes;  // all built (scene files read and checked) before the first run
  scenes.reserve(case_count);
  for (const std::string& case_name : result.cases) scenes.push_back(make_suite_case(case_name, options.refined));
  for (std::size_t c = 0; c < case_count; ++c) {
    const std::string& case_name = result.cases[c];
    const Scene& scene = scenes[c];
    const auto info = std::find_if(builtin_scenes().begin(), builtin_scenes().end(),
                                   [&](const BuiltinSceneInfo& i) { return i.name == case_name; });
    const bool fundamental = info != builtin_scenes().end() && info->fundamental;
    for (std::size_t m = 0; m < method_count; ++m) {
      const std::string& method_name = result.methods[m];
      if (options.progress) options.progress(done, total, method_name, case_name);
      CaseResult& out = result.results[m * case_count + c];
      out.case_name = case_name;
      out.fundamental = fundamental;
      out.method = method_name;
      out.peer = result.is_peer(m);
      std::vector<double> seconds;
      for (int r = 0; r < options.repetitions; ++r) {
        ContactSet contacts;
        if (m < registered_count) {
          GenerateStatistics statistics;
          contacts = generate_contacts(scene, *find_contact_method(method_name), options.generate, &statistics);
          seconds.push_back(statistics.seconds);
        } else {
          const auto started = std::chrono::steady_clock::now();
          contacts = options.generators[m - registered_count].generate(scene);
          seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
        }
        if (r == 0) out.contacts = std::move(contacts);
      }
      out.seconds = median(std::move(seconds));
      out.measures = measure_contacts(scene, *scene.ground_truth, out.contacts, options.measure);
      ++done;
    }
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

Scene make_suite_case(const std::string& name, bool refined) {
  if (is_builtin_scene(name)) return make_builtin_scene(name, {.refined = refined});
  if (!is_suite_case(name)) {
    std::string known;
    for (const BuiltinSceneInfo& info : builtin_scenes()) known += (known.empty() ? "" : ", ") + info.name;
    throw InputError("", 0, "unknown case '" + name + "': expected a scene JSON file or one of " + known);
  }
  Scene scene = load_scene(name, {.refined = refined});
  if (!scene.ground_truth || scene.ground_truth->interfaces.empty()) {
    throw InputError(name, 0,
                     "ground_truth: the scene has no ground-truth interfaces to score contacts against "
                     "(see docs/scene-format.md, \"ground_truth\")");
  }
  return scene;
}

bool is_suite_case(const std::string& name) {
  if (is_builtin_scene(name)) return true;
  std::error_code error;
  return std::filesystem::is_regular_file(name, error);
}

}  // namespace contactlab
