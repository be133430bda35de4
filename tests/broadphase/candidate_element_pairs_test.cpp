// candidate_element_pairs (BVH tandem walk) against brute_force_element_pairs, which it must equal
// exactly, and brute_force_element_pairs against an independent tolerance-band check written here.
#include "contactlab/broadphase/candidate_element_pairs.h"

#include <gtest/gtest.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <limits>
#include <map>
#include <random>
#include <vector>

#include "broadphase/grid_mesh.h"
#include "contactlab/broadphase/brute_force.h"
#include "contactlab/broadphase/bvh.h"
#include "contactlab/core/error.h"

namespace contactlab {
namespace {

using testing::boundary_tets;
using testing::boundary_tri_mesh;
using testing::grid_tet_mesh;
using testing::random_cloud_tet_mesh;
using testing::random_rotation;

// A random body: a jittered grid tet mesh, a point-cloud tet mesh, or the boundary triangles of a
// grid; all of size about 1..2 around the origin.
struct RandomBody {
  TetMesh tets;
  TriMesh tris;
  bool use_triangles = false;
  MeshElements elements() const { return use_triangles ? mesh_elements(tris) : mesh_elements(tets); }
};

RandomBody random_body(std::mt19937& rng) {
  std::uniform_int_distribution<int> kind(0, 2);
  std::uniform_int_distribution<int> cells(1, 5);
  std::uniform_real_distribution<double> spacing(0.2, 0.4);
  RandomBody body;
  const int k = kind(rng);
  if (k == 1) {
    std::uniform_int_distribution<int> points(4, 120);
    const int n = points(rng);
    body.tets = random_cloud_tet_mesh(n, 2 * n, 1.5, rng);
  } else {
    const Vec3 h(spacing(rng), spacing(rng), spacing(rng));
    const int nx = cells(rng), ny = cells(rng), nz = cells(rng);
    body.tets = grid_tet_mesh(nx, ny, nz, h, -0.5 * Vec3(nx * h.x(), ny * h.y(), nz * h.z()), 0.2, &rng);
    if (k == 2) {
      body.tris = boundary_tri_mesh(body.tets);
      body.use_triangles = true;
    }
  }
  return body;
}

// Pose of B relative to A so the two overlap partially: random rotations, B's centre offset from
// A's by 0.1..0.7 times A's box diagonal in a random direction (a few scenes do not overlap).
void random_poses(const MeshElements& a, const MeshElements& b, std::mt19937& rng, Transform& pose_a,
                  Transform& pose_b) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::uniform_real_distribution<double> dist(0.1, 0.7);
  Aabb box_a, box_b;
  for (const Vec3& v : a.vertices) box_a.extend(v);
  for (const Vec3& v : b.vertices) box_b.extend(v);
  pose_a.rotation = random_rotation(rng);
  pose_a.translation = Vec3(u(rng), u(rng), u(rng)) * 10.0;
  pose_b.rotation = random_rotation(rng);
  Vec3 dir(u(rng), u(rng), u(rng));
  if (dir.norm() < 1e-3) dir = Vec3::UnitX();
  const Vec3 centre_a = pose_a.apply(box_a.center());
  const Vec3 target = centre_a + dir.normalized() * dist(rng) * box_a.diagonal();
  pose_b.translation = target - pose_b.rotation * box_b.center();
}

/// Two random bodies (random_body) posed to overlap partially (random_poses). Not copyable: the
/// elements view the bodies' meshes.
struct RandomPair {
  explicit RandomPair(std::mt19937& rng)
      : body_a(random_body(rng)), body_b(random_body(rng)), a(body_a.elements()), b(body_b.elements()) {
    random_poses(a, b, rng, pose_a, pose_b);
  }
  RandomPair(const RandomPair&) = delete;
  RandomPair& operator=(const RandomPair&) = delete;
  RandomBody body_a, body_b;
  MeshElements a, b;
  Transform pose_a, pose_b;
};

void expect_sorted_unique(const std::vector<ElementPair>& pairs) {
  EXPECT_TRUE(std::adjacent_find(pairs.begin(), pairs.end(), [](const auto& x, const auto& y) { return !(x < y); }) ==
              pairs.end());
}

std::vector<ElementPair> swapped(std::vector<ElementPair> pairs) {
  for (auto& p : pairs) std::swap(p.a, p.b);
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

TEST(CandidateElementPairs, EqualsBruteForceOnRandomScenes) {
  std::mt19937 rng(20240601);
  const std::vector<double> margins{0.0, 1e-3, 0.05, 0.3};
  int scenes = 0;
  long long nonempty = 0, total_pairs = 0, pair_tests = 0;
  for (int s = 0; s < 300; ++s) {
    const RandomPair pair(rng);
    const auto& [body_a, body_b, a, b, pose_a, pose_b] = pair;
    const double margin = margins[s % margins.size()];
    const Bvh bvh_a = build_bvh(a);
    const Bvh bvh_b = build_bvh(b);
    const auto got = candidate_element_pairs({&bvh_a, a, pose_a}, {&bvh_b, b, pose_b}, margin);
    const auto want = brute_force_element_pairs(a, pose_a, b, pose_b, margin);
    ASSERT_EQ(got, want) << "scene " << s << " margin " << margin;
    expect_sorted_unique(got);
    // (B, A) gives the same pairs with the roles swapped.
    const auto got_ba = candidate_element_pairs({&bvh_b, b, pose_b}, {&bvh_a, a, pose_a}, margin);
    ASSERT_EQ(swapped(got_ba), got) << "scene " << s;
    // With the world vertices given (PosedBody::world_vertices, as the contact driver passes
    // them): the same pairs.
    std::vector<Vec3> world_a, world_b;
    for (const Vec3& v : a.vertices) world_a.push_back(pose_a.apply(v));
    for (const Vec3& v : b.vertices) world_b.push_back(pose_b.apply(v));
    ASSERT_EQ(candidate_element_pairs({&bvh_a, a, pose_a, world_a}, {&bvh_b, b, pose_b, world_b}, margin), want)
        << "scene " << s << " with world vertices";
    ++scenes;
    nonempty += got.empty() ? 0 : 1;
    total_pairs += static_cast<long long>(got.size());
    pair_tests += static_cast<long long>(a.element_count()) * b.element_count();
  }
  EXPECT_EQ(scenes, 300);
  std::cout << "scenes " << scenes << " non-empty " << nonempty << " pairs " << total_pairs << " of " << pair_tests
            << " element pairs\n";
  // The scenes must exercise the search: most overlap, and overall many pairs are found but far
  // fewer than all.
  EXPECT_GT(nonempty, 240);
  EXPECT_GT(total_pairs, 10000);
  EXPECT_LT(total_pairs, pair_tests / 4);
}

// Displaced vertices (PosedBody::vertex_displacement, as the contact driver passes a method's moved
// vertices, ContactMethod::candidate_vertices): the pairs are those of the displaced elements' boxes,
// by brute force over the displaced positions as a mesh of their own — the node boxes, boxes of the
// undisplaced elements, grown by the displacement, must still hold every displaced element. Each
// vertex moves by up to the stated displacement per axis, some by exactly that much.
TEST(CandidateElementPairs, DisplacedVerticesGiveThePairsOfTheDisplacedBoxes) {
  std::mt19937 rng(20261201);
  const std::vector<double> margins{0.0, 1e-3, 0.05, 0.3};
  const std::vector<double> displacements{0.0, 1e-9, 0.02, 0.2};
  long long total_pairs = 0, differing = 0;
  for (int s = 0; s < 200; ++s) {
    const RandomPair pair(rng);
    const auto& [body_a, body_b, a, b, pose_a, pose_b] = pair;
    const double margin = margins[static_cast<std::size_t>(s) % margins.size()];
    const double d = displacements[static_cast<std::size_t>(s / 4) % displacements.size()];
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    std::uniform_int_distribution<int> corner(0, 7);
    const auto displaced = [&](const MeshElements& m, const Transform& pose) {
      std::vector<Vec3> out;
      for (const Vec3& v : m.vertices) {
        // A random move within the box of half-side d, or one of the box's corners.
        const int c = corner(rng);
        const Vec3 step =
            c < 4 ? Vec3(u(rng), u(rng), u(rng)) : Vec3(c & 1 ? 1.0 : -1.0, c & 2 ? 1.0 : -1.0, c == 7 ? 1.0 : -1.0);
        out.push_back(pose.apply(v) + d * step);
      }
      return out;
    };
    const std::vector<Vec3> world_a = displaced(a, pose_a), world_b = displaced(b, pose_b);
    const Bvh bvh_a = build_bvh(a);
    const Bvh bvh_b = build_bvh(b);
    PosedBody posed_a{&bvh_a, a, pose_a, world_a}, posed_b{&bvh_b, b, pose_b, world_b};
    // (d·step is rounded, and so is its sum with the posed vertex: a hair more.)
    posed_a.vertex_displacement = posed_b.vertex_displacement = d * (1.0 + 1e-12) + 1e-13;
    const auto got = candidate_element_pairs(posed_a, posed_b, margin);
    MeshElements moved_a = a, moved_b = b;
    moved_a.vertices = world_a;
    moved_b.vertices = world_b;
    const auto want = brute_force_element_pairs(moved_a, Transform::identity(), moved_b, Transform::identity(), margin);
    ASSERT_EQ(got, want) << "scene " << s << " margin " << margin << " displacement " << d;
    expect_sorted_unique(got);
    total_pairs += static_cast<long long>(got.size());
    differing += got != brute_force_element_pairs(a, pose_a, b, pose_b, margin) ? 1 : 0;
  }
  // The displacements must matter: in most scenes with one, the pairs differ from the undisplaced.
  EXPECT_GT(total_pairs, 5000);
  EXPECT_GT(differing, 60);
}

// Small trees are searched pair by pair, larger ones walked (candidate_element_pairs.cpp,
// kAllPairsAtMost: about a thousand element pairs): both must give brute force's pairs. Grid
// bodies whose element counts multiply to well below and well above that, turned and overlapping.
TEST(CandidateElementPairs, SmallAndLargeTreesEqualBruteForce) {
  std::mt19937 rng(20261129);
  std::uniform_int_distribution<int> few(1, 2), many(2, 4);
  const std::vector<double> margins{0.0, 1e-3, 0.05};
  int small_found = 0, large_found = 0;
  for (int s = 0; s < 120; ++s) {
    const Vec3 h = Vec3::Constant(0.3);
    const auto cells = [&](std::mt19937& r) { return s % 2 == 0 ? few(r) : many(r); };
    const int ax = cells(rng), ay = cells(rng), az = cells(rng), bx = cells(rng), by = cells(rng), bz = cells(rng);
    const TetMesh mesh_a = grid_tet_mesh(ax, ay, az, h, Vec3::Zero(), 0.2, &rng);
    const TetMesh mesh_b = grid_tet_mesh(bx, by, bz, h, Vec3::Zero(), 0.2, &rng);
    const MeshElements a = mesh_elements(mesh_a), b = mesh_elements(mesh_b);
    Transform pose_a, pose_b;
    random_poses(a, b, rng, pose_a, pose_b);
    const double margin = margins[s % margins.size()];
    const Bvh bvh_a = build_bvh(a), bvh_b = build_bvh(b);
    const auto want = brute_force_element_pairs(a, pose_a, b, pose_b, margin);
    const auto got = candidate_element_pairs({&bvh_a, a, pose_a}, {&bvh_b, b, pose_b}, margin);
    ASSERT_EQ(got, want) << "scene " << s << ": " << a.element_count() << " x " << b.element_count() << " tets";
    ASSERT_EQ(swapped(candidate_element_pairs({&bvh_b, b, pose_b}, {&bvh_a, a, pose_a}, margin)), want)
        << "scene " << s << " swapped";
    const long long product = static_cast<long long>(a.element_count()) * b.element_count();
    if (!want.empty() && product <= 400) ++small_found;
    if (!want.empty() && product >= 4000) ++large_found;
  }
  // Both searches ran on overlapping bodies.
  EXPECT_GT(small_found, 15);
  EXPECT_GT(large_found, 15);
}

// The overload that writes into a given vector (the contact driver reuses one per thread): one
// vector carried from scene to scene, holding the previous scene's pairs (more or fewer than the
// next one's) or stale pairs of its own, ends with exactly brute force's pairs — on small trees
// (searched pair by pair) and large ones (walked) alike.
TEST(CandidateElementPairs, WritingIntoAGivenVectorReplacesWhatItHeld) {
  std::mt19937 rng(20261130);
  std::uniform_int_distribution<int> few(1, 2), many(2, 4);
  std::vector<ElementPair> reused{{7, 7}, {-1, 3}};
  int small_found = 0, large_found = 0, shrunk = 0;
  for (int s = 0; s < 80; ++s) {
    const Vec3 h = Vec3::Constant(0.3);
    const auto cells = [&](std::mt19937& r) { return s % 2 == 0 ? few(r) : many(r); };
    const TetMesh mesh_a = grid_tet_mesh(cells(rng), cells(rng), cells(rng), h, Vec3::Zero(), 0.2, &rng);
    const TetMesh mesh_b = grid_tet_mesh(cells(rng), cells(rng), cells(rng), h, Vec3::Zero(), 0.2, &rng);
    const MeshElements a = mesh_elements(mesh_a), b = mesh_elements(mesh_b);
    Transform pose_a, pose_b;
    random_poses(a, b, rng, pose_a, pose_b);
    const Bvh bvh_a = build_bvh(a), bvh_b = build_bvh(b);
    const auto want = brute_force_element_pairs(a, pose_a, b, pose_b, 1e-3);
    const std::size_t held = reused.size();
    candidate_element_pairs({&bvh_a, a, pose_a}, {&bvh_b, b, pose_b}, 1e-3, reused);
    ASSERT_EQ(reused, want) << "scene " << s << ", the vector held " << held << " pairs before";
    if (want.size() < held) ++shrunk;
    const long long product = static_cast<long long>(a.element_count()) * b.element_count();
    if (!want.empty() && product <= 400) ++small_found;
    if (!want.empty() && product >= 4000) ++large_found;
    if (s % 7 == 3) reused.assign(5, ElementPair{1000, 1000});  // stale pairs that are no one's
  }
  EXPECT_GT(small_found, 10);
  EXPECT_GT(large_found, 10);
  EXPECT_GT(shrunk, 10);  // results shorter than what the vector held were written too
}

// Big enough trees that the walk splits into many node pairs and runs them on several threads:
// the result must equal brute force, sorted, whatever the number of threads (on one the subtrees
// are walked in order without tasks; the later calls reuse the thread's lists and stacks).
TEST(CandidateElementPairs, ParallelWalkEqualsBruteForceWhateverTheThreadCount) {
  std::mt19937 rng(7);
  const Vec3 h = Vec3::Constant(1.0 / 6.0);
  const TetMesh mesh_a = grid_tet_mesh(6, 6, 7, h, Vec3::Zero(), 0.2, &rng);
  const TetMesh mesh_b = grid_tet_mesh(6, 6, 7, h, Vec3::Zero(), 0.2, &rng);
  const MeshElements a = mesh_elements(mesh_a), b = mesh_elements(mesh_b);
  const Bvh bvh_a = build_bvh(a), bvh_b = build_bvh(b);
  const Transform pose_a = Transform::identity();
  const Transform pose_b = Transform::from_axis_angle(Vec3(1, 1, 1), 0.5, Vec3(0.6, 0.1, 0.0));
  const auto want = brute_force_element_pairs(a, pose_a, b, pose_b, 1e-3);
  ASSERT_GT(want.size(), 10000u);  // a third of the bodies overlap: many leaf pairs, deep trees
  for (int threads : {1, 2, 4}) {
    SCOPED_TRACE(threads);
    std::vector<ElementPair> got;
    tbb::task_arena(threads).execute([&] {
      got = candidate_element_pairs({&bvh_a, a, pose_a}, {&bvh_b, b, pose_b}, 1e-3);
    });
    EXPECT_EQ(got, want);
  }
}

// A small body on the corner of a large one (thousands of elements, a few dozen pairs): the pairs
// are sorted by runs of equal a rather than by a count per element of B when B is the large one,
// by counts otherwise; both must give brute force's sorted list.
TEST(CandidateElementPairs, SmallBodyOnALargeOneEitherWayRound) {
  std::mt19937 rng(11);
  const TetMesh small = grid_tet_mesh(2, 2, 2, Vec3::Constant(0.1), Vec3::Zero(), 0.2, &rng);
  const TetMesh large = grid_tet_mesh(24, 24, 3, Vec3::Constant(0.1), Vec3::Zero(), 0.2, &rng);
  const MeshElements s = mesh_elements(small), l = mesh_elements(large);
  ASSERT_GT(l.element_count(), 8000);
  const Bvh bvh_s = build_bvh(s), bvh_l = build_bvh(l);
  const Transform pose_l = Transform::from_axis_angle(Vec3(0.2, 1, 0.1), 0.3, Vec3(1, 2, 3));
  const Transform pose_s = Transform{pose_l.rotation, pose_l.apply(Vec3(-0.1, -0.1, 0.25))};
  for (const double margin : {0.0, 0.01}) {
    const auto want = brute_force_element_pairs(s, pose_s, l, pose_l, margin);
    ASSERT_GT(want.size(), 8u);
    ASSERT_LT(want.size(), 1000u);
    EXPECT_EQ(candidate_element_pairs({&bvh_s, s, pose_s}, {&bvh_l, l, pose_l}, margin), want);
    EXPECT_EQ(swapped(candidate_element_pairs({&bvh_l, l, pose_l}, {&bvh_s, s, pose_s}, margin)), want);
  }
}

// Large elements over many small ones: each element of A meets dozens of B's (long runs of equal
// a, or of equal b the other way round), over a thousand pairs in all; either way round, the
// result must be brute force's sorted list.
TEST(CandidateElementPairs, LongRunsOfOneElementAreSortedAsBruteForce) {
  std::mt19937 rng(5);
  const TetMesh coarse = grid_tet_mesh(2, 2, 2, Vec3::Constant(0.5), Vec3::Zero(), 0.2, &rng);
  const TetMesh fine = grid_tet_mesh(8, 8, 8, Vec3::Constant(0.1), Vec3::Zero(), 0.2, &rng);
  const MeshElements c = mesh_elements(coarse), f = mesh_elements(fine);
  const Bvh bvh_c = build_bvh(c), bvh_f = build_bvh(f);
  const Transform pose_c = Transform::from_axis_angle(Vec3(1, 0.3, 0.2), 0.4, Vec3(0.1, 0.05, 0.0));
  const Transform pose_f = Transform::identity();
  const auto want = brute_force_element_pairs(c, pose_c, f, pose_f, 0.01);
  std::map<Index, int> run;
  for (const ElementPair& p : want) ++run[p.a];
  int longest = 0;
  for (const auto& [a, length] : run) longest = std::max(longest, length);
  ASSERT_GT(longest, 64);
  ASSERT_GT(want.size(), 1000u);
  EXPECT_EQ(candidate_element_pairs({&bvh_c, c, pose_c}, {&bvh_f, f, pose_f}, 0.01), want);
  EXPECT_EQ(swapped(candidate_element_pairs({&bvh_f, f, pose_f}, {&bvh_c, c, pose_c}, 0.01)), want);
}

TEST(CandidateElementPairs, SubsetTreesEqualBruteForceOnSubsets) {
  std::mt19937 rng(7);
  for (int s = 0; s < 40; ++s) {
    std::uniform_int_distribution<int> cells(2, 5);
    const TetMesh mesh_a =
        grid_tet_mesh(cells(rng), cells(rng), cells(rng), Vec3::Constant(0.3), Vec3::Zero(), 0.2, &rng);
    const TetMesh mesh_b =
        grid_tet_mesh(cells(rng), cells(rng), cells(rng), Vec3::Constant(0.25), Vec3::Zero(), 0.2, &rng);
    const std::vector<Index> sub_a = boundary_tets(mesh_a);
    // B: a random half of its tets, in shuffled order.
    std::vector<Index> sub_b;
    std::bernoulli_distribution keep(0.5);
    for (Index t = 0; t < mesh_b.tet_count(); ++t) {
      if (keep(rng)) sub_b.push_back(t);
    }
    std::shuffle(sub_b.begin(), sub_b.end(), rng);
    const MeshElements a = mesh_elements(mesh_a);
    const MeshElements b = mesh_elements(mesh_b);
    Transform pose_a, pose_b;
    random_poses(a, b, rng, pose_a, pose_b);
    const Bvh bvh_a = build_bvh(a, sub_a);
    const Bvh bvh_b = build_bvh(b, sub_b);
    const double margin = 0.02 * (s % 3);
    const auto got = candidate_element_pairs({&bvh_a, a, pose_a}, {&bvh_b, b, pose_b}, margin);
    const auto want = brute_force_element_pairs(a, pose_a, sub_a, b, pose_b, sub_b, margin);
    ASSERT_EQ(got, want) << "scene " << s;
    const auto all = brute_force_element_pairs(a, pose_a, b, pose_b, margin);
    EXPECT_LE(got.size(), all.size());
  }
}

// Boxes that share a face, edge or corner exactly: dyadic grid coordinates, identity rotations and
// dyadic translations make every coordinate and every margin/2 inflation exact, so "touching" is
// decided without rounding. The expected pairs are counted independently from the grid geometry.
TEST(CandidateElementPairs, ExactlyTouchingDyadicGrids) {
  std::mt19937 rng(99);
  std::uniform_int_distribution<int> cells(1, 4);
  std::uniform_int_distribution<int> shift(-3, 3);
  int touching_scenes = 0;
  for (int s = 0; s < 60; ++s) {
    const double h = 0.25;
    const int ax = cells(rng), ay = cells(rng), az = cells(rng);
    const int bx = cells(rng), by = cells(rng), bz = cells(rng);
    const TetMesh mesh_a = grid_tet_mesh(ax, ay, az, Vec3::Constant(h), Vec3::Zero(), 0.0, nullptr);
    const TetMesh mesh_b = grid_tet_mesh(bx, by, bz, Vec3::Constant(h), Vec3::Zero(), 0.0, nullptr);
    const MeshElements a = mesh_elements(mesh_a);
    const MeshElements b = mesh_elements(mesh_b);
    // B starts exactly where A ends on x (gap g cells of 1/8 each: 0 = touching), random dyadic
    // shifts on y and z; margin 0 or exactly the gap, so the inflated boxes touch.
    const int gap_units = s % 3;  // 0, 1 or 2 units of 1/8
    const double gap = 0.125 * gap_units;
    const Transform pose_a = Transform::from_translation(Vec3(-1.0, 0.5, 2.0));
    const Transform pose_b =
        Transform::from_translation(Vec3(-1.0 + ax * h + gap, 0.5 + shift(rng) * h, 2.0 + shift(rng) * h));
    const double margin = (s % 2 == 0) ? gap : 0.0;
    const Bvh bvh_a = build_bvh(a);
    const Bvh bvh_b = build_bvh(b);
    const auto got = candidate_element_pairs({&bvh_a, a, pose_a}, {&bvh_b, b, pose_b}, margin);
    const auto want = brute_force_element_pairs(a, pose_a, b, pose_b, margin);
    ASSERT_EQ(got, want) << "scene " << s;

    // Independent count: a Kuhn tet spans its whole cell on every axis (it joins the cell's
    // opposite corners), so tets of cells ca and cb are a pair iff the cells' exact boxes, each
    // grown by margin/2, overlap. On x that is only A's last cell column with B's first, and only
    // when gap ≤ margin; on y and z it is counted below. 6 × 6 tet pairs per cell pair.
    long long expected = 0;
    const bool x_touch = gap <= margin;
    if (x_touch) {
      auto overlap_count = [&](int na, int nb, double offset_cells) {
        // Cells i of A and j of B, each grown by margin/2, overlap (closed) iff
        // |(j + offset) − i| ≤ 1 + margin / h (all terms dyadic, so exact).
        int count = 0;
        for (int i = 0; i < na; ++i) {
          for (int j = 0; j < nb; ++j) {
            if (std::abs(j + offset_cells - i) <= 1.0 + margin / h) ++count;
          }
        }
        return count;
      };
      const double oy = (pose_b.translation.y() - pose_a.translation.y()) / h;
      const double oz = (pose_b.translation.z() - pose_a.translation.z()) / h;
      expected = 36LL * overlap_count(ay, by, oy) * overlap_count(az, bz, oz);
    }
    EXPECT_EQ(static_cast<long long>(got.size()), expected) << "scene " << s;
    if (expected > 0) ++touching_scenes;
  }
  EXPECT_GT(touching_scenes, 20);
}

// An independent check of the brute force itself: every pair whose boxes (computed here with
// plain loops) overlap by more than a relative tolerance is reported, and every reported pair's
// boxes are within that tolerance of overlapping.
TEST(BruteForceElementPairs, AgreesWithIndependentBoxesUpToRounding) {
  std::mt19937 rng(5);
  long long checked = 0;
  for (int s = 0; s < 30; ++s) {
    const RandomPair pair(rng);
    const auto& [body_a, body_b, a, b, pose_a, pose_b] = pair;
    const double margin = 0.01 * (s % 4);
    const auto pairs = brute_force_element_pairs(a, pose_a, b, pose_b, margin);
    auto box = [&](const MeshElements& m, const Transform& t, Index e) {
      std::array<double, 3> lo{1e300, 1e300, 1e300}, hi{-1e300, -1e300, -1e300};
      for (int c = 0; c < m.corner_count(); ++c) {
        const Vec3& v = m.vertices[m.corner_index(e, c)];
        for (int k = 0; k < 3; ++k) {
          double w = t.translation[k];
          for (int j = 0; j < 3; ++j) w += t.rotation(k, j) * v[j];
          lo[k] = std::min(lo[k], w - margin / 2);
          hi[k] = std::max(hi[k], w + margin / 2);
        }
      }
      return std::pair{lo, hi};
    };
    const double tol = 1e-9 * 20.0;  // relative to the scene's scale (translations up to ~20)
    for (Index i = 0; i < a.element_count(); ++i) {
      const auto [la, ha] = box(a, pose_a, i);
      for (Index j = 0; j < b.element_count(); ++j) {
        const auto [lb, hb] = box(b, pose_b, j);
        double worst = std::numeric_limits<double>::infinity();  // smallest interval overlap
        for (int k = 0; k < 3; ++k) worst = std::min({worst, ha[k] - lb[k], hb[k] - la[k]});
        const bool reported = std::binary_search(pairs.begin(), pairs.end(), ElementPair{i, j});
        if (worst > tol) {
          EXPECT_TRUE(reported) << i << " " << j;
        }
        if (worst < -tol) {
          EXPECT_FALSE(reported) << i << " " << j;
        }
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 100000);
}

TEST(CandidateElementPairs, EmptyAndSingleElementMeshes) {
  TetMesh empty;
  TetMesh single;
  single.vertices = {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1)};
  single.tets = {{0, 1, 2, 3}};
  TriMesh single_tri;
  single_tri.vertices = {Vec3(0.5, 0.5, 0.5), Vec3(2, 0, 0), Vec3(0, 2, 0)};
  single_tri.triangles = {{0, 1, 2}};
  const Bvh bvh_empty = build_bvh(empty);
  const Bvh bvh_single = build_bvh(single);
  const Bvh bvh_tri = build_bvh(single_tri);
  EXPECT_TRUE(bvh_empty.empty());
  ASSERT_EQ(bvh_single.nodes.size(), 1u);
  EXPECT_TRUE(bvh_single.nodes[0].is_leaf());
  const Transform id = Transform::identity();
  const PosedBody e{&bvh_empty, mesh_elements(empty), id};
  const PosedBody t{&bvh_single, mesh_elements(single), id};
  const PosedBody f{&bvh_tri, mesh_elements(single_tri), id};
  EXPECT_TRUE(candidate_element_pairs(e, e, 1.0).empty());
  EXPECT_TRUE(candidate_element_pairs(e, t, 1.0).empty());
  EXPECT_TRUE(candidate_element_pairs(t, e, 1.0).empty());
  EXPECT_EQ(candidate_element_pairs(t, t, 0.0), (std::vector<ElementPair>{{0, 0}}));
  EXPECT_EQ(candidate_element_pairs(t, f, 0.0), (std::vector<ElementPair>{{0, 0}}));
  // Tet box [0,1]³; the triangle's box is [0,2]² × [0,0.5]; shifted by 1.5 on x it starts at
  // x = 1.5, a gap of 0.5, closed exactly by margin 0.5 (each box grows by 0.25: both at 1.25).
  const PosedBody far{&bvh_tri, mesh_elements(single_tri), Transform::from_translation(Vec3(1.5, 0, 0))};
  EXPECT_TRUE(candidate_element_pairs(t, far, 0.0).empty());
  EXPECT_TRUE(candidate_element_pairs(t, far, 0.4999).empty());
  EXPECT_EQ(candidate_element_pairs(t, far, 0.5), (std::vector<ElementPair>{{0, 0}}));  // touching
  EXPECT_EQ(candidate_element_pairs(far, t, 0.5), (std::vector<ElementPair>{{0, 0}}));
  EXPECT_TRUE(brute_force_element_pairs(mesh_elements(empty), id, mesh_elements(single), id, 0.0).empty());
}

TEST(CandidateElementPairs, RejectsBadArguments) {
  std::mt19937 rng(3);
  const TetMesh mesh = grid_tet_mesh(2, 2, 2, Vec3::Constant(0.5), Vec3::Zero(), 0.1, &rng);
  const TetMesh other = grid_tet_mesh(1, 1, 1, Vec3::Constant(0.5), Vec3::Zero(), 0.1, &rng);
  const Bvh bvh = build_bvh(mesh);
  const Bvh bvh_other = build_bvh(other);
  const PosedBody body{&bvh, mesh_elements(mesh), Transform::identity()};
  EXPECT_THROW(candidate_element_pairs(body, body, -1.0), InputError);
  EXPECT_THROW(candidate_element_pairs(body, body, std::nan("")), InputError);
  EXPECT_THROW(candidate_element_pairs(body, body, std::numeric_limits<double>::infinity()), InputError);
  PosedBody nan_pose = body;
  nan_pose.pose.translation.x() = std::nan("");
  EXPECT_THROW(candidate_element_pairs(body, nan_pose, 0.0), InputError);
  const PosedBody mismatched{&bvh_other, mesh_elements(mesh), Transform::identity()};
  EXPECT_THROW(candidate_element_pairs(body, mismatched, 0.0), InputError);
  const PosedBody no_tree{nullptr, mesh_elements(mesh), Transform::identity()};
  EXPECT_THROW(candidate_element_pairs(no_tree, body, 0.0), InputError);
  const std::vector<Vec3> too_few(mesh.vertices.begin(), mesh.vertices.end() - 1);
  const PosedBody short_world{&bvh, mesh_elements(mesh), Transform::identity(), too_few};
  EXPECT_THROW(candidate_element_pairs(body, short_world, 0.0), InputError);
  // A displacement must be finite, >= 0, and come with the displaced positions.
  const std::vector<Vec3> world(mesh.vertices.begin(), mesh.vertices.end());
  for (const double d : {-1e-3, std::nan(""), std::numeric_limits<double>::infinity()}) {
    PosedBody displaced{&bvh, mesh_elements(mesh), Transform::identity(), world};
    displaced.vertex_displacement = d;
    EXPECT_THROW(candidate_element_pairs(body, displaced, 0.0), InputError) << d;
  }
  PosedBody no_positions = body;
  no_positions.vertex_displacement = 0.1;
  EXPECT_THROW(candidate_element_pairs(no_positions, body, 0.0), InputError);
  EXPECT_THROW(brute_force_element_pairs(mesh_elements(mesh), Transform::identity(), mesh_elements(mesh),
                                         Transform::identity(), -0.5),
               InputError);
}

}  // namespace
}  // namespace contactlab
