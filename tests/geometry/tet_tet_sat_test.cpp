// tet_tet_sat against independent ground truth:
//  - intersection verdict: two convex polyhedra meet iff a corner of one lies in the other or an
//    edge of one crosses a face of the other, evaluated in long double with a relative margin
//    (cases inside the margin are left undecided and counted);
//  - least overlap: the overlap min(a_hi − b_lo, b_hi − a_lo) along 2048 directions spread over the
//    sphere bounds the penetration depth from above; translating B along the reported axis by
//    depth ± ε must separate / not separate the tets (checked with the brute force);
//  - symmetry (A, B swapped) and invariance under a rigid motion of both;
//  - constructions with known answers: shared face/edge/vertex (touching), gaps above and below the
//    tolerance, the hand-derived case, and pairs of degenerate (flat, collinear, point) tets.
#include "contactlab/geometry/tet_tet_sat.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <random>
#include <vector>

namespace contactlab {
namespace {

using Corners = std::array<Vec3, 4>;
using LVec = Eigen::Matrix<long double, 3, 1>;

constexpr std::array<std::array<int, 3>, 4> kFaces{{{1, 2, 3}, {0, 3, 2}, {0, 1, 3}, {0, 2, 1}}};
constexpr std::array<std::array<int, 2>, 6> kEdges{{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}};

LVec to_long(const Vec3& v) { return v.cast<long double>(); }

double diagonal(const Corners& a, const Corners& b) {
  Vec3 lo = a[0], hi = a[0];
  for (int i = 0; i < 4; ++i) {
    lo = lo.cwiseMin(a[i]).cwiseMin(b[i]);
    hi = hi.cwiseMax(a[i]).cwiseMax(b[i]);
  }
  return (hi - lo).norm();
}

// ---- brute-force intersection verdict (long double) ---------------------------------------------
// Each elementary test answers +1 (clearly yes), −1 (clearly no) or 0 (within the margin).

long double volume6(const LVec& a, const LVec& b, const LVec& c, const LVec& d) {
  return (b - a).dot((c - a).cross(d - a));
}

// Corner p strictly inside tet t by barycentric margin m. A (near) zero-volume tet has no interior:
// −1 (its points are reached by the edge–face tests instead).
int corner_in_tet(const LVec& p, const std::array<LVec, 4>& t, long double m, long double length) {
  const long double total = volume6(t[0], t[1], t[2], t[3]);
  if (std::abs(total) <= 1e-12L * length * length * length) return -1;
  long double lambda_min = 1;
  for (int i = 0; i < 4; ++i) {
    std::array<LVec, 4> w = t;
    w[i] = p;
    lambda_min = std::min(lambda_min, volume6(w[0], w[1], w[2], w[3]) / total);
  }
  return lambda_min > m ? 1 : (lambda_min < -m ? -1 : 0);
}

// Segment pq crosses triangle abc (interior point by margin m, relative lengths). A (near)
// zero-area triangle is covered by the other faces of its tet: −1.
int segment_crosses_triangle(const LVec& p, const LVec& q, const LVec& a, const LVec& b, const LVec& c, long double m,
                             long double length) {
  const LVec n = (b - a).cross(c - a);
  const long double nn = n.norm();
  if (nn <= 1e-12L * length * length) return -1;
  const long double dp = n.dot(p - a) / nn, dq = n.dot(q - a) / nn;
  const long double band = m * length;
  if ((dp > band && dq > band) || (dp < -band && dq < -band)) return -1;
  if (std::abs(dp) <= band || std::abs(dq) <= band) return 0;
  const LVec x = p + (dp / (dp - dq)) * (q - p);
  const long double n2 = nn * nn;
  const long double mu_min =
      std::min({(b - x).cross(c - x).dot(n) / n2, (c - x).cross(a - x).dot(n) / n2, (a - x).cross(b - x).dot(n) / n2});
  return mu_min > m ? 1 : (mu_min < -m ? -1 : 0);
}

int brute_intersect(const Corners& a, const Corners& b) {
  const long double length = diagonal(a, b);
  constexpr long double m = 1e-9L;
  std::array<LVec, 4> A, B;
  for (int i = 0; i < 4; ++i) {
    A[i] = to_long(a[i]);
    B[i] = to_long(b[i]);
  }
  bool undecided = false;
  auto note = [&](int r) {
    undecided = undecided || r == 0;
    return r > 0;
  };
  for (int i = 0; i < 4; ++i) {
    if (note(corner_in_tet(A[i], B, m, length)) || note(corner_in_tet(B[i], A, m, length))) return 1;
  }
  for (const auto& e : kEdges) {
    for (const auto& f : kFaces) {
      if (note(segment_crosses_triangle(A[e[0]], A[e[1]], B[f[0]], B[f[1]], B[f[2]], m, length))) return 1;
      if (note(segment_crosses_triangle(B[e[0]], B[e[1]], A[f[0]], A[f[1]], A[f[2]], m, length))) return 1;
    }
  }
  return undecided ? 0 : -1;
}

// ---- overlaps along directions --------------------------------------------------------------------

struct Range {
  long double lo, hi;
};

Range project(const Corners& p, const Vec3& n) {
  const LVec ln = to_long(n);
  Range r{1e300L, -1e300L};
  for (const Vec3& x : p) {
    const long double t = ln.dot(to_long(x));
    r.lo = std::min(r.lo, t);
    r.hi = std::max(r.hi, t);
  }
  return r;
}

// Translation of B along +n (unit) that makes the projections touch.
long double directed_overlap(const Corners& a, const Corners& b, const Vec3& n) {
  return project(a, n).hi - project(b, n).lo;
}

// min over both directions of directed_overlap, in double for the 2048-direction sweeps (rounding ≈ 1e-16 L, far below the checks' ε).
double overlap_fast(const Corners& a, const Corners& b, const Vec3& n) {
  const double nx = n.x(), ny = n.y(), nz = n.z();
  auto dot = [&](const Vec3& p) { return nx * p.x() + ny * p.y() + nz * p.z(); };
  double alo = dot(a[0]), ahi = alo, blo = dot(b[0]), bhi = blo;
  for (int i = 1; i < 4; ++i) {
    const double x = dot(a[i]), y = dot(b[i]);
    alo = std::min(alo, x), ahi = std::max(ahi, x);
    blo = std::min(blo, y), bhi = std::max(bhi, y);
  }
  return std::min(ahi - blo, bhi - alo);
}

std::vector<Vec3> sphere_directions(int count) {  // Fibonacci lattice
  std::vector<Vec3> d;
  const double golden = M_PI * (3.0 - std::sqrt(5.0));
  for (int i = 0; i < count; ++i) {
    const double z = 1.0 - (2.0 * i + 1.0) / count;
    const double r = std::sqrt(1.0 - z * z);
    d.emplace_back(r * std::cos(golden * i), r * std::sin(golden * i), z);
  }
  return d;
}

Corners translated(const Corners& p, const Vec3& t) {
  Corners q = p;
  for (Vec3& x : q) x += t;
  return q;
}

double signed_volume(const Corners& p) { return (p[1] - p[0]).dot((p[2] - p[0]).cross(p[3] - p[0])) / 6.0; }

// Ratio volume / (longest edge)³, 1/(6√2) ≈ 0.118 for a regular tet.
double quality(const Corners& p) {
  double longest = 0;
  for (const auto& e : kEdges) longest = std::max(longest, (p[e[1]] - p[e[0]]).norm());
  return longest > 0 ? std::abs(signed_volume(p)) / (longest * longest * longest) : 0.0;
}

void expect_finite(const TetTetSatResult& r) {
  ASSERT_TRUE(r.axis.allFinite());
  ASSERT_TRUE(std::isfinite(r.depth) && std::isfinite(r.separation) && std::isfinite(r.tolerance));
  EXPECT_GE(r.depth, 0.0);
  if (r.kind != SatAxisKind::kNone) {
    EXPECT_NEAR(r.axis.norm(), 1.0, 1e-12);
  }
}

TEST(TetTetSat, HandDerivedFaceAxis) {
  // A = unit corner tet, B = A + (−0.7, 0.2, 0.2). Overlaps (B moved along ∓axis to separate):
  // x: min(1 + 0.7, 0.3 − 0) = 0.3 towards −x; y, z: min(1 − 0.2, 1.2) = 0.8;
  // (1,1,1)/√3: A in [0, 1/√3], B in [−0.3, 0.7]/√3 → 0.7/√3 ≈ 0.404; edge axes (1,1,0)/√2 etc.
  // ≥ 0.5/√2 ≈ 0.354. Least: 0.3 along −x, shared by A's face 1 (x = 0, opposite corner 1), B's face
  // 1 and the edge pairs y×z: A's face wins the tie.
  const Corners a{Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1)};
  const Corners b = translated(a, Vec3(-0.7, 0.2, 0.2));
  const TetTetSatResult r = tet_tet_sat(a, b);
  EXPECT_FALSE(r.separated);
  EXPECT_FALSE(r.touching);
  EXPECT_EQ(r.kind, SatAxisKind::kFaceA);
  EXPECT_EQ(r.index_a, 1);
  EXPECT_LT((r.axis - Vec3(-1, 0, 0)).norm(), 1e-15);
  EXPECT_NEAR(r.depth, 0.3, 1e-15);
  const TetTetSatResult s = tet_tet_sat(b, a);
  EXPECT_EQ(s.kind, SatAxisKind::kFaceA);
  EXPECT_EQ(s.index_a, 1);
  EXPECT_LT((s.axis - Vec3(1, 0, 0)).norm(), 1e-15);
  EXPECT_NEAR(s.depth, 0.3, 1e-15);
  // Moved apart by 0.3 + 1e-6 along the axis: separated by that axis, gap 1e-6.
  const TetTetSatResult t = tet_tet_sat(a, translated(b, (0.3 + 1e-6) * r.axis));
  EXPECT_TRUE(t.separated);
  EXPECT_NEAR(t.separation, 1e-6, 1e-12);
}

Corners random_tet(std::mt19937& rng, double size, const Vec3& centre) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Corners p;
  for (Vec3& x : p) x = centre + size * Vec3(u(rng), u(rng), u(rng));
  if (signed_volume(p) < 0) std::swap(p[0], p[1]);
  return p;
}

