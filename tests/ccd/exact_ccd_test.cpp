// The exact CCD oracle (rational arithmetic) on hand-derived cases and on the public benchmark's
// ground truth (computed by its authors independently, in exact arithmetic too); then the
// floating-point methods against the oracle on ≥ 10⁵ random and deliberately degenerate queries:
// the inclusion method must have no false negative, and its false positives are counted.
//
// The generated queries use dyadic coordinates (small multiples of powers of two), so the
// degeneracies they build — a vertex exactly on an edge or a corner, touching exactly at t = 0 or
// t = 1, coplanar motion, collapsed triangles, parallel, collinear and zero-length edges, near misses
// by 2⁻³⁰ — hold exactly in the doubles the methods see.
#include "contactlab/ccd/exact_ccd.h"
#include "contactlab/ccd/cubic_ccd.h"
#include "contactlab/ccd/inclusion_ccd.h"
#include "contactlab/ccd/query_file.h"
#include "core/count_from_environment.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <iostream>
#include <random>

namespace contactlab {
namespace {

namespace fs = std::filesystem;

CcdQuery vf(std::array<Vec3, 4> start, std::array<Vec3, 4> end) { return {CcdKind::kVertexFace, start, end}; }
CcdQuery ee(std::array<Vec3, 4> start, std::array<Vec3, 4> end) { return {CcdKind::kEdgeEdge, start, end}; }

/// The triangle (0,0,0), (1,0,0), (0,1,0) at rest in z = 0, and a vertex moving from → to.
CcdQuery over_triangle(const Vec3& from, const Vec3& to) {
  const Vec3 a(0, 0, 0), b(1, 0, 0), c(0, 1, 0);
  return vf({from, a, b, c}, {to, a, b, c});
}

TEST(ExactCcd, VertexFaceByHand) {
  // Straight through the interior at t = 1/2; beside it; onto the hypotenuse; onto a corner.
  EXPECT_TRUE(exact_ccd(over_triangle({0.25, 0.25, 1}, {0.25, 0.25, -1})));
  EXPECT_FALSE(exact_ccd(over_triangle({2, 0.25, 1}, {2, 0.25, -1})));
  EXPECT_TRUE(exact_ccd(over_triangle({0.5, 0.5, 1}, {0.5, 0.5, -1})));
  EXPECT_TRUE(exact_ccd(over_triangle({1, 0, 1}, {1, 0, -1})));
  // Just beyond the hypotenuse (x + y = 1 + 2⁻⁴⁰) and just beyond the corner: misses.
  EXPECT_FALSE(exact_ccd(over_triangle({0.5, 0.5 + 0x1p-40, 1}, {0.5, 0.5 + 0x1p-40, -1})));
  EXPECT_FALSE(exact_ccd(over_triangle({1 + 0x1p-40, 0, 1}, {1 + 0x1p-40, 0, -1})));
  // Touching at t = 0 only, at t = 1 only, and stopping 2⁻⁴⁰ short.
  EXPECT_TRUE(exact_ccd(over_triangle({0.25, 0.25, 0}, {0.25, 0.25, 1})));
  EXPECT_TRUE(exact_ccd(over_triangle({0.25, 0.25, 1}, {0.25, 0.25, 0})));
  EXPECT_FALSE(exact_ccd(over_triangle({0.25, 0.25, 1}, {0.25, 0.25, 0x1p-40})));
  // Coplanar motion: sliding in z = 0 into the triangle (enters at t = 5/12), or past it.
  EXPECT_TRUE(exact_ccd(over_triangle({2, 0.25, 0}, {-1, 0.25, 0})));
  EXPECT_FALSE(exact_ccd(over_triangle({2, -0.25, 0}, {-1, -0.25, 0})));
  // A triangle collapsed to a segment (c on ab): crossing the segment hits, beside it does not.
  const Vec3 a(0, 0, 0), b(1, 0, 0), c(0.5, 0, 0);
  EXPECT_TRUE(exact_ccd(vf({Vec3(0.5, 0, 1), a, b, c}, {Vec3(0.5, 0, -1), a, b, c})));
  EXPECT_FALSE(exact_ccd(vf({Vec3(0.5, 0.1, 1), a, b, c}, {Vec3(0.5, 0.1, -1), a, b, c})));
  EXPECT_FALSE(exact_ccd(vf({Vec3(1.5, 0, 1), a, b, c}, {Vec3(1.5, 0, -1), a, b, c})));
  // Collapsed to a point: only a vertex passing through that point hits.
  EXPECT_TRUE(exact_ccd(vf({Vec3(1, 1, 1), a, a, a}, {Vec3(-1, -1, -1), a, a, a})));
  EXPECT_FALSE(exact_ccd(vf({Vec3(1, 1, 1), a, a, a}, {Vec3(-1, -1, -0.5), a, a, a})));
  // A triangle that collapses only at t = 1/2 (c moves from (0,1,0) to (0,−1,0) through a): its
  // plane is z = 0 except then. A vertex at (0.5, 0, 1 − 2t) is coplanar with it only at t = 1/2
  // (r · n = (1 − 2t)², a double root where |n| = 0 too), on the segment ab the triangle has
  // become: a hit that only the collapsed case sees. At (0.25, 0.5, 1 − 2t) it is off the segment.
  const Vec3 c0(0, 1, 0), c1(0, -1, 0);
  EXPECT_TRUE(exact_ccd(vf({Vec3(0.5, 0, 1), a, b, c0}, {Vec3(0.5, 0, -1), a, b, c1})));
  EXPECT_FALSE(exact_ccd(vf({Vec3(0.25, 0.5, 1), a, b, c0}, {Vec3(0.25, 0.5, -1), a, b, c1})));
}

TEST(ExactCcd, EdgeEdgeByHand) {
  const Vec3 a0(-1, 0, 0), a1(1, 0, 0);
  // Crossing at t = 1/2; beyond a's end; just beyond it by 2⁻⁴⁰.
  EXPECT_TRUE(exact_ccd(ee({a0, a1, Vec3(0, -1, 1), Vec3(0, 1, 1)}, {a0, a1, Vec3(0, -1, -1), Vec3(0, 1, -1)})));
  EXPECT_FALSE(exact_ccd(ee({a0, a1, Vec3(2, -1, 1), Vec3(2, 1, 1)}, {a0, a1, Vec3(2, -1, -1), Vec3(2, 1, -1)})));
  const double x = 1 + 0x1p-40;
  EXPECT_FALSE(exact_ccd(ee({a0, a1, Vec3(x, -1, 1), Vec3(x, 1, 1)}, {a0, a1, Vec3(x, -1, -1), Vec3(x, 1, -1)})));
  EXPECT_TRUE(exact_ccd(ee({a0, a1, Vec3(1, -1, 1), Vec3(1, 1, 1)}, {a0, a1, Vec3(1, -1, -1), Vec3(1, 1, -1)})));
  // Parallel, overlapping, coming together; parallel but apart along the line; collinear and
  // overlapping from the start; collinear, touching end to end only at t = 1.
  EXPECT_TRUE(exact_ccd(ee({a0, a1, Vec3(0, 0, 1), Vec3(2, 0, 1)}, {a0, a1, Vec3(0, 0, -1), Vec3(2, 0, -1)})));
  EXPECT_FALSE(exact_ccd(ee({a0, a1, Vec3(1.5, 0, 1), Vec3(3, 0, 1)}, {a0, a1, Vec3(1.5, 0, -1), Vec3(3, 0, -1)})));
  EXPECT_TRUE(exact_ccd(ee({a0, a1, Vec3(0, 0, 0), Vec3(3, 0, 0)}, {a0, a1, Vec3(0, 0, 0), Vec3(3, 0, 0)})));
  EXPECT_TRUE(exact_ccd(ee({a0, a1, Vec3(3, 0, 0), Vec3(5, 0, 0)}, {a0, a1, Vec3(1, 0, 0), Vec3(3, 0, 0)})));
  EXPECT_FALSE(exact_ccd(ee({a0, a1, Vec3(3, 0, 0), Vec3(5, 0, 0)}, {a0, a1, Vec3(x, 0, 0), Vec3(3, 0, 0)})));
  // Antiparallel (b runs the other way) and overlapping after sliding.
  EXPECT_TRUE(exact_ccd(ee({a0, a1, Vec3(5, 0, 0), Vec3(3, 0, 0)}, {a0, a1, Vec3(2, 0, 0), Vec3(0, 0, 0)})));
  // Zero-length edges: a point b passing through the segment a; a point a passing by a point b.
  EXPECT_TRUE(exact_ccd(ee({a0, a1, Vec3(0.5, 0, 1), Vec3(0.5, 0, 1)}, {a0, a1, Vec3(0.5, 0, -1), Vec3(0.5, 0, -1)})));
  const Vec3 p(0, 0, 0);
  EXPECT_TRUE(exact_ccd(ee({Vec3(1, 1, 0), Vec3(1, 1, 0), p, p}, {Vec3(-1, -1, 0), Vec3(-1, -1, 0), p, p})));
  EXPECT_FALSE(exact_ccd(ee({Vec3(1, 1, 0), Vec3(1, 1, 0), p, p}, {Vec3(-1, -0.5, 0), Vec3(-1, -0.5, 0), p, p})));
  // Sharing an end point at t = 0.
  EXPECT_TRUE(exact_ccd(ee({a0, a1, a1, Vec3(1, 1, 0)}, {a0, a1, Vec3(1, 0, 1), Vec3(1, 1, 1)})));
  // Non-finite input.
  EXPECT_THROW(exact_ccd(ee({a0, a1, a1, Vec3(1, std::nan(""), 0)}, {a0, a1, a1, a1})), std::invalid_argument);
}

// The oracle agrees with the benchmark's ground truth on every one of its 7,279 queries.
TEST(ExactCcd, AgreesWithThePublicBenchmarksGroundTruth) {
  const fs::path root = fs::path(CONTACTLAB_TEST_DATA_DIR) / "ccd-sample-queries";
  std::size_t queries = 0, disagreements = 0;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (entry.path().extension() != ".csv") continue;
    for (const CcdQueryRecord& r : read_ccd_queries(entry.path().string(), ccd_kind_from_path(entry.path().string()))) {
      ++queries;
      if (exact_ccd(r.query) != r.collides) {
        ++disagreements;
        ADD_FAILURE() << entry.path() << " line " << r.line << ": the file says " << r.collides;
      }
    }
  }
  EXPECT_EQ(queries, 7279u);
  EXPECT_EQ(disagreements, 0u);
}

/// Random dyadic queries, each built to be degenerate in one of the ways the header lists.
class QueryMaker {
 public:
  explicit QueryMaker(std::uint64_t seed) : rng_(seed) {}

