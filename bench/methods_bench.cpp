// Every contact method against FCL on the same geometry, timed in the same run (issue 5 item 4).
//
// Scenes: the suite's `pillar`, `wall` and `arch` (coarse tet meshes, TetGen "pq2.0Y", or refined
// with --refined) and `grid-pair`: two overlapping jittered-grid tet bodies of 12096 tets each
// (bench_meshes.h; --cells changes the size).
//
// Ours: generate_contacts(scene, method, {threads, shape_cache}), timed twice per repetition:
// "cached" with a ShapeCache filled in the warm-up round — posing, body and tet pairs, kernels,
// merge and sort, the per-query work, as FCL's (whose BVHs are built once, outside the timing) —
// and "cold" without one, so the call also builds every shape's features and surface-tet BVH.
// FCL 0.7: one BVHModel<OBBRSS> per distinct shape over its surface triangles (the boundary of the
// tet mesh: the same triangles our surface methods see), built once outside the timing, one
// CollisionObject per body at the body's pose. Timed: the body AABBs (computeAABB), every pair of
// bodies whose AABBs, grown by half the contact tolerance (1e-9 × the scene's length scale) per
// side, overlap, except fixed–fixed pairs — the pairs our driver looks at: it skips fixed–fixed
// pairs and culls by body boxes grown the same way, which matters for bodies that touch exactly
// (wall, arch, pillar), whose faces can be an ulp apart — and fcl::collide on each with
// CollisionRequest(num_max_contacts = 10^8, enable_contact = true), i.e. every intersecting
// triangle pair with its contact point, normal and depth. FCL counts one contact per intersecting
// triangle pair; ours counts feature-pair contacts after merging, so the counts differ in kind.
//
// Each repetition runs FCL once and then every (method, threads) once, interleaved, so that the
// machine's load drifts over all of them alike; after one untimed warm-up round the table prints
// medians over the repetitions, the ratio median(ours) / median(FCL) (< 1: faster than FCL) and the
// speed-up median(1 thread) / median(2 threads) per method, for cached and cold queries. Then, with
// several thread counts, every row's cached query runs again back to back (worker threads awake, as
// in the parallel ceiling's loop), alternating between the thread counts, and the median of the
// per-repetition ratios is printed too ("b2b").
//
// Run:  build/<dir>/bench/methods_bench [--repetitions N] [--scenes a,b] [--methods a,b]
//       [--threads 1,2] [--cells N] [--refined] [--stages] [--no-cold] [--dump DIR]
// --no-cold times cached queries only (cold columns print nan): for a profile of the per-query work.
// --dump DIR writes each method's contacts (1 thread) as DIR/<scene>-<method>.json, to check that
// an optimisation keeps the output byte-identical.
#include <fcl/fcl.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "bench_meshes.h"
#include "bench_support.h"
#include "contactlab/contact/generate_contacts.h"
#include "contactlab/contact/method.h"
#include "contactlab/io/contacts_json.h"
#include "contactlab/suite/builtin_scenes.h"

namespace contactlab {
namespace {

using Clock = std::chrono::steady_clock;
using FclModel = fcl::BVHModel<fcl::OBBRSSd>;

struct Options {
  int repetitions = 7;
  std::vector<std::string> scenes{"pillar", "wall", "arch", "grid-pair"};
  std::vector<std::string> methods;  // empty: all registered
  std::vector<int> threads{1, 2};
  int cells = 12;
  bool refined = false;
  bool stages = false;
  bool cold = true;  ///< --no-cold: time cached queries only (a profile of them is then not swamped by shape builds)
  std::string dump;
};

[[noreturn]] void usage(const std::string& problem) {
  std::fprintf(stderr,
               "methods_bench: %s\nusage: methods_bench [--repetitions N] [--scenes a,b] [--methods a,b] "
               "[--threads 1,2] [--cells N] [--refined] [--stages] [--no-cold] [--dump DIR]\n",
               problem.c_str());
  std::exit(2);
}

int positive_int(const std::string& flag, const std::string& text) {
  try {
    std::size_t used = 0;
    const int value = std::stoi(text, &used);
    if (used == text.size() && value > 0) return value;
  } catch (const std::exception&) {}
  usage(flag + " expects a positive integer, got '" + text + "'");
}

Options parse_options(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage(flag + " needs a value");
      return argv[++i];
    };
    if (flag == "--repetitions") {
      options.repetitions = positive_int(flag, value());
    } else if (flag == "--scenes") {
      options.scenes = bench::split_list(value());
    } else if (flag == "--methods") {
      options.methods = bench::split_list(value());
    } else if (flag == "--threads") {
      options.threads.clear();
      for (const std::string& t : bench::split_list(value())) options.threads.push_back(positive_int(flag, t));
    } else if (flag == "--cells") {
      options.cells = positive_int(flag, value());
    } else if (flag == "--refined") {
      options.refined = true;
    } else if (flag == "--stages") {
      options.stages = true;
    } else if (flag == "--no-cold") {
      options.cold = false;
    } else if (flag == "--dump") {
      options.dump = value();
    } else {
      usage("unknown option '" + flag + "'");
    }
  }
  for (const std::string& name : options.methods) {
    if (find_contact_method(name) == nullptr) usage("unknown method '" + name + "'");
  }
  for (const std::string& name : options.scenes) {
    if (name != "grid-pair" && !is_builtin_scene(name)) usage("unknown scene '" + name + "'");
  }
  return options;
}

