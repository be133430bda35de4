#include "contactlab/mesh/validate.h"

#include "contactlab/core/error.h"
#include "contactlab/mesh/obj_io.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <random>

namespace contactlab {
namespace {

const std::string kData = CONTACTLAB_TEST_DATA_DIR;

TriMesh cube() { return read_obj(kData + "/meshes/unit_cube.obj"); }

TetMesh one_tet(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d) { return {{a, b, c, d}, {{0, 1, 2, 3}}}; }

TEST(Validate, ValidMeshesPass) {
  EXPECT_TRUE(validate(cube()).ok()) << validate(cube()).summary();
  EXPECT_NO_THROW(require_valid(cube(), "cube"));
  // A tiny, far-away, well-shaped copy is valid too: thresholds are relative.
  TriMesh small = cube();
  for (Vec3& v : small.vertices) v = 1e-6 * v + Vec3(1e3, -2e3, 5e2);
  EXPECT_TRUE(validate(small).ok()) << validate(small).summary();
  const TetMesh tet = one_tet({0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1});
  EXPECT_TRUE(validate(tet).ok());
  // Empty meshes have nothing wrong with them (callers that need content check for it).
  EXPECT_TRUE(validate(TriMesh{}).ok());
  EXPECT_TRUE(validate(TetMesh{}).ok());
  EXPECT_NO_THROW(require_valid(tet, "tet"));
}

TEST(Validate, NonFiniteCoordinate) {
  TriMesh m = cube();
  m.vertices[5].y() = std::numeric_limits<double>::quiet_NaN();
  const ValidationReport r = validate(m);
  ASSERT_EQ(r.count(MeshIssueKind::kNonFiniteCoordinate), 1u);
  EXPECT_EQ(r.issues[0].element, 5);
  EXPECT_EQ(r.issues.size(), 1u);  // topology still fine, geometry of its triangles skipped
  TetMesh t = one_tet({0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, std::numeric_limits<double>::infinity()});
  EXPECT_EQ(validate(t).count(MeshIssueKind::kNonFiniteCoordinate), 1u);
  EXPECT_EQ(validate(t).issues.size(), 1u);
  try {
    require_valid(m, "body A");
    ADD_FAILURE();
  } catch (const GeometryError& e) {
    EXPECT_NE(std::string(e.what()).find("body A: non-finite coordinate: vertex 5"), std::string::npos) << e.what();
  }
}

TEST(Validate, IndexOutOfRangeAndRepeatedVertex) {
  TriMesh m = cube();
  m.triangles[7][1] = 8;
  m.triangles[9][2] = m.triangles[9][0];
  const ValidationReport r = validate(m);
  ASSERT_EQ(r.count(MeshIssueKind::kIndexOutOfRange), 1u);
  ASSERT_EQ(r.count(MeshIssueKind::kRepeatedVertex), 1u);
  EXPECT_EQ(r.issues[0].kind, MeshIssueKind::kIndexOutOfRange);
  EXPECT_EQ(r.issues[0].element, 7);
  EXPECT_NE(r.issues[0].message.find("vertex index 8: valid 0..7"), std::string::npos);
  EXPECT_EQ(r.issues[1].element, 9);
  EXPECT_THROW(require_valid(m, "m"), GeometryError);

  TetMesh t = one_tet({0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1});
  t.tets[0][3] = -1;
  EXPECT_EQ(validate(t).count(MeshIssueKind::kIndexOutOfRange), 1u);
  t.tets[0][3] = 1;
  EXPECT_EQ(validate(t).count(MeshIssueKind::kRepeatedVertex), 1u);
}

TEST(Validate, OpenNonManifoldAndInconsistentSurfaces) {
  TriMesh open = cube();
  open.triangles.erase(open.triangles.begin() + 4);
  ValidationReport r = validate(open);
  EXPECT_EQ(r.count(MeshIssueKind::kBoundaryEdge), 3u);
  EXPECT_EQ(r.issues.size(), 3u);
  EXPECT_TRUE(validate(open, {.tolerance = {}, .require_closed = false}).ok());

  TriMesh fin = cube();  // two triangles hanging off edge (0, 1): 4 triangles on that edge
  fin.vertices.emplace_back(0.5, -1, 0.5);
  fin.triangles.push_back({0, 1, 8});
  fin.triangles.push_back({1, 0, 8});
  r = validate(fin);
  ASSERT_EQ(r.count(MeshIssueKind::kNonManifoldEdge), 1u);
  EXPECT_EQ(r.issues.size(), 1u);
  EXPECT_NE(r.issues[0].message.find("edge (0, 1) is shared by 4 triangles"), std::string::npos) << r.issues[0].message;

  TriMesh flipped = cube();
  std::swap(flipped.triangles[2][1], flipped.triangles[2][2]);
  r = validate(flipped);
  EXPECT_EQ(r.count(MeshIssueKind::kInconsistentOrientation), 3u);  // its three edges
  EXPECT_EQ(r.issues.size(), 3u);

  TriMesh inside_out = cube();
  for (Triangle& t : inside_out.triangles) std::swap(t[1], t[2]);
  r = validate(inside_out);
  ASSERT_EQ(r.issues.size(), 1u);
  EXPECT_EQ(r.issues[0].kind, MeshIssueKind::kNonPositiveVolume);
}

// Exact integer arithmetic is the brute-force reference for the degeneracy and sign decisions.
bool cross_is_zero(const Vec3& a, const Vec3& b, const Vec3& c) {
  const std::int64_t ux = static_cast<std::int64_t>(b.x() - a.x()), uy = static_cast<std::int64_t>(b.y() - a.y()),
                     uz = static_cast<std::int64_t>(b.z() - a.z());
  const std::int64_t vx = static_cast<std::int64_t>(c.x() - a.x()), vy = static_cast<std::int64_t>(c.y() - a.y()),
                     vz = static_cast<std::int64_t>(c.z() - a.z());
  return uy * vz - uz * vy == 0 && uz * vx - ux * vz == 0 && ux * vy - uy * vx == 0;
}

int exact_volume_sign(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d) {
  auto diff = [](const Vec3& p, const Vec3& q) {
    return std::array<std::int64_t, 3>{static_cast<std::int64_t>(p.x() - q.x()),
                                       static_cast<std::int64_t>(p.y() - q.y()),
                                       static_cast<std::int64_t>(p.z() - q.z())};
  };
  const auto u = diff(b, a), v = diff(c, a), w = diff(d, a);
  const std::int64_t det =
      u[0] * (v[1] * w[2] - v[2] * w[1]) - u[1] * (v[0] * w[2] - v[2] * w[0]) + u[2] * (v[0] * w[1] - v[1] * w[0]);
  return (det > 0) - (det < 0);
}

// 10^4 random triangles with integer coordinates offset by 2^40 (so that rounding in a naive
// cross product would matter), a third of them exactly collinear (c on line ab) or with two
// coincident corners. Non-collinear integer triangles have height ≥ 1/(longest edge) ≫ 1e-9·L,
// so "degenerate" must equal "integer cross product is zero".
TEST(Validate, DegenerateTrianglesAgainstExactArithmetic) {
  std::mt19937 rng(21);
  std::uniform_int_distribution<int> u(-1000, 1000), kind(0, 5), t(-3, 3);
  const double offset = 1099511627776.0;  // 2^40
  int degenerate = 0;
  for (int i = 0; i < 10000; ++i) {
    auto p = [&] { return Vec3(u(rng) + offset, u(rng) - offset, u(rng) + 0.5 * offset); };
    const Vec3 a = p(), b = p();
    Vec3 c = p();
    const int k = kind(rng);
    if (k == 0) c = a + t(rng) * (b - a);  // collinear (exact: small integers)
    if (k == 1) c = b;                     // coincident corners, distinct indices
    TriMesh m{{a, b, c}, {{0, 1, 2}}};
    const ValidationReport r = validate(m, {.tolerance = {}, .require_closed = false});
    const bool expected = cross_is_zero(a, b, c);
    degenerate += expected;
    ASSERT_EQ(r.count(MeshIssueKind::kDegenerateTriangle), expected ? 1u : 0u) << "case " << i << " " << r.summary();
    ASSERT_EQ(r.issues.size(), expected ? 1u : 0u);
  }
  EXPECT_GT(degenerate, 2000);
}

TEST(Validate, ThinTriangleThresholdIsRelative) {
  // Height h above the base (0,0,0)-(1,0,0), scaled by s: degenerate iff h ≤ 1e-9 · diagonal.
  for (double s : {1e-6, 1.0, 1e6}) {
    for (double h : {1e-12, 1e-10, 1e-8, 1e-6}) {
      TriMesh m{{Vec3(0, 0, 0), Vec3(s, 0, 0), Vec3(0.5 * s, h * s, 0)}, {{0, 1, 2}}};
      const double diagonal = std::hypot(1.0, h);  // in units of s
      const bool expected = h <= 1e-9 * diagonal;
      EXPECT_EQ(validate(m, {.tolerance = {}, .require_closed = false}).count(MeshIssueKind::kDegenerateTriangle),
                expected ? 1u : 0u)
          << "s " << s << " h " << h;
    }
  }
}

// 10^4 random tets with integer coordinates (offset 2^30): inverted / zero-volume must match the
// exact int64 determinant (|entries| ≤ 14000, no overflow); a share is exactly coplanar (d = a + i(b−a) + j(c−a)) and a share
// has a coincident corner. Integer tets have 6V ≥ 1, so height ≥ 1/(2·largest face area) ≥ 1e-8 here;
// a relative tolerance of 1e-15 keeps the sliver test out of the way.
TEST(Validate, TetSignsAgainstExactArithmetic) {
  std::mt19937 rng(33);
  std::uniform_int_distribution<int> u(-1000, 1000), kind(0, 5), t(-3, 3);
  const double offset = 1073741824.0;
  int counts[3] = {0, 0, 0};
  for (int i = 0; i < 10000; ++i) {
    auto p = [&] { return Vec3(u(rng) + offset, u(rng) + offset, u(rng) - offset); };
    const Vec3 a = p(), b = p(), c = p();
    Vec3 d = p();
    const int k = kind(rng);
    if (k == 0) d = a + t(rng) * (b - a) + t(rng) * (c - a);
    if (k == 1) d = c;
    const ValidationReport r = validate(one_tet(a, b, c, d), {.tolerance = {1e-15}, .require_closed = true});
    const int sign = exact_volume_sign(a, b, c, d);
    ++counts[sign + 1];
    ASSERT_EQ(r.count(MeshIssueKind::kInvertedTet), sign < 0 ? 1u : 0u) << i;
    ASSERT_EQ(r.count(MeshIssueKind::kZeroVolumeTet), sign == 0 ? 1u : 0u) << i;
    ASSERT_EQ(r.issues.size(), sign > 0 ? 0u : 1u) << i << " " << r.summary();
  }
  EXPECT_GT(counts[0], 2000);
  EXPECT_GT(counts[1], 2000);
  EXPECT_GT(counts[2], 2000);
}

TEST(Validate, SliverThresholdIsRelative) {
  // Apex at height h above a unit right triangle: smallest height is h (largest face is the base
  // for h < 1), so a sliver iff h ≤ 1e-9 · diagonal, whatever the overall scale s.
  for (double s : {1e-5, 1.0, 1e5}) {
    for (double h : {1e-13, 1e-11, 1e-7, 1e-3}) {
      const TetMesh m = one_tet(s * Vec3(0, 0, 0), s * Vec3(1, 0, 0), s * Vec3(0, 1, 0), s * Vec3(0.25, 0.25, h));
      const double diagonal = std::sqrt(2.0 + h * h);
      const bool expected = h <= 1e-9 * diagonal;
      const ValidationReport r = validate(m);
      EXPECT_EQ(r.count(MeshIssueKind::kSliverTet), expected ? 1u : 0u) << "s " << s << " h " << h;
      EXPECT_EQ(r.issues.size(), expected ? 1u : 0u);
    }
  }
}

TEST(Validate, InvertedWithinTheBandIsASliverNotAnError) {
  // The same tets with the apex below the base (negative volume): within the band the sign is what
  // rounding of a rotation can do to a sliver (a refined arch, rotated, has one at −7e-18), so it
  // is a sliver like its mirror image; beyond the band it is inverted.
  for (double s : {1e-5, 1.0, 1e5}) {
    for (double h : {1e-13, 1e-11, 1e-7, 1e-3}) {
      const TetMesh m = one_tet(s * Vec3(0, 0, 0), s * Vec3(1, 0, 0), s * Vec3(0, 1, 0), s * Vec3(0.25, 0.25, -h));
      const bool thin = h <= 1e-9 * std::sqrt(2.0 + h * h);
      const ValidationReport r = validate(m);
      EXPECT_EQ(r.count(MeshIssueKind::kSliverTet), thin ? 1u : 0u) << "s " << s << " h " << h;
      EXPECT_EQ(r.count(MeshIssueKind::kInvertedTet), thin ? 0u : 1u) << "s " << s << " h " << h;
      EXPECT_EQ(r.issues.size(), 1u);
    }
  }
}

}  // namespace
}  // namespace contactlab