Mat3 random_rotation(std::mt19937& rng) {
  std::normal_distribution<double> g;
  return Quat(g(rng), g(rng), g(rng), g(rng)).normalized().toRotationMatrix();
}

/// Moves both tets by one random similarity: a rotation, a scale 10^(−3…3) and a translation of up
/// to `reach` × the scale along each axis.
void random_similarity(std::mt19937& rng, double reach, Corners& a, Corners& b) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const Mat3 rotation = random_rotation(rng);
  const double scale = std::pow(10.0, 3.0 * u(rng));
  const Vec3 shift = reach * scale * Vec3(u(rng), u(rng), u(rng));
  for (Vec3& x : a) x = scale * (rotation * x) + shift;
  for (Vec3& x : b) x = scale * (rotation * x) + shift;
}

TEST(TetTetSat, RandomAgainstBruteForceAndSampledDirections) {
  std::mt19937 rng(31);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::uniform_int_distribution<int> grid(-4, 4);
  const std::vector<Vec3> directions = sphere_directions(2048);
  int decided = 0, undecided = 0, overlapping = 0, separated = 0, translations = 0, flips = 0;
  int translation_undecided = 0;
  constexpr int kCases = 12000;
  for (int iter = 0; iter < kCases; ++iter) {
    const int family = iter % 10;
    Corners a, b;
    bool nondegenerate = true;
    if (family <= 4) {  // general position, B's centre near A's
      a = random_tet(rng, 1.0, Vec3::Zero());
      b = random_tet(rng, 0.5 + 0.5 * (u(rng) + 1), 0.6 * Vec3(u(rng), u(rng), u(rng)));
    } else if (family == 5) {  // sliver A: corner 3 within 1e-3..1e-7 of the plane of the others
      a = random_tet(rng, 1.0, Vec3::Zero());
      const Vec3 n = (a[1] - a[0]).cross(a[2] - a[0]).normalized();
      a[3] -= (n.dot(a[3] - a[0]) - std::pow(10.0, -3 - iter % 5) * u(rng)) * n;
      b = random_tet(rng, 1.0, Vec3(u(rng), u(rng), u(rng)));
      nondegenerate = false;
    } else if (family == 6) {  // B = A translated: all edges pairwise parallel
      a = random_tet(rng, 1.0, Vec3::Zero());
      b = translated(a, 0.6 * Vec3(u(rng), u(rng), u(rng)));
    } else if (family == 7) {  // B = A turned by 90° about z and moved: many parallel edges
      a = random_tet(rng, 1.0, Vec3::Zero());
      const Vec3 t = 0.6 * Vec3(u(rng), u(rng), u(rng));
      for (int i = 0; i < 4; ++i) b[i] = Vec3(-a[i].y(), a[i].x(), a[i].z()) + t;
    } else if (family == 8) {  // A flat (exactly coplanar integer corners) against a full B
      const Vec3 e1(grid(rng), grid(rng), grid(rng)), e2(grid(rng), grid(rng), grid(rng));
      for (Vec3& x : a) x = (double(grid(rng)) * e1 + double(grid(rng)) * e2) / 8.0;
      b = random_tet(rng, 1.0, Vec3(u(rng), u(rng), u(rng)));
      nondegenerate = false;
    } else {  // coarse integer grid: shared corners, touching and coplanar faces are frequent
      for (Vec3& x : a) x = Vec3(grid(rng), grid(rng), grid(rng)) / 4.0;
      for (Vec3& x : b) x = Vec3(grid(rng), grid(rng), grid(rng)) / 4.0;
      nondegenerate = quality(a) > 0.01 && quality(b) > 0.01;
    }
    if (family <= 7 && family != 5) nondegenerate = quality(a) > 0.01 && quality(b) > 0.01;
    const double length = diagonal(a, b);
    const double eps = 1e-9 * length;

    const TetTetSatResult r = tet_tet_sat(a, b);
    expect_finite(r);
    EXPECT_NEAR(r.tolerance, 1e-9 * length, 1e-15 * length);

    const int truth = brute_intersect(a, b);
    if (truth != 0) {
      ++decided;
      EXPECT_EQ(r.separated, truth < 0) << "family " << family << " iter " << iter;
    } else {
      ++undecided;
    }

    if (r.separated) {
      ++separated;
      // The reported axis does separate: B's projection lies beyond A's by `separation`.
      EXPECT_NEAR(static_cast<double>(project(b, r.axis).lo - project(a, r.axis).hi), r.separation, eps);
      EXPECT_GT(r.separation, r.tolerance);
      continue;
    }
    ++overlapping;
    // Depth is the overlap along the axis oriented A→B, and no sampled direction does better.
    EXPECT_NEAR(static_cast<double>(directed_overlap(a, b, r.axis)), r.depth, eps) << iter;
    double sampled = 1e300;
    for (const Vec3& n : directions) sampled = std::min(sampled, overlap_fast(a, b, n));
    EXPECT_LE(r.depth, sampled + eps) << "family " << family << " iter " << iter;
    EXPECT_EQ(r.touching, r.depth <= r.tolerance);

    // Swapped arguments: same depth; the reported axis, flipped, is as good for (A, B).
    const TetTetSatResult s = tet_tet_sat(b, a);
    EXPECT_FALSE(s.separated);
    EXPECT_NEAR(s.depth, r.depth, 2 * r.tolerance);
    EXPECT_LE(static_cast<double>(directed_overlap(a, b, -s.axis)), r.depth + 2 * r.tolerance);
    flips += (s.axis + r.axis).norm() < 1e-9;

    // Rigid motion of both: same depth.
    const Mat3 rotation = random_rotation(rng);
    const Vec3 shift = 10 * Vec3(u(rng), u(rng), u(rng));
    Corners ra, rb;
    for (int i = 0; i < 4; ++i) {
      ra[i] = rotation * a[i] + shift;
      rb[i] = rotation * b[i] + shift;
    }
    const TetTetSatResult m = tet_tet_sat(ra, rb);
    if (r.depth > 1e-6 * length) {
      EXPECT_FALSE(m.separated);
      EXPECT_NEAR(m.depth, r.depth, 1e-9 * length) << "family " << family << " iter " << iter;
    }

    // Translating B along the axis by depth + δ separates, by depth − δ does not (δ = 1e-6 L).
    if (nondegenerate && truth > 0 && r.depth > 1e-5 * length) {
      const double delta = 1e-6 * length;
      const Corners apart = translated(b, (r.depth + delta) * r.axis);
      const Corners still = translated(b, (r.depth - delta) * r.axis);
      EXPECT_TRUE(tet_tet_sat(a, apart).separated) << iter;
      EXPECT_FALSE(tet_tet_sat(a, still).separated) << iter;
      const int truth_apart = brute_intersect(a, apart), truth_still = brute_intersect(a, still);
      EXPECT_NE(truth_apart, 1) << iter;
      EXPECT_NE(truth_still, -1) << iter;
      translation_undecided += (truth_apart == 0) + (truth_still == 0);
      ++translations;
    }
  }
  // The ground truth must decide nearly every case, with both verdicts well represented.
  EXPECT_GT(decided, kCases * 95 / 100);
  EXPECT_GT(overlapping, 3000);
  EXPECT_GT(separated, 3000);
  EXPECT_GT(translations, 1500);
  EXPECT_LT(translation_undecided, translations / 2);
  EXPECT_GT(flips, overlapping * 9 / 10);
}