  /// Whether the last query was moved off its exact degeneracy by a tiny offset (2⁻⁴⁰ to 2⁻²⁰ of
  /// its size): a near miss or near hit below the floating-point methods' tolerance.
  bool nudged() const { return nudged_; }

  CcdQuery next() {
    nudged_ = false;
    const bool vertex_face = coin();
    CcdQuery q = vertex_face ? vertex_face_query() : edge_edge_query();
    // A uniform power-of-two scale and a dyadic shift: exact, so the degeneracy survives.
    const double scale = std::ldexp(1.0, pick(-20, 20));
    const Vec3 shift = scale * std::ldexp(1.0, pick(-4, 4)) * Vec3(grid(4), grid(4), grid(4));
    for (std::size_t k = 0; k < 4; ++k) {
      q.start[k] = scale * q.start[k] + shift;
      q.end[k] = scale * q.end[k] + shift;
    }
    return q;
  }

 private:
  int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  bool coin() { return pick(0, 1) == 1; }
  /// A multiple of 2^−bits in [−1, 1].
  double grid(int bits) { return std::ldexp(static_cast<double>(pick(-(1 << bits), 1 << bits)), -bits); }
  Vec3 point(int bits = 4) { return {grid(bits), grid(bits), grid(bits)}; }
  /// A parameter in [0, 1], often exactly 0, 1/2 or 1 (on a feature's boundary).
  double parameter() {
    switch (pick(0, 4)) {
      case 0:
        return 0.0;
      case 1:
        return 1.0;
      case 2:
        return 0.5;
      default:
        return std::ldexp(static_cast<double>(pick(0, 16)), -4);
    }
  }
  /// A tiny dyadic offset (a near miss or a near hit), or none.
  Vec3 nudge() {
    if (pick(0, 2) != 0) return Vec3::Zero();
    nudged_ = true;
    Vec3 d = Vec3::Zero();
    d[pick(0, 2)] = (coin() ? 1 : -1) * std::ldexp(1.0, -pick(20, 40));
    return d;
  }
  /// Two positions of a point that passes through `at` (its position at t*) at time t*.
  std::pair<Vec3, Vec3> through(const Vec3& at, double t) {
    const Vec3 d = point();
    return {at - t * d, at + (1.0 - t) * d};
  }
  /// A moving point, or one at rest.
  std::pair<Vec3, Vec3> moving() {
    const Vec3 s = point();
    return {s, coin() ? s : point()};
  }
  static Vec3 lerp(const std::pair<Vec3, Vec3>& x, double t) { return x.first + t * (x.second - x.first); }

