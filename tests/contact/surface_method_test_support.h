// Test support shared by the surface-based method tests (intersection_test.cpp,
// closest_points_test.cpp; what every method test uses is in method_test_support.h): contact
// invariants, matching contacts by feature pair, the rigid-motion check, and the randomized
// degenerate-pair sweep.
#pragma once

#include "contact/method_test_support.h"
#include "contactlab/geometry/predicates.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

namespace contactlab::testing {

inline const Contact* contact_with_features(const std::vector<Contact>& cs, const FeatureRef& fa,
                                            const FeatureRef& fb) {
  for (const Contact& c : cs) {
    if (c.feature_a == fa && c.feature_b == fb) return &c;
  }
  return nullptr;
}

inline std::array<Vec3, 2> bounds(const std::vector<Vec3>& pts) {
  Vec3 lo = pts[0], hi = pts[0];
  for (const Vec3& p : pts) {
    lo = lo.cwiseMin(p);
    hi = hi.cwiseMax(p);
  }
  return {lo, hi};
}

/// Invariants every contact must satisfy for one-tet bodies 0 and 1 with world corners a and b:
/// finite, unit normal, position in the union of the bounding boxes (+ tol), gap ≥ min_gap and ≥
/// −(sum of the diameters). Positions may leave the boxes by `tol` (Closest points: its erosion
/// moves vertices by up to ε, inward for proper tets, anywhere for degenerate ones).
inline void expect_sane(const std::vector<Contact>& cs, const std::vector<Vec3>& a, const std::vector<Vec3>& b,
                        double tol, double min_gap) {
  const auto ba = bounds(a), bb = bounds(b);
  const Vec3 lo = ba[0].cwiseMin(bb[0]).array() - tol, hi = ba[1].cwiseMax(bb[1]).array() + tol;
  auto diameter = [](const std::vector<Vec3>& v) {
    double d = 0;
    for (const Vec3& p : v)
      for (const Vec3& q : v) d = std::max(d, (p - q).norm());
    return d;
  };
  const double floor_gap = std::max(min_gap, -(diameter(a) + diameter(b)));
  for (const Contact& c : cs) {
    ASSERT_TRUE(c.position.allFinite() && c.normal.allFinite() && std::isfinite(c.gap));
    EXPECT_NEAR(c.normal.norm(), 1.0, 1e-12);
    EXPECT_TRUE((c.position.array() >= lo.array()).all() && (c.position.array() <= hi.array()).all())
        << c.position.transpose();
    EXPECT_GE(c.gap, floor_gap);
    EXPECT_EQ(c.body_a, 0);
    EXPECT_EQ(c.body_b, 1);
  }
}

/// Poses both bodies by `scale` then `pose` and checks the contacts move with them: positions
/// mapped, normals rotated, gaps scaled (settings' length scale scaled too; `scaled_m` is `m`
/// with its own length parameters, e.g. Closest points' envelope, scaled by `scale`).
inline void expect_rigid_invariant(const ContactMethod& m, const ContactMethod& scaled_m, const TetMesh& ta,
                                   const TetMesh& tb, const MethodSettings& s, const Transform& pose, double scale) {
  const PosedTestBody a0(ta, Transform::identity(), 0), b0(tb, Transform::identity(), 1);
  const PosedTestBody a1(scaled(ta, scale), pose, 0), b1(scaled(tb, scale), pose, 1);
  MethodSettings s1 = s;
  s1.length_scale *= scale;
  const auto c0 = run(m, a0, b0, s);
  const auto c1 = run(scaled_m, a1, b1, s1);
  ASSERT_EQ(c0.size(), c1.size());
  for (const Contact& c : c0) {
    const Contact* d = contact_with_features(c1, c.feature_a, c.feature_b);
    ASSERT_NE(d, nullptr);
    EXPECT_LE((d->position - pose.apply(scale * c.position)).norm(), 1e-9 * scale);
    EXPECT_LE((d->normal - pose.apply_vector(c.normal)).norm(), 1e-9)
        << "features " << static_cast<int>(c.feature_a.type) << ":" << c.feature_a.index << " "
        << static_cast<int>(c.feature_b.type) << ":" << c.feature_b.index << " n " << c.normal.transpose() << " gap "
        << c.gap;
    EXPECT_NEAR(d->gap, scale * c.gap, 1e-9 * scale);
  }
}

/// Randomized degenerate sweep: `pairs` tet pairs drawn from a pool of 256 one-tet shapes with
/// small dyadic/integer corners (slivers, zero-volume tets, repeated corners = zero-length edges,
/// coplanar faces, parallel edges; exact touching is common), B shifted by an integer vector in
/// {−1, 0, 1}³ or left on A's exact corners (shared tet/faces); every pair run both ways.
/// Returns the number of contacts. `position_slack` widens the sanity box (see expect_sane).
inline std::size_t degenerate_sweep(const ContactMethod& m, const MethodSettings& s, int pairs, std::uint64_t seed,
                                    double min_gap, double position_slack = 0.0) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> coord(0, 2), shift(-1, 1), coin(0, 3), pick(0, 255);
  auto corner = [&] {
    Vec3 p(coord(rng), coord(rng), coord(rng));
    if (coin(rng) == 0) p *= 0.5;  // dyadic halves
    return p;
  };
  std::vector<PosedTestBody> pool;
  pool.reserve(256);
  for (int i = 0; i < 256; ++i)
    pool.emplace_back(single_tet(corner(), corner(), corner(), corner()), Transform::identity(), 0);
  std::size_t total = 0;
  std::vector<Vec3> world_b(4);
  for (int k = 0; k < pairs; ++k) {
    const PosedTestBody& a = pool[static_cast<std::size_t>(pick(rng))];
    const PosedTestBody& b_shape = pool[static_cast<std::size_t>(coin(rng) == 0 ? &a - pool.data() : pick(rng))];
    const Vec3 shift_b = coin(rng) == 0 ? Vec3::Zero() : Vec3(shift(rng), shift(rng), shift(rng));
    for (std::size_t i = 0; i < 4; ++i) world_b[i] = b_shape.world[i] + shift_b;
    const MethodBody body_a{0, a.shape.get(), a.features.get(), a.world};
    const MethodBody body_b{1, b_shape.shape.get(), b_shape.features.get(), world_b};
    std::vector<Contact> ab, ba;
    m.generate(body_a, 0, body_b, 0, s, ab);
    m.generate(body_b, 0, body_a, 0, s, ba);
    expect_sane(ab, a.world, world_b, s.absolute_tolerance() + position_slack, min_gap);
    EXPECT_EQ(swap_mismatch(ab, ba), "");
    total += ab.size();
    if (::testing::Test::HasFailure()) return total;
  }
  return total;
}

}  // namespace contactlab::testing
