// point_in_tet_band against the unit corner tet (0, e_x, e_y, e_z), whose face planes are x = 0,
// y = 0, z = 0 and x + y + z = 1: every expected location follows from those planes; then the same
// points under random similarity transforms (with tol scaled) must classify the same.
#include "contactlab/geometry/tolerance_band.h"

#include "contactlab/geometry/tetrahedron_tables.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

namespace contactlab {
namespace {

const std::array<Vec3, 4> kTet{Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1)};
constexpr double kTol = 1e-9;

/// A seeded random similarity move: rotation uniform over SO(3), scale 10^U(−3, 3), translation
/// up to 5 × the scale along each axis.
struct SimilarityMove {
  Quat rotation;
  double scale = 1.0;
  Vec3 translation;
  Vec3 operator()(const Vec3& x) const { return scale * (rotation * x) + translation; }
};

SimilarityMove random_move(std::mt19937_64& rng) {
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  SimilarityMove move;
  move.rotation = Quat(normal(rng), normal(rng), normal(rng), normal(rng)).normalized();
  move.scale = std::pow(10.0, 3.0 * unit(rng));
  move.translation = 5.0 * move.scale * Vec3(unit(rng), unit(rng), unit(rng));
  return move;
}

struct Probe {
  Vec3 p;
  TetLocation location;
  int feature;
};

/// Probes placed by the face planes; offsets of ±0.5 tol stay in the band, 3 tol leave it.
std::vector<Probe> probes() {
  const double in = 0.5 * kTol, out = 3.0 * kTol;
  const int face_y0 = 2;  // face 2 is opposite corner 2 = (0, 1, 0): the plane y = 0
  const int edge_x = 0;   // kTetEdges[0] = {0, 1}: the x axis, where faces 2 (y = 0) and 3 (z = 0) meet
  return {
      {Vec3(0.2, 0.2, 0.2), TetLocation::kInside, -1},
      {Vec3(0.2, -in, 0.2), TetLocation::kOnFace, face_y0},
      {Vec3(0.2, in, 0.2), TetLocation::kOnFace, face_y0},
      {Vec3(0.2, -out, 0.2), TetLocation::kOutside, -1},
      {Vec3(0.5, in, -in), TetLocation::kOnEdge, edge_x},
      {Vec3(-in, -in, -in), TetLocation::kOnVertex, 0},
      {Vec3(1 + in, 0, 0), TetLocation::kOnVertex, 1},
      {Vec3(0.4, 0.4, 0.2 + in), TetLocation::kOnFace, 0},  // on x + y + z = 1, face 0 (opposite the origin)
      {Vec3(0.4, 0.4, 0.2 + 2 * out), TetLocation::kOutside, -1},
  };
}

TEST(PointInTetBand, LocationsFromTheFacePlanes) {
  ASSERT_EQ(kTetEdges[0][0], 0);
  ASSERT_EQ(kTetEdges[0][1], 1);
  for (const Probe& probe : probes()) {
    SCOPED_TRACE(::testing::Message() << probe.p.transpose());
    const PointInTetResult r = point_in_tet_band(probe.p, kTet, kTol);
    EXPECT_EQ(r.location, probe.location);
    EXPECT_EQ(r.feature, probe.feature);
    EXPECT_EQ(r.in_closure, probe.location != TetLocation::kOutside);
  }
}

TEST(PointInTetBand, InvertedTetIsTheSameSet) {
  const std::array<Vec3, 4> inverted{kTet[1], kTet[0], kTet[2], kTet[3]};
  for (const Probe& probe : probes()) {
    EXPECT_EQ(point_in_tet_band(probe.p, inverted, kTol).in_closure, probe.location != TetLocation::kOutside);
  }
}

TEST(PointInTetBand, SameUnderRandomSimilarityTransforms) {
  std::mt19937_64 rng(12);
  for (int k = 0; k < 200; ++k) {
    const SimilarityMove map = random_move(rng);
    const double s = map.scale;
    const std::array<Vec3, 4> moved{map(kTet[0]), map(kTet[1]), map(kTet[2]), map(kTet[3])};
    for (const Probe& probe : probes()) {
      const PointInTetResult r = point_in_tet_band(map(probe.p), moved, s * kTol);
      EXPECT_EQ(r.location, probe.location) << "move " << k << ", probe " << probe.p.transpose();
      EXPECT_EQ(r.feature, probe.feature) << "move " << k;
    }
  }
}

TEST(InClosedTetBand, TheClosureOfPointInTetBand) {
  // The probes' expected side, placed by the face planes: on both orientations of the tet.
  const std::array<Vec3, 4> inverted{kTet[1], kTet[0], kTet[2], kTet[3]};
  for (const std::array<Vec3, 4>& tet : {kTet, inverted}) {
    const TetPlanes planes = tet_planes(tet);
    for (const Probe& probe : probes()) {
      EXPECT_EQ(in_closed_tet_band(probe.p, tet, planes, kTol), probe.location != TetLocation::kOutside)
          << probe.p.transpose();
    }
  }
  // A sliver thinner than the band: its triangle grown by the band, as flat_tet_contains.
  const std::array<Vec3, 4> sliver{Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0.25, 0.25, 1e-14)};
  const TetPlanes planes = tet_planes(sliver);
  EXPECT_TRUE(in_closed_tet_band(Vec3(0.2, 0.2, 0.5 * kTol), sliver, planes, kTol));
  EXPECT_FALSE(in_closed_tet_band(Vec3(0.2, 0.2, 3 * kTol), sliver, planes, kTol));
  EXPECT_FALSE(in_closed_tet_band(Vec3(0.6, 0.6, 0), sliver, planes, kTol));
}

