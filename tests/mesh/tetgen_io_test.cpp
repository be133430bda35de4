#include "contactlab/mesh/tetgen_io.h"

#include "contactlab/core/error.h"
#include "contactlab/mesh/obj_io.h"
#include "contactlab/mesh/tetrahedralize.h"

#include "core/scratch_dir.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace contactlab {
namespace {

const std::string kData = CONTACTLAB_TEST_DATA_DIR;

std::string scratch(const std::string& name) { return testing::current_test_dir("tetgen").file(name); }

void expect_error(const std::string& path, const std::string& file, int line, const std::string& fragment) {
  SCOPED_TRACE(path);
  try {
    read_tetgen(path);
    ADD_FAILURE() << "expected InputError";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_EQ(e.source(), file) << what;
    EXPECT_EQ(e.line(), line) << what;
    EXPECT_NE(what.find(fragment), std::string::npos) << what;
  }
}

TEST(TetGenIo, HugeCountsRepeatedNodesAndLimits) {
  const std::string base = scratch("t");
  const std::string node = "4 3 0 0\n0 0 0 0\n1 1 0 0\n2 0 1 0\n3 0 0 1\n";
  // Huge header counts: read to the end and reported truncated, never allocated.
  std::ofstream(base + ".node") << "2000000000 3 0 0\n";
  std::ofstream(base + ".ele") << "1 4 0\n0 0 1 2 3\n";
  expect_error(base, base + ".node", 1, "expected 2000000000 nodes, found 0");
  std::ofstream(base + ".node") << node;
  std::ofstream(base + ".ele") << "2000000000 4 0\n";
  expect_error(base, base + ".ele", 1, "expected 2000000000 tets, found 0");
  std::ofstream(base + ".ele") << "1 4 0\n0 0 1 2 3\n";
  std::ofstream(base + ".face") << "2000000000 0\n";
  expect_error(base, base + ".face", 1, "expected 2000000000 faces, found 0");
  std::filesystem::remove(base + ".face");
  // Too few nodes, no tets, repeated nodes.
  std::ofstream(base + ".node") << "3 3 0 0\n0 0 0 0\n1 1 0 0\n2 0 1 0\n";
  expect_error(base, base + ".node", 1, "node count 3: expected at least 4");
  std::ofstream(base + ".node") << node;
  std::ofstream(base + ".ele") << "0 4 0\n";
  expect_error(base, base + ".ele", 1, "tet count 0: expected at least 1 tet");
  std::ofstream(base + ".ele") << "1 4 0\n0 0 1 2 0\n";
  expect_error(base, base + ".ele", 2, "tet lists node 0 twice (corners 0 and 3): expected 4 distinct nodes");
  std::ofstream(base + ".ele") << "1 4 0\n0 0 1 2 3\n";
  std::ofstream(base + ".face") << "1 0\n0 2 1 2\n";
  expect_error(base, base + ".face", 2, "face lists node 2 twice");
  std::filesystem::remove(base + ".face");
  // Coordinates beyond the limit; a byte-order mark and CR line ends are read.
  std::ofstream(base + ".node") << "4 3 0 0\n0 0 0 0\n1 1e51 0 0\n2 0 1 0\n3 0 0 1\n";
  expect_error(base, base + ".node", 3, "x coordinate of node '1e51' is beyond the coordinate limit");
  std::ofstream(base + ".node", std::ios::binary) << "\xEF\xBB\xBF"
                                                  << "4 3 0 0\r0 0 0 0\r1 1 0 0\r2 0 1 0\r3 0 0 1\r";
  const TetGenMesh m = read_tetgen(base);
  ASSERT_EQ(m.mesh.vertex_count(), 4);
  EXPECT_DOUBLE_EQ(m.mesh.signed_volume(0), 1.0 / 6.0);
}

// A hand-written 1-based file set: two tets sharing face (2,3,4), with face markers.
TEST(TetGenIo, ReadsOneBasedFilesWithComments) {
  const std::string base = scratch("two");
  std::ofstream(base + ".node") << "# nodes\n5 3 1 1\n1 0 0 0 7.5 1\n2 1 0 0 0 1\n3 0 1 0 0 1\n"
                                   "4 0 0 1 0 1 # last but one\n5 1 1 1 0 0\n";
  std::ofstream(base + ".ele") << "2 4 0\n1 1 2 3 4\n2 2 3 4 5\n";
  std::ofstream(base + ".face") << "2 1\n1 1 3 2 -1\n2 2 3 4 5\n";
  const TetGenMesh t = read_tetgen(base + ".node");
  EXPECT_EQ(t.first_index, 1);
  ASSERT_EQ(t.mesh.vertex_count(), 5);
  EXPECT_EQ(t.mesh.vertices[4], Vec3(1, 1, 1));
  EXPECT_EQ(t.mesh.tets, (std::vector<Tet>{{0, 1, 2, 3}, {1, 2, 3, 4}}));
  EXPECT_EQ(t.faces, (std::vector<Triangle>{{0, 2, 1}, {1, 2, 3}}));
  EXPECT_EQ(t.face_markers, (std::vector<int>{-1, 5}));
  // Both tets are positive in TetGen's (= our) convention; volumes by hand: 1/6 and 1/3.
  EXPECT_NEAR(t.mesh.signed_volume(0), 1.0 / 6.0, 1e-16);
  EXPECT_NEAR(t.mesh.signed_volume(1), 1.0 / 3.0, 1e-16);
  // The base name works too, and a missing .face gives no faces.
  std::filesystem::remove(base + ".face");
  const TetGenMesh u = read_tetgen(base);
  EXPECT_TRUE(u.faces.empty());
  EXPECT_TRUE(u.face_markers.empty());
}

TEST(TetGenIo, RoundTripOfTetrahedralizedCubeIsExact) {
  // A TetGen mesh with Steiner points (non-representable decimals) and face markers.
  const TetrahedralizeResult r = tetrahedralize(read_obj(kData + "/meshes/unit_cube.obj"), "pq1.2a0.01");
  std::vector<int> markers(r.boundary_source_faces.begin(), r.boundary_source_faces.end());
  for (int first : {0, 1}) {
    SCOPED_TRACE(first);
    const std::string base = scratch("cube" + std::to_string(first));
    write_tetgen(base, r.mesh, r.boundary_triangles, markers, first);
    const TetGenMesh a = read_tetgen(base);
    EXPECT_EQ(a.first_index, first);
    EXPECT_EQ(a.mesh.vertices, r.mesh.vertices);
    EXPECT_EQ(a.mesh.tets, r.mesh.tets);
    EXPECT_EQ(a.faces, r.boundary_triangles);
    EXPECT_EQ(a.face_markers, markers);
    // read → write → read
    write_tetgen(base + "_again", a.mesh, a.faces, a.face_markers, a.first_index);
    const TetGenMesh b = read_tetgen(base + "_again.ele");
    EXPECT_EQ(b.mesh.vertices, a.mesh.vertices);
    EXPECT_EQ(b.mesh.tets, a.mesh.tets);
    EXPECT_EQ(b.faces, a.faces);
    EXPECT_EQ(b.face_markers, a.face_markers);
  }
  // Without faces no .face file is written.
  const std::string base = scratch("nofaces");
  write_tetgen(base, r.mesh);
  EXPECT_FALSE(std::filesystem::exists(base + ".face"));
  EXPECT_EQ(read_tetgen(base).mesh.tets, r.mesh.tets);
}

TEST(TetGenIo, ErrorsNameFileLineAndExpectation) {
  const std::string bad = kData + "/meshes/bad/";
  expect_error(bad + "index_out_of_range.node", bad + "index_out_of_range.ele", 2,
               "node index 5 out of range: valid 1..4");
  expect_error(bad + "truncated", bad + "truncated.node", 4, "unexpected end of file: expected 4 nodes, found 3");
  expect_error(bad + "truncated_ele", bad + "truncated_ele.ele", 2, "expected 2 tets, found 1");
  expect_error(bad + "wrong_dimension", bad + "wrong_dimension.node", 1, "dimension 2: expected 3");
  expect_error(bad + "missing_counts", bad + "missing_counts.node", 2, "unexpected end of file: expected the header");
  expect_error(bad + "missing_ele", bad + "missing_ele.ele", 0, "cannot open");

  // Item numbering, malformed numbers and NaN in generated files.
  const std::string base = scratch("bad");
  std::ofstream(base + ".ele") << "1 4 0\n0 0 1 2 3\n";
  std::ofstream(base + ".node") << "4 3 0 0\n0 0 0 0\n1 1 0 0\n3 0 1 0\n3 0 0 1\n";
  expect_error(base, base + ".node", 4, "node number 3: expected 2");
  std::ofstream(base + ".node") << "4 3 0 0\n0 0 0 0\n1 1 0 0\n2 0 1e 0\n3 0 0 1\n";
  expect_error(base, base + ".node", 4, "malformed number '1e'");
  std::ofstream(base + ".node") << "4 3 0 0\n0 0 0 0\n1 1 0 0\n2 0 1 0\n3 0 0 -inf\n";
  expect_error(base, base + ".node", 5, "non-finite");
  std::ofstream(base + ".node") << "4 3 0 0\n2 0 0 0\n3 1 0 0\n4 0 1 0\n5 0 0 1\n";
  expect_error(base, base + ".node", 2, "first node number 2: expected 0 or 1");
  std::ofstream(base + ".node") << "4 3 0 0\n0 0 0 0\n1 1 0 0\n2 0 1 0\n3 0 0 1\n";
  std::ofstream(base + ".ele") << "1 4 0\n0 0 1 2\n";
  expect_error(base, base + ".ele", 2, "expected node 3 of tet");
  std::ofstream(base + ".ele") << "1 4 0\n0 0 1 2 3\n";
  std::ofstream(base + ".face") << "2 1\n0 0 1 2 1\n";
  expect_error(base, base + ".face", 2, "expected 2 faces, found 1");
  std::ofstream(base + ".face") << "1 1\n0 0 1 2\n";
  expect_error(base, base + ".face", 2, "expected boundary marker");
}

}  // namespace
}  // namespace contactlab