Scene grid_pair_scene(int cells) {
  bench::OverlappingGridPair pair = bench::overlapping_grid_pair(cells);
  Scene scene;
  scene.name = "grid-pair";
  Body a, b;
  a.name = "grid-a";
  a.shape = make_shape_from_tets(std::move(pair.mesh_a), "grid-a");
  a.position = pair.pose_a.translation;
  a.orientation = Quat(pair.pose_a.rotation);
  b.name = "grid-b";
  b.shape = make_shape_from_tets(std::move(pair.mesh_b), "grid-b");
  b.position = pair.pose_b.translation;
  b.orientation = Quat(pair.pose_b.rotation);
  scene.bodies = {std::move(a), std::move(b)};
  return scene;
}

// FCL's view of a scene: one BVHModel per distinct shape over its boundary triangles (vertices
// compacted to those the triangles use), one CollisionObject per body at the body's pose.
struct FclScene {
  std::vector<std::unique_ptr<fcl::CollisionObjectd>> objects;
  std::vector<bool> fixed;
  double margin = 0.0;  ///< body boxes grown by margin/2 per side, as our driver's (the tolerance)
};

FclScene make_fcl_scene(const Scene& scene) {
  std::map<const Shape*, std::shared_ptr<FclModel>> models;
  FclScene fcl_scene;
  for (const Body& body : scene.bodies) {
    std::shared_ptr<FclModel>& model = models[body.shape.get()];
    if (!model) {
      const TriMesh& surface = body.shape->surface_map.surface;
      std::vector<Index> compact(surface.vertices.size(), kInvalidIndex);
      std::vector<fcl::Vector3d> points;
      std::vector<fcl::Triangle> triangles;
      for (const Triangle& t : surface.triangles) {
        std::array<std::size_t, 3> corner{};
        for (std::size_t c = 0; c < 3; ++c) {
          Index& id = compact[t[c]];
          if (id == kInvalidIndex) {
            id = static_cast<Index>(points.size());
            points.push_back(surface.vertices[t[c]]);
          }
          corner[c] = static_cast<std::size_t>(id);
        }
        triangles.emplace_back(corner[0], corner[1], corner[2]);
      }
      model = std::make_shared<FclModel>();
      model->beginModel(static_cast<int>(triangles.size()), static_cast<int>(points.size()));
      model->addSubModel(points, triangles);
      model->endModel();
    }
    const Transform pose = body.pose();
    fcl::Transform3d transform = fcl::Transform3d::Identity();
    transform.linear() = pose.rotation;
    transform.translation() = pose.translation;
    fcl_scene.objects.push_back(std::make_unique<fcl::CollisionObjectd>(model, transform));
    fcl_scene.fixed.push_back(body.fixed);
  }
  MethodSettings settings;
  settings.length_scale = scene.length_scale();
  fcl_scene.margin = settings.absolute_tolerance();
  return fcl_scene;
}

struct FclResult {
  std::size_t contacts = 0;
  std::size_t pairs = 0;  ///< body pairs collided
};