TEST(PointInTetBand, FlatTetIsDegenerate) {
  const std::array<Vec3, 4> flat{Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(1, 1, 0)};
  const PointInTetResult r = point_in_tet_band(Vec3(0.5, 0.5, 0), flat, kTol);
  EXPECT_EQ(r.location, TetLocation::kDegenerate);
  EXPECT_TRUE(r.in_closure);
  EXPECT_FALSE(point_in_tet_band(Vec3(0.5, 0.5, 1), flat, kTol).in_closure);
}

// The triangle (0,0,0), (1,0,0), (0,1,0) in the plane z = 0: crossings through its interior, through
// its edge (grown by the band), outside it, and segments ending within the band of the plane.
TEST(SegmentCrossesTriangleBand, CrossingsFromThePlaneAndTheEdges) {
  const Vec3 a(0, 0, 0), b(1, 0, 0), c(0, 1, 0);
  const double in = 0.5 * kTol, out = 3.0 * kTol;
  const auto cross = [&](const Vec3& x, const Vec3& y) { return segment_crosses_triangle_band(x, y, a, b, c, kTol); };
  const std::optional<Vec3> inside = cross(Vec3(0.2, 0.2, -1), Vec3(0.2, 0.2, 1));
  ASSERT_TRUE(inside.has_value());
  EXPECT_NEAR((*inside - Vec3(0.2, 0.2, 0)).norm(), 0.0, 1e-15);
  EXPECT_TRUE(cross(Vec3(0.5, -in, -1), Vec3(0.5, -in, 1)).has_value());            // on edge ab, within the band
  EXPECT_FALSE(cross(Vec3(0.5, -out, -1), Vec3(0.5, -out, 1)).has_value());         // beyond it
  EXPECT_TRUE(cross(Vec3(0.5 + in, 0.5, -1), Vec3(0.5 + in, 0.5, 1)).has_value());  // on the hypotenuse
  EXPECT_FALSE(cross(Vec3(0.2, 0.2, in), Vec3(0.2, 0.2, 1)).has_value());           // starts on the plane
  EXPECT_FALSE(cross(Vec3(0.2, 0.2, out), Vec3(0.2, 0.2, 1)).has_value());          // same side
  EXPECT_FALSE(segment_crosses_triangle_band(Vec3(0, 0, -1), Vec3(0, 0, 1), a, b, 2 * b, kTol).has_value());  // no area
}

