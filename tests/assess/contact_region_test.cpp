// Projected hull areas and distances to a contact region, against hand-derived values.
#include "contactlab/assess/contact_region.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace contactlab {
namespace {

/// A unit square's corners in the plane through `origin` spanned by the orthonormal u, v, plus
/// points inside it (which must not change its hull).
std::vector<Vec3> square_with_interior(const Vec3& origin, const Vec3& u, const Vec3& v) {
  std::vector<Vec3> points;
  for (const auto& [a, b] :
       {std::pair{0.0, 0.0}, {1.0, 0.0}, {1.0, 1.0}, {0.0, 1.0}, {0.5, 0.5}, {0.25, 0.75}, {0.9, 0.1}}) {
    points.push_back(origin + a * u + b * v);
  }
  return points;
}

TEST(ProjectedHullArea, UnitSquareCornersAndInteriorPointsSpanArea1) {
  const std::vector<Vec3> flat = square_with_interior(Vec3(2, 3, -1), Vec3::UnitX(), Vec3::UnitZ());
  EXPECT_NEAR(projected_hull_area(flat, Vec3::UnitY()), 1.0, 1e-15);
  EXPECT_NEAR(projected_hull_area(flat, -3.0 * Vec3::UnitY()), 1.0, 1e-15);  // length and sign of n* do not matter

  // The same square in a tilted plane, projected on its own plane.
  const Vec3 n = Vec3(1, 2, 2) / 3.0;
  const Vec3 u = Vec3(2, -2, 1) / 3.0;  // u ⊥ n, |u| = 1
  const Vec3 v = n.cross(u);
  const std::vector<Vec3> tilted = square_with_interior(Vec3(-1, 0.5, 4), u, v);
  EXPECT_NEAR(projected_hull_area(tilted, n), 1.0, 1e-12);
}

TEST(ProjectedHullArea, PointsMovedAlongTheNormalDoNotChangeTheArea) {
  const Vec3 n = Vec3(1, 2, 2) / 3.0;
  const Vec3 u = Vec3(2, -2, 1) / 3.0;
  const Vec3 v = n.cross(u);
  std::vector<Vec3> points = square_with_interior(Vec3::Zero(), u, v);
  const double offsets[] = {0.3, -1.7, 12.0, 0.0, -0.01, 5.5, 2.0};
  for (std::size_t i = 0; i < points.size(); ++i) points[i] += offsets[i] * n;
  EXPECT_NEAR(projected_hull_area(points, n), 1.0, 1e-12);
}

TEST(ProjectedHullArea, ShrinksWithTheCosineOfATiltedProjection) {
  // A unit square in y = 0 seen along n at angle θ from y: its shadow has area cos θ.
  const std::vector<Vec3> square = square_with_interior(Vec3::Zero(), Vec3::UnitX(), Vec3::UnitZ());
  const double theta = 0.6;
  EXPECT_NEAR(projected_hull_area(square, Vec3(0, std::cos(theta), std::sin(theta))), std::cos(theta), 1e-14);
  EXPECT_NEAR(projected_hull_area(square, Vec3::UnitX()), 0.0, 1e-15);  // edge-on
}

TEST(ProjectedHullArea, DegenerateInputGivesZeroNeverNaN) {
  const Vec3 n = Vec3::UnitY();
  EXPECT_EQ(projected_hull_area({}, n), 0.0);
  const std::vector<Vec3> one{Vec3(1, 2, 3)};
  EXPECT_EQ(projected_hull_area(one, n), 0.0);
  const std::vector<Vec3> two{Vec3(0, 0, 0), Vec3(1, 0, 1)};
  EXPECT_EQ(projected_hull_area(two, n), 0.0);
  const std::vector<Vec3> collinear{Vec3(0, 0, 0), Vec3(1, 0, 2), Vec3(2, 0, 4),
                                    Vec3(0.5, 7, 1)};  // one line seen along y
  EXPECT_EQ(projected_hull_area(collinear, n), 0.0);
  const std::vector<Vec3> same{Vec3(1, 1, 1), Vec3(1, 1, 1), Vec3(1, 1, 1)};
  EXPECT_EQ(projected_hull_area(same, n), 0.0);
  const std::vector<Vec3> square = square_with_interior(Vec3::Zero(), Vec3::UnitX(), Vec3::UnitZ());
  EXPECT_EQ(projected_hull_area(square, Vec3::Zero()), 0.0);
  EXPECT_EQ(projected_hull_area(square, Vec3(std::nan(""), 1, 0)), 0.0);
  std::vector<Vec3> with_nan = square;
  with_nan.push_back(Vec3(std::nan(""), 0, 0));
  EXPECT_NEAR(projected_hull_area(with_nan, n), 1.0, 1e-15);  // the NaN point is ignored
}

TEST(ProjectedHullAreaClipped, IsTheOverlapWithTheTrueRegion) {
  auto rectangle = [](double x0, double x1, double z0, double z1, double y) {
    return std::vector<Vec3>{Vec3(x0, y, z0), Vec3(x1, y, z0), Vec3(x1, y, z1), Vec3(x0, y, z1)};
  };
  const Vec3 n = Vec3::UnitY();
  const std::vector<Vec3> truth = rectangle(1, 3, 1, 3, 0);
  EXPECT_NEAR(projected_hull_area_clipped(rectangle(0, 2, 0, 2, 0.4), truth, n), 1.0, 1e-15);     // overlap [1,2]²
  EXPECT_NEAR(projected_hull_area_clipped(rectangle(1.5, 2.5, 1, 2, -1), truth, n), 1.0, 1e-15);  // inside: all of it
  EXPECT_NEAR(projected_hull_area_clipped(rectangle(0, 4, 0, 4, 0), truth, n), 4.0, 1e-15);       // covers: the truth
  EXPECT_EQ(projected_hull_area_clipped(rectangle(5, 6, 5, 6, 0), truth, n), 0.0);                // disjoint
  const std::vector<Vec3> line{Vec3(0, 0, 0), Vec3(4, 0, 4), Vec3(2, 0, 2)};
  EXPECT_EQ(projected_hull_area_clipped(line, truth, n), 0.0);
  EXPECT_EQ(projected_hull_area_clipped(truth, line, n), 0.0);
}

TEST(DistanceToContactRegion, PointSegmentAndPolygon) {
  // A point.
  const std::vector<Vec3> point{Vec3(1, 2, 3)};
  EXPECT_DOUBLE_EQ(distance_to_contact_region(Vec3(4, 6, 3), point), 5.0);
  // A segment along z from (0,0,−1.6) to (0,0,1.6): beside it, and beyond an end.
  const std::vector<Vec3> segment{Vec3(0, 0, -1.6), Vec3(0, 0, 1.6)};
  EXPECT_DOUBLE_EQ(distance_to_contact_region(Vec3(0.3, 0.4, 1.0), segment), 0.5);
  EXPECT_NEAR(distance_to_contact_region(Vec3(0, 0.3, 2.0), segment), 0.5, 1e-15);
  // A square x, z ∈ [−1, 1] at y = 2: above it, beside an edge in its plane, off a corner.
  const std::vector<Vec3> square{Vec3(-1, 2, -1), Vec3(1, 2, -1), Vec3(1, 2, 1), Vec3(-1, 2, 1)};
  EXPECT_NEAR(distance_to_contact_region(Vec3(0.3, 2.7, -0.2), square), 0.7, 1e-15);
  EXPECT_NEAR(distance_to_contact_region(Vec3(1.25, 2, 0.5), square), 0.25, 1e-15);
  EXPECT_NEAR(distance_to_contact_region(Vec3(1.3, 2, 1.4), square), 0.5, 1e-15);
  EXPECT_NEAR(distance_to_contact_region(Vec3(1.3, 3.2, 1.4), square), std::sqrt(0.25 + 1.44), 1e-15);
  EXPECT_NEAR(distance_to_contact_region(Vec3(-1, 2, 1), square), 0.0, 1e-15);
  // Corners in another order, and an extra point inside: the same convex region.
  const std::vector<Vec3> scrambled{Vec3(1, 2, 1), Vec3(-1, 2, -1), Vec3(0, 2, 0), Vec3(-1, 2, 1), Vec3(1, 2, -1)};
  EXPECT_NEAR(distance_to_contact_region(Vec3(1.3, 2, 1.4), scrambled), 0.5, 1e-15);
  EXPECT_NEAR(distance_to_contact_region(Vec3(0.3, 2.7, -0.2), scrambled), 0.7, 1e-15);
}

TEST(DistanceToContactRegion, DegenerateRegions) {
  EXPECT_EQ(distance_to_contact_region(Vec3::Zero(), {}), std::numeric_limits<double>::infinity());
  const std::vector<Vec3> same{Vec3(1, 0, 0), Vec3(1, 0, 0), Vec3(1, 0, 0)};
  EXPECT_DOUBLE_EQ(distance_to_contact_region(Vec3(1, 3, 4), same), 5.0);
  // Three collinear corners: the segment between the outer two.
  const std::vector<Vec3> collinear{Vec3(0, 0, 0), Vec3(2, 0, 0), Vec3(-1, 0, 0)};
  EXPECT_DOUBLE_EQ(distance_to_contact_region(Vec3(-4, 4, 0), collinear), 5.0);
  EXPECT_DOUBLE_EQ(distance_to_contact_region(Vec3(1.5, 0, 2), collinear), 2.0);
}

}  // namespace
}  // namespace contactlab