FclResult run_fcl(FclScene& scene) {
  FclResult result;
  std::vector<fcl::AABBd> boxes;
  for (auto& object : scene.objects) {
    object->computeAABB();
    boxes.push_back(object->getAABB());
    boxes.back().expand(fcl::Vector3d::Constant(0.5 * scene.margin));
  }
  const fcl::CollisionRequestd request(100'000'000, true);
  for (std::size_t i = 0; i < scene.objects.size(); ++i) {
    for (std::size_t j = i + 1; j < scene.objects.size(); ++j) {
      if (scene.fixed[i] && scene.fixed[j]) continue;
      if (!boxes[i].overlap(boxes[j])) continue;
      fcl::CollisionResultd out;
      fcl::collide(scene.objects[i].get(), scene.objects[j].get(), request, out);
      result.contacts += out.numContacts();
      ++result.pairs;
    }
  }
  return result;
}

double milliseconds(Clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); }

/// Speed-up of a compute-only loop (no memory traffic, no synchronisation inside) from 1 to
/// `threads` threads: what the machine can give right now — the ceiling for the speed-ups below on
/// a shared machine. The loop runs alternately on 1 and on `threads` threads (each arena made once,
/// with an untimed run first, as the driver keeps its arenas), 9 times each, and the ceiling is the
/// median of the 9 ratios: a host whose speed drifts moves both sides of a ratio alike. (Timed as
/// two blocks, 9 runs on 1 thread and then 9 on 2, it came out at 2.2–2.4 on 2 cores.)
double parallel_ceiling(int threads) {
  std::vector<double> sink(1 << 14);
  tbb::task_arena one(1), many(threads);
  const auto run_in = [&](tbb::task_arena& arena) {
    const auto start = Clock::now();
    arena.execute([&] {
      tbb::parallel_for(std::size_t{0}, sink.size(), [&](std::size_t i) {
        double s = 0.0;
        for (int k = 0; k < 100; ++k) s += std::sin(static_cast<double>(i) * 1e-3 + k);
        sink[i] = s;
      });
    });
    return milliseconds(Clock::now() - start);
  };
  run_in(one);
  run_in(many);
  std::vector<double> single_ms, many_ms;
  for (int r = 0; r < 9; ++r) {
    single_ms.push_back(run_in(one));
    many_ms.push_back(run_in(many));
  }
  return bench::median_ratio(single_ms, many_ms);
}

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string one, five, fifteen;
  if (!(in >> one >> five >> fifteen)) return "unknown";
  return one + " " + five + " " + fifteen;
}

struct Row {
  const ContactMethod* method = nullptr;
  int threads = 1;
  std::vector<double> cached_ms, cold_ms;
  std::vector<double> back_to_back_ms;  ///< cached queries, each right after an untimed one (several thread counts)
  std::unique_ptr<ShapeCache> cache = std::make_unique<ShapeCache>();
  GenerateStatistics statistics;
  std::size_t contacts = 0;
};

// One timed query; returns milliseconds.
double time_query(const Scene& scene, Row& row, ShapeCache* cache, ContactSet* out) {
  GenerateOptions generate;
  generate.threads = row.threads;
  generate.shape_cache = cache;
  const auto start = Clock::now();
  ContactSet set = generate_contacts(scene, *row.method, generate, &row.statistics);
  const auto stop = Clock::now();
  row.contacts = set.contacts.size();
  if (out) *out = std::move(set);
  return milliseconds(stop - start);
}

