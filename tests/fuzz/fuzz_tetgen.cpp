// Fuzz target: the TetGen reader (read_tetgen). One input holds the three files, .node, .ele and
// (optional) .face, separated by the byte 0x1e (ASCII record separator, which no mesh file needs,
// so NUL and other bytes stay free to fuzz): fewer parts leave the later files out. Accepted
// meshes must be valid (fuzz_checks.h, face indices in range, one marker per face or none).
#include "fuzz_checks.h"
#include "fuzz_target.h"

#include "contactlab/mesh/tetgen_io.h"

#include <cstdio>
#include <filesystem>

namespace contactlab::fuzz {

namespace {
constexpr char kSeparator = '\x1e';

std::string join(const std::string& node, const std::string& ele, const std::string& face = {},
                 bool with_face = false) {
  return node + kSeparator + ele + (with_face ? kSeparator + face : std::string());
}
}  // namespace

std::vector<std::string> seed_inputs() {
  std::vector<std::string> seeds;
  // Every .node of data/ with the .ele of the same name (if any).
  for (const std::string& node : files_in(CONTACTLAB_TEST_DATA_DIR, {".node"})) {
    const std::string base = node.substr(0, node.size() - 5);
    seeds.push_back(join(read_file(node), read_file(base + ".ele"), read_file(base + ".face"),
                         std::filesystem::exists(base + ".face")));
  }
  for (const std::string& ele : files_in(CONTACTLAB_TEST_DATA_DIR, {".ele"}))
    seeds.push_back(join(read_file(ele.substr(0, ele.size() - 4) + ".node"), read_file(ele)));
  // Valid meshes: the unit tet (0-based, with faces and markers), two tets sharing a face (1-based,
  // attributes, comments, 10-node tets).
  seeds.push_back(join("4 3 0 0\n0 0 0 0\n1 1 0 0\n2 0 1 0\n3 0 0 1\n", "1 4 0\n0 0 1 2 3\n",
                       "4 1\n0 0 2 1 1\n1 0 1 3 1\n2 1 2 3 1\n3 0 3 2 1\n", true));
  seeds.push_back(join("# two tets\n5 3 1 1\n1 0 0 0 7 1\n2 1 0 0 7 1\n3 0 1 0 7 1\n4 0 0 1 7 1\n5 0 0 -1 7 1\n",
                       "2 10 1\n1 1 2 3 4 1 1 1 1 1 1 5\n2 1 3 2 5 1 1 1 1 1 1 6\n",
                       "6 0\n1 1 3 2\n2 1 2 4\n"
                       "3 2 3 4\n4 1 4 3\n5 1 2 5\n6 1 5 3\n",
                       true));
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
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  std::string_view parts[3];
  std::size_t count = 0, begin = 0;
  for (; count < 3; ++count) {
    const std::size_t end = count < 2 ? input.find('\x1e', begin) : std::string_view::npos;
    parts[count] = input.substr(begin, end == std::string_view::npos ? std::string_view::npos : end - begin);
    if (end == std::string_view::npos) {
      ++count;
      break;
    }
    begin = end + 1;
  }
  const std::string base = fuzz::scratch_dir() + "/input";
  static const char* extensions[] = {".node", ".ele", ".face"};
  for (std::size_t i = 0; i < 3; ++i) {
    if (i < count)
      fuzz::write_scratch_file(std::string("input") + extensions[i], parts[i]);
    else
      std::remove((base + extensions[i]).c_str());
  }
  TetGenMesh mesh;
  if (!fuzz::guarded([&] { mesh = read_tetgen(base); })) return 0;
  fuzz::outcome() = fuzz::Outcome::kAccepted;
  if (!fuzz::check_tet_mesh(mesh.mesh, "read_tetgen")) return 0;
  if (!fuzz::check_indices(mesh.faces, mesh.mesh.vertices.size(), "read_tetgen faces")) return 0;
  if (!mesh.face_markers.empty() && mesh.face_markers.size() != mesh.faces.size()) {
    fuzz::report(fuzz::FindingKind::kInvariant, "read_tetgen: face markers not one per face");
    return 0;
  }
  if (mesh.first_index != 0 && mesh.first_index != 1) {
    fuzz::report(fuzz::FindingKind::kInvariant, "read_tetgen: first_index neither 0 nor 1");
    return 0;
  }
  return 0;
}
