// candidate_body_pairs (sort-and-sweep) against brute_force_body_pairs, and the brute force
// against pairs counted independently on a dyadic lattice of boxes.
#include "contactlab/broadphase/candidate_body_pairs.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <set>
#include <vector>

#include "broadphase/grid_mesh.h"
#include "contactlab/broadphase/brute_force.h"
#include "contactlab/broadphase/bvh.h"
#include "contactlab/broadphase/candidate_element_pairs.h"
#include "contactlab/core/error.h"

namespace contactlab {
namespace {

// Random boxes, a share of them degenerate: flat, point, touching on a dyadic lattice, empty,
// NaN, infinite, and repeated.
std::vector<Aabb> random_boxes(int n, std::mt19937& rng) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::uniform_int_distribution<int> kind(0, 19);
  std::uniform_int_distribution<int> lattice(0, 7);
  const double world = std::cbrt(static_cast<double>(n)) * 1.5;
  std::vector<Aabb> boxes;
  for (int i = 0; i < n; ++i) {
    const Vec3 lo = Vec3(u(rng), u(rng), u(rng)) * world;
    const Vec3 size = Vec3(u(rng), u(rng), u(rng));
    Aabb box{lo, lo + size};
    switch (kind(rng)) {
      case 0:
        box.max.y() = box.min.y();
        break;  // flat
      case 1:
        box.max = box.min;
        break;  // point
      case 2:
      case 3:
      case 4:
      case 5: {  // unit lattice cells: share faces/edges/corners
        const Vec3 c(lattice(rng) * 0.5, lattice(rng) * 0.5, lattice(rng) * 0.5);
        box = {c, c + Vec3::Constant(0.5)};
        break;
      }
      case 6:
        if (i % 5 == 0) box = Aabb{};
        break;  // empty
      case 7:
        if (i % 7 == 0) box.min.x() = std::nan("");
        break;
      case 8:
        if (i % 9 == 0) box.max.z() = std::numeric_limits<double>::infinity();
        break;
      case 9:
        if (i % 11 == 0) box.min = Vec3::Constant(-std::numeric_limits<double>::infinity());
        break;
      case 10:
        if (i > 0) box = boxes[static_cast<std::size_t>(i - 1)];
        break;  // duplicate
      default:
        break;
    }
    boxes.push_back(box);
  }
  return boxes;
}

TEST(CandidateBodyPairs, EqualsBruteForceOnRandomScenes) {
  std::mt19937 rng(31);
  std::uniform_int_distribution<int> count(2, 200);
  const std::vector<double> margins{0.0, 0.5, 0.01, 0.25};
  long long total = 0;
  int with_pairs = 0;
  for (int s = 0; s < 300; ++s) {
    const int n = count(rng);
    const std::vector<Aabb> boxes = random_boxes(n, rng);
    const double margin = margins[s % margins.size()];
    std::vector<bool> fixed;
    if (s % 3 != 0) {
      std::bernoulli_distribution is_fixed(s % 3 == 1 ? 0.3 : 0.9);
      for (int i = 0; i < n; ++i) fixed.push_back(is_fixed(rng));
    }
    const auto got = candidate_body_pairs(boxes, margin, fixed);
    const auto want = brute_force_body_pairs(boxes, margin, fixed);
    ASSERT_EQ(got, want) << "scene " << s;
    for (const BodyPair& p : got) {
      EXPECT_LT(p.a, p.b);
      if (!fixed.empty()) {
        EXPECT_FALSE(fixed[p.a] && fixed[p.b]);
      }
    }
    total += static_cast<long long>(got.size());
    with_pairs += got.empty() ? 0 : 1;
  }
  EXPECT_GT(with_pairs, 250);
  EXPECT_GT(total, 10000);
}

// Cells of a dyadic lattice: cell (i, j, k) of size 1 at (i, j, k). Two distinct cells touch (share
// a face, edge or corner) iff their indices differ by at most 1 on every axis; with margin 1 they
// also pair at distance 2 on any axis. Counted from the lattice, not from boxes.
TEST(BruteForceBodyPairs, LatticeTouchingCountsAreExact) {
  const int n = 4;
  std::vector<Aabb> boxes;
  std::vector<std::array<int, 3>> cell;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      for (int k = 0; k < n; ++k) {
        boxes.push_back({Vec3(i, j, k), Vec3(i + 1, j + 1, k + 1)});
        cell.push_back({i, j, k});
      }
    }
  }
  for (double margin : {0.0, 1.0}) {
    const int reach = margin == 0.0 ? 1 : 2;
    std::set<std::pair<Index, Index>> expected;
    for (std::size_t a = 0; a < cell.size(); ++a) {
      for (std::size_t b = a + 1; b < cell.size(); ++b) {
        bool near = true;
        for (int d = 0; d < 3; ++d) near = near && std::abs(cell[a][d] - cell[b][d]) <= reach;
        if (near) expected.insert({static_cast<Index>(a), static_cast<Index>(b)});
      }
    }
    const auto brute = brute_force_body_pairs(boxes, margin);
    const auto swept = candidate_body_pairs(boxes, margin);
    ASSERT_EQ(brute.size(), expected.size()) << margin;
    for (const BodyPair& p : brute) EXPECT_TRUE(expected.count({p.a, p.b}));
    EXPECT_EQ(swept, brute);
  }
}

