// TetGen files written atomically: a single tet (the unit corner tet, volume 1/6) comes back from
// read_tetgen as written, no temporary file is left, and a missing folder is an InputError that
// writes nothing.
#include "contactlab/io/tetgen_atomic_write.h"

#include "contactlab/core/error.h"
#include "contactlab/mesh/tetgen_io.h"

#include <gtest/gtest.h>

#include <unistd.h>
#include <algorithm>
#include <filesystem>

namespace contactlab {
namespace {

namespace fs = std::filesystem;

TEST(TetgenAtomicWrite, WritesTheThreeFilesAndNothingElse) {
  const fs::path dir = fs::temp_directory_path() / ("contactlab-tetgen-write-test-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  TetMesh mesh;
  mesh.vertices = {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1)};
  mesh.tets = {Tet{0, 1, 2, 3}};
  // The four faces, outward (counter-clockwise seen from outside).
  const std::vector<Triangle> faces = {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}};
  const std::string base = (dir / "tet").string();
  write_tetgen_atomically(base, mesh, faces);
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"tet.ele", "tet.face", "tet.node"}));
  const TetGenMesh back = read_tetgen(base + ".node");
  EXPECT_EQ(back.mesh.vertices, mesh.vertices);
  EXPECT_EQ(back.mesh.tets, mesh.tets);
  EXPECT_EQ(back.faces, faces);

  const std::string missing = (dir / "no-such-folder" / "tet").string();
  try {
    write_tetgen_atomically(missing, mesh, faces);
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("does not exist"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(fs::exists(dir / "no-such-folder"));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace contactlab
