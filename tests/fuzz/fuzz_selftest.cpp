// Fuzz target that tests the driver itself (test fuzz.driver_selftest): each seed is a command
// that makes the input behave as a finding of one kind would, so the driver's summary line has
// known counts. Seeds run unmutated first, so a run of exactly these 8 inputs is deterministic:
//   ok      accepted                       refuse  refused (InputError)
//   spin    burns CPU forever: a hang      sleep   blocks using no CPU: a hang (wall timeout)
//   crash   aborts: a crash                nan     accepted, reports a NaN
//   flaky1  over the limit on its first run only: retried (alone in a fresh child it passes)
//   flaky2  over the limit on its first two runs: a suspect, passes when judged again: retried
// flaky1/flaky2 count their runs in files of the scratch folder, which the driver's children share.
#include "fuzz_target.h"

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <limits>

namespace contactlab::fuzz {
std::vector<std::string> seed_inputs() { return {"ok", "refuse", "spin", "sleep", "crash", "nan", "flaky1", "flaky2"}; }
std::vector<std::string> subtargets() { return {}; }
void select_subtarget(const std::string&) {}
}  // namespace contactlab::fuzz

namespace {

[[noreturn]] void spin() {
  volatile std::uint64_t counter = 0;
  for (;;) counter = counter + 1;
}

/// How many times this input ran before (a counter file per name in the scratch folder).
int runs_before(const std::string& name) {
  const std::string path = contactlab::fuzz::scratch_dir() + "/" + name + ".runs";
  int runs = 0;
  std::ifstream(path) >> runs;
  std::ofstream(path, std::ios::trunc) << runs + 1;
  return runs;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  contactlab::fuzz::scratch_dir();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace contactlab::fuzz;
  const std::string command(reinterpret_cast<const char*>(data), size);
  if (command == "refuse") {
    guarded([] { throw contactlab::InputError("<self-test>", 0, "refused"); });
    return 0;
  }
  if (command == "spin") spin();
  if (command == "sleep")
    for (;;) ::pause();
  if (command == "crash") std::abort();
  if (command == "flaky1" && runs_before(command) < 1) spin();
  if (command == "flaky2" && runs_before(command) < 2) spin();
  outcome() = Outcome::kAccepted;
  if (command == "nan") report(FindingKind::kNaN, "a NaN reported by the self-test");
  return 0;
}