// --stages: where a cached query's time goes, by the driver's stages (GenerateStageSeconds), for
// each method at the first thread count: `repetitions` more cached queries with the stages timed,
// after the timed rounds (so the table above is not slowed by the clock reads), and per stage the
// median in ms; "raw": the contacts the kernels reported, before the merge. With more than one
// thread the per-body-pair stages are summed over the pairs (thread time), so the columns may add
// up to more than the call.
void print_stages(const Scene& scene, const std::vector<Row>& rows, const Options& options, double fcl_median) {
  const int threads = options.threads.front();
  std::printf("\nwhere a cached query's time goes (%d thread%s, median ms per stage of %d queries; FCL %.3f ms):\n",
              threads, threads == 1 ? "" : "s", options.repetitions, fcl_median);
  std::printf("%-18s %8s %8s %8s %8s %8s %8s %8s %8s %8s %8s\n", "method", "call", "posing", "checks", "bodies",
              "tetpairs", "planes", "kernels", "merge", "output", "raw");
  for (const Row& row : rows) {
    if (row.threads != threads) continue;
    GenerateOptions generate;
    generate.threads = row.threads;
    generate.shape_cache = row.cache.get();
    generate.time_stages = true;
    std::vector<GenerateStatistics> runs(static_cast<std::size_t>(options.repetitions));
    for (GenerateStatistics& statistics : runs) generate_contacts(scene, *row.method, generate, &statistics);
    // The median over the runs of one figure, in ms.
    const auto median_ms = [&](double (*seconds)(const GenerateStatistics&)) {
      std::vector<double> ms;
      for (const GenerateStatistics& statistics : runs) ms.push_back(1e3 * seconds(statistics));
      return bench::median(std::move(ms));
    };
    using S = const GenerateStatistics&;
    std::printf("%-18s %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f %8zu\n", row.method->name().c_str(),
                median_ms([](S s) { return s.seconds; }), median_ms([](S s) { return s.stages.posing; }),
                median_ms([](S s) { return s.stages.checks + s.stages.shape_data; }),  // (shape data: 0 when cached)
                median_ms([](S s) { return s.stages.bodies; }), median_ms([](S s) { return s.stages.tet_pairs; }),
                median_ms([](S s) { return s.stages.planes; }), median_ms([](S s) { return s.stages.kernels; }),
                median_ms([](S s) { return s.stages.merge; }), median_ms([](S s) { return s.stages.output; }),
                runs.front().raw_contacts);
  }
}

void bench_scene(const std::string& name, const Scene& scene, const Options& options,
                 const std::vector<const ContactMethod*>& methods) {
  FclScene fcl_scene = make_fcl_scene(scene);
  std::vector<Row> rows;
  for (const ContactMethod* method : methods) {
    for (int threads : options.threads) {
      Row row;
      row.method = method;
      row.threads = threads;
      rows.push_back(std::move(row));
    }
  }
  std::vector<double> fcl_ms;
  FclResult fcl_result;
  for (int round = 0; round <= options.repetitions; ++round) {  // round 0: warm-up, untimed
    const auto fcl_start = Clock::now();
    fcl_result = run_fcl(fcl_scene);
    const auto fcl_stop = Clock::now();
    if (round > 0) fcl_ms.push_back(milliseconds(fcl_stop - fcl_start));
    for (Row& row : rows) {
      ContactSet set;
      const bool dump = round == 0 && !options.dump.empty() && row.threads == options.threads.front();
      const double cold = options.cold || dump ? time_query(scene, row, nullptr, dump ? &set : nullptr) : 0.0;
      const double cached = time_query(scene, row, row.cache.get(), nullptr);  // round 0 fills the cache
      if (round > 0) {
        if (options.cold) row.cold_ms.push_back(cold);
        row.cached_ms.push_back(cached);
      }
      if (dump) write_contacts_json(options.dump + "/" + name + "-" + row.method->name() + ".json", set, scene);
    }
  }

  // Back to back: with several thread counts, each method's cached query again, `repetitions` times,
  // alternating between its rows: per repetition and row an untimed call and a timed one right
  // after it, so that the worker threads are awake, as in the parallel ceiling's loop. Interleaved
  // with FCL and the other rows, a query with more threads first waits for an idle worker to wake
  // up, which on a virtual machine costs about as much as a millisecond of work (docs/building.md):
  // both speed-ups are printed. The b2b speed-up is the median of the per-repetition ratios (one
  // timed query on 1 thread, the next on more), as for the ceiling: timed as blocks of one row after
  // another, the ratio moved with the host's speed between the blocks.
  if (options.threads.size() > 1) {
    for (int r = 0; r < options.repetitions; ++r) {
      for (Row& row : rows) {
        time_query(scene, row, row.cache.get(), nullptr);
        row.back_to_back_ms.push_back(time_query(scene, row, row.cache.get(), nullptr));
      }
    }
  }

  std::size_t tets = 0;
  for (const Body& body : scene.bodies) tets += body.shape->tets.tets.size();
  std::printf("\n%s: %zu bodies, %zu tets; FCL collided %zu body pairs\n", name.c_str(), scene.bodies.size(), tets,
              fcl_result.pairs);
  std::printf("%-18s %3s %9s %9s %8s %8s %8s %8s %8s %8s %8s %8s\n", "", "", "cached", "cold", "", "", "cached",
              "cached", "cold", "cached", "cold", "cached");
  std::printf("%-18s %3s %9s %9s %8s %8s %8s %8s %8s %8s %8s %8s\n", "method", "thr", "median ms", "median ms",
              "contacts", "tetpairs", "us/pair", "x FCL", "x FCL", "1->2 x", "1->2 x", "b2b 1->2");
  const double fcl_median = bench::median(fcl_ms);
  std::printf("%-18s %3d %9.3f %9s %8zu %8s %8s %8s %8s %8s %8s %8s\n", "FCL OBBRSS", 1, fcl_median, "-",
              fcl_result.contacts, "-", "-", "1.00", "-", "-", "-", "-");
  struct OneThread {
    double cached, cold;
    const std::vector<double>* back_to_back_ms;
  };
  std::map<const ContactMethod*, OneThread> one_thread;
  for (const Row& row : rows) {
    if (row.threads == 1) {
      one_thread[row.method] = {bench::median(row.cached_ms), bench::median(row.cold_ms), &row.back_to_back_ms};
    }
  }
  for (const Row& row : rows) {
    const double cached = bench::median(row.cached_ms), cold = bench::median(row.cold_ms);
    char speedup_cached[32] = "-", speedup_cold[32] = "-", speedup_back_to_back[32] = "-";
    if (row.threads > 1 && one_thread.count(row.method)) {
      const OneThread& one = one_thread[row.method];
      std::snprintf(speedup_cached, sizeof speedup_cached, "%.2f", one.cached / cached);
      std::snprintf(speedup_cold, sizeof speedup_cold, "%.2f", one.cold / cold);
      if (!row.back_to_back_ms.empty() && one.back_to_back_ms->size() == row.back_to_back_ms.size()) {
        std::snprintf(speedup_back_to_back, sizeof speedup_back_to_back, "%.2f",
                      bench::median_ratio(*one.back_to_back_ms, row.back_to_back_ms));
      }
    }
    // us/pair: the cached median per candidate tet pair, broad phase and merge included.
    const double per_pair =
        row.statistics.element_pairs > 0 ? 1e3 * cached / static_cast<double>(row.statistics.element_pairs) : 0.0;
    std::printf("%-18s %3d %9.3f %9.3f %8zu %8zu %8.3f %8.2f %8.2f %8s %8s %8s\n", row.method->name().c_str(),
                row.threads, cached, cold, row.contacts, row.statistics.element_pairs, per_pair, cached / fcl_median,
                cold / fcl_median, speedup_cached, speedup_cold, speedup_back_to_back);
  }
  if (options.stages) print_stages(scene, rows, options, fcl_median);
  std::fflush(stdout);
}

