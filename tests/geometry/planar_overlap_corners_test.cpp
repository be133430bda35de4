// planar_overlap_corners (geometry/planar_overlap_corners.h). Ground truth: the corners of overlaps
// of axis-aligned rectangles and of an L-shape, known in closed form, for regions triangulated in
// different ways (diagonals, fans, vertices on edges, random fans with random extra boundary
// vertices), in the plane y = 0 and after random similarity transforms.
#include "contactlab/geometry/planar_overlap_corners.h"

#include <gtest/gtest.h>

#include <Eigen/Geometry>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace contactlab {
namespace {

constexpr double kTol = 1e-9;

/// A point of the plane y = 0 from in-plane coordinates (x, z).
Vec3 at(double x, double z) { return Vec3(x, 0.0, z); }

Triangle3 tri(double x0, double z0, double x1, double z1, double x2, double z2) {
  return {at(x0, z0), at(x1, z1), at(x2, z2)};
}

/// The rectangle [x0, x1] × [z0, z1] as two triangles over one diagonal or the other.
std::vector<Triangle3> rectangle(double x0, double z0, double x1, double z1, bool other_diagonal = false) {
  if (other_diagonal) return {tri(x0, z0, x1, z0, x0, z1), tri(x1, z0, x1, z1, x0, z1)};
  return {tri(x0, z0, x1, z0, x1, z1), tri(x0, z0, x1, z1, x0, z1)};
}

/// The rectangle as a fan about an interior point, with `extra` random points on each side: the
/// extra boundary vertices are T-junctions for whatever lies beside them.
std::vector<Triangle3> random_fan(double x0, double z0, double x1, double z1, int extra, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> unit(0.05, 0.95);
  std::vector<Vec3> ring;
  const std::array<Vec3, 4> corner = {at(x0, z0), at(x1, z0), at(x1, z1), at(x0, z1)};
  for (std::size_t side = 0; side < 4; ++side) {
    ring.push_back(corner[side]);
    std::vector<double> ts;
    for (int k = 0; k < extra; ++k) ts.push_back(unit(rng));
    std::sort(ts.begin(), ts.end());
    for (double t : ts) ring.push_back(corner[side] + t * (corner[(side + 1) % 4] - corner[side]));
  }
  const Vec3 centre = at(x0 + unit(rng) * (x1 - x0), z0 + unit(rng) * (z1 - z0));
  std::vector<Triangle3> out;
  for (std::size_t i = 0; i < ring.size(); ++i) out.push_back({centre, ring[i], ring[(i + 1) % ring.size()]});
  return out;
}

PlanarOverlapCorners corners_in_plane(const std::vector<Triangle3>& a, const std::vector<Triangle3>& b) {
  PlanarOverlapRequest request;
  request.origin = Vec3::Zero();
  request.normal = Vec3::UnitY();
  request.tolerance = kTol;
  return planar_overlap_corners(a, b, request);
}

/// Every expected point is matched by exactly one corner within `eps`, and there are no others.
void expect_corners(const std::vector<Vec3>& got, const std::vector<Vec3>& expected, double eps) {
  ASSERT_EQ(got.size(), expected.size());
  for (const Vec3& e : expected) {
    const auto n = std::count_if(got.begin(), got.end(), [&](const Vec3& g) { return (g - e).norm() <= eps; });
    EXPECT_EQ(n, 1) << "expected corner (" << e.transpose() << ")";
  }
}

TEST(PlanarOverlapCorners, OffsetSquaresWithDifferentDiagonals) {
  const auto result = corners_in_plane(rectangle(0, 0, 1, 1), rectangle(0.5, 0.5, 1.5, 1.5, true));
  expect_corners(result.corners, {at(0.5, 0.5), at(1, 0.5), at(1, 1), at(0.5, 1)}, 1e-12);
  EXPECT_EQ(std::count(result.reflex.begin(), result.reflex.end(), true), 0);
}

TEST(PlanarOverlapCorners, EqualSquaresAnyTriangulation) {
  // B: a fan of four about the centre — an internal vertex, internal edges crossing A's diagonal.
  const std::vector<Triangle3> fan = {tri(0, 0, 1, 0, 0.5, 0.5), tri(1, 0, 1, 1, 0.5, 0.5), tri(1, 1, 0, 1, 0.5, 0.5),
                                      tri(0, 1, 0, 0, 0.5, 0.5)};
  expect_corners(corners_in_plane(rectangle(0, 0, 1, 1), fan).corners, {at(0, 0), at(1, 0), at(1, 1), at(0, 1)}, 1e-12);
}

TEST(PlanarOverlapCorners, TJunctionIsNoCorner) {
  // A: the unit square with a vertex in the middle of its lower side.
  const std::vector<Triangle3> a = {tri(0, 0, 0.5, 0, 0, 1), tri(0.5, 0, 1, 0, 1, 1), tri(0.5, 0, 1, 1, 0, 1)};
  expect_corners(corners_in_plane(a, rectangle(-1, -1, 2, 2)).corners, {at(0, 0), at(1, 0), at(1, 1), at(0, 1)}, 1e-12);
}

TEST(PlanarOverlapCorners, LShapeHasAReflexCorner) {
  std::vector<Triangle3> l = rectangle(0, 0, 1, 1);
  for (const auto& t : rectangle(1, 0, 2, 1, true)) l.push_back(t);
  for (const auto& t : rectangle(0, 1, 1, 2)) l.push_back(t);
  const auto result = corners_in_plane(rectangle(-1, -1, 3, 3), l);
  expect_corners(result.corners, {at(0, 0), at(2, 0), at(2, 1), at(1, 1), at(1, 2), at(0, 2)}, 1e-12);
  for (std::size_t i = 0; i < result.corners.size(); ++i) {
    EXPECT_EQ(result.reflex[i], (result.corners[i] - at(1, 1)).norm() < 1e-12) << i;
  }
}

TEST(PlanarOverlapCorners, BricksOffsetByHalf) {
  // The wall's interfaces: a brick on two bricks, each half covered.
  expect_corners(corners_in_plane(rectangle(0, 0, 2, 1), rectangle(1, 0, 3, 1, true)).corners,
                 {at(1, 0), at(2, 0), at(2, 1), at(1, 1)}, 1e-12);
}

TEST(PlanarOverlapCorners, NoAreaInCommonGivesNoCorners) {
  EXPECT_TRUE(corners_in_plane(rectangle(0, 0, 1, 1), rectangle(1, 0, 2, 1)).corners.empty());          // along an edge
  EXPECT_TRUE(corners_in_plane(rectangle(0, 0, 1, 1), rectangle(1, 1, 2, 2)).corners.empty());          // at a corner
  EXPECT_TRUE(corners_in_plane(rectangle(0, 0, 1, 1), rectangle(3, 3, 4, 4)).corners.empty());          // apart
  EXPECT_TRUE(corners_in_plane(rectangle(0, 0, 1, 1), rectangle(1 + 1e-10, 0, 2, 1)).corners.empty());  // in the band
}

TEST(PlanarOverlapCorners, RandomTessellationsAndSimilarityTransforms) {
  std::mt19937_64 rng(2026);
  std::uniform_real_distribution<double> offset(-0.8, 0.8), unit(0.0, 1.0), log_scale(-3.0, 3.0), shift(-50.0, 50.0);
  for (int trial = 0; trial < 300; ++trial) {
    const double dx = offset(rng), dz = offset(rng);
    const std::vector<Triangle3> a = random_fan(0, 0, 1, 1, trial % 4, rng);
    const std::vector<Triangle3> b = random_fan(dx, dz, dx + 1, dz + 1, (trial / 4) % 4, rng);
    // The overlap [max(0, dx), min(1, 1 + dx)] × [max(0, dz), min(1, 1 + dz)].
    const double x0 = std::max(0.0, dx), x1 = std::min(1.0, 1.0 + dx);
    const double z0 = std::max(0.0, dz), z1 = std::min(1.0, 1.0 + dz);
    const std::vector<Vec3> expected = {at(x0, z0), at(x1, z0), at(x1, z1), at(x0, z1)};

    // A random rotation, scale in [1e-3, 1e3] and translation of everything (the band scaled too).
    const Eigen::Quaterniond q =
        Eigen::Quaterniond(unit(rng) - 0.5, unit(rng) - 0.5, unit(rng) - 0.5, unit(rng) - 0.5).normalized();
    const double s = std::pow(10.0, log_scale(rng));
    const Vec3 t(shift(rng), shift(rng), shift(rng));
    const auto move = [&](const Vec3& p) -> Vec3 { return s * (q * p) + t; };
    const auto move_all = [&](const std::vector<Triangle3>& ts) {
      std::vector<Triangle3> out;
      for (const Triangle3& x : ts) out.push_back({move(x[0]), move(x[1]), move(x[2])});
      return out;
    };
    PlanarOverlapRequest request;
    request.origin = move(Vec3::Zero());
    request.normal = q * Vec3::UnitY();
    request.tolerance = kTol * s;
    const auto moved = planar_overlap_corners(move_all(a), move_all(b), request);
    std::vector<Vec3> moved_expected;
    for (const Vec3& e : expected) moved_expected.push_back(move(e));
    SCOPED_TRACE("trial " + std::to_string(trial));
    expect_corners(moved.corners, moved_expected, 1e-9 * s);
    expect_corners(corners_in_plane(a, b).corners, expected, 1e-9);
  }
}

TEST(PlanarOverlapCorners, DegenerateInputGivesNoCornersAndNoNaN) {
  const std::vector<Triangle3> flat = {tri(0, 0, 1, 0, 2, 0), tri(0, 0, 0, 0, 0, 0)};
  EXPECT_TRUE(corners_in_plane(flat, rectangle(-1, -1, 3, 3)).corners.empty());
  const double nan = std::nan("");
  const std::vector<Triangle3> bad = {{Vec3(nan, 0, 0), at(1, 0), at(0, 1)}};
  EXPECT_TRUE(corners_in_plane(bad, rectangle(-1, -1, 3, 3)).corners.empty());
  PlanarOverlapRequest request;
  request.tolerance = -1.0;
  EXPECT_TRUE(planar_overlap_corners(rectangle(0, 0, 1, 1), rectangle(0, 0, 1, 1), request).corners.empty());
  request.tolerance = kTol;
  request.normal = Vec3::Zero();
  EXPECT_TRUE(planar_overlap_corners(rectangle(0, 0, 1, 1), rectangle(0, 0, 1, 1), request).corners.empty());
}

}  // namespace
}  // namespace contactlab