// Touching by construction: B shares a face, an edge or a corner of A and otherwise lies strictly
// beyond the plane of one of A's faces; then B pushed off by gaps above and below the tolerance,
// and into A by a small depth.
TEST(TetTetSat, ConstructedTouchingAndNearTouching) {
  std::mt19937 rng(17);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  int checked = 0;
  for (int iter = 0; checked < 10000; ++iter) {
    const double scale = std::pow(10.0, iter % 7 - 3);
    const Vec3 centre = scale * 100 * Vec3(u(rng), u(rng), u(rng));
    const Corners a = random_tet(rng, scale, centre);
    if (quality(a) < 0.02) continue;
    const int f = iter % 4;
    const auto& face = kFaces[f];
    Vec3 n = (a[face[1]] - a[face[0]]).cross(a[face[2]] - a[face[0]]).normalized();
    // Points strictly beyond face f's plane, at least 0.3 × scale from it.
    auto beyond = [&] {
      const Vec3 x = a[face[0]] + scale * Vec3(u(rng), u(rng), u(rng));
      return Vec3(x + (std::abs(n.dot(x - a[face[0]])) + 0.3 * scale) * n);
    };
    const int kind = iter % 3;
    Corners b;
    if (kind == 0) {
      b = {a[face[0]], a[face[2]], a[face[1]], beyond()};
    } else if (kind == 1) {
      b = {a[face[0]], a[face[1]], beyond(), beyond()};
    } else {
      b = {a[face[1]], beyond(), beyond(), beyond()};
    }
    if (quality(b) < 0.01) continue;
    const double length = diagonal(a, b);

    TetTetSatResult r = tet_tet_sat(a, b);
    expect_finite(r);
    EXPECT_FALSE(r.separated) << "kind " << kind << " iter " << iter;
    EXPECT_TRUE(r.touching) << "kind " << kind << " iter " << iter;
    EXPECT_LE(r.depth, r.tolerance);
    EXPECT_FALSE(tet_tet_sat(b, a).separated);
    if (kind == 0) {
      // Shared face: a face axis along n (A's face wins the tie with B's).
      EXPECT_EQ(r.kind, SatAxisKind::kFaceA);
      EXPECT_EQ(r.index_a, f);
      EXPECT_LT((r.axis - n).norm(), 1e-9);
    }

    // Gap of 1e-6 L along n: separated with that gap (for the shared face by face f's axis).
    r = tet_tet_sat(a, translated(b, 1e-6 * length * n));
    EXPECT_TRUE(r.separated);
    if (kind == 0) {
      EXPECT_NEAR(r.separation, 1e-6 * length, 1e-9 * length);
    }
    // Gap of 1e-11 L, below the tolerance: touching, not separated.
    r = tet_tet_sat(a, translated(b, 1e-11 * length * n));
    EXPECT_FALSE(r.separated);
    EXPECT_TRUE(r.touching);
    // Shared face pushed in by 1e-6 L: overlapping, depth 1e-6 L along n.
    if (kind == 0) {
      r = tet_tet_sat(a, translated(b, -1e-6 * length * n));
      EXPECT_FALSE(r.separated);
      EXPECT_FALSE(r.touching);
      EXPECT_NEAR(r.depth, 1e-6 * length, 1e-9 * length);
      EXPECT_LT((r.axis - n).norm(), 1e-6);
    }
    ++checked;
  }
}

