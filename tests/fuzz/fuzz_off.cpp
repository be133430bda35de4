// Fuzz target: the OFF reader (read_off). The input is the file's bytes. Accepted meshes must be
// valid (fuzz_checks.h); anything else must be refused with InputError.
#include "fuzz_checks.h"
#include "fuzz_target.h"

#include "contactlab/mesh/off_io.h"

namespace contactlab::fuzz {
std::vector<std::string> seed_inputs() {
  std::vector<std::string> seeds;
  for (const std::string& f : files_in(CONTACTLAB_TEST_DATA_DIR, {".off"})) seeds.push_back(read_file(f));
  return seeds;
}
std::vector<std::string> subtargets() { return {}; }
void select_subtarget(const std::string&) {}
}  // namespace contactlab::fuzz

using namespace contactlab;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fuzz::scratch_dir();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string path = fuzz::write_scratch_file("input.off", {reinterpret_cast<const char*>(data), size});
  TriMesh mesh;
  if (!fuzz::guarded([&] { mesh = read_off(path); })) return 0;
  fuzz::outcome() = fuzz::Outcome::kAccepted;
  fuzz::check_tri_mesh(mesh, "read_off");
  return 0;
}
