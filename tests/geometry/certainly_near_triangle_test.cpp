// certainly_near_triangle (a one-sided proof that a point lies within a distance of a triangle)
// against the exact distance of the double inputs, computed in rational arithmetic (GMP): the
// point's projection tested against the three edges exactly, and otherwise the nearest of the
// three segments, whose clamped parameter is rational too. Every "yes" must hold exactly; and the
// proof must say yes where it is meant to (points on or near well-shaped faces, well inside the
// band), so that the test would notice a proof that never answers.
#include "contactlab/geometry/certainly_near_triangle.h"

#include "geometry/rational_vec.h"

#include <gtest/gtest.h>

#include <Eigen/Geometry>

#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>

namespace contactlab {
namespace {

using namespace testing;  // the rational vectors (rational_vec.h)

QVec add_scaled(const QVec& a, const Q& t, const QVec& d) { return {a.x + t * d.x, a.y + t * d.y, a.z + t * d.z}; }

/// The exact squared distance from p to the closed segment [a, b].
Q segment_distance2(const QVec& p, const QVec& a, const QVec& b) {
  const QVec d = sub(b, a);
  const Q length2 = dot(d, d);
  Q t = length2 > 0 ? Q(dot(sub(p, a), d) / length2) : Q(0);
  if (t < 0) t = 0;
  if (t > 1) t = 1;
  const QVec r = sub(p, add_scaled(a, t, d));
  return dot(r, r);
}

/// The sine of the triangle's smallest angle.
double min_angle_sine(const std::array<Vec3, 3>& c) {
  double s = 1.0;
  for (std::size_t k = 0; k < 3; ++k) {
    const Vec3 u = c[(k + 1) % 3] - c[k], v = c[(k + 2) % 3] - c[k];
    s = std::min(s, u.cross(v).norm() / (u.norm() * v.norm()));
  }
  return s;
}

/// The exact squared distance from p to the closed triangle (a, b, c): the distance to its plane
/// where p's projection lies in it, else to the nearest edge.
Q triangle_distance2(const Vec3& point, const std::array<Vec3, 3>& corner) {
  const QVec p = exact(point), a = exact(corner[0]), b = exact(corner[1]), c = exact(corner[2]);
  const QVec n = cross(sub(b, a), sub(c, a));
  const Q n2 = dot(n, n);
  if (n2 > 0) {
    const Q h = dot(sub(p, a), n);
    const QVec q = add_scaled(p, -h / n2, n);  // the projection
    const bool inside = dot(cross(sub(b, a), sub(q, a)), n) >= 0 && dot(cross(sub(c, b), sub(q, b)), n) >= 0 &&
                        dot(cross(sub(a, c), sub(q, c)), n) >= 0;
    if (inside) return h * h / n2;
  }
  Q best = segment_distance2(p, a, b);
  for (const Q& d : {segment_distance2(p, b, c), segment_distance2(p, c, a)}) best = d < best ? d : best;
  return best;
}

/// The caller's side of the proof, as a tet's face plane gives it: n = (c1 − c0) × (c2 − c0),
/// |n|, and the larger distance of n · p from the least and greatest n · c_k.
bool proved_near(const std::array<Vec3, 3>& c, const Vec3& p, double reach) {
  const Vec3 n = (c[1] - c[0]).cross(c[2] - c[0]);
  double lo = n.dot(c[0]), hi = lo;
  for (std::size_t k = 1; k < 3; ++k) lo = std::min(lo, n.dot(c[k])), hi = std::max(hi, n.dot(c[k]));
  const double s = n.dot(p);
  const double gap = std::max(std::abs(s - lo), std::abs(s - hi));
  double scale = p.cwiseAbs().maxCoeff();
  for (const Vec3& x : c) scale = std::max(scale, x.cwiseAbs().maxCoeff());
  return certainly_near_triangle(near_triangle_proof(c, n), p, n.norm(), gap, scale, reach);
}

/// A random triangle of size ~`size` around `centre`, turned at random: fairly well-shaped, or a
/// sliver (sliver > 0: one corner `sliver` × the base's length off the base's midpoint).
std::array<Vec3, 3> random_triangle(std::mt19937_64& rng, double size, const Vec3& centre, double sliver) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::array<Vec3, 3> c;
  for (;;) {
    c = {Vec3(u(rng), u(rng), 0.0), Vec3(u(rng), u(rng), 0.0), Vec3(u(rng), u(rng), 0.0)};
    if (sliver > 0.0) c[2] = 0.5 * (c[0] + c[1]) + sliver * (c[1] - c[0]).unitOrthogonal();
    const double area2 = (c[1] - c[0]).cross(c[2] - c[0]).norm();
    if (sliver > 0.0 || area2 > 0.3) break;  // well-shaped enough for the "must prove" checks
  }
  const Eigen::Quaterniond turn = Eigen::Quaterniond::UnitRandom();
  for (Vec3& x : c) x = centre + size * (turn * x);
  return c;
}

/// A point near the triangle: a random convex combination (in the face), or on an edge, or at a
/// corner, optionally pushed off the plane and beyond an edge by multiples of `reach`.
Vec3 point_near(std::mt19937_64& rng, const std::array<Vec3, 3>& c, double reach, int kind) {
  std::uniform_real_distribution<double> u(0.0, 1.0), w(-1.5, 1.5);
  double l0 = u(rng), l1 = u(rng), l2 = u(rng);
  if (kind == 1) l2 = 0.0;       // on edge c0 c1
  if (kind == 2) l1 = l2 = 0.0;  // at corner c0
  const double sum = l0 + l1 + l2;
  Vec3 p = (l0 * c[0] + l1 * c[1] + l2 * c[2]) / sum;
  const Vec3 n = (c[1] - c[0]).cross(c[2] - c[0]).normalized();
  p += w(rng) * reach * n;
  const Vec3 out = (c[1] - c[0]).cross(n).normalized();  // outward from edge c0 c1 (counter-clockwise about n)
  if (kind >= 1) p += w(rng) * reach * out;
  return p;
}

TEST(CertainlyNearTriangle, EveryYesHoldsExactlyAndPointsWellInsideTheBandAreProved) {
  std::mt19937_64 rng(59);
  std::uniform_real_distribution<double> log_size(-3.0, 3.0), shift(-1.0, 1.0);
  int yes = 0, must = 0, proved_must = 0;
  for (int trial = 0; trial < 4000; ++trial) {
    const double size = std::pow(10.0, log_size(rng));
    const double far = trial % 3 == 0 ? 1e3 : (trial % 3 == 1 ? 10.0 : 0.0);  // translation in sizes
    const Vec3 centre = far * size * Vec3(shift(rng), shift(rng), shift(rng));
    const double sliver = trial % 5 == 4 ? std::pow(10.0, -2.0 - 6.0 * std::abs(shift(rng))) : 0.0;
    const std::array<Vec3, 3> c = random_triangle(rng, size, centre, sliver);
    const double reach = 1e-9 * size * std::pow(10.0, 2.0 * shift(rng));  // the band, around 1e-9 of the size
    for (int i = 0; i < 6; ++i) {
      const int kind = i % 3;
      const Vec3 p = point_near(rng, c, reach, kind);
      const bool proved = proved_near(c, p, reach);
      const Q exact_distance2 = triangle_distance2(p, c);
      if (proved) {
        ++yes;
        EXPECT_LE(exact_distance2, Q(reach) * Q(reach)) << "trial " << trial << " point " << i;
      }
    }
    // Points in the face within reach/4 of its plane, on well-shaped triangles (smallest angle's
    // sine ≥ 0.2) at the origin with a band ≥ 1e-9 of their size, are far inside the proof's
    // allowance (its rounding bound there is below 1e-13 of the size): it must say yes.
    if (sliver == 0.0 && far == 0.0 && reach >= 1e-9 * size && min_angle_sine(c) >= 0.2) {
      std::uniform_real_distribution<double> u(0.05, 1.0), h(-0.25, 0.25);
      const double l0 = u(rng), l1 = u(rng), l2 = u(rng);
      const Vec3 n = (c[1] - c[0]).cross(c[2] - c[0]).normalized();
      const Vec3 p = (l0 * c[0] + l1 * c[1] + l2 * c[2]) / (l0 + l1 + l2) + h(rng) * reach * n;
      ++must;
      if (proved_near(c, p, reach)) ++proved_must;
    }
  }
  std::printf("proved %d of %d points; %d of %d that must be\n", yes, 4000 * 6, proved_must, must);
  EXPECT_GT(yes, 2000);  // the proof answers often enough to matter
  EXPECT_GT(must, 200);
  EXPECT_EQ(proved_must, must);
}

TEST(CertainlyNearTriangle, NoProofBeyondTheReachNorForSliversNorForNonFiniteInput) {
  const std::array<Vec3, 3> c{Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0)};
  const double reach = 1e-9;
  EXPECT_TRUE(proved_near(c, Vec3(0.25, 0.25, 0.4 * reach), reach));
  EXPECT_TRUE(proved_near(c, Vec3(0.5, 0.0, 0.0), reach));             // on an edge
  EXPECT_TRUE(proved_near(c, Vec3(0.0, 0.0, 0.0), reach));             // at a corner
  EXPECT_FALSE(proved_near(c, Vec3(0.25, 0.25, 0.6 * reach), reach));  // beyond half the reach off the plane
  EXPECT_FALSE(proved_near(c, Vec3(0.25, 0.25, 2.0 * reach), reach));
  EXPECT_FALSE(proved_near(c, Vec3(0.5, -0.5 * reach, 0.0), reach));  // beyond the edge by more than the allowance
  EXPECT_FALSE(proved_near(c, Vec3(0.25, 0.25, 0.0), 0.0));           // no reach, no proof
  // A sliver (smallest angle's sine 1e-4 < kMinimumSine) gets no proof, even on its face.
  const std::array<Vec3, 3> sliver{Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0.5, 5e-5, 0)};
  EXPECT_FALSE(near_triangle_proof(sliver, (sliver[1] - sliver[0]).cross(sliver[2] - sliver[0])).valid);
  EXPECT_FALSE(proved_near(sliver, Vec3(0.5, 1e-5, 0.0), 1e-9));
  // Zero area, and non-finite corners or points: no proof.
  const std::array<Vec3, 3> flat{Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(2, 0, 0)};
  EXPECT_FALSE(proved_near(flat, Vec3(1, 0, 0), 1e-9));
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_FALSE(proved_near(c, Vec3(nan, 0.25, 0.0), reach));
  EXPECT_FALSE(proved_near({Vec3(0, 0, 0), Vec3(nan, 0, 0), Vec3(0, 1, 0)}, Vec3(0.25, 0.25, 0.0), reach));
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_FALSE(proved_near({Vec3(0, 0, 0), Vec3(inf, 0, 0), Vec3(0, 1, 0)}, Vec3(0.25, 0.25, 0.0), reach));
}

}  // namespace
}  // namespace contactlab