// tet_tet_separated is tet_tet_sat(...).separated, decided with less work, and tet_tet_sat's
// skipping of axes that change nothing leaves every field of its result as trying every axis
// gives it: equal verdicts and results on every
// kind of pair — general position, shared faces, edges and corners moved off or into each other by
// gaps around the band (0, ±0.5, ±0.999, ±1.001, ±2, ±10 tol along a face normal), coarse integer
// grids (coplanar faces, parallel edges), slivers and flat tets — each also under a random
// similarity transform (scale 1e-3…1e3, translation up to 100 × the size), and with bands of 1e-9
// (the default), 1e-6, 1e-13 and 0, given relative to L or as a length.
// Every field of two results equal, bit for bit.
::testing::AssertionResult same_result(const TetTetSatResult& x, const TetTetSatResult& y) {
  const auto differ = [](const char* field) { return ::testing::AssertionFailure() << field << " differs"; };
  if (x.separated != y.separated) return differ("separated");
  if (x.touching != y.touching) return differ("touching");
  if (x.kind != y.kind) return differ("kind");
  if (x.index_a != y.index_a || x.index_b != y.index_b) return differ("index");
  if (x.axis != y.axis) return differ("axis");
  if (x.depth != y.depth) return differ("depth");
  if (x.separation != y.separation) return differ("separation");
  return ::testing::AssertionSuccess();
}