  CcdQuery vertex_face_query() {
    std::array<std::pair<Vec3, Vec3>, 4> x;
    for (auto& p : x) p = moving();
    switch (pick(0, 4)) {
      case 0:
        break;   // generic
      case 1: {  // collapsed triangle: c on the line ab (or all three together), at t = 0 or always
        const double s = coin() ? parameter() : 2.0;
        x[3].first = x[1].first + s * (x[2].first - x[1].first);
        if (coin()) x[3].second = x[1].second + s * (x[2].second - x[1].second);
        if (pick(0, 3) == 0) x[2] = x[3] = x[1];
        break;
      }
      case 2: {  // coplanar motion: everything in one plane z = const
        const double z = grid(3);
        for (auto& p : x) p.first.z() = p.second.z() = z;
        break;
      }
      default:
        break;
    }
    if (pick(0, 3) != 0) {  // the vertex passes (exactly, or nudged) through a point of the face at t*
      const double t = parameter(), u = parameter(), v = parameter() * (1.0 - u);
      const Vec3 a = lerp(x[1], t), b = lerp(x[2], t), c = lerp(x[3], t);
      x[0] = through(a + u * (b - a) + v * (c - a) + nudge(), t);
    }
    return vf({x[0].first, x[1].first, x[2].first, x[3].first}, {x[0].second, x[1].second, x[2].second, x[3].second});
  }

