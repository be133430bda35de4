#include "contactlab/mesh/off_io.h"

#include "contactlab/core/error.h"
#include "contactlab/core/input_limits.h"
#include "mesh/test_meshes.h"

#include "core/scratch_dir.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

namespace contactlab {
namespace {

const std::string kData = CONTACTLAB_TEST_DATA_DIR;

std::string scratch(const std::string& name) { return testing::current_test_dir("off").file(name); }

void expect_error(const std::string& path, int line, const std::string& fragment) {
  SCOPED_TRACE(path);
  try {
    read_off(path);
    ADD_FAILURE() << "expected InputError";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_EQ(e.line(), line) << what;
    EXPECT_NE(what.find(path + (line > 0 ? ":" + std::to_string(line) : std::string()) + ": "), std::string::npos)
        << what;
    EXPECT_NE(what.find(fragment), std::string::npos) << what;
  }
}

TEST(OffIo, ReadsSquarePyramid) {
  const TriMesh m = read_off(kData + "/meshes/square_pyramid.off");
  ASSERT_EQ(m.vertex_count(), 5);
  ASSERT_EQ(m.triangle_count(), 6);  // quad base fanned into 2 + 4 sides
  // Reference from geometry: base area 1 + four sides of height sqrt(1 + 0.25) and base 1.
  double area = 0, volume = 0;
  for (Index t = 0; t < m.triangle_count(); ++t) {
    area += 0.5 * m.area_normal(t).norm();
    volume += m.corner(t, 0).dot(m.corner(t, 1).cross(m.corner(t, 2))) / 6;
  }
  EXPECT_NEAR(area, 1.0 + 4 * 0.5 * std::sqrt(1.25), 1e-14);
  EXPECT_NEAR(volume, 1.0 / 3.0, 1e-15);  // positive: outward orientation
  EXPECT_EQ(m.triangles[0], (Triangle{0, 1, 2}));
  EXPECT_EQ(m.triangles[1], (Triangle{0, 2, 3}));
}

TEST(OffIo, CountsOnHeaderLineAndComments) {
  const std::string path = scratch("inline.off");
  std::ofstream(path) << "OFF 3 1 3\n# comment\n0 0 0 # a vertex\n1 0 0\n\n0 1 0 255 0 0\n3 2 1 0 255 255 255\n";
  const TriMesh m = read_off(path);
  ASSERT_EQ(m.vertex_count(), 3);
  EXPECT_EQ(m.vertices[2], Vec3(0, 1, 0));
  EXPECT_EQ(m.triangles, (std::vector<Triangle>{{2, 1, 0}}));
}

TEST(OffIo, ErrorsNameFileLineAndExpectation) {
  const std::string bad = kData + "/meshes/bad/";
  expect_error(bad + "missing_counts.off", 3, "unexpected end of file: expected the counts line");
  expect_error(bad + "incomplete_counts.off", 2, "missing counts");
  expect_error(bad + "truncated.off", 7, "unexpected end of file: expected 2 faces, found 1");
  expect_error(bad + "truncated_vertices.off", 4, "expected 3 vertices, found 2");
  expect_error(bad + "index_out_of_range.off", 6, "vertex index 3 out of range: valid 0..2");
  expect_error(bad + "two_corner_face.off", 6, "expected at least 3");
  expect_error(bad + "face_too_few_indices.off", 6, "declares 4 corners but lists 3");
  expect_error(bad + "nan_coordinate.off", 4, "non-finite");
  expect_error(bad + "wrong_header.off", 1, "expected the header 'OFF'");
  expect_error(bad + "nothing_here.off", 0, "cannot open");
}

std::string write_file(const std::string& name, const std::string& text) {
  const std::string path = scratch(name);
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

TEST(OffIo, HugeHeaderCountsAreReportedAsTruncatedWithoutAllocating) {
  // 2·10^9 vertices of 24 bytes would need 48 GB: the reader reserves only what the file's lines
  // can hold and reports the file truncated at its last line.
  expect_error(write_file("huge.off", "OFF\n2000000000 12 0\n"), 2,
               "unexpected end of file: expected 2000000000 vertices, found 0");
  expect_error(write_file("huge_faces.off", "OFF 3 2147483647 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n"), 5,
               "expected 2147483647 faces, found 1");
}

TEST(OffIo, TextEmptyMeshesExtraValuesAndLimits) {
  const std::string body = "0 0 0\n1 0 0\n0 1 0\n0 0 1\n3 0 2 1\n3 0 1 3\n3 0 3 2\n3 1 2 3\n";
  for (const std::string prefix : {"", "\xEF\xBB\xBF"}) {
    for (const std::string end : {"\n", "\r\n", "\r"}) {
      std::string text = prefix + "OFF\n4 4 0\n" + body;
      for (std::size_t i = 0; (i = text.find('\n', i)) != std::string::npos; i += end.size()) text.replace(i, 1, end);
      const TriMesh m = read_off(write_file("tet.off", text));
      ASSERT_EQ(m.triangle_count(), 4);
      double v = 0;
      for (Index t = 0; t < 4; ++t) v += m.corner(t, 0).dot(m.corner(t, 1).cross(m.corner(t, 2))) / 6;
      EXPECT_DOUBLE_EQ(v, 1.0 / 6.0);
    }
  }
  expect_error(write_file("empty.off", "OFF\n0 0 0\n"), 2, "declares 0 vertices and 0 faces: expected a surface mesh");
  expect_error(write_file("nofaces.off", "OFF\n3 0 0\n0 0 0\n1 0 0\n0 1 0\n"), 2, "and 0 faces");
  expect_error(write_file("colour.off", "OFF\n3 1 0\n0 0 0 1 2 3 4 5\n1 0 0\n0 1 0\n3 0 1 2\n"), 3,
               "vertex 0 has 5 extra values, the last '5': expected at most a colour (1 to 4 numbers)");
  expect_error(write_file("colour2.off", "OFF\n3 1 0\n0 0 0 red\n1 0 0\n0 1 0\n3 0 1 2\n"), 3,
               "malformed number 'red' for colour of vertex 0");
  expect_error(write_file("rep.off", "OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n4 0 1 2 1\n"), 6,
               "face 0 lists vertex 1 twice: expected distinct vertices");
  expect_error(write_file("after.off", "OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n3 0 2 1\n"), 7,
               "unexpected data after the last of the 1 faces");
  expect_error(write_file("big.off", "OFF\n3 1 0\n0 0 0\n1 0 0\n0 -1e200 0\n3 0 1 2\n"), 5,
               "y coordinate of vertex 2 '-1e200' is beyond the coordinate limit");
  expect_error(write_file("nul.off", std::string("OFF\n3 1 0\n0 0\0 0\n", 17)), 3, "binary data");
}

TEST(OffIo, RoundTripIsExact) {
  std::mt19937_64 rng(9);
  std::uniform_real_distribution<double> coordinate(-1e3, 1e3);
  const std::string path = scratch("round_trip.off");
  for (int trial = 0; trial < 100; ++trial) {
    TriMesh m;
    const int n = 3 + trial % 13;
    for (int i = 0; i < n; ++i) m.vertices.emplace_back(coordinate(rng), coordinate(rng) * 1e-7, coordinate(rng) / 3);
    std::uniform_int_distribution<Index> vi(0, n - 1);
    for (int t = 0; t < n; ++t) m.triangles.push_back(contactlab::testing::distinct_triangle(vi, rng));
    write_off(path, m);
    const TriMesh r = read_off(path);
    ASSERT_EQ(r.vertices, m.vertices);
    ASSERT_EQ(r.triangles, m.triangles);
  }
}

}  // namespace
}  // namespace contactlab
