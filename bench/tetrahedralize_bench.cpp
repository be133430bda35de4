// Cost of running TetGen in a child process (tetrahedralize()'s isolation from TetGen's aborts)
// against running it in-process, on the unit cube with the paper's default switches.
#include "contactlab/mesh/tetrahedralize.h"

#include <benchmark/benchmark.h>

namespace {

contactlab::TriMesh unit_cube() {
  contactlab::TriMesh m;
  for (int i = 0; i < 8; ++i) m.vertices.emplace_back(i & 1, (i >> 1) & 1, (i >> 2) & 1);
  m.triangles = {{0, 2, 3}, {0, 3, 1}, {4, 5, 7}, {4, 7, 6}, {0, 1, 5}, {0, 5, 4},
                 {2, 6, 7}, {2, 7, 3}, {0, 4, 6}, {0, 6, 2}, {1, 3, 7}, {1, 7, 5}};
  return m;
}

void BM_Tetrahedralize(benchmark::State& state, contactlab::TetGenIsolation isolation) {
  const contactlab::TriMesh cube = unit_cube();
  for (auto _ : state) {
    benchmark::DoNotOptimize(contactlab::tetrahedralize(cube, contactlab::kTetGenDefaultSwitches, isolation));
  }
}
BENCHMARK_CAPTURE(BM_Tetrahedralize, in_process, contactlab::TetGenIsolation::kInProcess)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Tetrahedralize, child_process, contactlab::TetGenIsolation::kChildProcess)
    ->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