  CcdQuery edge_edge_query() {
    std::array<std::pair<Vec3, Vec3>, 4> x;
    for (auto& p : x) p = moving();
    switch (pick(0, 4)) {
      case 0:
        break;   // generic
      case 1: {  // parallel (or antiparallel) edges, at t = 0 or always
        const double k = std::array<double, 4>{1.0, -1.0, 0.5, 2.0}[static_cast<std::size_t>(pick(0, 3))];
        x[3].first = x[2].first + k * (x[1].first - x[0].first);
        if (coin()) x[3].second = x[2].second + k * (x[1].second - x[0].second);
        break;
      }
      case 2: {  // zero-length edge
        x[coin() ? 1 : 3] = x[coin() ? 0 : 2];
        if (x[1] != x[0] && x[3] != x[2]) x[1] = x[0];
        break;
      }
      case 3: {  // coplanar motion
        const double z = grid(3);
        for (auto& p : x) p.first.z() = p.second.z() = z;
        break;
      }
      default:
        break;
    }
    if (pick(0, 3) != 0) {  // edge b passes (exactly, or nudged) through a point of edge a at t*
      const double t = parameter(), u = parameter(), v = parameter();
      const Vec3 at = lerp(x[0], t) + u * (lerp(x[1], t) - lerp(x[0], t)) + nudge();
      const Vec3 w = coin() ? point() : Vec3(lerp(x[1], t) - lerp(x[0], t));  // b's direction then
      x[2] = through(at - v * w, t);
      x[3] = through(at + (1.0 - v) * w, t);
    }
    return ee({x[0].first, x[1].first, x[2].first, x[3].first}, {x[0].second, x[1].second, x[2].second, x[3].second});
  }

