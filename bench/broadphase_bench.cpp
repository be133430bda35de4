// Broad-phase micro-benchmarks: BVH build, candidate element pairs by BVH tandem walk vs brute
// force, candidate body pairs by sort-and-sweep vs brute force.
//
// Scene: two jittered grid tet meshes of 12 × 12 × 14 cells × 6 tets = 12096 tets each (cell size
// 1/12, so each body is about 1 × 1 × 1.17), B rotated by 30° about (1, 1, 1) and shifted by 2/3
// of the size along x so the two overlap over about a third of their extent (bench_meshes.h, the
// pair methods_bench times too). A smaller pair of
// 6 × 6 × 7 cells (1512 tets each) in the same configuration compares the BVH with brute force
// where brute force is affordable; brute force on the large pair (1.5·10^8 box tests) runs once
// per repetition.
//
// Counters: `pairs` = candidate pairs found per query; `pairs_per_s` = candidate pairs produced
// per second (kIsRate); `elements_per_s` for the build.
//
// Run: build/<dir>/bench/broadphase_bench --benchmark_repetitions=5
//      --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <cmath>
#include <random>
#include <utility>
#include <vector>

#include "bench_meshes.h"
#include "contactlab/broadphase/brute_force.h"
#include "contactlab/broadphase/bvh.h"
#include "contactlab/broadphase/candidate_body_pairs.h"
#include "contactlab/broadphase/candidate_element_pairs.h"

namespace contactlab {
namespace {

constexpr double kMargin = 1e-3;  // 1/1000 of the body size

struct TwoBodies {
  TetMesh mesh_a, mesh_b;
  Bvh bvh_a, bvh_b;
  Transform pose_a, pose_b;

  explicit TwoBodies(int cells) {
    bench::OverlappingGridPair pair = bench::overlapping_grid_pair(cells);
    mesh_a = std::move(pair.mesh_a);
    mesh_b = std::move(pair.mesh_b);
    pose_a = pair.pose_a;
    pose_b = pair.pose_b;
    bvh_a = build_bvh(mesh_a);
    bvh_b = build_bvh(mesh_b);
  }
  PosedBody a() const { return {&bvh_a, mesh_elements(mesh_a), pose_a}; }
  PosedBody b() const { return {&bvh_b, mesh_elements(mesh_b), pose_b}; }
};

const TwoBodies& large_scene() {
  static const TwoBodies scene(12);
  return scene;
}
const TwoBodies& small_scene() {
  static const TwoBodies scene(6);
  return scene;
}

void set_pair_counters(benchmark::State& state, std::size_t pairs) {
  state.counters["pairs"] = static_cast<double>(pairs);
  state.counters["pairs_per_s"] = benchmark::Counter(
      static_cast<double>(pairs) * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void BM_BuildBvh(benchmark::State& state) {
  const TwoBodies& scene = large_scene();
  for (auto _ : state) {
    Bvh bvh = build_bvh(scene.mesh_a);
    benchmark::DoNotOptimize(bvh.nodes.data());
  }
  state.counters["elements"] = scene.mesh_a.tet_count();
  state.counters["elements_per_s"] =
      benchmark::Counter(static_cast<double>(scene.mesh_a.tet_count()) * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate);
}
BENCHMARK(BM_BuildBvh)->Unit(benchmark::kMillisecond);

void element_pairs_bvh(benchmark::State& state, const TwoBodies& scene) {
  std::size_t pairs = 0;
  for (auto _ : state) {
    const auto result = candidate_element_pairs(scene.a(), scene.b(), kMargin);
    pairs = result.size();
    benchmark::DoNotOptimize(result.data());
  }
  set_pair_counters(state, pairs);
}

void element_pairs_brute_force(benchmark::State& state, const TwoBodies& scene) {
  std::size_t pairs = 0;
  for (auto _ : state) {
    const auto result = brute_force_element_pairs(mesh_elements(scene.mesh_a), scene.pose_a,
                                                  mesh_elements(scene.mesh_b), scene.pose_b, kMargin);
    pairs = result.size();
    benchmark::DoNotOptimize(result.data());
  }
  set_pair_counters(state, pairs);
}

void BM_ElementPairs_Bvh_12k(benchmark::State& state) { element_pairs_bvh(state, large_scene()); }
void BM_ElementPairs_BruteForce_12k(benchmark::State& state) { element_pairs_brute_force(state, large_scene()); }
void BM_ElementPairs_Bvh_1500(benchmark::State& state) { element_pairs_bvh(state, small_scene()); }
void BM_ElementPairs_BruteForce_1500(benchmark::State& state) { element_pairs_brute_force(state, small_scene()); }
BENCHMARK(BM_ElementPairs_Bvh_12k)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ElementPairs_BruteForce_12k)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_ElementPairs_Bvh_1500)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ElementPairs_BruteForce_1500)->Unit(benchmark::kMillisecond);

// Body pairs: n random boxes of size up to 1 in a cube whose volume grows with n (about 2 body
// neighbours each).
std::vector<Aabb> random_body_boxes(int n) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  const double world = std::cbrt(static_cast<double>(n)) * 1.5;
  std::vector<Aabb> boxes;
  for (int i = 0; i < n; ++i) {
    const Vec3 lo = Vec3(u(rng), u(rng), u(rng)) * world;
    boxes.push_back({lo, lo + Vec3(u(rng), u(rng), u(rng))});
  }
  return boxes;
}

void BM_BodyPairs_SortAndSweep(benchmark::State& state) {
  const auto boxes = random_body_boxes(static_cast<int>(state.range(0)));
  std::size_t pairs = 0;
  for (auto _ : state) {
    const auto result = candidate_body_pairs(boxes, kMargin);
    pairs = result.size();
    benchmark::DoNotOptimize(result.data());
  }
  set_pair_counters(state, pairs);
}
void BM_BodyPairs_BruteForce(benchmark::State& state) {
  const auto boxes = random_body_boxes(static_cast<int>(state.range(0)));
  std::size_t pairs = 0;
  for (auto _ : state) {
    const auto result = brute_force_body_pairs(boxes, kMargin);
    pairs = result.size();
    benchmark::DoNotOptimize(result.data());
  }
  set_pair_counters(state, pairs);
}
BENCHMARK(BM_BodyPairs_SortAndSweep)->Arg(200)->Arg(5000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_BodyPairs_BruteForce)->Arg(200)->Arg(5000)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace contactlab

BENCHMARK_MAIN();
