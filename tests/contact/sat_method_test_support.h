// Test support shared by the Volume-SAT and Surface-SAT kernel tests (what every method test uses is
// in method_test_support.h): contact invariants, rigid-motion comparison, and the randomized
// degenerate-pair suite with exactly known answers for shared faces, edges and vertices.
#pragma once

#include "contact/method_test_support.h"

#include "contactlab/geometry/predicates.h"
#include "contactlab/geometry/tetrahedron_tables.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace contactlab::testing {

using Corners = std::array<Vec3, 4>;

/// The contact at p (within 1e-12) with normal n and the given gap.
inline void expect_contact(const Contact& c, const Vec3& p, const Vec3& n, double gap) {
  EXPECT_LE((c.position - p).norm(), 1e-12) << c.position.transpose() << " vs " << p.transpose();
  EXPECT_LE((c.normal - n).norm(), 1e-12) << c.normal.transpose();
  EXPECT_NEAR(c.gap, gap, 1e-12);
}

inline double diameter(const Corners& c) {
  double d = 0;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) d = std::max(d, (c[i] - c[j]).norm());
  return d;
}

/// Finite, unit normals, positions in the union of the two boxes inflated by the tolerance and by
/// |gap| / 2, gaps in [−(diam A + diam B), tolerance], labels of the pair. The |gap| / 2: an
/// intersection point p lies in both tets, so along n it lies in [max(a_lo, b_lo), min(a_hi, b_hi)],
/// an interval no longer than the least overlap min(a_hi − b_lo, b_hi − a_lo) = −gap; projecting
/// onto the mid plane moves it along n by at most half that, which can leave the boxes (slivers). Returns an empty string, or what
/// failed first.
inline std::string contacts_are_sane(const std::vector<Contact>& contacts, const Corners& a, const Corners& b,
                                     Index body_a, Index body_b, Index ta, Index tb, double tol) {
  Vec3 lo = a[0], hi = a[0];
  for (int i = 0; i < 4; ++i) {
    lo = lo.cwiseMin(a[i]).cwiseMin(b[i]);
    hi = hi.cwiseMax(a[i]).cwiseMax(b[i]);
  }
  for (const Contact& c : contacts) {
    const double slack = tol + 1e-12 * (hi - lo).norm() + 0.5 * std::abs(c.gap);
    std::ostringstream where;
    where << " at " << c.position.transpose() << " n " << c.normal.transpose() << " gap " << c.gap;
    if (!c.position.allFinite() || !c.normal.allFinite() || !std::isfinite(c.gap)) return "not finite" + where.str();
    if (std::abs(c.normal.norm() - 1.0) > 1e-12) return "normal not unit" + where.str();
    if ((c.position.array() < lo.array() - slack).any() || (c.position.array() > hi.array() + slack).any())
      return "outside the boxes" + where.str();
    if (c.gap < -(diameter(a) + diameter(b)) || c.gap > tol) return "gap out of range" + where.str();
    if (c.body_a != body_a || c.body_b != body_b || c.element_a != ta || c.element_b != tb)
      return "labels" + where.str();
  }
  return {};
}

/// Exact 6 × signed volume of a tet with small integer coordinates.
inline std::int64_t int_volume6(const Corners& c) {
  auto l = [](double x) { return static_cast<std::int64_t>(std::llround(x)); };
  const std::int64_t ux = l(c[1].x() - c[0].x()), uy = l(c[1].y() - c[0].y()), uz = l(c[1].z() - c[0].z());
  const std::int64_t vx = l(c[2].x() - c[0].x()), vy = l(c[2].y() - c[0].y()), vz = l(c[2].z() - c[0].z());
  const std::int64_t wx = l(c[3].x() - c[0].x()), wy = l(c[3].y() - c[0].y()), wz = l(c[3].z() - c[0].z());
  return ux * (vy * wz - vz * wy) - uy * (vx * wz - vz * wx) + uz * (vx * wy - vy * wx);
}

/// Positive orientation by swapping corners 1 and 2 (the sign is exact for integer input).
inline Corners oriented(Corners c) {
  if (int_volume6(c) < 0) std::swap(c[1], c[2]);
  return c;
}

struct DegenerateSuiteStats {
  int pairs = 0, exact_checked = 0, with_contacts = 0;
};