  std::mt19937_64 rng_;
  bool nudged_ = false;
};

// ≥ 10⁵ random and degenerate queries (CONTACTLAB_CCD_ORACLE_QUERIES overrides the count): the
// inclusion method never misses a collision the oracle finds; its false positives and the cubic
// baseline's misses are counted and printed.
TEST(ExactCcd, InclusionMissesNothingOnRandomAndDegenerateQueries) {
  const int count = test::count_from_environment("CONTACTLAB_CCD_ORACLE_QUERIES", 100000);
  QueryMaker maker(2018);
  std::size_t hits = 0, false_negatives = 0, false_positives = 0, cubic_misses = 0, cubic_false = 0, near_misses = 0,
              other_false_positives = 0;
  double oracle_seconds = 0, inclusion_seconds = 0;
  for (int i = 0; i < count; ++i) {
    const CcdQuery q = maker.next();
    const auto t0 = std::chrono::steady_clock::now();
    const bool truth = exact_ccd(q);
    const auto t1 = std::chrono::steady_clock::now();
    const CcdResult ir = inclusion_ccd(q);
    const bool inclusion = ir.collides;
    const auto t2 = std::chrono::steady_clock::now();
    const bool cubic = cubic_ccd(q).collides;
    oracle_seconds += std::chrono::duration<double>(t1 - t0).count();
    inclusion_seconds += std::chrono::duration<double>(t2 - t1).count();
    hits += truth ? 1 : 0;
    if (truth && !inclusion) {
      ++false_negatives;
      if (false_negatives <= 5) {
        ADD_FAILURE() << "false negative on query " << i << ": start " << q.start[0].transpose() << " | "
                      << q.start[1].transpose() << " | " << q.start[2].transpose() << " | " << q.start[3].transpose()
                      << " end " << q.end[0].transpose() << " | " << q.end[1].transpose() << " | "
                      << q.end[2].transpose() << " | " << q.end[3].transpose();
      }
    }
    false_positives += !truth && inclusion ? 1 : 0;
    near_misses += !truth && maker.nudged() ? 1 : 0;
    other_false_positives += !truth && inclusion && !maker.nudged() ? 1 : 0;
    cubic_misses += truth && !cubic ? 1 : 0;
    cubic_false += !truth && cubic ? 1 : 0;
  }
  std::cout << "[          ] " << count << " queries, " << hits << " collide exactly: inclusion FN " << false_negatives
            << ", FP " << false_positives << " (" << false_positives - other_false_positives << " of the "
            << near_misses << " near misses, " << other_false_positives << " others); cubic FN " << cubic_misses
            << ", FP " << cubic_false << "; mean time: oracle " << 1e6 * oracle_seconds / count << " us, inclusion "
            << 1e6 * inclusion_seconds / count << " us\n";
  EXPECT_EQ(false_negatives, 0u);
  // The generator makes a real mix (a good share of exact hits, of near misses); away from the
  // near misses below its tolerance, the inclusion method's false positives are rare.
  EXPECT_GT(hits, static_cast<std::size_t>(count) / 5);
  EXPECT_GT(near_misses, static_cast<std::size_t>(count) / 50);
  EXPECT_LT(other_false_positives, static_cast<std::size_t>(count) / 100);
}

}  // namespace
}  // namespace contactlab