TEST(SegmentCrossesTriangleBand, SameUnderRandomSimilarityTransforms) {
  std::mt19937_64 rng(13);
  const double in = 0.5 * kTol, out = 3.0 * kTol;
  const std::vector<std::pair<std::array<Vec3, 2>, bool>> segments = {
      {{Vec3(0.2, 0.2, -1), Vec3(0.2, 0.2, 1)}, true},    {{Vec3(0.5, -in, -1), Vec3(0.5, -in, 1)}, true},
      {{Vec3(0.5, -out, -1), Vec3(0.5, -out, 1)}, false}, {{Vec3(0.2, 0.2, in), Vec3(0.2, 0.2, 1)}, false},
      {{Vec3(-in, -in, -1), Vec3(-in, -in, 1)}, true},    {{Vec3(0.5 + out, 0.5, -1), Vec3(0.5 + out, 0.5, 1)}, false},
  };
  for (int k = 0; k < 200; ++k) {
    const SimilarityMove map = random_move(rng);
    const double s = map.scale;
    for (const auto& [segment, crosses] : segments) {
      const bool got = segment_crosses_triangle_band(map(segment[0]), map(segment[1]), map(Vec3(0, 0, 0)),
                                                     map(Vec3(1, 0, 0)), map(Vec3(0, 1, 0)), s * kTol)
                           .has_value();
      EXPECT_EQ(got, crosses) << "move " << k << ", segment from " << segment[0].transpose();
    }
  }
}

// The triangle (0,0,0), (1,0,0), (0,1,0) in z = 0, whose edges' in-plane outward distances are
// −y, −x and (x + y − 1)/√2: points placed by them at ±0.5 tol and 3 tol from an edge (off the plane
// too: only the projection counts), under random similarity transforms. Both forms of
// in_triangle_band — the TrianglePlane's edges computed once, or from corners and a normal in the
// call — must give the geometry's answer, the same for both.
TEST(InTriangleBand, InsideTheEdgesGrownByTheBandEitherForm) {
  std::mt19937_64 rng(29);
  const double in = 0.5 * kTol, out = 3.0 * kTol, slant = std::sqrt(0.5);
  const std::vector<std::pair<Vec3, bool>> points = {
      {Vec3(0.2, 0.2, 0), true},
      {Vec3(0.2, 0.2, 5), true},  // off the plane: its projection is inside
      {Vec3(0.5, -in, 0), true},
      {Vec3(0.5, -out, 0), false},
      {Vec3(-in, 0.5, -2), true},
      {Vec3(-out, 0.5, 0), false},
      {Vec3(0.5 + in * slant, 0.5 + in * slant, 0), true},
      {Vec3(0.5 + out * slant, 0.5 + out * slant, 0), false},
      {Vec3(-in * slant, -in * slant, 0), true},  // at a corner, within the band of both edges
      {Vec3(1.0 + out, 0, 0), false},
  };
  for (int k = 0; k < 200; ++k) {
    const SimilarityMove map = random_move(rng);
    const std::array<Vec3, 3> corner{map(Vec3(0, 0, 0)), map(Vec3(1, 0, 0)), map(Vec3(0, 1, 0))};
    const TrianglePlane plane = triangle_plane(corner[0], corner[1], corner[2]);
    ASSERT_TRUE(plane.valid);
    for (const auto& [point, inside] : points) {
      const Vec3 x = map(point);
      const double tol = map.scale * kTol;
      EXPECT_EQ(in_triangle_band(plane, x, tol), inside) << "move " << k << ", point " << point.transpose();
      EXPECT_EQ(in_triangle_band(corner, plane.normal, x, tol), inside)
          << "move " << k << ", point " << point.transpose();
      EXPECT_EQ(inside_triangle_edges_unbranched(x, plane.corner, plane.edges, tol), inside)
          << "move " << k << ", point " << point.transpose();
    }
  }
  // A triangle without area contains nothing.
  EXPECT_FALSE(in_triangle_band(triangle_plane(Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(2, 0, 0)), Vec3(1, 0, 0), kTol));
  const TriangleEdgeNormals no_edges =
      triangle_edge_normals({Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(2, 0, 0)}, Vec3::Zero());
  EXPECT_FALSE(
      inside_triangle_edges_unbranched(Vec3(1, 0, 0), {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(2, 0, 0)}, no_edges, kTol));
}

