// contact_detail::ends_within_half_band (src/contact/methods/edge_pair_band.h) lets Closest points
// skip the segment query of an (E,E) pair whose closest points lie at an end. It may say so only
// when closest_points_segment_segment (separately tested) puts them within the band tol of an end,
// in either argument order — checked on edge pairs built with their lines' closest points at chosen
// parameters: at an end, within tol/4, tol/2, tol, 2 tol of it, inside, beyond the ends; at angles
// from 1e-5 to 90°; gaps up to 3× a 1 % envelope; scales 1e-3…1e3, at the origin and 1e3 sizes
// away, under random rotations. It must also say so where it can (edges meeting at a corner at
// a fair angle), or it would save nothing.
#include "methods/edge_pair_band.h"

#include "contact/method_test_support.h"
#include "contactlab/geometry/closest_points_segment_segment.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <random>

namespace contactlab {
namespace {

struct EdgePair {
  Vec3 a0, a1, b0, b1;
};

/// The Closest points method's band test on the query's parameters: inside both edges, farther
/// than tol from their ends.
bool query_finds_inside(const Vec3& p0, const Vec3& p1, const Vec3& q0, const Vec3& q1, double tol) {
  const auto r = closest_points_segment_segment(p0, p1, q0, q1);
  const double lp = (p1 - p0).norm(), lq = (q1 - q0).norm();
  return r.s * lp > tol && (1.0 - r.s) * lp > tol && r.t * lq > tol && (1.0 - r.t) * lq > tol;
}

bool says_at_an_end(const EdgePair& e, double tol) {
  const Vec3 da = e.a1 - e.a0, db = e.b1 - e.b0;
  const Vec3 cross = da.cross(db);
  return contact_detail::ends_within_half_band(e.b0 - e.a0, da, db, cross, cross.norm(), da.norm(), db.norm(), tol);
}

/// Unit vector orthogonal to `u` (unit), chosen by `angle` about it.
Vec3 orthogonal(const Vec3& u, double angle) {
  const Vec3 helper = std::abs(u.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY();
  const Vec3 v = u.cross(helper).normalized();
  const Vec3 w = u.cross(v);
  return std::cos(angle) * v + std::sin(angle) * w;
}

TEST(EdgePairBand, SaysAtAnEndOnlyWhereTheQueryFindsAnEnd) {
  std::mt19937_64 rng(2911);
  std::uniform_real_distribution<double> unit(0.0, 1.0), log_scale(-3.0, 3.0), log_sine(-5.0, 0.0);
  std::normal_distribution<double> gauss;
  std::size_t said = 0, corner_cases = 0, corner_said = 0, inside_found = 0;
  for (int trial = 0; trial < 40000; ++trial) {
    const double scale = std::pow(10.0, log_scale(rng));
    const double tol = 1e-9 * scale;
    const Transform pose = testing::random_pose(rng, trial % 2 == 0 ? 0.0 : 1e3 * scale);
    // Edge lengths 0.05…1 of the scale; the angle between them; where the lines' closest points
    // lie on each, as a distance from the start (in tol) or a fraction of the length.
    const double length_a = scale * (0.05 + 0.95 * unit(rng)), length_b = scale * (0.05 + 0.95 * unit(rng));
    const double sine = trial % 3 == 0 ? std::pow(10.0, log_sine(rng)) : unit(rng);
    const double angle = std::asin(std::min(1.0, sine)) * (unit(rng) < 0.5 ? 1.0 : -1.0) + (unit(rng) < 0.5 ? M_PI : 0);
    const auto place = [&](double length) {
      static constexpr std::array<double, 11> kOffsets{0.0, 0.25, -0.25, 0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 1e3, -1e3};
      const auto pick = static_cast<std::size_t>(unit(rng) * 14.0);
      if (pick >= kOffsets.size()) return length * (-0.2 + 1.4 * unit(rng));  // anywhere, beyond the ends too
      const double from_end = kOffsets[pick] * tol;
      return unit(rng) < 0.5 ? from_end : length - from_end;  // measured from either end
    };
    const double along_a = place(length_a), along_b = place(length_b);
    const double gap = 3.0 * 0.02 * scale * unit(rng);  // up to 3 × two 1 % envelopes
    // Local frame: A along x through the origin, B through (along_a, 0, gap) along a direction at
    // `angle` to x in the plane z = gap; the lines' common normal is z.
    const Vec3 dir_a = Vec3::UnitX();
    const Vec3 dir_b(std::cos(angle), std::sin(angle), 0.0);
    const Vec3 closest_a = along_a * dir_a;
    const Vec3 closest_b = closest_a + Vec3(0.0, 0.0, gap);
    EdgePair local{Vec3::Zero(), length_a * dir_a, closest_b - along_b * dir_b,
                   closest_b + (length_b - along_b) * dir_b};
    EdgePair e{pose.apply(local.a0), pose.apply(local.a1), pose.apply(local.b0), pose.apply(local.b1)};
    // Sometimes B's end exactly at A's start (edges meeting at a corner, as on stacked blocks).
    const bool corner = trial % 5 == 0;
    if (corner) {
      const Vec3 d = orthogonal((e.a1 - e.a0).normalized(), 2.0 * M_PI * unit(rng));
      const Vec3 tilt = (e.a1 - e.a0).normalized() * gauss(rng) + d;
      e.b0 = e.a0;
      e.b1 = e.a0 + length_b * tilt.normalized();
    }
    const Vec3 da = e.a1 - e.a0, db = e.b1 - e.b0;
    if (!(da.cross(db).norm() > 1e-6 * da.norm() * db.norm())) continue;  // the method's parallel test
    const bool at_end = says_at_an_end(e, tol);
    said += at_end;
    const bool inside_ab = query_finds_inside(e.a0, e.a1, e.b0, e.b1, tol);
    const bool inside_ba = query_finds_inside(e.b0, e.b1, e.a0, e.a1, tol);
    inside_found += inside_ab;
    if (at_end) {
      EXPECT_FALSE(inside_ab) << "trial " << trial << " scale " << scale << " sine " << sine;
      EXPECT_FALSE(inside_ba) << "trial " << trial << " scale " << scale << " sine " << sine;
    }
    // A corner at a fair angle, near the origin: the estimate is certain there.
    const double corner_sine = da.cross(db).norm() / (da.norm() * db.norm());
    if (corner && corner_sine > 0.1 && trial % 2 == 0) {
      ++corner_cases;
      corner_said += at_end;
      EXPECT_TRUE(at_end) << "trial " << trial << ": edges meeting at a corner";
    }
  }
  EXPECT_GT(said, 5000u);          // it answers for a good share of the pairs
  EXPECT_GT(inside_found, 3000u);  // and the pairs include many the query finds inside
  EXPECT_GT(corner_cases, 500u);
  EXPECT_EQ(corner_said, corner_cases);
}

TEST(EdgePairBand, LeavesSliverAnglesAndFarCoordinatesToTheQuery) {
  // At sin θ = 1e-7 the estimate's rounding may exceed the band: no answer, whatever it estimates.
  const double tol = 1e-9;
  const Vec3 a0 = Vec3::Zero(), da(1.0, 0.0, 0.0), db(1.0, 1e-7, 0.0);
  const Vec3 cross = da.cross(db);
  EXPECT_FALSE(contact_detail::ends_within_half_band(Vec3(0.0, 0.0, 0.01) - a0, da, db, cross, cross.norm(), da.norm(),
                                                     db.norm(), tol));
  // The same corner at a right angle is answered.
  const Vec3 db2(0.0, 1.0, 0.0);
  const Vec3 cross2 = da.cross(db2);
  EXPECT_TRUE(contact_detail::ends_within_half_band(Vec3(0.0, 0.0, 0.01) - a0, da, db2, cross2, cross2.norm(),
                                                    da.norm(), db2.norm(), tol));
  // Edges 1e12 of their length apart (|between| enters the rounding bound): no answer.
  EXPECT_FALSE(contact_detail::ends_within_half_band(Vec3(0.0, 0.0, 1e12), da, db2, cross2, cross2.norm(), da.norm(),
                                                     db2.norm(), tol));
}

}  // namespace
}  // namespace contactlab