int run(int argc, char** argv) {
  const Options options = parse_options(argc, argv);
  std::vector<const ContactMethod*> methods;
  if (options.methods.empty()) {
    methods = contact_methods();
  } else {
    for (const std::string& name : options.methods) methods.push_back(find_contact_method(name));
  }
  std::printf("methods_bench: %d repetitions (+1 warm-up), %u hardware threads, %s meshes, load average %s\n",
              options.repetitions, std::thread::hardware_concurrency(), options.refined ? "refined" : "coarse",
              load_average().c_str());
  const int most_threads = *std::max_element(options.threads.begin(), options.threads.end());
  std::printf("parallel ceiling now: a compute-only loop runs %.2fx faster on %d threads than on 1\n",
              parallel_ceiling(most_threads), most_threads);
  std::printf(
      "cached: shape data reused (as FCL's BVHs); cold: built in the call. x FCL = median / FCL's "
      "median (< 1: faster); 1->2 x = median with 1 thread / with this many, queries interleaved with FCL "
      "and the other rows; b2b 1->2: median ratio of cached queries timed back to back, 1 thread then this many "
      "(worker threads awake)\n");
  for (const std::string& name : options.scenes) {
    const Scene scene = name == "grid-pair" ? grid_pair_scene(options.cells)
                                            : make_builtin_scene(name, BuiltinSceneOptions{options.refined});
    bench_scene(name, scene, options, methods);
  }
  std::printf("\nload average at the end: %s; parallel ceiling %.2fx\n", load_average().c_str(),
              parallel_ceiling(most_threads));
  return 0;
}

}  // namespace
}  // namespace contactlab

int main(int argc, char** argv) {
  try {
    return contactlab::run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "methods_bench: %s\n", e.what());
    return 1;
  }
}