// The unbranched form (every edge tested, the answers joined: edge–face crossings of the SAT
// methods) answers as inside_triangle_edges does, point by point: random triangles (slivers
// among them) and points near their edges at bands from 0 to 1e-3, and a non-finite point.
TEST(InTriangleBand, UnbranchedFormAnswersAsTheBranchedOne) {
  std::mt19937_64 rng(57);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  const auto random_point = [&] { return Vec3(unit(rng), unit(rng), unit(rng)); };
  int inside = 0, outside = 0;
  for (int k = 0; k < 20000; ++k) {
    std::array<Vec3, 3> corner{random_point(), random_point(), random_point()};
    if (k % 4 == 0) corner[2] = corner[0] + 0.5 * (corner[1] - corner[0]) + 1e-9 * random_point();  // a sliver
    const TrianglePlane plane = triangle_plane(corner[0], corner[1], corner[2]);
    if (!plane.valid) continue;
    const double tol = k % 5 == 0 ? 0.0 : std::pow(10.0, -3.0 - (k % 9));
    // Near an edge: a point of the edge moved by a few bands, in the plane and off it.
    const std::size_t edge = static_cast<std::size_t>(k % 3);
    const double along = 0.5 * (unit(rng) + 1.0);
    const Vec3 x =
        corner[edge] + along * (corner[(edge + 1) % 3] - corner[edge]) + 3.0 * tol * unit(rng) * random_point();
    const bool want = inside_triangle_edges(x, plane.corner, plane.edges, tol);
    ASSERT_EQ(inside_triangle_edges_unbranched(x, plane.corner, plane.edges, tol), want) << "k " << k;
    (want ? inside : outside) += 1;
  }
  EXPECT_GT(inside, 2000);
  EXPECT_GT(outside, 2000);
  const TrianglePlane plane = triangle_plane(Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0));
  const Vec3 nan_point(std::nan(""), 0.2, 0.0);
  EXPECT_EQ(inside_triangle_edges_unbranched(nan_point, plane.corner, plane.edges, kTol),
            inside_triangle_edges(nan_point, plane.corner, plane.edges, kTol));
}

TEST(PointInTetBand, TetThinnerThanTheBandIsFlatAndBounded) {
  // A sliver over the unit right triangle in z = 0 with its fourth corner at (0.25, 0.25, ±h),
  // h far below the band: a flat tet whatever the sign of its volume. It contains what lies within
  // the band of its plane and of its triangle, and nothing beside it — with its four nearly
  // coplanar face planes alone, every point within the band of z = 0 would have been "inside".
  for (const double h : {1e-14, -1e-14}) {
    const std::array<Vec3, 4> sliver{Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0.25, 0.25, h)};
    const TetPlanes planes = tet_planes(sliver);
    EXPECT_TRUE(planes.thin(kTol));
    EXPECT_NEAR(planes.height, std::abs(h), 1e-20);  // 3V / base area = 3 (|h| / 6) / 0.5
    const auto contains = [&](const Vec3& p) { return point_in_tet_band(p, sliver, planes, kTol).in_closure; };
    EXPECT_TRUE(contains(Vec3(0.2, 0.2, 0)));
    EXPECT_TRUE(contains(Vec3(0.2, 0.2, 0.5 * kTol)));
    EXPECT_TRUE(contains(Vec3(1 + 0.5 * kTol, 0, 0)));  // a corner, within the band
    EXPECT_FALSE(contains(Vec3(0.2, 0.2, 3 * kTol)));   // above the plane beyond the band
    EXPECT_FALSE(contains(Vec3(5, 5, 0)));              // beside the triangle, in its plane
    EXPECT_FALSE(contains(Vec3(0.6, 0.6, 0)));          // just beyond the hypotenuse
    EXPECT_FALSE(contains(Vec3(-3 * kTol, 0.5, 0)));    // beyond the edge x = 0
    EXPECT_EQ(point_in_tet_band(Vec3(0.2, 0.2, 0), sliver, planes, kTol).location, TetLocation::kDegenerate);
  }
  // A proper tet is not thin: its height (the unit corner tet's smallest, 1/√3) is far above tol.
  EXPECT_FALSE(tet_planes(kTet).thin(kTol));
  EXPECT_NEAR(tet_min_height(kTet), 1.0 / std::sqrt(3.0), 1e-15);
  // Corners on a line: within the band of the segment they span.
  const std::array<Vec3, 4> needle{Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(2, 0, 0), Vec3(0.5, 0, 0)};
  EXPECT_TRUE(flat_tet_contains(Vec3(1.5, 0.5 * kTol, 0), needle, kTol));
  EXPECT_FALSE(flat_tet_contains(Vec3(1.5, 3 * kTol, 0), needle, kTol));
  EXPECT_FALSE(flat_tet_contains(Vec3(2 + 3 * kTol, 0, 0), needle, kTol));
}

