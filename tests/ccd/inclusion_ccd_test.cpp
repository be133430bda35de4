// Continuous collision detection: the inclusion method (no false negatives) and the seed's cubic
// baseline on hand-derived motions (times of impact worked out in the comments), on the public CCD
// benchmark's 7,279 queries (ground truth computed exactly by its authors: 0 false negatives
// required of the inclusion method), and the benchmark's file format.
#include "contactlab/ccd/inclusion_ccd.h"
#include "contactlab/ccd/cubic_ccd.h"
#include "contactlab/ccd/query_file.h"
#include "contactlab/core/error.h"
#include "core/scratch_dir.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <random>

namespace contactlab {
namespace {

namespace fs = std::filesystem;

CcdQuery query(CcdKind kind, std::array<Vec3, 4> start, std::array<Vec3, 4> end) { return {kind, start, end}; }

/// A vertex–face query with a static triangle (0,0,0), (1,0,0), (0,1,0) in the plane z = 0.
CcdQuery vertex_through(const Vec3& from, const Vec3& to) {
  const Vec3 a(0, 0, 0), b(1, 0, 0), c(0, 1, 0);
  return query(CcdKind::kVertexFace, {from, a, b, c}, {to, a, b, c});
}

void expect_hit(const CcdQuery& q, double toi, const CcdRequest& request = {}) {
  const CcdResult r = inclusion_ccd(q, request);
  ASSERT_TRUE(r.collides);
  EXPECT_FALSE(r.exhausted);
  EXPECT_LE(r.toi, toi);                                    // a lower bound ...
  EXPECT_GE(r.toi, toi - 2 * request.parameter_tolerance);  // ... within the tolerance
}

/// A continuum of contacts (parallel edges touching along a segment, a vertex crossing a collapsed
/// triangle): every (u, v) cell along it stays a candidate, so the search may spend its box budget
/// before it narrows one down; it then reports the collision at the earliest time still possible —
/// conservative: a hit, and a lower bound of the time of impact (here within 1e-3 of it).
void expect_continuum_hit(const CcdQuery& q, double toi) {
  const CcdResult r = inclusion_ccd(q);
  ASSERT_TRUE(r.collides);
  EXPECT_LE(r.toi, toi);
  EXPECT_GE(r.toi, toi - 1e-3);
}

TEST(InclusionCcd, VertexThroughTheFaceAndBesideIt) {
  // Straight down through (0.25, 0.25): z = 1 − 2t crosses 0 at t = 1/2.
  expect_hit(vertex_through({0.25, 0.25, 1}, {0.25, 0.25, -1}), 0.5);
  // The same line at x = 2: never over the triangle.
  EXPECT_FALSE(inclusion_ccd(vertex_through({2, 0.25, 1}, {2, 0.25, -1})).collides);
  // Over the hypotenuse x + y = 1 exactly (on the closed triangle): a hit at t = 1/2.
  expect_hit(vertex_through({0.5, 0.5, 1}, {0.5, 0.5, -1}), 0.5);
  // Touching at the start (on the face at t = 0) and only at the end (reaching it at t = 1).
  expect_hit(vertex_through({0.25, 0.25, 0}, {0.25, 0.25, 1}), 0.0);
  expect_hit(vertex_through({0.25, 0.25, 1}, {0.25, 0.25, 0}), 1.0);
  // Stopping 1e-3 short: no collision.
  EXPECT_FALSE(inclusion_ccd(vertex_through({0.25, 0.25, 1}, {0.25, 0.25, 1e-3})).collides);
}

TEST(InclusionCcd, CoplanarMotionAndDegenerateTriangles) {
  // Sliding in the plane z = 0 along y = 0.25 from x = 2 to x = −1: it enters the triangle at
  // x + y = 1, x = 0.75, at t = (2 − 0.75) / 3 = 5/12. The cubic is 0 throughout: the baseline
  // misses it.
  const CcdQuery slide = vertex_through({2, 0.25, 0}, {-1, 0.25, 0});
  expect_hit(slide, 5.0 / 12.0);
  EXPECT_FALSE(cubic_ccd(slide).collides);
  // A triangle collapsed to the segment (0,0,0)–(1,0,0): a vertex crossing the segment's middle
  // hits (at t = 1/2), one crossing beside it does not.
  const Vec3 a(0, 0, 0), b(1, 0, 0), c(0.5, 0, 0);
  expect_continuum_hit(query(CcdKind::kVertexFace, {Vec3(0.5, 0, 1), a, b, c}, {Vec3(0.5, 0, -1), a, b, c}), 0.5);
  EXPECT_FALSE(
      inclusion_ccd(query(CcdKind::kVertexFace, {Vec3(0.5, 0.1, 1), a, b, c}, {Vec3(0.5, 0.1, -1), a, b, c})).collides);
}

TEST(InclusionCcd, EdgesCrossingParallelAndApart) {
  // Edge a on the x axis, static; edge b along y at height 1 − 2t: they cross at t = 1/2.
  const Vec3 a0(-1, 0, 0), a1(1, 0, 0);
  expect_hit(
      query(CcdKind::kEdgeEdge, {a0, a1, Vec3(0, -1, 1), Vec3(0, 1, 1)}, {a0, a1, Vec3(0, -1, -1), Vec3(0, 1, -1)}),
      0.5);
  // b along y but beyond a's end (x = 2): never meets.
  EXPECT_FALSE(inclusion_ccd(query(CcdKind::kEdgeEdge, {a0, a1, Vec3(2, -1, 1), Vec3(2, 1, 1)},
                                   {a0, a1, Vec3(2, -1, -1), Vec3(2, 1, -1)}))
                   .collides);
  // Parallel, overlapping in x, b coming down onto a: they touch along [0, 1] at t = 1/2; the
  // cubic is 0 throughout (parallel edges are always coplanar with each other).
  const CcdQuery parallel =
      query(CcdKind::kEdgeEdge, {a0, a1, Vec3(0, 0, 1), Vec3(2, 0, 1)}, {a0, a1, Vec3(0, 0, -1), Vec3(2, 0, -1)});
  expect_continuum_hit(parallel, 0.5);
  // Parallel but apart in x: no collision.
  EXPECT_FALSE(inclusion_ccd(query(CcdKind::kEdgeEdge, {a0, a1, Vec3(1.5, 0, 1), Vec3(3, 0, 1)},
                                   {a0, a1, Vec3(1.5, 0, -1), Vec3(3, 0, -1)}))
                   .collides);
  // Sharing an end point at the start: t = 0.
  expect_hit(query(CcdKind::kEdgeEdge, {a0, a1, a1, Vec3(1, 1, 0)}, {a0, a1, Vec3(1, 0, 1), Vec3(1, 1, 1)}), 0.0);
}

TEST(InclusionCcd, MinimumSeparation) {
  // Passing 0.1 above the face's interior (z from 1 to 0.1 and back is not linear: pass level at
  // z = 0.1 across the triangle instead): within δ = 0.2, not within δ = 0.05.
  const CcdQuery pass = vertex_through({-1, 0.25, 0.1}, {2, 0.25, 0.1});
  CcdRequest wide;
  wide.min_separation = 0.2;
  EXPECT_TRUE(inclusion_ccd(pass, wide).collides);
  CcdRequest narrow;
  narrow.min_separation = 0.05;
  EXPECT_FALSE(inclusion_ccd(pass, narrow).collides);
  // Bad requests.
  CcdRequest bad;
  bad.min_separation = -1;
  EXPECT_THROW(inclusion_ccd(pass, bad), std::invalid_argument);
  CcdQuery nan = pass;
  nan.end[0].x() = std::nan("");
  EXPECT_THROW(inclusion_ccd(nan), std::invalid_argument);
}

// Frame independence: the hand-derived queries (data/ccd's) moved by 20 random similarities
// (rotation, scale 10^±3, translation) keep their verdicts, and the time of impact stays within the
// tolerance (a continuum of contacts: within 1e-3, as above).
TEST(InclusionCcd, TheSameVerdictsInAnyFrame) {
  std::vector<std::pair<CcdQuery, bool>> cases;
  for (const char* kind : {"vertex-face", "edge-edge"}) {
    const std::string path = std::string(CONTACTLAB_TEST_DATA_DIR) + "/ccd/" + kind + "/hand_cases.csv";
    for (const CcdQueryRecord& r : read_ccd_queries(path, ccd_kind_from_path(path)))
      cases.emplace_back(r.query, r.collides);
  }
  ASSERT_EQ(cases.size(), 13u);
  std::mt19937_64 rng(17);
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (int k = 0; k < 20; ++k) {
    const Mat3 r = Quat(normal(rng), normal(rng), normal(rng), normal(rng)).normalized().toRotationMatrix();
    const double scale = std::pow(10.0, 3.0 * unit(rng));
    const Vec3 shift = 10.0 * scale * Vec3(unit(rng), unit(rng), unit(rng));
    for (const auto& [q, truth] : cases) {
      CcdQuery moved = q;
      for (std::size_t i = 0; i < 4; ++i) {
        moved.start[i] = scale * (r * q.start[i]) + shift;
        moved.end[i] = scale * (r * q.end[i]) + shift;
      }
      const CcdResult want = inclusion_ccd(q), got = inclusion_ccd(moved);
      EXPECT_EQ(got.collides, truth);
      EXPECT_EQ(got.collides, want.collides);
      if (got.collides) {
        EXPECT_NEAR(got.toi, want.toi, want.exhausted || got.exhausted ? 1e-3 : 2e-6);
      }
    }
  }
}

// Transversal crossings — a vertex through a face's interior, at a random time and place — are
// proven by the Krawczyk test and their time of impact contracted to it: a lower bound within the
// tolerance. The face is at rest, tilted at random, so the crossing time t* is the only contact.
TEST(InclusionCcd, TimeOfImpactOfTransversalCrossings) {
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::normal_distribution<double> normal;
  int fast = 0;
  for (int k = 0; k < 1000; ++k) {
    const Vec3 a(normal(rng), normal(rng), normal(rng)), b(normal(rng), normal(rng), normal(rng)),
        c(normal(rng), normal(rng), normal(rng));
    const Vec3 n = (b - a).cross(c - a);
    if (n.norm() < 0.1) continue;
    const double t = 0.05 + 0.9 * unit(rng), u = 0.1 + 0.3 * unit(rng), v = 0.1 + 0.3 * unit(rng);
    const Vec3 hit = a + u * (b - a) + v * (c - a);
    const Vec3 d = n.normalized() * (0.5 + unit(rng)) + 0.3 * Vec3(normal(rng), normal(rng), normal(rng));
    if (std::abs(d.dot(n.normalized())) < 0.2) continue;  // crossing the plane, not grazing it
    const CcdQuery q{CcdKind::kVertexFace, {Vec3(hit - t * d), a, b, c}, {Vec3(hit + (1 - t) * d), a, b, c}};
    const CcdResult r = inclusion_ccd(q);
    ASSERT_TRUE(r.collides);
    EXPECT_LE(r.toi, t + 1e-12);  // t* itself is rounded when the points are made
    EXPECT_GE(r.toi, t - 1e-6);
    fast += r.boxes < 60 ? 1 : 0;
  }
  EXPECT_GT(fast, 500);  // most are proven well before the tolerance's depth (≈ 60 splits)
}

// The public benchmark: every query of every file, against its exact ground truth.
TEST(InclusionCcd, NoFalseNegativeOnThePublicBenchmark) {
  const fs::path root = fs::path(CONTACTLAB_TEST_DATA_DIR) / "ccd-sample-queries";
  ASSERT_TRUE(fs::exists(root)) << root;
  std::size_t queries = 0, collisions = 0, false_negatives = 0, false_positives = 0, cubic_misses = 0, cubic_false = 0,
              files = 0, exhausted = 0;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (entry.path().extension() != ".csv") continue;
    ++files;
    const std::vector<CcdQueryRecord> records =
        read_ccd_queries(entry.path().string(), ccd_kind_from_path(entry.path().string()));
    for (const CcdQueryRecord& r : records) {
      const CcdResult got = inclusion_ccd(r.query);
      ++queries;
      collisions += r.collides ? 1 : 0;
      if (r.collides && !got.collides) {
        ++false_negatives;
        ADD_FAILURE() << "false negative: " << entry.path() << " line " << r.line;
      }
      false_positives += !r.collides && got.collides ? 1 : 0;
      exhausted += got.exhausted ? 1 : 0;
      const bool cubic = cubic_ccd(r.query).collides;
      cubic_misses += r.collides && !cubic ? 1 : 0;
      cubic_false += !r.collides && cubic ? 1 : 0;
    }
  }
  std::cout << "[          ] " << files << " files, " << queries << " queries, " << collisions
            << " collisions: inclusion FN " << false_negatives << ", FP " << false_positives << " (box budget spent "
            << exhausted << "); cubic FN " << cubic_misses << ", FP " << cubic_false << "\n";
  EXPECT_EQ(queries, 7279u);
  EXPECT_EQ(collisions, 435u);
  EXPECT_EQ(false_negatives, 0u);
}

TEST(CcdQueryFile, RoundTripAndBadRows) {
  const testing::ScratchDir scratch("ccd-file");
  const fs::path& dir = scratch.path();
  CcdQueryRecord r;
  r.query = vertex_through({0.25, 0.1, 1.0 / 3.0}, {-1e-300, 0.25, -7.5});
  r.collides = true;
  const std::string path = (dir / "q.csv").string();
  write_ccd_queries(path, {r, r});
  const std::vector<CcdQueryRecord> back = read_ccd_queries(path, CcdKind::kVertexFace);
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(back[1].line, 9);
  EXPECT_TRUE(back[0].collides);
  for (std::size_t k = 0; k < 4; ++k) {
    EXPECT_EQ(back[0].query.start[k], r.query.start[k]);  // exact fractions, bit for bit
    EXPECT_EQ(back[0].query.end[k], r.query.end[k]);
  }
  const auto bad = [&](const std::string& text, const std::string& part, int line) {
    const std::string file = (dir / "bad.csv").string();
    std::ofstream(file) << text;
    try {
      read_ccd_queries(file, CcdKind::kEdgeEdge);
      ADD_FAILURE() << "accepted: " << text;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
      EXPECT_EQ(e.line(), line) << e.what();
    }
  };
  const std::string row = "1,2,3,4,5,8,0\n";
  std::string eight;
  for (int i = 0; i < 8; ++i) eight += row;
  bad("1,2,3\n", "expected 7 comma-separated integers", 1);
  bad(row + "1,2,x,4,5,8,0\n", "expected integers", 2);
  bad(row + "1,0,3,4,5,8,0\n", "denominator must be > 0", 2);
  bad(row + "1,3,3,4,5,8,0\n", "is not exactly a double", 2);
  bad(row + "1,2,3,4,5,8,2\n", "truth flag must be 0 or 1", 2);
  bad(row + "1,2,3,4,5,8,1\n", "differs from the query's first row", 2);
  bad(eight + row, "ends inside a query", 9);
  EXPECT_THROW(read_ccd_queries((dir / "none.csv").string(), CcdKind::kEdgeEdge), InputError);
  EXPECT_EQ(ccd_kind_from_path("x/edge-edge/data.csv"), CcdKind::kEdgeEdge);
  EXPECT_THROW(ccd_kind_from_path("x/data.csv"), InputError);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace contactlab
