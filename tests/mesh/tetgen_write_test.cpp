// write_tetgen writes BASE.node, BASE.ele and BASE.face all or none (core/output_files.h): a single
// tet (the unit corner tet) comes back from read_tetgen as written with no temporary left; a missing
// folder, a BASE that names a folder, and a .face that is a folder are InputErrors that write nothing.
#include "contactlab/core/error.h"
#include "contactlab/mesh/tetgen_io.h"
#include "core/scratch_dir.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

namespace contactlab {
namespace {

namespace fs = std::filesystem;
using testing::ScratchDir;

TetMesh corner_tet() {
  TetMesh mesh;
  mesh.vertices = {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1)};
  mesh.tets = {Tet{0, 1, 2, 3}};
  return mesh;
}

// The four faces of corner_tet, outward (counter-clockwise seen from outside).
const std::vector<Triangle> kFaces = {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}};

std::vector<std::string> names_in(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

/// The message of the InputError write_tetgen(base, …) throws ("" and a failure if none).
std::string write_error(const std::string& base) {
  try {
    write_tetgen(base, corner_tet(), kFaces);
  } catch (const InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected an InputError for " << base;
  return "";
}

TEST(TetgenWrite, WritesTheThreeFilesAndNothingElse) {
  const ScratchDir dir("tetgen-write");
  const std::string base = dir.file("tet");
  write_tetgen(base, corner_tet(), kFaces);
  EXPECT_EQ(names_in(dir.path()), (std::vector<std::string>{"tet.ele", "tet.face", "tet.node"}));
  const TetGenMesh back = read_tetgen(base + ".node");
  EXPECT_EQ(back.mesh.vertices, corner_tet().vertices);
  EXPECT_EQ(back.mesh.tets, corner_tet().tets);
  EXPECT_EQ(back.faces, kFaces);
}

TEST(TetgenWrite, AMissingFolderWritesNothing) {
  const ScratchDir dir("tetgen-write");
  const std::string message = write_error(dir.file("no-such-folder/tet"));
  EXPECT_NE(message.find("does not exist"), std::string::npos) << message;
  EXPECT_EQ(dir.entries(), 0u);
}

TEST(TetgenWrite, ABaseThatNamesAFolderWritesNothing) {
  const ScratchDir dir("tetgen-write");
  fs::create_directory(dir.file("sub"));
  // These wrote the hidden files "..node", "sub/.node" and ".node".
  for (const std::string& base : {dir.file("."), dir.file("sub/"), std::string()}) {
    const std::string message = write_error(base);
    EXPECT_NE(message.find("expected a file name"), std::string::npos) << message;
  }
  EXPECT_EQ(names_in(dir.path()), std::vector<std::string>{"sub"});
  EXPECT_TRUE(fs::is_empty(dir.file("sub")));
}

TEST(TetgenWrite, AFaceFileThatIsAFolderWritesNothing) {
  const ScratchDir dir("tetgen-write");
  fs::create_directory(dir.file("tet.face"));
  const std::string message = write_error(dir.file("tet"));
  EXPECT_NE(message.find(dir.file("tet.face") + ": is a folder"), std::string::npos) << message;
  EXPECT_EQ(names_in(dir.path()), std::vector<std::string>{"tet.face"});
}

}  // namespace
}  // namespace contactlab