TEST(PointInTetBand, FlatTetSameUnderRandomSimilarityTransforms) {
  std::mt19937_64 rng(19);
  const std::array<Vec3, 4> sliver{Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0.25, 0.25, 1e-15)};
  const double in = 0.5 * kTol, out = 3.0 * kTol;
  const std::vector<std::pair<Vec3, bool>> probes = {
      {Vec3(0.2, 0.2, 0), true},      {Vec3(0.2, 0.2, in), true},       {Vec3(0.2, 0.2, out), false},
      {Vec3(0.5 + in, 0.5, 0), true}, {Vec3(0.5 + out, 0.5, 0), false}, {Vec3(3, -1, 0), false},
      {Vec3(-in, -in, in), true},
  };
  for (int k = 0; k < 200; ++k) {
    const SimilarityMove map = random_move(rng);
    const double s = map.scale;
    const std::array<Vec3, 4> moved{map(sliver[0]), map(sliver[1]), map(sliver[2]), map(sliver[3])};
    const TetPlanes planes = tet_planes(moved);  // its orientation is rounding: either sign
    ASSERT_TRUE(planes.thin(s * kTol)) << "move " << k;
    for (const auto& [p, inside] : probes) {
      EXPECT_EQ(point_in_tet_band(map(p), moved, planes, s * kTol).in_closure, inside)
          << "move " << k << ", probe " << p.transpose();
    }
  }
}

/// The points, repeats within `tol` merged (first kept).
std::vector<Vec3> distinct(const std::vector<Vec3>& points, double tol) {
  std::vector<Vec3> out;
  for (const Vec3& p : points) {
    bool seen = false;
    for (const Vec3& q : out) seen = seen || (p - q).norm() <= tol;
    if (!seen) out.push_back(p);
  }
  return out;
}

struct MeetingCase {
  const char* name;
  std::array<Vec3, 3> a, b;
  std::vector<Vec3> expected;  // the corners of the common part, from the geometry
};

/// Triangle a = (0,0,0), (2,0,0), (0,2,0) in z = 0 against triangles whose common part with it is
/// known: a polygon when coplanar, a segment when crossing or touching along an edge, nothing when
/// apart beyond the band.
std::vector<MeetingCase> meeting_cases() {
  const std::array<Vec3, 3> a{Vec3(0, 0, 0), Vec3(2, 0, 0), Vec3(0, 2, 0)};
  const double in = 0.5 * kTol, out = 3.0 * kTol;
  return {
      // a shifted by (0.5, 0.5) and wound the other way (an opposing face): common triangle
      // x ≥ 0.5, y ≥ 0.5, x + y ≤ 2.
      {"coplanar overlap",
       a,
       {Vec3(0.5, 0.5, 0), Vec3(0.5, 2.5, 0), Vec3(2.5, 0.5, 0)},
       {Vec3(0.5, 0.5, 0), Vec3(1.5, 0.5, 0), Vec3(0.5, 1.5, 0)}},
      // The same, lifted by half the band: still coplanar.
      {"coplanar within the band",
       a,
       {Vec3(0.5, 0.5, in), Vec3(0.5, 2.5, in), Vec3(2.5, 0.5, in)},
       {Vec3(0.5, 0.5, 0), Vec3(1.5, 0.5, 0), Vec3(0.5, 1.5, 0)}},
      {"apart beyond the band", a, {Vec3(0.5, 0.5, out), Vec3(0.5, 2.5, out), Vec3(2.5, 0.5, out)}, {}},
      // In the plane x = 0.5, crossing z = 0 along y ∈ [0.25, 3]; a clips it to y ≤ 1.5.
      {"crossing",
       a,
       {Vec3(0.5, 0.25, -1), Vec3(0.5, 0.25, 1), Vec3(0.5, 3, 0)},
       {Vec3(0.5, 0.25, 0), Vec3(0.5, 1.5, 0)}},
      // Standing on a's edge y = 0 (perpendicular, touching along [0.5, 1.5] of the x axis).
      {"touching along an edge",
       a,
       {Vec3(0.5, 0, 0), Vec3(1.5, 0, 0), Vec3(1, 0, 1)},
       {Vec3(0.5, 0, 0), Vec3(1.5, 0, 0)}},
      // Touching at one corner: b's corner on a's hypotenuse, b above the plane.
      {"touching at a corner", a, {Vec3(1, 1, 0), Vec3(2, 2, 1), Vec3(1, 2, 1)}, {Vec3(1, 1, 0)}},
      // Coplanar, side by side, sharing a's hypotenuse only: the common segment's end points.
      {"coplanar, sharing an edge", a, {Vec3(2, 0, 0), Vec3(2, 2, 0), Vec3(0, 2, 0)}, {Vec3(2, 0, 0), Vec3(0, 2, 0)}},
  };
}