TEST(TetTetSat, ShortcutsAgreeWithTheFullSearch) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::uniform_int_distribution<int> grid(-3, 3);
  int separated = 0, not_separated = 0;
  for (int iter = 0; iter < 40000; ++iter) {
    Corners a = random_tet(rng, 1.0, Vec3::Zero()), b;
    const int family = iter % 5;
    if (family == 0) {
      b = random_tet(rng, 1.0, Vec3(u(rng), u(rng), u(rng)));
    } else if (family <= 2) {  // touching a face, an edge or a corner, then offset about the band
      const int f = iter % 4;
      const auto& face = kFaces[f];
      const Vec3 n = (a[face[1]] - a[face[0]]).cross(a[face[2]] - a[face[0]]).normalized();
      const auto beyond = [&] {
        const Vec3 x = a[face[0]] + Vec3(u(rng), u(rng), u(rng));
        return Vec3(x + (std::abs(n.dot(x - a[face[0]])) + 0.3) * n);
      };
      const int kind = (iter / 5) % 3;
      b = kind == 0   ? Corners{a[face[0]], a[face[2]], a[face[1]], beyond()}
          : kind == 1 ? Corners{a[face[0]], a[face[1]], beyond(), beyond()}
                      : Corners{a[face[1]], beyond(), beyond(), beyond()};
      constexpr std::array<double, 11> kGaps{0.0, 0.5, -0.5, 0.999, -0.999, 1.001, -1.001, 2.0, -2.0, 10.0, -10.0};
      b = translated(b, kGaps[static_cast<std::size_t>(iter / 15) % kGaps.size()] * 1e-9 * diagonal(a, b) * n);
    } else if (family == 3) {  // coarse integer grid
      for (Vec3& x : a) x = Vec3(grid(rng), grid(rng), grid(rng)) / 2.0;
      for (Vec3& x : b) x = Vec3(grid(rng), grid(rng), grid(rng)) / 2.0;
    } else {  // a sliver or a flat tet against a random one, or two flat ones
      const Vec3 normal = (a[1] - a[0]).cross(a[2] - a[0]).normalized();
      a[3] -= (normal.dot(a[3] - a[0]) - std::pow(10.0, -3 - iter % 9) * u(rng)) * normal;
      b = random_tet(rng, 1.0, Vec3(u(rng), u(rng), u(rng)));
      if (iter % 3 == 0) b[3] = b[0] + 0.5 * (b[1] - b[0]) + 0.25 * (b[2] - b[0]);
    }
    if (iter % 2 == 1) {  // a random similarity
      random_similarity(rng, 100.0, a, b);
    }
    constexpr std::array<double, 4> kBands{1e-9, 1e-6, 1e-13, 0.0};
    TetTetSatRequest request;
    request.relative_tolerance = kBands[static_cast<std::size_t>(iter / 7) % kBands.size()];
    const TetTetSatResult result = tet_tet_sat(a, b, request);
    const bool full = result.separated;
    ASSERT_EQ(tet_tet_separated(a, b, request), full) << "family " << family << " iter " << iter;
    // The full search skipping the axes that change nothing gives every field bit for bit as the
    // search that tries every axis.
    TetTetSatRequest every_axis = request;
    every_axis.skip_unneeded_axes = false;
    const TetTetSatResult reference = tet_tet_sat(a, b, every_axis);
    ASSERT_TRUE(same_result(result, reference)) << iter;
    ASSERT_EQ(tet_tet_separated(b, a, request), tet_tet_sat(b, a, request).separated) << "swapped, iter " << iter;
    // The same band given as a length (TetTetSatRequest::absolute_tolerance, relative × L with L
    // computed as tet_tet_sat does): that tolerance, and the same results with and without the
    // shortcuts.
    TetTetSatRequest as_length;
    as_length.absolute_tolerance = request.relative_tolerance * diagonal(a, b);
    const TetTetSatResult by_length = tet_tet_sat(a, b, as_length);
    ASSERT_EQ(by_length.tolerance, *as_length.absolute_tolerance) << iter;
    ASSERT_TRUE(same_result(by_length, result)) << iter;
    ASSERT_EQ(tet_tet_separated(a, b, as_length), full) << iter;
    as_length.skip_unneeded_axes = false;
    ASSERT_TRUE(same_result(tet_tet_sat(a, b, as_length), reference)) << iter;
    (full ? separated : not_separated) += 1;
  }
  EXPECT_GT(separated, 8000);
  EXPECT_GT(not_separated, 8000);
}

