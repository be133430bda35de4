#include "contactlab/mesh/tetrahedralize.h"

#include "contactlab/core/error.h"
#include "contactlab/geometry/predicates.h"
#include "contactlab/mesh/obj_io.h"
#include "contactlab/mesh/off_io.h"
#include "contactlab/mesh/validate.h"
// White-box: the in-process TetGen run, to compare with the default forked one.
#include "run_program.h"

#include <gtest/gtest.h>

#include <dirent.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <stdexcept>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstring>
#include <memory>
#include <random>
#include <set>
#include <system_error>
#include <thread>

namespace contactlab {
namespace {

const std::string kData = CONTACTLAB_TEST_DATA_DIR;

// Prism over the L-shaped polygon (0,0) (2,0) (2,1) (1,1) (1,2) (0,2) in the xy plane, extruded
// along z from 0 to `height`. Area of the L is 3, so the volume is 3·height. The caps are fanned
// from the reflex corner (1,1), which sees the whole L.
TriMesh l_prism(double height) {
  const std::vector<Vec2> polygon{{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};
  const auto n = static_cast<Index>(polygon.size());
  TriMesh mesh;
  for (double z : {0.0, height}) {
    for (const Vec2& p : polygon) mesh.vertices.emplace_back(p.x(), p.y(), z);
  }
  const Index r = 3;  // reflex corner
  for (Index k = 0; k < n; ++k) {
    const Index a = (r + 1 + k) % n, b = (r + 2 + k) % n;
    if (a == r || b == r) continue;
    mesh.triangles.push_back({r + n, a + n, b + n});  // top, counter-clockwise seen from +z
    mesh.triangles.push_back({r, b, a});              // bottom, reversed
  }
  for (Index k = 0; k < n; ++k) {
    const Index a = k, b = (k + 1) % n;  // side quad a, b, b+n, a+n (outward for a CCW polygon)
    mesh.triangles.push_back({a, b, b + n});
    mesh.triangles.push_back({a, b + n, a + n});
  }
  return mesh;
}

// Enclosed volume by the divergence theorem: Σ a·(b×c)/6 over outward triangles.
double enclosed_volume(const TriMesh& m) {
  double v = 0;
  for (Index t = 0; t < m.triangle_count(); ++t) v += m.corner(t, 0).dot(m.corner(t, 1).cross(m.corner(t, 2))) / 6;
  return v;
}

double area(const Vec3& a, const Vec3& b, const Vec3& c) { return 0.5 * (b - a).cross(c - a).norm(); }

struct Shape {
  std::string name;
  TriMesh surface;
  double exact_volume;  // analytic
};

std::vector<Shape> shapes() {
  return {{"unit cube", read_obj(kData + "/meshes/unit_cube.obj"), 1.0},
          {"square pyramid", read_off(kData + "/meshes/square_pyramid.off"), 1.0 / 3.0},
          {"L prism", l_prism(0.5), 1.5}};
}

void check_tetrahedralization(const Shape& shape, const std::string& switches, bool surface_preserved) {
  SCOPED_TRACE(shape.name + " with " + switches);
  const TriMesh& s = shape.surface;
  const TetrahedralizeResult r = tetrahedralize(s, switches);
  const TetMesh& m = r.mesh;
  ASSERT_GT(m.tet_count(), 0);

  // The analytic volume and the divergence-theorem volume agree, and the tets fill it.
  const double surface_volume = enclosed_volume(s);
  EXPECT_NEAR(surface_volume, shape.exact_volume, 1e-14);
  double tet_volume = 0;
  for (Index t = 0; t < m.tet_count(); ++t) {
    EXPECT_EQ(signed_volume_sign(m.corner(t, 0), m.corner(t, 1), m.corner(t, 2), m.corner(t, 3)), 1) << "tet " << t;
    tet_volume += m.signed_volume(t);
  }
  EXPECT_NEAR(tet_volume, surface_volume, 1e-12 * surface_volume);
  EXPECT_TRUE(validate(m).ok()) << validate(m).summary();

  // Input vertices come first, unchanged.
  ASSERT_GE(m.vertex_count(), s.vertex_count());
  for (Index v = 0; v < s.vertex_count(); ++v) EXPECT_EQ(m.vertices[v], s.vertices[v]);

  // Boundary: same area, every triangle outward and inside its source face.
  ASSERT_EQ(r.boundary_triangles.size(), r.boundary_source_faces.size());
  ASSERT_EQ(r.boundary_triangles.size(), r.boundary_tets.size());
  double input_area = 0, boundary_area = 0;
  for (Index t = 0; t < s.triangle_count(); ++t) input_area += area(s.corner(t, 0), s.corner(t, 1), s.corner(t, 2));
  const double scale = s.bounds().diagonal();
  for (std::size_t i = 0; i < r.boundary_triangles.size(); ++i) {
    const Triangle& b = r.boundary_triangles[i];
    const Vec3 &p = m.vertices[b[0]], &q = m.vertices[b[1]], &w = m.vertices[b[2]];
    boundary_area += area(p, q, w);
    const Index src = r.boundary_source_faces[i];
    ASSERT_GE(src, 0);
    ASSERT_LT(src, s.triangle_count());
    const Vec3 &a = s.corner(src, 0), &bb = s.corner(src, 1), &c = s.corner(src, 2);
    const Vec3 normal = s.area_normal(src);
    // Outward: same direction as the (outward) source face.
    EXPECT_GT((q - p).cross(w - p).dot(normal), 0) << "boundary triangle " << i;
    // Centroid in the source face's plane and inside it (barycentric coordinates ≥ 0).
    const Vec3 centroid = (p + q + w) / 3;
    EXPECT_LE(std::abs(normal.normalized().dot(centroid - a)), 1e-12 * scale);
    const double total = normal.squaredNorm();
    const double u = (c - bb).cross(centroid - bb).dot(normal) / total;
    const double v = (a - c).cross(centroid - c).dot(normal) / total;
    const double x = (bb - a).cross(centroid - a).dot(normal) / total;
    EXPECT_GE(std::min({u, v, x}), -1e-12) << "boundary triangle " << i << " source " << src;
    // The tet and local face reported carry this triangle.
    EXPECT_EQ(m.face(r.boundary_tets[i], r.boundary_tet_faces[i]), b);
  }
  EXPECT_NEAR(boundary_area, input_area, 1e-12 * input_area);

  if (surface_preserved) {
    // 'Y': the boundary triangles are exactly the input triangles (as vertex sets).
    std::multiset<std::array<Index, 3>> input, output;
    for (Triangle t : s.triangles) {
      std::sort(t.begin(), t.end());
      input.insert(t);
    }
    for (Triangle t : r.boundary_triangles) {
      std::sort(t.begin(), t.end());
      output.insert(t);
    }
    EXPECT_EQ(input, output);
    for (std::size_t i = 0; i < r.boundary_triangles.size(); ++i) {
      Triangle t = r.boundary_triangles[i], src = s.triangles[r.boundary_source_faces[i]];
      std::sort(t.begin(), t.end());
      std::sort(src.begin(), src.end());
      EXPECT_EQ(t, src);
    }
  }
}

TEST(Tetrahedralize, DefaultSwitchesPreserveSurface) {
  for (const Shape& shape : shapes()) check_tetrahedralization(shape, kTetGenDefaultSwitches, true);
}

// The paper's refined setting. With libtet 1.5.0, q1.015 alone never terminates, so the default
// Steiner-point limit ends the refinement: the mesh must still be valid and fill the volume.
TEST(Tetrahedralize, RefinedSwitches) {
  for (const Shape& shape : shapes()) check_tetrahedralization(shape, kTetGenRefinedSwitches, false);
}

// A setting that terminates on its own: every tet obeys the volume bound a0.05, and the limit is
// not reached.
TEST(Tetrahedralize, VolumeBoundHolds) {
  for (const Shape& shape : shapes()) {
    check_tetrahedralization(shape, "pq1.2a0.05", false);
    const TetrahedralizeResult r = tetrahedralize(shape.surface, "pq1.2a0.05");
    EXPECT_FALSE(r.steiner_limit_reached);
    for (Index t = 0; t < r.mesh.tet_count(); ++t) EXPECT_LE(r.mesh.signed_volume(t), 0.05 * (1 + 1e-9));
  }
}

TEST(Tetrahedralize, EffectiveSwitchesAddOnlyWhatIsMissing) {
  const TriMesh cube = read_obj(kData + "/meshes/unit_cube.obj");
  EXPECT_EQ(tetrahedralize(cube, "pq2.0Y").switches, "pq2.0YzQX1S10000");
  EXPECT_EQ(tetrahedralize(cube, "-pzQS50").switches, "pzQS50X1");
  EXPECT_EQ(tetrahedralize(cube, "q1.5").switches, "pq1.5zQX1S10000");
  EXPECT_EQ(tetrahedralize(cube, "pYT1e-8X1").switches, "pYT1e-8X1zQS10000");  // 'e' belongs to T's number
  EXPECT_EQ(tetrahedralize(cube, "pq1.2/10O3/7a1e-1").switches, "pq1.2/10O3/7a1e-1zQX1S10000");
  for (const char* bad : {"pr", "pq2.0c", "pB", "pX", "pk", "po2", "p#"}) {
    EXPECT_THROW(tetrahedralize(cube, bad), InputError) << bad;
  }
}

// Every switch string is checked in full before TetGen sees it (TetGen itself only prints
// "Unknown switch" for what it does not know and goes on): the message names the switch and the
// accepted forms.
TEST(Tetrahedralize, SwitchesAreValidatedInFull) {
  const TriMesh cube = read_obj(kData + "/meshes/unit_cube.obj");
  const std::pair<const char*, const char*> cases[] = {
      {"pq2.0Ya-1", "switch 'a' has the number '-1': expected a maximum tet volume > 0"},
      {"pq2.0Ya0", "switch 'a' has the number '0'"},
      {"pa", "switch 'a' needs a maximum tet volume"},
      {"pq2.0Yx", "unknown TetGen switch 'x'"},
      {"pq-2", "switch 'q' has the number '-2'"},
      {"pq1.2/100", "second number '100'"},
      {"pq1..2", "malformed number '1..2'"},
      {"pT0", "switch 'T' has the number '0'"},
      {"pS-5", "switch 'S' has the number '-5'"},
      {"pS1.5", "malformed number '1.5'"},
      {"pO11", "switch 'O' has the number '11'"},
      {"pX2", "switch 'X' has the number '2'"},
      {"pY1", "switch 'Y' takes no number"},
      {"pq1.2 Y", "unexpected character ' '"},
      {"pq1e5", "switch 'e' is not supported"},
      {"pr", "switch 'r' is not supported"},
  };
  for (const auto& [switches, fragment] : cases) {
    SCOPED_TRACE(switches);
    try {
      tetrahedralize(cube, switches);
      ADD_FAILURE() << "expected an InputError";
    } catch (const GeometryError& e) {
      ADD_FAILURE() << "expected an InputError, not a GeometryError: " << e.what();
    } catch (const InputError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find(fragment), std::string::npos) << what;
      EXPECT_NE(what.find(std::string("\"") + switches + "\""), std::string::npos) << what;
      EXPECT_NE(what.find("accepted: p Y A M z Q V J I C"), std::string::npos) << what;
    }
  }
}

TEST(Tetrahedralize, BadSurfacesThrowGeometryError) {
  const TriMesh cube = read_obj(kData + "/meshes/unit_cube.obj");
  TriMesh open = cube;
  open.triangles.pop_back();
  EXPECT_THROW(tetrahedralize(open), GeometryError);

  TriMesh non_manifold = cube;  // a fin on edge (0, 1)
  non_manifold.vertices.emplace_back(0.5, -1, 0.5);
  non_manifold.triangles.push_back({0, 1, 8});
  non_manifold.triangles.push_back({1, 0, 8});
  EXPECT_THROW(tetrahedralize(non_manifold), GeometryError);

  TriMesh flipped = cube;
  std::swap(flipped.triangles[3][1], flipped.triangles[3][2]);
  EXPECT_THROW(tetrahedralize(flipped), GeometryError);

  EXPECT_THROW(tetrahedralize(TriMesh{}), GeometryError);

  TriMesh degenerate = cube;
  degenerate.vertices[6] = Vec3(1, 1, 0);  // collapses two triangles of the top
  EXPECT_THROW(tetrahedralize(degenerate), GeometryError);
}

// A cube and a copy of it scaled and moved, in one mesh; with `shared`, the copy's corner at
// `offset` is the first cube's corner there (one vertex index for both).
TriMesh two_cubes(double scale, const Vec3& offset, bool shared = false) {
  const TriMesh cube = read_obj(kData + "/meshes/unit_cube.obj");
  TriMesh two = cube;
  std::vector<Index> map;
  for (const Vec3& v : cube.vertices) {
    const Vec3 p = scale * v + offset;
    const auto same = std::find(cube.vertices.begin(), cube.vertices.end(), p);
    if (shared && same != cube.vertices.end()) {
      map.push_back(static_cast<Index>(same - cube.vertices.begin()));
    } else {
      map.push_back(two.vertex_count());
      two.vertices.push_back(p);
    }
  }
  for (const Triangle& t : cube.triangles) two.triangles.push_back({map[t[0]], map[t[1]], map[t[2]]});
  return two;
}

// A pyramid over a self-crossing ("bow-tie") quadrilateral base in y = 0: every pair of its 6
// triangles shares a vertex (5 vertices) and every edge has two consistently oriented triangles,
// so validate() finds nothing, but the sides (a, b0, b1) and (a, b2, b3) cross — only TetGen's
// intersection check sees it. The base's lobes differ (signed area 1/2), so the volume is not 0.
TriMesh bowtie_pyramid() {
  TriMesh m;
  m.vertices = {{0, 0, 0}, {1, 0, 1}, {1, 0, 0}, {0, 0, 2}, {0.5, 1, 0.6}};
  m.triangles = {{4, 0, 1}, {4, 1, 2}, {4, 2, 3}, {4, 3, 0}, {0, 3, 2}, {0, 2, 1}};
  double volume = 0;
  for (Index t = 0; t < m.triangle_count(); ++t) volume += m.corner(t, 0).dot(m.corner(t, 1).cross(m.corner(t, 2)));
  if (volume < 0) {
    for (Triangle& t : m.triangles) std::swap(t[1], t[2]);
  }
  return m;
}

// Surfaces that touch or cross themselves where they are not neighbours: each cube is a closed
// manifold, but the union is not, and TetGen needs one (libtet 1.5.0 crashes on intersecting
// input; touching along an edge or at a vertex its own check 'd' misses and the cubes would be
// meshed glued at a line or a point). validate() reports them as self-contact and
// tetrahedralize() refuses them before TetGen runs.
TEST(Tetrahedralize, SelfContactIsAGeometryError) {
  struct Case {
    const char* what;
    double scale;
    Vec3 offset;
    bool shared;
    MeshIssueKind kind;
  };
  for (const Case& c :
       {Case{"overlapping", 1.0, Vec3(0.5, 0.25, 0.125), false, MeshIssueKind::kSelfContact},
        Case{"face to face", 1.0, Vec3(1.0, 0.25, 0.125), false, MeshIssueKind::kSelfContact},
        Case{"small cube on a face", 0.5, Vec3(1.0, 0.3, 0.2), false, MeshIssueKind::kSelfContact},
        Case{"edge to edge", 1.0, Vec3(1.0, 1.0, 0.0), false, MeshIssueKind::kSelfContact},
        Case{"edges overlapping in part", 1.0, Vec3(1.0, 1.0, 0.5), false, MeshIssueKind::kSelfContact},
        Case{"vertex to vertex", 1.0, Vec3(1.0, 1.0, 1.0), false, MeshIssueKind::kSelfContact},
        Case{"vertex to vertex, one index", 1.0, Vec3(1.0, 1.0, 1.0), true, MeshIssueKind::kSelfContact},
        Case{"edge to edge, shared indices", 1.0, Vec3(1.0, 1.0, 0.0), true, MeshIssueKind::kNonManifoldEdge}}) {
    SCOPED_TRACE(c.what);
    const TriMesh two = two_cubes(c.scale, c.offset, c.shared);
    const ValidationReport report = validate(two);
    EXPECT_GE(report.count(c.kind), 1u) << report.summary();
    try {
      tetrahedralize(two);
      ADD_FAILURE() << "expected a GeometryError";
    } catch (const GeometryError& e) {
      EXPECT_NE(std::string(e.what()).find(c.kind == MeshIssueKind::kSelfContact ? "self-contact" : "non-manifold"),
                std::string::npos)
          << e.what();
    }
  }
  // Cubes 1e-9 apart do not touch: exact tests, no tolerance.
  EXPECT_TRUE(validate(two_cubes(1.0, Vec3(1.0 + 1e-9, 1.0, 0.0))).ok());
  EXPECT_TRUE(validate(two_cubes(1.0, Vec3(1.0, 1.0 + 1e-9, 1.0))).ok());
}

// Crossing triangles with a common vertex are TetGen's intersection check's to find.
TEST(Tetrahedralize, SelfIntersectionFoundByTetGenIsAGeometryError) {
  const TriMesh bowtie = bowtie_pyramid();
  ASSERT_TRUE(validate(bowtie).ok()) << validate(bowtie).summary();
  try {
    tetrahedralize(bowtie);
    ADD_FAILURE() << "expected a GeometryError";
  } catch (const GeometryError& e) {
    EXPECT_NE(std::string(e.what()).find("intersects"), std::string::npos) << e.what();
  }
}

TEST(Tetrahedralize, DisjointComponentsAreFine) {
  const TriMesh cube = read_obj(kData + "/meshes/unit_cube.obj");
  // Two disjoint cubes are fine: two components, volume 2.
  TriMesh apart = cube;
  for (const Vec3& v : cube.vertices) apart.vertices.push_back(v + Vec3(3, 0, 0));
  for (const Triangle& t : cube.triangles) apart.triangles.push_back({t[0] + 8, t[1] + 8, t[2] + 8});
  check_tetrahedralization({"two cubes", apart, 2.0}, kTetGenDefaultSwitches, true);
}

// TetGen re-initialises the process-wide Shewchuk predicates on every run (static filter sized
// to that mesh's bounding box). Afterwards geometry/predicates.h must still be exact far outside
// the last mesh's box. Ground truth without exact arithmetic: an exact orientation sign is
// antisymmetric under every transposition of the four points, whereas a rounded determinant of
// nearly coplanar points with large coordinates (the plane z = 0.3x + 0.7y, rounded, sampled at
// decimals, offset by 10^6) evaluates differently per permutation and disagrees with itself.
TEST(Tetrahedralize, PredicatesStayExactAfterTetGen) {
  tetrahedralize(read_obj(kData + "/meshes/unit_cube.obj"), "pq1.2a0.05");
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> u(-1000, 1000);
  int nonzero = 0;
  for (int i = 0; i < 10000; ++i) {
    auto p = [&] {
      const double x = u(rng) * 0.1 + 1e6, y = u(rng) * 0.1 - 1e6;
      return Vec3(x, y, 0.3 * x + 0.7 * y);
    };
    const Vec3 a = p(), b = p(), c = p(), d = p();
    const int s = signed_volume_sign(a, b, c, d);
    nonzero += s != 0;
    EXPECT_EQ(signed_volume_sign(b, a, c, d), -s);
    EXPECT_EQ(signed_volume_sign(a, b, d, c), -s);
    EXPECT_EQ(signed_volume_sign(d, b, c, a), -s);
    EXPECT_EQ(signed_volume_sign(b, c, d, a), -s);  // a 4-cycle is odd
    if (HasFailure()) break;
  }
  EXPECT_GT(nonzero, 0);  // the rounded points are not all coplanar: the test is not vacuous
}

// A voussoir of an arch: the solid between radii 1.5 and 2 and angles π/7..2π/7 about the z axis,
// with planar inner and outer faces, z ∈ [−1, 1] (8 vertices, 12 outward triangles). These are
// the coordinates (printed to round-trip) of the voussoir on which libtet 1.5.0 with the refined
// switches fails "checkfac4encroach: Assertion `rd != 0'" and aborts.
TriMesh voussoir() {
  TriMesh m;
  const double xy[4][2] = {{1.3514533018536288, 0.65082560867633721},   // r = 1.5, θ = π/7
                           {1.8019377358048383, 0.86776747823511624},   // r = 2,   θ = π/7
                           {1.2469796037174672, 1.5636629649360596},    // r = 2,   θ = 2π/7
                           {0.93523470278810039, 1.1727472237020446}};  // r = 1.5, θ = 2π/7
  for (double z : {-1.0, 1.0}) {
    for (const auto& p : xy) m.vertices.emplace_back(p[0], p[1], z);
  }
  m.triangles = {{0, 2, 1}, {0, 3, 2}, {4, 5, 6}, {4, 6, 7}, {0, 1, 5}, {0, 5, 4},
                 {1, 2, 6}, {1, 6, 5}, {2, 3, 7}, {2, 7, 6}, {3, 0, 4}, {3, 4, 7}};
  return m;
}

TEST(Tetrahedralize, VoussoirIsAValidSurface) {
  const TriMesh v = voussoir();
  EXPECT_TRUE(validate(v).ok()) << validate(v).summary();
  for (std::size_t i = 0; i < 4; ++i) {
    const double r = std::hypot(v.vertices[i].x(), v.vertices[i].y());
    const double angle = std::atan2(v.vertices[i].y(), v.vertices[i].x());
    EXPECT_NEAR(r, (i == 0 || i == 3) ? 1.5 : 2.0, 1e-15);
    EXPECT_NEAR(angle, (i < 2 ? 1 : 2) * M_PI / 7, 1e-15);
  }
  // The default switches mesh it.
  check_tetrahedralization({"voussoir", v, enclosed_volume(v)}, kTetGenDefaultSwitches, true);
}

// An assertion failing inside TetGen (abort(), SIGABRT) ends only TetGen's child process: the
// caller gets a GeometryError naming the signal, the switches and TetGen's stderr, and can go on.
TEST(Tetrahedralize, TetGenAbortIsAGeometryError) {
  const TriMesh v = voussoir();
  try {
    tetrahedralize(v, kTetGenRefinedSwitches);
    ADD_FAILURE() << "expected libtet 1.5.0 to abort on this voussoir (a different TetGen build may not)";
  } catch (const GeometryError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("TetGen aborted (signal 6, SIGABRT)"), std::string::npos) << what;
    EXPECT_NE(what.find("pq1.015a0.015zQX1S10000"), std::string::npos) << what;
    EXPECT_NE(what.find("checkfac4encroach"), std::string::npos) << what;
    EXPECT_NE(what.find("Assertion `rd != 0' failed"), std::string::npos) << what;
  }
  // The process (and TetGen) still work.
  const TetrahedralizeResult r = tetrahedralize(v);
  EXPECT_GT(r.mesh.tet_count(), 0);
}

// TetGen's own errors still arrive with the messages of an in-process run.
TEST(Tetrahedralize, TetGenErrorMessagesAreThoseOfAnInProcessRun) {
  const TriMesh two = bowtie_pyramid();
  std::string forked, in_process;
  try {
    tetrahedralize(two);
  } catch (const GeometryError& e) {
    forked = e.what();
  }
  try {
    tetrahedralize(two, kTetGenDefaultSwitches, TetGenIsolation::kInProcess);
  } catch (const GeometryError& e) {
    in_process = e.what();
  }
  EXPECT_NE(forked.find("intersects or touches itself"), std::string::npos) << forked;
  EXPECT_EQ(forked, in_process);
}

// The forked run returns exactly (bit for bit) what the in-process run does.
TEST(Tetrahedralize, ForkedResultEqualsInProcessResult) {
  for (const Shape& shape : shapes()) {
    for (const char* switches : {kTetGenDefaultSwitches, "pq1.2a0.05", "pq1.1a0.01"}) {
      SCOPED_TRACE(shape.name + " with " + switches);
      const TetrahedralizeResult a = tetrahedralize(shape.surface, switches);
      const TetrahedralizeResult b = tetrahedralize(shape.surface, switches, TetGenIsolation::kInProcess);
      ASSERT_EQ(a.mesh.vertices.size(), b.mesh.vertices.size());
      EXPECT_EQ(std::memcmp(a.mesh.vertices.data(), b.mesh.vertices.data(), a.mesh.vertices.size() * sizeof(Vec3)), 0);
      EXPECT_EQ(a.mesh.tets, b.mesh.tets);
      EXPECT_EQ(a.boundary_triangles, b.boundary_triangles);
      EXPECT_EQ(a.boundary_source_faces, b.boundary_source_faces);
      EXPECT_EQ(a.boundary_tets, b.boundary_tets);
      EXPECT_EQ(a.boundary_tet_faces, b.boundary_tet_faces);
      EXPECT_EQ(a.switches, b.switches);
      EXPECT_EQ(a.steiner_limit_reached, b.steiner_limit_reached);
    }
  }
}

int open_fd_count() {
  int count = 0;
  DIR* dir = opendir("/proc/self/fd");
  if (dir == nullptr) return -1;
  while (const dirent* entry = readdir(dir)) count += entry->d_name[0] != '.';
  closedir(dir);
  return count;
}

// Neither successful nor failing runs leave file descriptors (pipes) behind.
TEST(Tetrahedralize, RepeatedRunsLeakNoFileDescriptors) {
  const TriMesh cube = read_obj(kData + "/meshes/unit_cube.obj");
  const TriMesh v = voussoir();
  const int before = open_fd_count();
  ASSERT_GT(before, 0);
  for (int i = 0; i < 50; ++i) {
    EXPECT_EQ(tetrahedralize(cube).mesh.vertex_count(), 8);
    if (i % 10 == 0) {
      EXPECT_THROW(tetrahedralize(v, kTetGenRefinedSwitches), GeometryError);
    }
  }
  EXPECT_EQ(open_fd_count(), before);
}

// The program runner: what the program writes to descriptor 3 comes back whole, stderr only as its
// bounded tail, its stdin is the input given, and every way it can end is told apart.
TEST(RunProgram, DataStderrInputAndEndings) {
  using mesh_detail::ChildOutcome;
  using mesh_detail::ProgramRun;
  const auto shell = [](const std::string& script, std::string input = {}) {
    ProgramRun run;
    run.path = "/bin/sh";
    run.arguments = {"-c", script};
    run.input = std::move(input);
    return mesh_detail::run_program(run);
  };
  // Much data and much stderr at once: reading both pipes concurrently must not deadlock. The
  // input (5 MB, beyond any pipe buffer) comes back through descriptor 3.
  std::string big(5'000'000, 'x');
  big[123'456] = 'y';
  ChildOutcome o = shell(
      "i=0; while [ $i -lt 2000 ]; do echo \"line $i of stderr\" >&2; i=$((i+1)); done; "
      "cat >&3; printf end >&3",
      big);
  EXPECT_EQ(o.end, ChildOutcome::End::exited);
  EXPECT_EQ(o.exit_status, 0);
  EXPECT_EQ(o.data, big + "end");
  EXPECT_LE(o.stderr_tail.size(), 4096u);
  EXPECT_NE(o.stderr_tail.find("line 1999 of stderr\n"), std::string::npos);

  o = shell("printf partial >&3; kill -SEGV $$");
  EXPECT_EQ(o.end, ChildOutcome::End::signalled);
  EXPECT_EQ(o.signal, SIGSEGV);
  EXPECT_EQ(o.data, "partial");
  EXPECT_EQ(mesh_detail::describe_signal(SIGSEGV), "signal 11, SIGSEGV");

  o = shell("echo giving up >&2; exit 3");
  EXPECT_EQ(o.end, ChildOutcome::End::exited);
  EXPECT_EQ(o.exit_status, 3);
  EXPECT_EQ(o.stderr_tail, "giving up\n");

  // A program that does not exist: std::system_error naming it, and no descriptor left open.
  const int before = open_fd_count();
  ProgramRun missing;
  missing.path = "/nonexistent/contactlab-tetgen";
  try {
    mesh_detail::run_program(missing);
    ADD_FAILURE() << "expected std::system_error";
  } catch (const std::system_error& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/contactlab-tetgen"), std::string::npos) << e.what();
  }
  EXPECT_EQ(open_fd_count(), before);
}

// Run from a thread while other threads allocate and free without pause, TetGen's helper still
// starts and answers: a fork() child could inherit an allocator lock held by one of them (the
// AddressSanitizer build hung so in CI); a spawned program does not.
TEST(Tetrahedralize, RunsWhileOtherThreadsAllocate) {
  const TriMesh cube = read_obj(kData + "/meshes/unit_cube.obj");
  std::atomic<bool> stop{false};
  std::vector<std::thread> churn;
  for (int t = 0; t < 3; ++t) {
    churn.emplace_back([&stop] {
      std::vector<std::unique_ptr<std::vector<double>>> blocks(64);
      for (std::size_t i = 0; !stop.load(std::memory_order_relaxed); ++i) {
        blocks[i % blocks.size()] = std::make_unique<std::vector<double>>(1 + i % 4096);
      }
    });
  }
  for (int i = 0; i < 100; ++i) EXPECT_EQ(tetrahedralize(cube).mesh.vertex_count(), 8);
  stop = true;
  for (std::thread& t : churn) t.join();
}

// The helper program refuses a request that is not one (e.g. started by hand) with status 2.
TEST(Tetrahedralize, HelperRefusesAMalformedRequest) {
  mesh_detail::ProgramRun run;
  run.path = CONTACTLAB_TETGEN_HELPER;
  run.input = "not a request";
  const mesh_detail::ChildOutcome o = mesh_detail::run_program(run);
  EXPECT_EQ(o.end, mesh_detail::ChildOutcome::End::exited);
  EXPECT_EQ(o.exit_status, 2);
  EXPECT_NE(o.stderr_tail.find("malformed request"), std::string::npos) << o.stderr_tail;
  EXPECT_TRUE(o.data.empty());
}

}  // namespace
}  // namespace contactlab
