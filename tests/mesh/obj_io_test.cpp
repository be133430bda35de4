#include "contactlab/mesh/obj_io.h"

#include "contactlab/core/error.h"
#include "contactlab/core/input_limits.h"
#include "mesh/test_meshes.h"

#include "core/scratch_dir.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <limits>
#include <random>

namespace contactlab {
namespace {

const std::string kData = CONTACTLAB_TEST_DATA_DIR;

// A scratch file unique to this process and test (ctest may run tests in parallel).
std::string scratch(const std::string& name) { return testing::current_test_dir("obj").file(name); }

std::string write_file(const std::string& name, const std::string& text) {
  const std::string path = scratch(name);
  std::ofstream(path) << text;
  return path;
}

// Expects read_obj(path) to throw an InputError at `line` whose message contains `fragment`.
void expect_error(const std::string& path, int line, const std::string& fragment) {
  SCOPED_TRACE(path);
  try {
    read_obj(path);
    ADD_FAILURE() << "expected InputError";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_EQ(e.line(), line) << what;
    EXPECT_EQ(e.source(), path);
    EXPECT_NE(what.find(path + (line > 0 ? ":" + std::to_string(line) : std::string()) + ": "), std::string::npos)
        << what;
    EXPECT_NE(what.find(fragment), std::string::npos) << what;
  }
}

TEST(ObjIo, ReadsUnitCube) {
  const TriMesh m = read_obj(kData + "/meshes/unit_cube.obj");
  ASSERT_EQ(m.vertex_count(), 8);
  ASSERT_EQ(m.triangle_count(), 12);
  // Geometry, not the reader, is the reference: the cube's corners are the 8 points of {0,1}^3,
  // its triangles cover area 6 and each normal points away from the centre.
  for (const Vec3& v : m.vertices) {
    for (int k = 0; k < 3; ++k) EXPECT_TRUE(v[k] == 0.0 || v[k] == 1.0);
  }
  double area = 0;
  for (Index t = 0; t < m.triangle_count(); ++t) {
    area += 0.5 * m.area_normal(t).norm();
    const Vec3 centroid = (m.corner(t, 0) + m.corner(t, 1) + m.corner(t, 2)) / 3;
    EXPECT_GT(m.area_normal(t).dot(centroid - Vec3(0.5, 0.5, 0.5)), 0) << "triangle " << t;
  }
  EXPECT_DOUBLE_EQ(area, 6.0);
}

TEST(ObjIo, CornerFormsRelativeIndicesPolygonsAndIgnoredStatements) {
  const std::string path = write_file("forms.obj",
                                      "# header\n"
                                      "mtllib x.mtl\n"
                                      "o thing\ng group\ns 1\nusemtl red\n"
                                      "v 0 0 0\nv 1 0 0\nv 1 1 0\r\n"
                                      "v 0 1 0 1.0\n"  // optional w
                                      "vt 0 0\nvn 0 0 1\nvp 0.5\n"
                                      "\n"
                                      "f 1/1 2/1 3/1\n"
                                      "f 1//1 3//1 4//1\n"
                                      "f 1/1/1 2/1/1 3/1/1   # trailing comment\n"
                                      "f -4 -3 -2\n"
                                      "f 1 2 3 4\n"  // quad: fan (1,2,3) (1,3,4)
                                      "l 1 2\n");
  const TriMesh m = read_obj(path);
  ASSERT_EQ(m.vertex_count(), 4);
  const std::vector<Triangle> expected{{0, 1, 2}, {0, 2, 3}, {0, 1, 2}, {0, 1, 2}, {0, 1, 2}, {0, 2, 3}};
  EXPECT_EQ(m.triangles, expected);
}

TEST(ObjIo, PentagonFanKeepsAreaAndWinding) {
  // Regular pentagon in z = 0, counter-clockwise: fan triangles all have normal +z and sum to the
  // pentagon's area (5/2 sin 72°, circumradius 1).
  std::string text;
  const double pi = 3.14159265358979323846;
  for (int i = 0; i < 5; ++i)
    text += "v " + std::to_string(std::cos(2 * pi * i / 5)) + " " + std::to_string(std::sin(2 * pi * i / 5)) + " 0\n";
  text += "f 1 2 3 4 5\n";
  const TriMesh m = read_obj(write_file("pentagon.obj", text));
  ASSERT_EQ(m.triangle_count(), 3);
  double area = 0;
  for (Index t = 0; t < 3; ++t) {
    EXPECT_GT(m.area_normal(t).z(), 0);
    area += 0.5 * m.area_normal(t).norm();
  }
  EXPECT_NEAR(area, 2.5 * std::sin(2 * pi / 5), 1e-5);  // std::to_string keeps 6 decimals
}

TEST(ObjIo, ErrorsNameFileLineAndExpectation) {
  const std::string bad = kData + "/meshes/bad/";
  expect_error(bad + "malformed_number.obj", 3, "malformed number '1.5x'");
  expect_error(bad + "nan_coordinate.obj", 4, "non-finite");
  expect_error(bad + "inf_coordinate.obj", 2, "non-finite");
  expect_error(bad + "index_out_of_range.obj", 6, "vertex index 9 out of range: valid 1..3");
  expect_error(bad + "relative_index_out_of_range.obj", 4, "relative vertex index -4 out of range: valid -3..-1");
  expect_error(bad + "two_corner_face.obj", 4, "expected at least 3");
  expect_error(bad + "missing_coordinate.obj", 3, "expected z coordinate");
  expect_error(bad + "zero_index.obj", 4, "index 0");
  // Unreadable: missing file and a directory (line 0: no line).
  expect_error(bad + "does_not_exist.obj", 0, "cannot open");
  expect_error(bad, 0, "directory");
}

// Signed volume enclosed by an outward surface (divergence theorem): the ground truth of the text
// tests below, which all read the unit right tetrahedron (volume 1/6).
double enclosed_volume(const TriMesh& m) {
  double v = 0;
  for (Index t = 0; t < m.triangle_count(); ++t) v += m.corner(t, 0).dot(m.corner(t, 1).cross(m.corner(t, 2))) / 6;
  return v;
}

const char* const kTetrahedronLines[] = {"v 0 0 0", "v 1 0 0", "v 0 1 0", "v 0 0 1",
                                         "f 1 3 2", "f 1 2 4", "f 1 4 3", "f 2 3 4"};

std::string tetrahedron(const std::string& line_end) {
  std::string text;
  for (const char* line : kTetrahedronLines) text += line + line_end;
  return text;
}

TEST(ObjIo, ByteOrderMarkAndEveryLineEndReadTheSameMesh) {
  // A UTF-8 byte-order mark before the first vertex used to hide that line: the faces then took
  // the wrong vertices. LF, CRLF and CR-only line ends give the same mesh; the BOM is skipped.
  for (const std::string bom : {"", "\xEF\xBB\xBF"}) {
    for (const std::string end : {"\n", "\r\n", "\r"}) {
      SCOPED_TRACE("bom " + std::to_string(bom.size()) + ", line end of " + std::to_string(end.size()) + " byte(s)");
      const TriMesh m = read_obj(write_file("tet.obj", bom + tetrahedron(end)));
      ASSERT_EQ(m.vertex_count(), 4);
      ASSERT_EQ(m.triangle_count(), 4);
      EXPECT_EQ(m.vertices[0], Vec3(0, 0, 0));
      EXPECT_DOUBLE_EQ(enclosed_volume(m), 1.0 / 6.0);
    }
  }
  // Line numbers count each kind of line end once (the bad index is on line 6 in all three).
  for (const std::string end : {"\n", "\r\n", "\r"}) {
    std::string text = tetrahedron(end);
    text.replace(text.find("f 1 2 4"), 7, "f 1 2 5");
    expect_error(write_file("bad.obj", "\xEF\xBB\xBF" + text), 6, "vertex index 5 out of range");
  }
}

TEST(ObjIo, BinaryEmptyAndCommentOnlyFilesAreRefused) {
  expect_error(write_file("nul.obj", std::string("v 0 0 0\nv 1 0\0 0\n", 18)), 2,
               "binary data (byte \\x00 at column 6): expected a text mesh file");
  expect_error(write_file("ctrl.obj", "v 0 0 0\n\x01\x02\x03\n"), 2, "binary data (byte \\x01 at column 1)");
  expect_error(write_file("utf16.obj", "\xFF\xFEv\0 \0"), 1, "UTF-16 text");
  expect_error(write_file("empty.obj", ""), 0, "no vertices and no faces in the file");
  expect_error(write_file("comments.obj", "# one\n\n# two\n"), 3, "no vertices and no faces in the file");
  expect_error(write_file("points.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\np 1 2 3\n"), 4,
               "3 vertices but no faces in the file: expected 'f i j k' lines");
  // Random bytes: refused (somewhere) as binary, never read as a mesh.
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 20; ++trial) {
    std::string bytes(256, '\0');
    for (char& c : bytes) c = static_cast<char>(rng() & 0xff);
    bytes[0] = '\0';
    EXPECT_THROW(read_obj(write_file("random.obj", bytes)), InputError);
  }
}

TEST(ObjIo, UnknownStatementsAndExtraValuesAreRefused) {
  const std::string base = "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n";
  expect_error(write_file("vx.obj", base + "vx 1 2 3\n"), 5, "unknown statement 'vx': expected 'v', 'f'");
  expect_error(write_file("surf.obj", base + "surf 0 1 0 1 1 2 3\n"), 5, "unknown statement 'surf'");
  expect_error(write_file("long.obj", base + std::string(1000, 'k') + "\n"), 5,
               "unknown statement '" + std::string(60, 'k') + "…(1000 bytes)'");
  expect_error(write_file("v5.obj", "v 0 0 0 1 2\n"), 1, "vertex with 5 values, the last '2': expected 'v x y z'");
  expect_error(write_file("v7.obj", "v 0 0 0 1 0 0 0\n"), 1, "vertex with 7 values");
  expect_error(write_file("w.obj", "v 0 0 0 heavy\n"), 1, "malformed number 'heavy' for weight w of the vertex");
  expect_error(write_file("rgb.obj", "v 0 0 0 1 0 red\n"), 1, "malformed number 'red' for colour component");
  expect_error(write_file("corner.obj", base + "f 1/x 2 3\n"), 5, "malformed integer 'x' for texture index");
  expect_error(write_file("corner4.obj", base + "f 1/1/1/1 2 3\n"), 5, "expected i, i/t, i//n or i/t/n");
  // The accepted forms: w, colours, and every skipped statement.
  const TriMesh m = read_obj(write_file("ok.obj",
                                        "v 0 0 0 1\nv 1 0 0 0.5 0.5 0.5\nv 0 1 0\n"
                                        "lod 1\nbevel off\nc_interp on\nd_interp off\nmg 1 0.5\n"
                                        "shadow_obj s.obj\ntrace_obj t.obj\nf 1 2 3\n"));
  EXPECT_EQ(m.vertex_count(), 3);
  EXPECT_EQ(m.triangle_count(), 1);
}

TEST(ObjIo, RepeatedFaceVertexIsRefusedAtItsLine) {
  expect_error(write_file("rep.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 2 3 -4\n"), 5,
               "face corners 1 and 4 are both vertex 1: expected distinct vertices");
}

TEST(ObjIo, CoordinatesBeyondTheLimitAreRefused) {
  expect_error(
      write_file("big.obj", "v 0 0 0\nv 1e308 0 0\n"), 2,
      "x coordinate of vertex 2 '1e308' is beyond the coordinate limit: expected a magnitude of at most 1e+50");
  expect_error(write_file("big2.obj", "v 0 -1.000000000000001e50 0\n"), 1, "beyond the coordinate limit");
  expect_error(write_file("big3.obj", "v 0 0 1e51\n"), 1, "z coordinate of vertex 1 '1e51'");
  // The limit itself and tiny magnitudes are fine.
  const TriMesh m = read_obj(write_file("limit.obj", "v 1e50 -1e50 1e-300\nv 0 0 0\nv 0 1 0\nf 1 2 3\n"));
  EXPECT_EQ(m.vertices[0], Vec3(kMaxCoordinateMagnitude, -kMaxCoordinateMagnitude, 1e-300));
}

TEST(ObjIo, TriangleLinesNameEachFace) {
  std::vector<int> lines;
  read_obj(write_file("lines.obj", "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\n# quad\nf 1 2 3 4\n\nf 1 3 4\n"), &lines);
  EXPECT_EQ(lines, (std::vector<int>{6, 6, 8}));
}

TEST(ObjIo, RoundTripIsExact) {
  // Random meshes with awkward doubles (non-terminating decimals, tiny, huge up to the coordinate
  // limit, subnormal, −0). 2^166 < 1e50 = kMaxCoordinateMagnitude, the largest accepted magnitude.
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> unit(-1, 1);
  std::uniform_int_distribution<int> exponent(-300, 166);
  const std::vector<double> specials{
      0.1, -0.0, 1e-310, kMaxCoordinateMagnitude, std::numeric_limits<double>::denorm_min(), 1.0 / 3.0};
  const std::string path = scratch("round_trip.obj");
  for (int trial = 0; trial < 100; ++trial) {
    TriMesh m;
    const int n = 3 + trial % 17;
    for (int i = 0; i < n; ++i) {
      Vec3 v;
      for (int k = 0; k < 3; ++k) {
        v[k] = (i + k) % 7 == 0 ? specials[(i + trial) % specials.size()] : std::ldexp(unit(rng), exponent(rng));
      }
      m.vertices.push_back(v);
    }
    std::uniform_int_distribution<Index> vi(0, n - 1);
    for (int t = 0; t < 2 * n; ++t) m.triangles.push_back(contactlab::testing::distinct_triangle(vi, rng));
    write_obj(path, m);
    const TriMesh r = read_obj(path);
    ASSERT_EQ(r.triangles, m.triangles);
    ASSERT_EQ(r.vertices.size(), m.vertices.size());
    for (std::size_t i = 0; i < m.vertices.size(); ++i) {
      for (int k = 0; k < 3; ++k) {
        // Bitwise equality (also keeps the sign of −0).
        ASSERT_EQ(std::signbit(r.vertices[i][k]), std::signbit(m.vertices[i][k]));
        ASSERT_EQ(r.vertices[i][k], m.vertices[i][k]);
      }
    }
  }
}

TEST(ObjIo, WriteToUnwritablePathThrows) {
  EXPECT_THROW(write_obj(kData + "/meshes/no_such_dir/x.obj", TriMesh{}), InputError);
}

}  // namespace
}  // namespace contactlab