// Tets that share a corner exactly and overlap near it by about the band: B shares a face of A,
// then turns about one corner of that face by θ with θ L from 0.1 to 10 bands, so that its face
// dips into A (or lifts off) by that much. The corner stays put bit for bit, and the search may
// stop as soon as its least overlap is at most half the band (SatSearch::settled): every field must
// still be that of the search that tries every axis, with the least overlap on both sides of that
// threshold.
TEST(TetTetSat, ShortcutsAgreeOnTetsTurnedAboutASharedCorner) {
  // Known case: B shares A's corner at the origin, lies on the far side of A's face 2 (the plane
  // x = 0: overlap exactly 0 there) and rises 2 bands above A's base (face 0, y = 0, tried first:
  // overlap 2 bands). The least overlap is face 2's 0, found after face 0's 2 bands: a search that
  // stopped at a least overlap of 2 bands would report face 0.
  {
    const Corners a{Vec3(0, 1, 0), Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 0, 1)};
    const double tol = 1e-9 * 3.0;  // the band × the diagonal of the 8 corners' box, (2, 2, 1)
    const Corners b{Vec3(0, 0, 0), Vec3(-1, -1, 0), Vec3(-1, 2 * tol, 1), Vec3(-1, -1, 1)};
    TetTetSatRequest every_axis;
    every_axis.skip_unneeded_axes = false;
    const TetTetSatResult result = tet_tet_sat(a, b), reference = tet_tet_sat(a, b, every_axis);
    EXPECT_FALSE(result.separated);
    EXPECT_TRUE(result.touching);
    EXPECT_EQ(result.kind, SatAxisKind::kFaceA);
    EXPECT_EQ(result.index_a, 2);
    EXPECT_EQ(result.depth, 0.0);
    EXPECT_TRUE(same_result(result, reference));
    EXPECT_FALSE(tet_tet_separated(a, b));
  }
  std::mt19937 rng(17);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  constexpr std::array<double, 12> kTurns{0.1, 0.3, 0.45, 0.6, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 10.0, 30.0};
  for (int iter = 0; iter < 20000; ++iter) {
    Corners a = random_tet(rng, 1.0, Vec3::Zero());
    const auto& face = kFaces[static_cast<std::size_t>(iter % 4)];
    const Vec3 n = (a[face[1]] - a[face[0]]).cross(a[face[2]] - a[face[0]]).normalized();
    const Vec3 x = a[face[0]] + Vec3(u(rng), u(rng), u(rng));
    Corners b{a[face[0]], a[face[2]], a[face[1]], Vec3(x + (std::abs(n.dot(x - a[face[0]])) + 0.3) * n)};
    const double band = 1e-9;
    const double angle = kTurns[static_cast<std::size_t>(iter / 4) % kTurns.size()] * band;
    // About an axis in the face's plane half the time (the face tilts into A), else any axis.
    Vec3 axis(u(rng), u(rng), u(rng));
    if (iter % 8 < 4) axis -= axis.dot(n) * n;
    const Mat3 turn = Eigen::AngleAxisd(angle, axis.normalized()).toRotationMatrix();
    const Vec3 pivot = b[0];
    for (Vec3& y : b) y = pivot + turn * (y - pivot);  // b[0] stays pivot exactly: turn × 0 = 0
    if (iter % 2 == 1) {
      random_similarity(rng, 100.0, a, b);
    }
    TetTetSatRequest request;
    request.relative_tolerance = band;
    TetTetSatRequest every_axis = request;
    every_axis.skip_unneeded_axes = false;
    for (const bool swap : {false, true}) {
      const Corners& p = swap ? b : a;
      const Corners& q = swap ? a : b;
      const TetTetSatResult result = tet_tet_sat(p, q, request);
      const TetTetSatResult reference = tet_tet_sat(p, q, every_axis);
      ASSERT_EQ(tet_tet_separated(p, q, request), reference.separated) << iter;
      ASSERT_TRUE(same_result(result, reference)) << iter;
    }
  }
}

