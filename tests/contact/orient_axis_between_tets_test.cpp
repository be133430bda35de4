// orient_axis_between_tets (private helper of Intersection and Closest points): the overlaps come
// from the corners' projections as Vec3::dot computes them, bit for bit, whichever layout of the
// corners is passed; and swapping the tets mirrors the result exactly.
#include "methods/orient_axis_between_tets.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <random>

namespace contactlab::contact_detail {
namespace {

struct Case {
  std::array<Vec3, 4> a, b;
  Vec3 u, hint;
};

/// Random tets of sizes 1e-3…1e3 near a random offset (up to 1e3 times their size), a random unit
/// axis, a random hint; some tets share coordinates (axis-aligned blocks), where projections tie.
Case random_case(std::mt19937_64& rng) {
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::uniform_real_distribution<double> exponent(-3.0, 3.0);
  const double size = std::pow(10.0, exponent(rng));
  const Vec3 offset = Vec3(unit(rng), unit(rng), unit(rng)) * size * std::pow(10.0, 3.0 * std::abs(unit(rng)));
  const auto corner = [&] { return Vec3(offset + size * Vec3(unit(rng), unit(rng), unit(rng))); };
  const bool blocky = unit(rng) > 0.5;
  Case c;
  for (std::size_t i = 0; i < 4; ++i) {
    c.a[i] = corner();
    c.b[i] = corner();
    if (blocky) c.b[i].y() = c.a[i].y();  // equal coordinates across the tets
  }
  c.u = Vec3(unit(rng), unit(rng), unit(rng)).normalized();
  if (blocky) c.u = Vec3::UnitY();
  c.hint = Vec3(unit(rng), unit(rng), unit(rng));
  return c;
}

std::pair<double, double> extent_by_dot(const Vec3& u, const std::array<Vec3, 4>& t) {
  double lo = u.dot(t[0]), hi = lo;
  for (std::size_t i = 1; i < 4; ++i) lo = std::min(lo, u.dot(t[i])), hi = std::max(hi, u.dot(t[i]));
  return {lo, hi};
}

TEST(OrientAxisBetweenTets, OverlapsAreThoseOfTheCornersDotProducts) {
  std::mt19937_64 rng(20261130);
  for (int n = 0; n < 20000; ++n) {
    const Case c = random_case(rng);
    const auto [a_lo, a_hi] = extent_by_dot(c.u, c.a);
    const auto [b_lo, b_hi] = extent_by_dot(c.u, c.b);
    const double plus = a_hi - b_lo, minus = b_hi - a_lo;
    for (const double tol : {0.0, 1e-9 * (a_hi - a_lo)}) {
      const OrientedAxis by_points = orient_axis_between_tets(c.u, c.a, c.b, c.hint, Vec3::Zero(), tol);
      const OrientedAxis by_coordinates =
          orient_axis_between_tets(c.u, tet_coordinates(c.a), tet_coordinates(c.b), c.hint, Vec3::Zero(), tol);
      ASSERT_EQ(by_points.overlap, by_points.along_u ? plus : minus) << n;
      ASSERT_EQ(by_points.normal, by_points.along_u ? c.u : Vec3(-c.u)) << n;
      if (std::abs(plus - minus) > tol) {
        ASSERT_EQ(by_points.along_u, plus < minus) << n;
      }
      ASSERT_EQ(by_coordinates.overlap, by_points.overlap) << n;
      ASSERT_EQ(by_coordinates.normal, by_points.normal) << n;
      ASSERT_EQ(by_coordinates.along_u, by_points.along_u) << n;
    }
  }
}

TEST(OrientAxisBetweenTets, SwappingTheTetsMirrorsTheResult) {
  std::mt19937_64 rng(7);
  for (int n = 0; n < 20000; ++n) {
    const Case c = random_case(rng);
    const double tol = 1e-9;
    const OrientedAxis ab = orient_axis_between_tets(c.u, c.a, c.b, c.hint, Vec3::Zero(), tol);
    const OrientedAxis ba = orient_axis_between_tets(-c.u, c.b, c.a, -c.hint, Vec3::Zero(), tol);
    ASSERT_EQ(ba.normal, Vec3(-ab.normal)) << n;
    ASSERT_EQ(ba.overlap, ab.overlap) << n;
  }
}

}  // namespace
}  // namespace contactlab::contact_detail