TEST(CandidateBodyPairs, EdgeCasesAndBadArguments) {
  EXPECT_TRUE(candidate_body_pairs(std::vector<Aabb>{}, 0.0).empty());
  const std::vector<Aabb> one{{Vec3::Zero(), Vec3::Ones()}};
  EXPECT_TRUE(candidate_body_pairs(one, 0.0).empty());
  // An empty box never pairs, even with a box that covers all space.
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<Aabb> with_empty{Aabb{}, {Vec3::Constant(-inf), Vec3::Constant(inf)}, one[0]};
  EXPECT_EQ(candidate_body_pairs(with_empty, 0.0), (std::vector<BodyPair>{{1, 2}}));
  EXPECT_EQ(brute_force_body_pairs(with_empty, 0.0), (std::vector<BodyPair>{{1, 2}}));
  // Both fixed: skipped.
  const std::vector<Aabb> two{one[0], one[0]};
  EXPECT_TRUE(candidate_body_pairs(two, 0.0, {true, true}).empty());
  EXPECT_EQ(candidate_body_pairs(two, 0.0, {true, false}).size(), 1u);
  EXPECT_THROW(candidate_body_pairs(two, 0.0, {true}), InputError);
  EXPECT_THROW(candidate_body_pairs(two, -1e-9), InputError);
  EXPECT_THROW(candidate_body_pairs(two, std::nan("")), InputError);
  EXPECT_THROW(brute_force_body_pairs(two, 0.0, {true, false, true}), InputError);
}

// Body culling with bvh_world_bounds never drops an element pair: over random multi-body scenes,
// the element pairs of the candidate body pairs equal those of all body pairs.
TEST(CandidateBodyPairs, BodyCullingKeepsEveryElementPair) {
  std::mt19937 rng(41);
  std::uniform_real_distribution<double> u(0.0, 3.0);
  for (int s = 0; s < 10; ++s) {
    std::vector<TetMesh> meshes;
    std::vector<Bvh> trees;
    std::vector<Transform> poses;
    std::vector<Aabb> boxes;
    for (int i = 0; i < 8; ++i) {
      meshes.push_back(testing::grid_tet_mesh(2, 2, 2, Vec3::Constant(0.4), Vec3::Zero(), 0.2, &rng));
      poses.push_back({testing::random_rotation(rng), Vec3(u(rng), u(rng), u(rng))});
    }
    for (int i = 0; i < 8; ++i) {
      trees.push_back(build_bvh(meshes[i]));
      boxes.push_back(bvh_world_bounds(trees[i], poses[i]));
    }
    const double margin = 0.1 * (s % 3);
    const auto body_pairs = candidate_body_pairs(boxes, margin);
    std::set<std::pair<Index, Index>> culled;
    for (const BodyPair& p : body_pairs) culled.insert({p.a, p.b});
    int element_pairs_kept = 0;
    for (Index a = 0; a < 8; ++a) {
      for (Index b = a + 1; b < 8; ++b) {
        const auto pairs =
            brute_force_element_pairs(mesh_elements(meshes[a]), poses[a], mesh_elements(meshes[b]), poses[b], margin);
        if (!pairs.empty()) {
          EXPECT_TRUE(culled.count({a, b})) << "scene " << s << " bodies " << a << " " << b;
          element_pairs_kept += static_cast<int>(pairs.size());
        }
      }
    }
    EXPECT_GT(element_pairs_kept, 0);
  }
}

}  // namespace
}  // namespace contactlab