// Separated, and the gap along the reported axis cannot exceed the true distance `gap`.
void expect_separation_at_most(const TetTetSatResult& r, double gap) {
  EXPECT_TRUE(r.separated);
  EXPECT_GT(r.separation, 0.0);
  EXPECT_LE(r.separation, gap + 1e-9);
}

// Both tets degenerate: the 44 standard axes do not suffice, the extra axes must decide.
// TetTetSatRequest::near_points: B beyond a face of A but for one corner on that face (not at a
// corner of A, so no corners coincide), moved off it by 0, ±tol/16 or ±tol/8 along the face's
// normal — points of the two within tol/4 — under random similarity transforms. Told so, the
// search gives every field bit for bit as without the test, asks it at most once, and (the point
// of it) asks it in most cases, where it then ends the search early; tet_tet_separated never asks.
TEST(TetTetSat, NearPointsToldGiveTheSameResult) {
  std::mt19937 rng(29);
  std::uniform_real_distribution<double> u(-1.0, 1.0), unit(0.0, 1.0);
  constexpr std::array<double, 5> kOffsets{0.0, 1.0 / 16, -1.0 / 16, 0.125, -0.125};
  int asked = 0, cases = 0;
  for (int iter = 0; iter < 6000; ++iter) {
    const Corners a = random_tet(rng, 1.0, Vec3::Zero());
    if (quality(a) < 0.01) continue;
    const int f = iter % 4;
    const auto& face = kFaces[static_cast<std::size_t>(f)];
    Vec3 n = (a[face[1]] - a[face[0]]).cross(a[face[2]] - a[face[0]]).normalized();
    if (n.dot(a[static_cast<std::size_t>(f)] - a[face[0]]) > 0) n = -n;  // outward
    const double s = 0.1 + 0.8 * unit(rng), t = (0.9 - s) * unit(rng);
    const Vec3 on_face = a[face[0]] + s * (a[face[1]] - a[face[0]]) + t * (a[face[2]] - a[face[0]]);
    Corners b;
    for (std::size_t c = 1; c < 4; ++c) {
      const Vec3 q = on_face + Vec3(u(rng), u(rng), u(rng));
      b[c] = q - (q - on_face).dot(n) * n + (0.2 + unit(rng)) * n;
    }
    const double band = 1e-9 * diagonal(a, b);
    b[0] = on_face + kOffsets[static_cast<std::size_t>(iter) % kOffsets.size()] * band * n;
    if (quality(b) < 0.005) continue;
    Corners pa = a, pb = b;
    if (iter % 2 == 1) {  // a random similarity
      random_similarity(rng, 10.0, pa, pb);
    }
    TetTetSatRequest request;
    request.absolute_tolerance = 1e-9 * diagonal(pa, pb);
    const TetTetSatResult plain = tet_tet_sat(pa, pb, request);
    int calls = 0;
    request.near_points = [&] { return ++calls, true; };
    const TetTetSatResult told = tet_tet_sat(pa, pb, request);
    ASSERT_TRUE(same_result(told, plain)) << iter;
    ASSERT_LE(calls, 1) << iter;
    ASSERT_FALSE(plain.separated) << iter;
    asked += calls;
    ++cases;
    calls = 0;
    ASSERT_EQ(tet_tet_separated(pa, pb, request), plain.separated) << iter;
    ASSERT_EQ(calls, 0) << iter;
  }
  EXPECT_GT(cases, 2000);
  EXPECT_GT(asked, cases / 2);
}

