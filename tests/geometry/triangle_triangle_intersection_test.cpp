// triangle_triangle_intersection against independent ground truth:
//  - dense sampling of each triangle against the other (an intersecting pair has a sample within
//    one grid spacing of the other triangle; a pair whose samples all stay farther is disjoint);
//  - a separating-axis test in long double over the complete axis set of two triangles (disjoint
//    iff some axis separates), used where its margin decides;
//  - the intersection segment recomputed in long double as the overlap of the two triangles'
//    chords on the planes' common line (Möller's interval formulation, a different construction);
//  - exactly representable constructions with known answers: shared vertex/edge, vertex on a face,
//    edge or outside, edge-on-edge touching, coplanar overlap/touch/miss, parallel planes,
//    collapsed triangles.
#include "contactlab/geometry/triangle_triangle_intersection.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

namespace contactlab {
namespace {

using Tri = std::array<Vec3, 3>;
using LVec = Eigen::Matrix<long double, 3, 1>;

LVec to_long(const Vec3& v) { return v.cast<long double>(); }

double point_segment_distance(const Vec3& x, const Vec3& a, const Vec3& b) {
  const Vec3 e = b - a;
  const double len2 = e.squaredNorm();
  const double t = len2 > 0 ? std::clamp((x - a).dot(e) / len2, 0.0, 1.0) : 0.0;
  return (x - (a + t * e)).norm();
}

// Distance from x to the closed triangle abc; collapsed triangles are the union of their edges.
double point_triangle_distance(const Vec3& x, const Tri& t) {
  const Vec3 n = (t[1] - t[0]).cross(t[2] - t[0]);
  const double edge2 =
      std::max({(t[1] - t[0]).squaredNorm(), (t[2] - t[1]).squaredNorm(), (t[0] - t[2]).squaredNorm()});
  if (n.squaredNorm() > 1e-20 * edge2 * edge2) {
    bool inside = true;
    for (int i = 0; i < 3; ++i) {
      inside = inside && (t[(i + 1) % 3] - t[i]).cross(x - t[i]).dot(n) >= 0;
    }
    if (inside) return std::abs(n.dot(x - t[0])) / n.norm();
  }
  double d = std::numeric_limits<double>::infinity();
  for (int i = 0; i < 3; ++i) d = std::min(d, point_segment_distance(x, t[i], t[(i + 1) % 3]));
  return d;
}

double max_edge(const Tri& t) { return std::max({(t[1] - t[0]).norm(), (t[2] - t[1]).norm(), (t[0] - t[2]).norm()}); }

// Minimum over a barycentric grid of `from` (spacing ≤ max_edge/n) of the distance to `to`.
double sampled_distance(const Tri& from, const Tri& to, int n) {
  double best = std::numeric_limits<double>::infinity();
  for (int i = 0; i <= n; ++i) {
    for (int j = 0; i + j <= n; ++j) {
      const Vec3 x = from[0] + (double(i) / n) * (from[1] - from[0]) + (double(j) / n) * (from[2] - from[0]);
      best = std::min(best, point_triangle_distance(x, to));
    }
  }
  return best;
}

// Largest separation over the complete separating-axis set of two non-degenerate triangles
// (face normals, edge×edge, in-plane edge normals for the coplanar case), in long double.
// Positive: disjoint by that gap; negative: every axis overlaps by at least its magnitude.
long double sat_max_gap(const Tri& a, const Tri& b) {
  std::array<LVec, 3> A, B;
  for (int i = 0; i < 3; ++i) {
    A[i] = to_long(a[i]);
    B[i] = to_long(b[i]);
  }
  std::vector<LVec> axes;
  const LVec na = (A[1] - A[0]).cross(A[2] - A[0]), nb = (B[1] - B[0]).cross(B[2] - B[0]);
  axes.push_back(na);
  axes.push_back(nb);
  for (int i = 0; i < 3; ++i) {
    const LVec ea = A[(i + 1) % 3] - A[i], eb = B[(i + 1) % 3] - B[i];
    axes.push_back(na.cross(ea));
    axes.push_back(nb.cross(eb));
    for (int j = 0; j < 3; ++j) axes.push_back(ea.cross(B[(j + 1) % 3] - B[j]));
  }
  long double gap = -std::numeric_limits<long double>::infinity();
  for (const LVec& axis : axes) {
    const long double len = axis.norm();
    if (len < 1e-12L) continue;  // parallel edges (inputs are O(1))
    long double amin = 1e300L, amax = -1e300L, bmin = 1e300L, bmax = -1e300L;
    for (int i = 0; i < 3; ++i) {
      const long double pa = axis.dot(A[i]) / len, pb = axis.dot(B[i]) / len;
      amin = std::min(amin, pa), amax = std::max(amax, pa);
      bmin = std::min(bmin, pb), bmax = std::max(bmax, pb);
    }
    gap = std::max(gap, std::max(bmin - amax, amin - bmax));
  }
  return gap;
}

void expect_on_both(const TriangleTriangleIntersection& r, const Tri& a, const Tri& b, double tol) {
  for (const Vec3& p : {r.p0, r.p1}) {
    EXPECT_LE(point_triangle_distance(p, a), tol);
    EXPECT_LE(point_triangle_distance(p, b), tol);
  }
}

// Every verdict of these tests is also triangles_intersect's (the yes/no alone): the same answer,
// in every family — the touching, coplanar and collapsed ones take its general path, the others
// Guigue and Devillers' test.
TriangleTriangleIntersection intersect(const Tri& a, const Tri& b) {
  const TriangleTriangleIntersection r = triangle_triangle_intersection(a[0], a[1], a[2], b[0], b[1], b[2]);
  EXPECT_EQ(triangles_intersect(a[0], a[1], a[2], b[0], b[1], b[2]), r.intersect);
  return r;
}

// The verdict must not depend on vertex order or argument order.
void expect_order_invariant(const Tri& a, const Tri& b, const TriangleTriangleIntersection& r) {
  const TriangleTriangleIntersection swapped = intersect(b, a);
  EXPECT_EQ(swapped.intersect, r.intersect);
  EXPECT_EQ(swapped.coplanar, r.coplanar);
  const TriangleTriangleIntersection permuted = intersect(Tri{a[2], a[0], a[1]}, Tri{b[1], b[0], b[2]});
  EXPECT_EQ(permuted.intersect, r.intersect);
  EXPECT_EQ(permuted.coplanar, r.coplanar);
}

TEST(TriangleTriangleIntersection, RandomAgainstSamplingAndLongDoubleSat) {
  std::mt19937 rng(21);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::uniform_int_distribution<int> grid(-8, 8);
  int yes = 0, no = 0, sat_decided = 0, segments_checked = 0;
  constexpr int kSamples = 16;
  for (int iter = 0; iter < 10000; ++iter) {
    Tri a, b;
    const int family = iter % 10;
    if (family < 6) {
      // Real-valued triangles around a common centre.
      const Vec3 shift(0.4 * u(rng), 0.4 * u(rng), 0.4 * u(rng));
      for (auto& x : a) x = Vec3(u(rng), u(rng), u(rng)) * 0.6;
      for (auto& x : b) x = Vec3(u(rng), u(rng), u(rng)) * 0.6 + shift;
    } else {
      // Coarse dyadic grid: exact touching, coplanar and collinear configurations occur often.
      for (auto& x : a) x = Vec3(grid(rng), grid(rng), grid(rng)) / 8.0;
      for (auto& x : b) x = Vec3(grid(rng), grid(rng), grid(rng)) / 8.0;
      if (family == 7) b[2] = b[0] + 2.0 * (b[1] - b[0]);  // collapsed to a segment
      if (family == 8) a[1] = a[2] = a[0];                 // collapsed to a point (vs triangle)
      if (family == 9) {                                   // coplanar in z = x + 2y (exact)
        for (auto& x : a) x.z() = x.x() + 2 * x.y();
        for (auto& x : b) x.z() = x.x() + 2 * x.y();
      }
    }
    const double scale = 1.0;
    const TriangleTriangleIntersection r = intersect(a, b);
    expect_order_invariant(a, b, r);
    ASSERT_TRUE(r.p0.allFinite() && r.p1.allFinite());

    // Sampling: intersecting ⇒ some sample of each triangle lies within one spacing of the other.
    const double da = sampled_distance(a, b, kSamples), db = sampled_distance(b, a, kSamples);
    const double ha = max_edge(a) / kSamples * (1 + 1e-9) + 1e-12, hb = max_edge(b) / kSamples * (1 + 1e-9) + 1e-12;
    if (r.intersect) {
      EXPECT_LE(da, ha) << iter;
      EXPECT_LE(db, hb) << iter;
      ++yes;
    } else {
      ++no;
    }
    if (da > ha || db > hb) {
      EXPECT_FALSE(r.intersect) << iter;
    }

    // Long-double SAT where it decides by a margin (non-degenerate triangles only).
    const bool degenerate = family >= 7 && family <= 8;
    if (!degenerate) {
      const long double gap = sat_max_gap(a, b);
      if (gap > 1e-9L * scale) {
        EXPECT_FALSE(r.intersect) << iter;
        ++sat_decided;
      } else if (gap < -1e-9L * scale) {
        EXPECT_TRUE(r.intersect) << iter;
        ++sat_decided;
      }
    }

    if (r.intersect && !r.coplanar) expect_on_both(r, a, b, 1e-12 * scale);

    // The segment recomputed as the overlap of the two chords on the planes' common line.
    if (family < 6 && r.intersect && !r.coplanar) {
      const LVec A0 = to_long(a[0]), B0 = to_long(b[0]);
      const LVec na = (to_long(a[1]) - A0).cross(to_long(a[2]) - A0).normalized();
      const LVec nb = (to_long(b[1]) - B0).cross(to_long(b[2]) - B0).normalized();
      const LVec dir = na.cross(nb);
      if (dir.norm() < 1e-3L) continue;
      auto chord = [&](const Tri& t, const LVec& n, const LVec& o, std::array<LVec, 2>& ends) {
        std::array<long double, 3> d;
        for (int i = 0; i < 3; ++i) d[i] = n.dot(to_long(t[i]) - o);
        int k = 0;
        for (int i = 0; i < 3; ++i) {
          const int j = (i + 1) % 3;
          if (std::abs(d[i]) < 1e-7L || std::abs(d[j]) < 1e-7L) return false;  // near-touching: skip
          if ((d[i] < 0) != (d[j] < 0))
            ends[k++] = to_long(t[i]) + (d[i] / (d[i] - d[j])) * (to_long(t[j]) - to_long(t[i]));
        }
        return k == 2;
      };
      std::array<LVec, 2> ca, cb;
      if (!chord(a, nb, B0, ca) || !chord(b, na, A0, cb)) continue;
      auto param = [&](const LVec& x) { return dir.dot(x); };
      if (param(ca[0]) > param(ca[1])) std::swap(ca[0], ca[1]);
      if (param(cb[0]) > param(cb[1])) std::swap(cb[0], cb[1]);
      const LVec lo = param(ca[0]) > param(cb[0]) ? ca[0] : cb[0];
      const LVec hi = param(ca[1]) < param(cb[1]) ? ca[1] : cb[1];
      if (param(hi) - param(lo) < 1e-7L) continue;
      const LVec p0 = to_long(r.p0), p1 = to_long(r.p1);
      const long double err =
          std::min(std::max((p0 - lo).norm(), (p1 - hi).norm()), std::max((p0 - hi).norm(), (p1 - lo).norm()));
      EXPECT_LT(err, 1e-9L) << iter;
      ++segments_checked;
    }
  }
  EXPECT_GT(yes, 1500);
  EXPECT_GT(no, 1500);
  EXPECT_GT(sat_decided, 7000);
  EXPECT_GT(segments_checked, 500);
}

// triangles_intersect on crossing triangles of every size, orientation and offset (its fast path:
// no corner on the other's plane), against the long-double SAT where that decides by a margin, and
// against the full test everywhere, both argument orders and turned corners.
TEST(TrianglesIntersect, CrossingTrianglesAgainstLongDoubleSat) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  int yes = 0, no = 0, sat_decided = 0;
  for (int iter = 0; iter < 20000; ++iter) {
    const double scale = std::pow(10.0, 3.0 * u(rng));
    const Vec3 offset = Vec3(u(rng), u(rng), u(rng)) * scale * (iter % 3 == 0 ? 1e3 : 1.0);
    Tri a, b;
    for (auto& x : a) x = offset + Vec3(u(rng), u(rng), u(rng)) * scale;
    for (auto& x : b) x = offset + Vec3(u(rng), u(rng), u(rng)) * (0.3 + std::abs(u(rng))) * scale;
    const bool got = triangles_intersect(a[0], a[1], a[2], b[0], b[1], b[2]);
    EXPECT_EQ(got, triangle_triangle_intersection(a[0], a[1], a[2], b[0], b[1], b[2]).intersect) << iter;
    EXPECT_EQ(got, triangles_intersect(b[1], b[2], b[0], a[0], a[2], a[1])) << iter;
    const long double gap = sat_max_gap(a, b);
    if (gap > 1e-9L * scale) {
      EXPECT_FALSE(got) << iter;
      ++sat_decided;
    } else if (gap < -1e-9L * scale) {
      EXPECT_TRUE(got) << iter;
      ++sat_decided;
    }
    (got ? yes : no) += 1;
  }
  EXPECT_GT(yes, 3000);
  EXPECT_GT(no, 3000);
  EXPECT_GT(sat_decided, 19000);
}

// Exact constructions with known answers. Corners are small integers; constructed points are
// dyadic combinations of them, so every coordinate is exactly representable.
TEST(TriangleTriangleIntersection, ConstructedTouchingCases) {
  std::mt19937 rng(4);
  std::uniform_int_distribution<int> coord(-16, 16);
  std::uniform_int_distribution<int> pick(0, 7);
  auto ivec = [&] { return Vec3(coord(rng), coord(rng), coord(rng)); };
  int checked = 0;
  for (int iter = 0; checked < 10000; ++iter) {
    const Tri a{ivec(), ivec(), ivec()};
    const Vec3 n = (a[1] - a[0]).cross(a[2] - a[0]);  // integer normal
    if (n.squaredNorm() == 0) continue;
    // Points strictly on the +n side of A's plane.
    auto above = [&] {
      Vec3 x = ivec();
      const double h = n.dot(x - a[0]);
      if (h <= 0) x += (std::floor(-h / n.squaredNorm()) + 1) * n;
      return x;
    };
    const Vec3 y = above(), z = above();
    if (n.dot(y - a[0]) <= 0 || n.dot(z - a[0]) <= 0 || y == z) continue;
    if ((y - a[0]).cross(z - a[0]).squaredNorm() == 0) continue;
    // Dyadic barycentric point of A with weights w / 64.
    auto bary = [&](int w0, int w1) {
      return a[0] + (w1 / 64.0) * (a[1] - a[0]) + ((64 - w0 - w1) / 64.0) * (a[2] - a[0]);
    };
    const int kind = pick(rng);
    Tri b;
    bool expect = false;
    bool point_known = false;
    Vec3 point;
    switch (kind) {
      case 0: {  // shared vertex, B otherwise above A's plane: meets in exactly that vertex
        b = {a[iter % 3], y, z};
        expect = point_known = true;
        point = a[iter % 3];
        break;
      }
      case 1: {  // vertex strictly inside A
        const int w0 = std::uniform_int_distribution<int>(1, 62)(rng);
        const int w1 = std::uniform_int_distribution<int>(1, 63 - w0)(rng);
        point = bary(w0, w1);
        b = {point, y, z};
        expect = point_known = true;
        break;
      }
      case 2: {  // vertex on an edge of A (weight of a2 zero)
        const int w0 = std::uniform_int_distribution<int>(0, 64)(rng);
        point = a[0] + ((64 - w0) / 64.0) * (a[1] - a[0]);
        b = {y, point, z};
        expect = point_known = true;
        break;
      }
      case 3: {  // vertex on A's plane but outside A (one negative weight)
        const int w0 = std::uniform_int_distribution<int>(-40, -1)(rng);
        const int w1 = std::uniform_int_distribution<int>(0, 64)(rng);
        point = bary(w0, w1);
        b = {z, y, point};
        expect = false;
        break;
      }
      case 4: {  // B's edge pierces A's edge a0a1 at its midpoint, B leaves A's plane outward
        const Vec3 m = 0.5 * (a[0] + a[1]);
        Vec3 out = (a[1] - a[0]).cross(n);
        if (out.dot(a[2] - a[0]) > 0) out = -out;
        b = {m + n, m - n, m + out + double(coord(rng)) * n};
        expect = point_known = true;
        point = m;
        break;
      }
      case 5: {  // shared edge, third vertex off the plane: the edge is the intersection
        b = {a[1], a[0], y};
        const TriangleTriangleIntersection r = intersect(a, b);
        ASSERT_TRUE(r.intersect);
        EXPECT_FALSE(r.coplanar);
        EXPECT_TRUE((r.p0 == a[0] && r.p1 == a[1]) || (r.p0 == a[1] && r.p1 == a[0]));
        expect = true;
        break;
      }
      case 6: {  // parallel plane (B = A shifted along n by a dyadic fraction)
        const double t = std::uniform_int_distribution<int>(1, 64)(rng) / 1024.0 * (iter % 2 ? 1 : -1);
        b = {a[0] + t * n, a[2] + t * n, a[1] + t * n};
        expect = false;
        break;
      }
      default: {  // whole B above A's plane
        b = {y, z, above()};
        expect = false;
        break;
      }
    }
    const TriangleTriangleIntersection r = intersect(a, b);
    EXPECT_EQ(r.intersect, expect) << "kind " << kind << " iter " << iter;
    EXPECT_FALSE(r.coplanar);
    if (point_known && r.intersect) {
      EXPECT_EQ(r.p0, point) << "kind " << kind;
      EXPECT_EQ(r.p1, point) << "kind " << kind;
    }
    expect_order_invariant(a, b, r);
    ++checked;
  }
}

// Coplanar triangles in the plane z = x + 2y: B's corners have known dyadic barycentric
// coordinates with respect to A; B entirely beyond one edge line of A is disjoint, a corner of B
// inside or on A overlaps.
TEST(TriangleTriangleIntersection, ConstructedCoplanarCases) {
  std::mt19937 rng(9);
  std::uniform_int_distribution<int> coord(-16, 16);
  auto pvec = [&] {
    const double x = coord(rng), y = coord(rng);
    return Vec3(x, y, x + 2 * y);
  };
  int checked = 0;
  for (int iter = 0; checked < 10000; ++iter) {
    const Tri a{pvec(), pvec(), pvec()};
    if ((a[1] - a[0]).cross(a[2] - a[0]).squaredNorm() == 0) continue;
    auto bary = [&](int w1, int w2) { return a[0] + (w1 / 64.0) * (a[1] - a[0]) + (w2 / 64.0) * (a[2] - a[0]); };
    std::uniform_int_distribution<int> w(-64, 128);
    std::uniform_int_distribution<int> neg(-64, -1);
    const int kind = iter % 4;
    Tri b;
    bool expect = false;
    if (kind == 0) {  // all of B beyond the line of edge a0a1 (λ2 < 0): disjoint
      b = {bary(w(rng), neg(rng)), bary(w(rng), neg(rng)), bary(w(rng), neg(rng))};
    } else if (kind == 1) {  // one corner of B touches edge a0a1 within the edge, others beyond
      const int w1 = std::uniform_int_distribution<int>(0, 64)(rng);
      b = {bary(w1, 0), bary(w(rng), neg(rng)), bary(w(rng), neg(rng))};
      expect = true;
    } else if (kind == 2) {  // one corner of B strictly inside A
      const int w1 = std::uniform_int_distribution<int>(1, 62)(rng);
      const int w2 = std::uniform_int_distribution<int>(1, 63 - w1)(rng);
      b = {bary(w(rng), w(rng)), bary(w1, w2), bary(w(rng), w(rng))};
      expect = true;
    } else {  // corner on the line of a0a1 but beyond a1, the rest beyond that line: disjoint
      const int w1 = std::uniform_int_distribution<int>(65, 128)(rng);
      b = {bary(w1, 0), bary(w(rng), neg(rng)), bary(w(rng), neg(rng))};
    }
    if ((b[1] - b[0]).cross(b[2] - b[0]).squaredNorm() == 0) continue;
    const TriangleTriangleIntersection r = intersect(a, b);
    EXPECT_EQ(r.intersect, expect) << "kind " << kind;
    EXPECT_EQ(r.coplanar, expect) << "kind " << kind;
    expect_order_invariant(a, b, r);
    ++checked;
  }
}

// Collapsed triangles (segments and points) with known answers.
TEST(TriangleTriangleIntersection, CollapsedTriangles) {
  const Tri b{Vec3(0, 0, 0), Vec3(4, 0, 0), Vec3(0, 4, 0)};
  // Segment piercing B's interior at (1, 1, 0).
  TriangleTriangleIntersection r = intersect(Tri{Vec3(1, 1, 1), Vec3(1, 1, -1), Vec3(1, 1, 1)}, b);
  EXPECT_TRUE(r.intersect);
  EXPECT_EQ(r.p0, Vec3(1, 1, 0));
  EXPECT_EQ(r.p1, Vec3(1, 1, 0));
  // Segment lying in B's plane, crossing it: the intersection is the clipped part.
  r = intersect(Tri{Vec3(-1, 1, 0), Vec3(5, 1, 0), Vec3(2, 1, 0)}, b);
  EXPECT_TRUE(r.intersect);
  EXPECT_FALSE(r.coplanar);
  EXPECT_TRUE((r.p0 - Vec3(0, 1, 0)).norm() < 1e-15 || (r.p1 - Vec3(0, 1, 0)).norm() < 1e-15);
  EXPECT_NEAR((r.p0 - r.p1).norm(), 3.0, 1e-14);
  // Point inside, on the edge, outside, above.
  EXPECT_TRUE(intersect(Tri{Vec3(1, 1, 0), Vec3(1, 1, 0), Vec3(1, 1, 0)}, b).intersect);
  EXPECT_TRUE(intersect(Tri{Vec3(2, 2, 0), Vec3(2, 2, 0), Vec3(2, 2, 0)}, b).intersect);
  EXPECT_FALSE(intersect(Tri{Vec3(3, 3, 0), Vec3(3, 3, 0), Vec3(3, 3, 0)}, b).intersect);
  EXPECT_FALSE(intersect(Tri{Vec3(1, 1, 1), Vec3(1, 1, 1), Vec3(1, 1, 1)}, b).intersect);
  // Both collapsed: crossing segments, parallel segments, collinear overlapping, equal points.
  r = intersect(Tri{Vec3(0, 0, 0), Vec3(2, 2, 0), Vec3(1, 1, 0)}, Tri{Vec3(0, 2, 0), Vec3(2, 0, 0), Vec3(2, 0, 0)});
  EXPECT_TRUE(r.intersect);
  EXPECT_EQ(r.p0, Vec3(1, 1, 0));
  EXPECT_FALSE(
      intersect(Tri{Vec3(0, 0, 0), Vec3(2, 0, 0), Vec3(1, 0, 0)}, Tri{Vec3(0, 1, 0), Vec3(2, 1, 0), Vec3(2, 1, 0)})
          .intersect);
  r = intersect(Tri{Vec3(0, 0, 0), Vec3(2, 0, 0), Vec3(1, 0, 0)}, Tri{Vec3(1, 0, 0), Vec3(3, 0, 0), Vec3(3, 0, 0)});
  EXPECT_TRUE(r.intersect);
  EXPECT_TRUE((r.p0 == Vec3(1, 0, 0) && r.p1 == Vec3(2, 0, 0)) || (r.p0 == Vec3(2, 0, 0) && r.p1 == Vec3(1, 0, 0)));
  EXPECT_FALSE(
      intersect(Tri{Vec3(0, 0, 0), Vec3(2, 0, 0), Vec3(1, 0, 0)}, Tri{Vec3(3, 0, 0), Vec3(4, 0, 0), Vec3(4, 0, 0)})
          .intersect);
  const Vec3 p(0.5, 0.25, 0.125);
  EXPECT_TRUE(intersect(Tri{p, p, p}, Tri{p, p, p}).intersect);
  EXPECT_FALSE(intersect(Tri{p, p, p}, Tri{2 * p, 2 * p, 2 * p}).intersect);
  // Skew segments never meet.
  EXPECT_FALSE(
      intersect(Tri{Vec3(0, 0, 0), Vec3(2, 0, 0), Vec3(1, 0, 0)}, Tri{Vec3(1, -1, 1), Vec3(1, 1, 1), Vec3(1, 1, 1)})
          .intersect);
}

}  // namespace
}  // namespace contactlab
