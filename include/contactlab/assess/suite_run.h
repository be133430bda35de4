// The suite runner: every requested method on every requested case, scored against the ground
// truth (measures.h). What `contactlab assess` and the report are built from.
#pragma once

#include "contactlab/assess/measures.h"
#include "contactlab/assess/scene_contact_generator.h"
#include "contactlab/contact/generate_contacts.h"

#include <functional>
#include <string>
#include <vector>

namespace contactlab {

struct SuiteOptions {
  std::vector<std::string> methods;  ///< registry names; empty: all registered methods (see no_methods)
  /// Run none of the registered methods, only `generators` (e.g. `contactlab assess --methods none
  /// --peers fcl`); `methods` must then be empty.
  bool no_methods = false;
  /// Further generators (scene_contact_generator.h), run and scored after the methods on every
  /// case, in this order; their names follow the methods' in SuiteResult::methods.
  std::vector<SceneContactGenerator> generators;
  /// Built-in scene names or paths of scene JSON files with ground truth (docs/scene-format.md);
  /// empty: the 13 built-in cases.
  std::vector<std::string> cases;
  bool refined = false;      ///< refined tet meshes
  GenerateOptions generate;  ///< method settings and thread count
  MeasureOptions measure;
  int repetitions = 1;  ///< timed generations per (method, case), ≥ 1; time = median
  /// Called before each (method, case) run: runs done so far, total runs, method, case. Runs go
  /// case by case (each scene is built once, then every method runs on it).
  std::function<void(int, int, const std::string&, const std::string&)> progress;
};

struct CaseResult {
  std::string case_name;
  bool fundamental = false;
  std::string method;  ///< a registered method's name or a generator's
  bool peer = false;   ///< from a SceneContactGenerator with `peer` set
  Measures measures;
  /// Median wall-clock of generate_contacts (broad + narrow + post), or of the generator's call.
  double seconds = 0.0;
  ContactSet contacts;  ///< the contacts scored (for the viewer pages)
};

struct SuiteResult {
  std::vector<std::string> methods;  ///< in run order: the registered methods, then the generators
  /// Per entry of `methods`: true for a peer generator. May be shorter than `methods` (results built
  /// by hand): missing entries are false; use is_peer.
  std::vector<bool> peers;
  std::vector<std::string> cases;
  bool refined = false;
  std::vector<CaseResult> results;  ///< method-major: results[m * cases.size() + c]
  double seconds = 0.0;             ///< wall clock of the whole run incl. scene building

  const CaseResult& at(std::size_t method, std::size_t case_index) const {
    return results[method * cases.size() + case_index];
  }
  bool is_peer(std::size_t method) const { return method < peers.size() && peers[method]; }
};

/// Runs the suite. Scenes are built once per case, all before the first method runs. Throws
/// InputError, before any method runs, for an unknown method or case name (listing the known
/// ones), a name listed twice, repetitions < 1, a scene file that cannot be read, or one without
/// ground truth; for a generator without a name or function, or whose name is a method's or another
/// generator's; for no_methods with methods listed, or nothing to run (no_methods and no
/// generators).
SuiteResult run_suite(const SuiteOptions& options);

/// The scene of one suite case: the built-in scene of that name, else the scene JSON at that path
/// (load_scene). Throws InputError as run_suite does, including for a scene without ground truth.
Scene make_suite_case(const std::string& name, bool refined);

/// Whether `name` can be a suite case: a built-in scene name or an existing regular file.
bool is_suite_case(const std::string& name);

}  // namespace contactlab