void expect_same_points(const std::vector<Vec3>& got, const std::vector<Vec3>& expected, double tol,
                        const std::string& what) {
  const std::vector<Vec3> points = distinct(got, tol);
  ASSERT_EQ(points.size(), expected.size()) << what;
  for (const Vec3& e : expected) {
    bool found = false;
    for (const Vec3& p : points) found = found || (p - e).norm() <= tol;
    EXPECT_TRUE(found) << what << ": no point at " << e.transpose();
  }
}

TEST(TriangleMeetingPointsBand, CommonPartsFromTheGeometry) {
  for (const MeetingCase& c : meeting_cases()) {
    for (int order = 0; order < 2; ++order) {  // both ways round: the same set
      const auto& x = order == 0 ? c.a : c.b;
      const auto& y = order == 0 ? c.b : c.a;
      std::vector<Vec3> got;
      triangle_meeting_points_band(triangle_plane(x[0], x[1], x[2]), triangle_plane(y[0], y[1], y[2]), kTol, got);
      expect_same_points(got, c.expected, kTol, std::string(c.name) + (order == 0 ? "" : " (swapped)"));
    }
  }
  std::vector<Vec3> none;
  triangle_meeting_points_band(triangle_plane(Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(2, 0, 0)),
                               triangle_plane(Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0)), kTol, none);
  EXPECT_TRUE(none.empty()) << "a zero-area triangle meets nothing";
}

TEST(TriangleMeetingPointsBand, SameUnderRandomSimilarityTransforms) {
  std::mt19937_64 rng(17);
  for (int k = 0; k < 200; ++k) {
    const SimilarityMove map = random_move(rng);
    const double s = map.scale;
    for (const MeetingCase& c : meeting_cases()) {
      std::vector<Vec3> got, expected;
      triangle_meeting_points_band(triangle_plane(map(c.a[0]), map(c.a[1]), map(c.a[2])),
                                   triangle_plane(map(c.b[0]), map(c.b[1]), map(c.b[2])), s * kTol, got);
      for (const Vec3& e : c.expected) expected.push_back(map(e));
      expect_same_points(got, expected, s * kTol, std::string(c.name) + ", move " + std::to_string(k));
    }
  }
}

// The unit corner tet's faces (kTetFaces: face f opposite corner f) lie in x + y + z = 1, x = 0,
// y = 0 and z = 0; their outward unit normals follow from the geometry. A tet with two corners
// at one point has two faces of no area, whose planes have no direction.
TEST(TetFacePlanes, TheFourFacesCornersAndOutwardNormals) {
  const std::array<TrianglePlane, 4> planes = tet_face_planes(kTet);
  const std::array<Vec3, 4> outward{Vec3(1, 1, 1).normalized(), Vec3(-1, 0, 0), Vec3(0, -1, 0), Vec3(0, 0, -1)};
  for (int f = 0; f < 4; ++f) {
    ASSERT_TRUE(planes[f].valid) << f;
    // Face f holds every corner but f, in kTetFaces' order.
    for (int i = 0; i < 3; ++i) EXPECT_EQ(planes[f].corner[i], kTet[kTetFaces[f][i]]) << f << " " << i;
    EXPECT_LT((planes[f].normal - outward[f]).norm(), 1e-15) << f;
    // The opposite corner lies behind the face by the tet's height over it: 1/√3 over the slanted
    // face, 1 over the others.
    EXPECT_NEAR(planes[f].distance(kTet[f]), f == 0 ? -1.0 / std::sqrt(3.0) : -1.0, 1e-15) << f;
  }
  std::array<Vec3, 4> pinched = kTet;
  pinched[3] = pinched[0];
  const std::array<TrianglePlane, 4> flat = tet_face_planes(pinched);
  int without_area = 0;
  for (int f = 0; f < 4; ++f) {
    // Faces through both pinched corners (not opposite corner 0 or 3) have no area.
    const bool through_both = f != 0 && f != 3;
    EXPECT_EQ(flat[f].valid, !through_both) << f;
    without_area += flat[f].valid ? 0 : 1;
  }
  EXPECT_EQ(without_area, 2);
}

}  // namespace
}  // namespace contactlab
