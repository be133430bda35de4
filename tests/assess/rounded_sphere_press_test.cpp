// The rounded-triangle validation (assess/rounded_sphere_press.h): the law's cap volume against an
// independent integral of the penetration over the contact disc; the force of the rounded-triangle
// contacts approaching it as the sphere's mesh refines; bad requests.
#include "contactlab/assess/rounded_sphere_press.h"

#include "contactlab/core/error.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace contactlab {
namespace {

TEST(RoundedSpherePress, CapVolumeIsThePenetrationIntegrated) {
  // ∫ δ(r) 2π r dr over the disc where the sphere reaches below the plane, δ(r) = Δ − (R − √(R² − r²)),
  // by the midpoint rule on 10⁵ rings.
  for (const double depth : {0.001, 0.02, 0.3}) {
    const double radius = 0.7, a = std::sqrt(2.0 * radius * depth - depth * depth);
    const int n = 100000;
    double sum = 0.0;
    for (int i = 0; i < n; ++i) {
      const double r = (i + 0.5) * a / n;
      sum += (depth - (radius - std::sqrt(radius * radius - r * r))) * 2.0 * std::numbers::pi * r * (a / n);
    }
    EXPECT_NEAR(sphere_cap_volume(radius, depth), sum, 1e-6 * sum) << depth;
  }
  EXPECT_NEAR(sphere_cap_volume(1.0, 2.0), 4.0 / 3.0 * std::numbers::pi, 1e-15);  // the whole ball
}

TEST(RoundedSpherePress, ForceApproachesTheLawAsTheMeshRefines) {
  // Δ = 1 % of R: the error of the coarser mesh (5120 triangles) is about +50 %, of the finer
  // (20480) about +28 % — first order in the edge length (docs/penalty.md).
  RoundedSphereRequest request;
  request.subdivisions = {4, 5};
  request.relative_depths = {0.01};
  request.poses = 2;
  const RoundedSphereResult result = run_rounded_sphere_press(request);
  ASSERT_EQ(result.points.size(), 2u);
  const RoundedSpherePoint &coarse = result.points[0], &fine = result.points[1];
  EXPECT_GT(fine.contacts, 3.0 * coarse.contacts);
  EXPECT_GT(coarse.relative_error(), 0.0);
  EXPECT_GT(fine.relative_error(), 0.0);
  EXPECT_LT(fine.relative_error(), 0.65 * coarse.relative_error());
  EXPECT_LT(fine.relative_error(), 0.35);
  // The areas tile the cap's base within the mesh's size.
  EXPECT_NEAR(fine.area / fine.law_area, 1.0, 0.1);
}

TEST(RoundedSpherePress, BadRequestsAreInputErrors) {
  RoundedSphereRequest r;
  r.subdivisions = {7};
  EXPECT_THROW(run_rounded_sphere_press(r), InputError);
  r = {};
  r.relative_depths = {0.0};
  EXPECT_THROW(run_rounded_sphere_press(r), InputError);
  r = {};
  r.radius = -1.0;
  EXPECT_THROW(run_rounded_sphere_press(r), InputError);
  r = {};
  r.roundness = 0.5;
  EXPECT_THROW(run_rounded_sphere_press(r), InputError);
  r = {};
  r.poses = 0;
  EXPECT_THROW(run_rounded_sphere_press(r), InputError);
}

}  // namespace
}  // namespace contactlab
