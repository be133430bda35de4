// What every fuzz target shares (docs/errors-and-limits.md "Fuzzing"). A target is a libFuzzer
// entry point, LLVMFuzzerTestOneInput, plus the seeds it starts from; it runs under either engine:
//  - the project's own mutation driver (fuzz_driver.cpp; every CTest `fuzz` test and the long run),
//    which installs a finding handler, reads the outcome of each input and isolates crashes and
//    hangs in a child process;
//  - libFuzzer (clang, -DCONTACTLAB_FUZZ_ENGINE=libfuzzer), where a finding aborts, so libFuzzer
//    saves the input as a crash.
// Per input a target sets the outcome (accepted, refused with InputError, or skipped: the input
// does not describe a case worth running, e.g. a mesh path outside the scratch folder) and reports
// every finding: NaN or Inf in a result, a violated invariant (an accepted object that is not
// valid, a broken method contract), or an exception other than InputError.
#pragma once

#include "contactlab/core/error.h"

#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <string_view>
#include <typeinfo>
#include <vector>

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv);
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace contactlab::fuzz {

enum class Outcome { kAccepted, kRefused, kSkipped };
enum class FindingKind { kNaN, kInvariant, kException };

const char* finding_name(FindingKind kind);

/// The outcome of the input being run; the driver resets it to kSkipped before each input.
Outcome& outcome();

/// Records a finding: calls the handler the driver installed (which saves the input and lets the
/// run go on), or, with no handler (libFuzzer, replaying a file), prints it and aborts.
void report(FindingKind kind, std::string_view message);

using FindingHandler = void (*)(FindingKind kind, std::string_view message);
void set_finding_handler(FindingHandler handler);

/// This process's scratch folder (created on first use): $CONTACTLAB_FUZZ_SCRATCH if set, else a
/// folder named after the process under /dev/shm (or $TMPDIR, /tmp). Readers that take paths
/// read the input from a file here; nothing outside it is written.
const std::string& scratch_dir();

/// Writes `bytes` to scratch_dir()/name and returns the path.
std::string write_scratch_file(const std::string& name, std::string_view bytes);

/// The seed inputs of the target (defined by each target): files of the repository's data/ folder
/// or generated ones. The driver mutates them; libFuzzer ignores them (give it a corpus folder).
std::vector<std::string> seed_inputs();

/// The names of the target's sub-targets (e.g. one per contact method), empty if it has none; the
/// driver runs each in turn, after select_subtarget(name). Defined by each target.
std::vector<std::string> subtargets();
void select_subtarget(const std::string& name);

/// The contents of a file (empty if it cannot be read).
std::string read_file(const std::string& path);

/// Runs `read` (a reader call): InputError → refused; any other exception → a finding (kException)
/// and refused. Returns whether `read` returned normally (the caller then checks the result and
/// sets kAccepted).
template <class F>
bool guarded(F&& read) {
  try {
    read();
    return true;
  } catch (const InputError&) {
    outcome() = Outcome::kRefused;
  } catch (const std::exception& e) {
    outcome() = Outcome::kRefused;
    report(FindingKind::kException, std::string(typeid(e).name()) + ": " + e.what());
  } catch (...) {
    outcome() = Outcome::kRefused;
    report(FindingKind::kException, "unknown exception");
  }
  return false;
}

}  // namespace contactlab::fuzz