/// At least `count` degenerate pairs with integer coordinates (exact touching): random small-grid
/// tets (coplanar faces, parallel edges, flat and sliver tets), partners sharing a face (mirror
/// beyond it: exactly the 3 face corners), an edge (point reflection through its midpoint: exactly
/// its 2 end points) or a vertex (point reflection through it: exactly that point), partners
/// translated apart (no contact), and random partners (invariants only). Every pair is also
/// checked for the swap symmetry (expect_swap_symmetric). Shared-feature answers are geometric facts for proper (non-flat) tets.
inline DegenerateSuiteStats run_degenerate_suite(const ContactMethod& method, int count, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> coord(0, 4), kind(0, 5), pick4(0, 3), pick6(0, 5);
  MethodSettings settings;
  settings.length_scale = 8.0;
  const double tol = settings.absolute_tolerance();
  DegenerateSuiteStats stats;
  auto random_point = [&] { return Vec3(coord(rng), coord(rng), coord(rng)); };
  while (stats.pairs < count) {
    Corners a;
    for (Vec3& p : a) p = random_point();
    if (kind(rng) == 0) a[3] = a[0] + (a[1] - a[0]) + (a[2] - a[0]);  // flat: 4th corner in the plane
    bool distinct = true;
    for (int i = 0; i < 4; ++i)
      for (int j = i + 1; j < 4; ++j) distinct = distinct && a[i] != a[j];
    if (!distinct) continue;
    a = oriented(a);
    const bool proper = int_volume6(a) != 0;

    Corners b;
    std::vector<Vec3> expected;  // exact expected contact positions, when known
    bool known = false;
    const int k = kind(rng);
    if (k == 0 && proper) {  // share face f: mirror the opposite corner beyond it
      const int f = pick4(rng);
      const auto& face = kTetFaces[f];
      b = {a[face[0]], a[face[1]], a[face[2]], a[face[0]] + a[face[1]] + a[face[2]] - 2.0 * a[f]};
      expected = {a[face[0]], a[face[1]], a[face[2]]};
      known = true;
    } else if (k == 1 && proper) {  // share edge e: point reflection through its midpoint
      const int e = pick6(rng);
      const Vec3 m2 = a[kTetEdges[e][0]] + a[kTetEdges[e][1]];
      for (int i = 0; i < 4; ++i) b[i] = m2 - a[i];
      expected = {a[kTetEdges[e][0]], a[kTetEdges[e][1]]};
      known = true;
    } else if (k == 2 && proper) {  // share vertex v: point reflection through it
      const Vec3 v = a[pick4(rng)];
      for (int i = 0; i < 4; ++i) b[i] = 2.0 * v - a[i];
      expected = {v};
      known = true;
    } else if (k == 3) {  // translated beyond the box along an axis: separated
      const int axis = pick4(rng) % 3;
      Vec3 t = Vec3::Zero();
      double lo = a[0][axis], hi = a[0][axis];
      for (const Vec3& p : a) lo = std::min(lo, p[axis]), hi = std::max(hi, p[axis]);
      t[axis] = hi - lo + 1.0 + coord(rng) % 2;  // boxes 1 or 2 apart
      for (int i = 0; i < 4; ++i) b[i] = a[i] + t;
      known = true;
    } else if (k == 4) {  // sliver: three corners of A's face, the fourth 2^-20 off its plane
      const auto& face = kTetFaces[pick4(rng)];
      const Vec3 n = (a[face[1]] - a[face[0]]).cross(a[face[2]] - a[face[0]]);
      const Vec3 g = a[face[0]] + Vec3(coord(rng) - 2, coord(rng) - 2, coord(rng) - 2);
      b = {a[face[0]] + Vec3(1, 0, 0), a[face[1]], a[face[2]], g + std::ldexp(1.0, -20) * n};
    } else {
      for (Vec3& p : b) p = random_point();
    }
    bool b_distinct = true;
    for (int i = 0; i < 4; ++i)
      for (int j = i + 1; j < 4; ++j) b_distinct = b_distinct && b[i] != b[j];
    if (!b_distinct) continue;
    if (signed_volume_sign(b[0], b[1], b[2], b[3]) < 0) std::swap(b[1], b[2]);

    const PosedTestBody ba(single_tet(a), Transform::identity(), 0);
    const PosedTestBody bb(single_tet(b), Transform::identity(), 1);
    const std::vector<Contact> contacts = run(method, ba, 0, bb, 0, settings);
    ++stats.pairs;
    if (!contacts.empty()) ++stats.with_contacts;
    EXPECT_EQ(contacts_are_sane(contacts, a, b, 0, 1, 0, 0, tol), "")
        << "pair " << stats.pairs << " kind " << k << "\nA " << a[0].transpose() << " | " << a[1].transpose() << " | "
        << a[2].transpose() << " | " << a[3].transpose() << "\nB " << b[0].transpose() << " | " << b[1].transpose()
        << " | " << b[2].transpose() << " | " << b[3].transpose();
    expect_swap_symmetric(method, ba.body(), 0, bb.body(), 0, settings);
    if (known) {
      ++stats.exact_checked;
      EXPECT_EQ(contacts.size(), expected.size()) << "pair " << stats.pairs << " kind " << k;
      for (const Vec3& e : expected) {
        bool found = false;
        for (const Contact& c : contacts) found = found || (c.position - e).norm() <= 1e-12 * settings.length_scale;
        EXPECT_TRUE(found) << "missing " << e.transpose() << " kind " << k;
      }
      for (const Contact& c : contacts) EXPECT_LE(std::abs(c.gap), tol);
    }
    if (::testing::Test::HasFailure()) break;  // one report, not ten thousand
  }
  return stats;
}

/// Contacts of (a, b) after moving both bodies by `pose` and scaling by `scale` equal the
/// original contacts moved and scaled, as sets (positions, normals, gaps). Feature labels are not
/// compared: where two candidate points coincide exactly (e.g. a vertex on a face), rounding after
/// the motion may change which one represents the merged contact.
inline void expect_moved_contacts(const std::vector<Contact>& original, const std::vector<Contact>& moved,
                                  const Transform& pose, double scale, double length) {
  ASSERT_EQ(original.size(), moved.size());
  for (const Contact& o : original) {
    int matches = 0;
    for (const Contact& m : moved) {
      matches += (pose.apply(scale * o.position) - m.position).norm() <= 1e-9 * scale * length &&
                 (pose.apply_vector(o.normal) - m.normal).norm() <= 1e-9 &&
                 std::abs(scale * o.gap - m.gap) <= 1e-9 * scale * length;
    }
    EXPECT_EQ(matches, 1) << o.position.transpose();
  }
}

}  // namespace contactlab::testing