TEST(TetTetSat, BothDegenerateKnownCases) {
  std::mt19937 rng(2);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int iter = 0; iter < 400; ++iter) {
    const Mat3 rotation = iter % 2 ? random_rotation(rng) : Mat3::Identity();
    const Vec3 shift = iter % 2 ? Vec3(u(rng), u(rng), u(rng)) : Vec3::Zero();
    auto place = [&](const Corners& p) {
      Corners q;
      for (int i = 0; i < 4; ++i) q[i] = rotation * p[i] + shift;
      return q;
    };
    const double gap = 0.01 + 0.5 * (u(rng) + 1);
    // Coplanar flat quads in z = 0, side by side along x (gap > 0) or overlapping.
    const Corners quad{Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(1, 1, 0), Vec3(0, 1, 0)};
    TetTetSatResult r = tet_tet_sat(place(quad), place(translated(quad, Vec3(1 + gap, 0.5 * u(rng), 0))));
    expect_finite(r);
    EXPECT_TRUE(r.separated) << iter;
    expect_separation_at_most(r, gap);
    r = tet_tet_sat(place(quad), place(translated(quad, Vec3(1 - gap, 0.5 * u(rng), 0))));
    EXPECT_FALSE(r.separated) << iter;
    // Flat and coplanar: zero thickness along their common normal, so they only touch.
    EXPECT_TRUE(r.touching) << iter;
    EXPECT_LE(r.depth, r.tolerance);
    // Parallel segments side by side; crossing segments; collinear overlapping / disjoint.
    const Corners seg{Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0.5, 0, 0), Vec3(0.25, 0, 0)};
    r = tet_tet_sat(place(seg), place(translated(seg, Vec3(0.3 * u(rng), gap, 0))));
    EXPECT_TRUE(r.separated) << iter;
    expect_separation_at_most(r, gap);
    const Corners cross{Vec3(0.5, -0.5, 0), Vec3(0.5, 0.5, 0), Vec3(0.5, 0, 0), Vec3(0.5, 0.25, 0)};
    r = tet_tet_sat(place(seg), place(cross));
    EXPECT_FALSE(r.separated) << iter;
    r = tet_tet_sat(place(seg), place(translated(seg, Vec3(1 - gap / 2, 0, 0))));
    EXPECT_FALSE(r.separated) << iter;
    r = tet_tet_sat(place(seg), place(translated(seg, Vec3(1 + gap, 0, 0))));
    EXPECT_TRUE(r.separated) << iter;
    expect_separation_at_most(r, gap);
    // Points.
    const Vec3 p(u(rng), u(rng), u(rng)), q = p + gap * Vec3(u(rng), u(rng), u(rng)).normalized();
    r = tet_tet_sat(Corners{p, p, p, p}, Corners{q, q, q, q});
    EXPECT_TRUE(r.separated);
    expect_separation_at_most(r, gap);
    EXPECT_LT((r.axis - (q - p).normalized()).norm(), 1e-9);
    r = tet_tet_sat(Corners{p, p, p, p}, Corners{p, p, p, p});
    EXPECT_FALSE(r.separated);
    EXPECT_TRUE(r.touching);
    EXPECT_EQ(r.kind, SatAxisKind::kNone);
    EXPECT_EQ(r.depth, 0.0);
  }
}

}  // namespace
}  // namespace contactlab
