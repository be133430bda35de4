// The driver as named stages, every one of them parallel where there is more than one of a thing
// (oneTBB, inside one task arena of options.threads threads):
//   0. posing       — (scene form only) per body: world vertices by Body::pose() (posed_bodies);
//   1. shape data   — per distinct shape not in the cache: features ∥ surface-tet BVH (rest frame);
//   2. bodies       — per body: world box (a scene far from the origin is first moved by −its
//                     centre and its contacts moved back at the end: far_scene_origin); for a
//                     deformed body a BVH over its world vertices;
//   3. body pairs   — sort-and-sweep over the body boxes (serial, cheap);
//   4. tet pairs    — per body pair: the BVH tandem walk (for a method that reads tet or face
//                     planes, the planes of every tet in a candidate pair are then computed once
//                     each, candidate_tet_planes, before stage 5; for the others 4–6 run as one
//                     task per body pair);
//   5. kernels      — per chunk of kChunk tet pairs of that body pair, or once per body pair for a
//                     per_body_pair() method (a semi-local one);
//   6. post-process — per body pair: merge duplicates, sort; the pairs are concatenated in (a, b)
//                     order, which is the global order since every contact key starts with (a, b).
// Determinism: every parallel loop writes to slots fixed by its index (shape, body, body pair,
// chunk), never to shared growing containers, and the chunks are cut at fixed offsets, so the
// contacts reach stage 6 in task order whatever the thread count or schedule. Stage 6 then sorts by
// keys that cover every field of a contact, so its result depends only on the set of contacts.
#include "contactlab/contact/generate_contacts.h"

#include "contactlab/broadphase/bvh.h"
#include "contactlab/broadphase/candidate_body_pairs.h"
#include "contactlab/broadphase/candidate_element_pairs.h"
#include "contactlab/core/error.h"
#include "contactlab/core/scratch_lease.h"
#include "contactlab/geometry/tetrahedron_tables.h"
#include "contactlab/geometry/unit_or_zero.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_invoke.h>
#include <tbb/parallel_sort.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cassert>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <numeric>
#include <optional>
#include <span>
#include <string>
#include <tuple>
#include <unordered_map>

namespace contactlab {
namespace contact_detail {

/// Per tet, its corners with each one that lies on none of the tet's boundary faces replaced by one
/// that does (an interior tet as it is), so that the box of its corners is that of its boundary
/// faces; and a BVH over the surface tets by those boxes: what a surface_candidates method's
/// candidate pairs come from (ContactMethod::surface_candidates). On the pillar's drums, whose tets
/// reach from cap to cap, it halves the pairs (1548 → 898); on the overlapping grid pair 25681 →
/// 13123 for closest points. A wall brick's tets have all four corners on boundary faces: the same
/// boxes.
struct SurfaceFaceTree {
  std::vector<Tet> tets;
  Bvh bvh;
};

// (A tree built for these boxes, not the whole-tet tree refitted to them: on the overlapping grid
// pair the refitted one cost 3 % more per cached query, for about 10 ms less on the first query of
// a refined pillar.)
SurfaceFaceTree build_surface_face_tree(const Shape& shape, std::span<const Index> surface_tets) {
  SurfaceFaceTree out;
  out.tets = shape.tets.tets;
  for (Index t = 0; t < shape.tets.tet_count(); ++t) {
    std::array<bool, 4> on_face{};  // corner c lies on a boundary face of the tet
    for (int f = 0; f < 4; ++f) {
      if (!shape.surface_map.is_boundary(t, f)) continue;
      for (const int c : kTetFaces[static_cast<std::size_t>(f)]) on_face[static_cast<std::size_t>(c)] = true;
    }
    const auto first_on = static_cast<int>(std::find(on_face.begin(), on_face.end(), true) - on_face.begin());
    if (first_on == 4) continue;  // no boundary face
    for (int c = 0; c < 4; ++c) {
      if (!on_face[static_cast<std::size_t>(c)]) out.tets[t][c] = out.tets[t][first_on];
    }
  }
  out.bvh = build_bvh(MeshElements{ElementKind::kTetrahedron, shape.tets.vertices, out.tets, {}}, surface_tets);
  return out;
}

struct ShapeData {
  ShapeFeatures features;
  Bvh surface_tet_bvh;  ///< over the tets with a surface face only (interior tets cannot touch)
  /// The shape's SurfaceFaceTree, built at the first call (once, whichever thread asks first): only
  /// the surface_candidates methods use it, so the others' first query does not build it.
  const SurfaceFaceTree& surface_face_tree(const Shape& shape) const {
    std::call_once(surface_face_once_,
                   [&] { surface_face_tree_ = build_surface_face_tree(shape, features.surface_tets); });
    return surface_face_tree_;
  }

 private:
  mutable std::once_flag surface_face_once_;
  mutable SurfaceFaceTree surface_face_tree_;
};

}  // namespace contact_detail

struct ShapeCache::Impl {
  struct Entry {
    std::shared_ptr<const Shape> shape;  // keeps the key's address from being reused
    std::unique_ptr<const contact_detail::ShapeData> data;
  };
  mutable std::mutex mutex;
  std::map<const Shape*, Entry> entries;
};

ShapeCache::ShapeCache() : impl_(std::make_unique<Impl>()) {}
ShapeCache::~ShapeCache() = default;

std::size_t ShapeCache::size() const {
  const std::lock_guard lock(impl_->mutex);
  return impl_->entries.size();
}

void ShapeCache::clear() {
  const std::lock_guard lock(impl_->mutex);
  impl_->entries.clear();
}

namespace {

using contact_detail::ShapeData;
using contact_detail::SurfaceFaceTree;

/// Tet pairs per kernel chunk: large enough that a chunk's bookkeeping (one output vector) is
/// negligible next to its kernels, small enough to balance two threads on a few hundred pairs.
constexpr std::size_t kChunk = 64;
/// Contacts a kernel's sink has room for before its first push_back: 8 × 104 bytes stays in the
/// allocator's per-thread cache (32 cost more on the pillar than the reallocations it saved).
constexpr std::size_t kSinkCapacity = 8;
/// From this many raw contacts of one body pair on, its chunks' sinks are gathered in parallel.
constexpr std::size_t kParallelGatherContacts = 4096;
/// A method's moved faces (ContactMethod::candidate_vertices) are searched only for body pairs whose
/// surface tets multiply to more than this: for fewer, the kernel's own box test drops the extra
/// pairs for less than the moved positions cost (the wall's 6-tet bricks: the same 7668 pairs either
/// way, 4 % more instructions per Closest points query with the positions).
constexpr std::size_t kMovedSearchFromTetPairs = 4096;

/// f(i) for i in [0, count): on oneTBB's threads, in ranges of at least `grain`, when `parallel`;
/// otherwise in order on this thread (for loops too small to pay for handing work to another).
template <class F>
void for_each_index(std::size_t count, bool parallel, F&& f, std::size_t grain = 1) {
  if (!parallel) {
    for (std::size_t i = 0; i < count; ++i) f(i);
    return;
  }
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, count, grain), [&](const tbb::blocked_range<std::size_t>& r) {
    for (std::size_t i = r.begin(); i != r.end(); ++i) f(i);
  });
}

MeshElements tet_elements(const Shape& shape) {
  return MeshElements{ElementKind::kTetrahedron, shape.tets.vertices, shape.tets.tets, {}};
}

std::unique_ptr<ShapeData> build_shape_data(const Shape& shape) {
  auto data = std::make_unique<ShapeData>();
  // The BVH needs only the surface tets, which the features list too; both halves run at once.
  std::vector<Index> surface_tets;
  for (Index t = 0; t < shape.tets.tet_count(); ++t) {
    if (shape.surface_map.surface_face_count[t] > 0) surface_tets.push_back(t);
  }
  tbb::parallel_invoke([&] { data->features = build_shape_features(shape); },
                       [&] { data->surface_tet_bvh = build_bvh(tet_elements(shape), surface_tets); });
  assert(data->features.surface_tets == surface_tets);
  return data;
}

/// Stage 1: the data of every distinct shape of the bodies, from the cache or built (in parallel).
/// `owned` keeps what was built when there is no cache.
std::unordered_map<const Shape*, const ShapeData*> shape_data(const std::vector<ContactBody>& bodies, ShapeCache* cache,
                                                              std::vector<std::unique_ptr<ShapeData>>& owned,
                                                              std::size_t& built) {
  std::unordered_map<const Shape*, const ShapeData*> found;
  std::vector<const ContactBody*> missing;  // first body of each shape to build, in body order
  {
    std::unique_lock<std::mutex> lock;
    if (cache) lock = std::unique_lock(cache->impl().mutex);
    for (const ContactBody& body : bodies) {
      const Shape* shape = body.shape.get();
      if (found.contains(shape)) continue;
      const ShapeData* data = nullptr;
      if (cache) {
        const auto it = cache->impl().entries.find(shape);
        if (it != cache->impl().entries.end()) data = it->second.data.get();
      }
      found.emplace(shape, data);
      if (!data) missing.push_back(&body);
    }
  }
  built = missing.size();
  owned.resize(missing.size());
  tbb::parallel_for(std::size_t{0}, missing.size(),
                    [&](std::size_t i) { owned[i] = build_shape_data(*missing[i]->shape); });
  if (cache) {
    const std::lock_guard lock(cache->impl().mutex);
    for (std::size_t i = 0; i < missing.size(); ++i) {
      // A concurrent call may have added the shape meanwhile: either copy is the same data.
      auto [it, added] = cache->impl().entries.try_emplace(missing[i]->shape.get());
      if (added) it->second = {missing[i]->shape, std::move(owned[i])};
      found[missing[i]->shape.get()] = it->second.data.get();
    }
    owned.clear();
  } else {
    for (std::size_t i = 0; i < missing.size(); ++i) found[missing[i]->shape.get()] = owned[i].get();
  }
  return found;
}

/// The box of `vertices` (Aabb::extend in order), and whether every coordinate is finite.
std::pair<Aabb, bool> box_if_finite(std::span<const Vec3> vertices) {
  // A local box and flag, in one pass: the box extended in its vector was stored after each vertex
  // (the vector might alias the vertices), and the check was a second pass over the vertices.
  // Together they took 21 µs of a cheap method's query on the overlapping grid pair (4394
  // vertices; about 0.5 ms on one thread, 0.33 ms on two, where they were serial), now 7 µs.
  Aabb box;
  bool finite = true;
  for (const Vec3& v : vertices) {
    box.extend(v);
    finite &= v.allFinite();
  }
  return {box, finite};
}

/// What the driver checks of its input before any work (docs/design.md "Errors and bad input"),
/// and stage 2's first half: per body, the box of its world vertices (body_boxes), from the same
/// pass over the vertices as their check.
std::vector<Aabb> checked_body_boxes(const PosedBodies& input) {
  std::vector<Aabb> boxes(input.bodies.size());
  for (std::size_t i = 0; i < input.bodies.size(); ++i) {
    const ContactBody& body = input.bodies[i];
    const std::string field = "bodies[" + std::to_string(i) + "]";
    if (!body.shape) throw InputError("generate_contacts", 0, field + ".shape: expected a shape, got none");
    if (body.world_vertices.size() != body.shape->tets.vertices.size()) {
      throw InputError("generate_contacts", 0,
                       field + ".world_vertices: expected " + std::to_string(body.shape->tets.vertices.size()) +
                           " vertices (the tet mesh's), got " + std::to_string(body.world_vertices.size()));
    }
    bool finite = false;
    std::tie(boxes[i], finite) = box_if_finite(body.world_vertices);
    if (!finite) throw InputError("generate_contacts", 0, field + ".world_vertices: a vertex is not finite");
    if (!body.linear_velocity.allFinite()) {
      throw InputError("generate_contacts", 0, field + ".linear_velocity: expected finite entries");
    }
    if (!body.angular_velocity.allFinite()) {
      throw InputError("generate_contacts", 0, field + ".angular_velocity: expected finite entries");
    }
  }
  return boxes;
}

/// The process's arena of `threads` threads, made at its first use and kept: an arena made per call
/// (and its worker threads brought into it) cost about a quarter of a millisecond per call with 2
/// threads, a quarter of the wall's whole time (methods_bench's 1→2 speed-up was 1.3, not 1.7).
tbb::task_arena& arena_of(int threads) {
  static std::mutex mutex;
  static std::map<int, std::unique_ptr<tbb::task_arena>> arenas;
  const std::lock_guard lock(mutex);
  std::unique_ptr<tbb::task_arena>& arena = arenas[threads];
  if (!arena) arena = std::make_unique<tbb::task_arena>(threads);
  return *arena;
}

/// Runs f in an arena of `threads` threads (0: the caller's arena, oneTBB's default).
template <class F>
void run_with_threads(int threads, F&& f) {
  if (threads > 0) {
    arena_of(threads).execute(f);
  } else {
    f();
  }
}

/// Starts waking a worker thread of the arena the call will run in (`threads` as run_with_threads
/// takes it), without waiting for it: a no-op task enqueued there. oneTBB's workers sleep after
/// about 0.1–0.3 ms without work, and waking one took about 0.1 ms on this project's 2-core virtual
/// machine (a 2-item parallel_for after 1 ms idle: 95 µs more than after 0.1 ms, median of 201,
/// 2026-12-02) — as long as a third of a cheap method's query on the wall, paid at the first
/// parallel section of every query that follows a pause (a simulation step, an interleaved
/// benchmark). Enqueued first, the wake-up runs alongside the serial first stages (posing, the
/// checks, the body boxes and pairs). In methods_bench's interleaved rows the 1→2-thread speed-ups
/// of vertex-only, opposing, volume-SAT and intersection on the wall and the overlapping grid pair
/// rose in 22 of 24 comparisons, typically by 0.1–0.3, in three runs alternating with and without.
/// Nothing else changes: the task does no work.
void start_waking_workers(int threads) {
  if (threads > 1) {
    arena_of(threads).enqueue([] {});
  } else if (threads == 0 && tbb::this_task_arena::max_concurrency() > 1) {
    tbb::this_task_arena::enqueue([] {});
  }
}

using MergeCell = std::array<std::int64_t, 3>;

/// Where a contact lies on body A, in a frame that moves with the body: origin at vertex 0 of A's
/// tet 0, orthonormal axes by Gram–Schmidt from that tet's edges 0→1 and 0→2. Coordinates in it are
/// the same (up to rounding, times the scale) for a scene and any similarity of it, and they hold
/// for a deformed body too (the tet's current vertices). The output order uses them, quantised to
/// cells of the pair's tolerance, in place of world positions: sorted by world x, the points of one
/// element pair came out in another order when the scene was turned, and PGS (a Gauss–Seidel
/// sweep in that order) then gave a turned scene another motion (tests/dynamics/
/// simulation_frame_test.cpp). The cells are centred on the origin, so a contact at vertex 0
/// itself does not straddle a cell face; one within rounding of a cell face can still flip its
/// place, with odds of about ε / tolerance = 1e-7 per coordinate.
struct BodyFrame {
  Vec3 origin = Vec3::Zero();
  Mat3 axes = Mat3::Zero();  ///< rows: the unit axes (all zero for a degenerate tet: every key 0)
  double cell = 1.0;
};

BodyFrame body_frame(const MethodBody& body, double tolerance) {
  BodyFrame f;
  if (body.shape->tets.tets.empty()) return f;
  const std::array<Vec3, 4> tet = body.tet(0);
  const Vec3 e1 = unit_or_zero(tet[1] - tet[0]);
  const Vec3 d2 = tet[2] - tet[0];
  const Vec3 e2 = unit_or_zero(d2 - e1.dot(d2) * e1);
  f.origin = tet[0];
  f.axes.row(0) = e1;
  f.axes.row(1) = e2;
  f.axes.row(2) = e1.cross(e2);
  f.cell = tolerance > 0.0 ? tolerance : 1.0;
  return f;
}

MergeCell frame_cell(const BodyFrame& f, const Vec3& position) {
  constexpr double kLimit = 4.0e18;  // below 2^63
  const Vec3 local = f.axes * (position - f.origin);
  MergeCell key{};
  for (int k = 0; k < 3; ++k) {
    const double x = std::floor(local[k] / f.cell + 0.5);
    key[k] = std::isnan(x) ? 0 : static_cast<std::int64_t>(std::clamp(x, -kLimit, kLimit));
  }
  return key;
}

/// The output order, with every field of a contact after it so that only identical contacts tie
/// (any sorting algorithm then gives the same sequence): body pair, element pair, feature pair,
/// position on body A (BodyFrame), then the world fields.
auto full_key(const Contact& c, const MergeCell& on_a) {
  return std::tuple(c.body_a, c.body_b, c.element_a, c.element_b, c.feature_a, c.feature_b, on_a[0], on_a[1], on_a[2],
                    c.position.x(), c.position.y(), c.position.z(), c.normal.x(), c.normal.y(), c.normal.z(), c.gap,
                    c.area, c.has_area);
}

/// full_key's order over contacts[i], with each contact's cell on A computed when a comparison first
/// needs it: most are decided by the element and feature pairs (copies of one contact from other
/// tet pairs), and frame_cell for every raw contact was a tenth of the merge. Not for concurrent
/// use (parallel sorts take `all_cells` first).
class OutputOrder {
 public:
  /// `cells`, `known`: storage for the cells (reused; resized and cleared here).
  OutputOrder(const std::vector<Contact>& contacts, const BodyFrame& frame, std::vector<MergeCell>& cells,
              std::vector<char>& known)
      : contacts_(contacts), frame_(frame), cell_(cells), known_(known) {
    cell_.resize(contacts.size());
    known_.assign(contacts.size(), 0);
  }
  bool operator()(std::size_t i, std::size_t j) const {
    const Contact &x = contacts_[i], &y = contacts_[j];
    // The leading fields in one pass (<=>: one comparison each, where two tuple < made up to two),
    // the cells on A only where they tie.
    const auto head = [](const Contact& c) {
      return std::tie(c.body_a, c.body_b, c.element_a, c.element_b, c.feature_a, c.feature_b);
    };
    if (const auto order = head(x) <=> head(y); order != 0) return order < 0;
    return full_key(x, cell(i)) < full_key(y, cell(j));
  }
  /// Computes the cells of `indices` now (before a parallel sort).
  void all_cells(std::span<const std::size_t> indices) const {
    for (const std::size_t i : indices) cell(i);
  }

 private:
  const MergeCell& cell(std::size_t i) const {
    if (!known_[i]) cell_[i] = frame_cell(frame_, contacts_[i].position), known_[i] = 1;
    return cell_[i];
  }
  const std::vector<Contact>& contacts_;
  const BodyFrame& frame_;
  std::vector<MergeCell>& cell_;
  std::vector<char>& known_;
};

/// Grid cell of a position for the merge: cells `cell` wide from `origin`, so that two positions
/// within `cell` of each other lie in the same or adjacent cells. Clamped far from the origin (a
/// tolerance absurdly small for the spread of the contacts): more candidates, never a missed pair.
MergeCell merge_cell(const Vec3& position, const Vec3& origin, double cell) {
  constexpr double kLimit = 4.0e18;  // below 2^63
  MergeCell key{};
  for (int k = 0; k < 3; ++k) {
    const double x = std::floor((position[k] - origin[k]) / cell);
    key[k] = static_cast<std::int64_t>(std::clamp(x, -kLimit, kLimit));
  }
  return key;
}

/// Merge cells compared field by field: std::array's operator== calls memcmp, which was a quarter
/// of the merge's time.
bool same_cell(const MergeCell& a, const MergeCell& b) { return a[0] == b[0] && a[1] == b[1] && a[2] == b[2]; }

/// The bits of a contact's position and normal, for finding exact copies.
std::array<std::uint64_t, 6> copy_bits(const Contact& c) {
  return {std::bit_cast<std::uint64_t>(c.position.x()), std::bit_cast<std::uint64_t>(c.position.y()),
          std::bit_cast<std::uint64_t>(c.position.z()), std::bit_cast<std::uint64_t>(c.normal.x()),
          std::bit_cast<std::uint64_t>(c.normal.y()),   std::bit_cast<std::uint64_t>(c.normal.z())};
}

/// A hash of a few 64-bit words (a contact's copy_bits, a merge cell's three coordinates).
template <class Word, std::size_t N>
std::uint64_t hash_words(const std::array<Word, N>& words) {
  std::uint64_t h = 0x9e3779b97f4a7c15ull;
  for (const Word w : words) {
    h = (h ^ static_cast<std::uint64_t>(w)) * 0xff51afd7ed558ccdull;
    h ^= h >> 32;
  }
  return h;
}

/// A feature as one word ordered as FeatureRef's <=> orders it: the type, then the index (signed).
std::uint64_t ordered_bits(const FeatureRef& f) {
  return (static_cast<std::uint64_t>(f.type) << 32) | (static_cast<std::uint32_t>(f.index) ^ 0x80000000u);
}

/// What sorting a run of one element pair's contacts compares first (merge_duplicates).
struct RunKey {
  std::uint64_t feature_a, feature_b;  ///< ordered_bits
  MergeCell cell;                      ///< frame_cell of the position on A, where features tie
  std::size_t index;                   ///< into the contacts
};

/// merge_duplicates for a few contacts (a method that reports each contact once, as semi-local
/// does: 4 per body pair on the arch): every pair tested, on the stack — the same groups (copies
/// are within both tolerances, or bit-identical where a coordinate is not a number) and the same
/// kept contacts in the same order as the general path, without its ten allocations and sort.
constexpr std::size_t kFewContacts = 16;
std::vector<Contact> merge_few(const std::vector<Contact>& contacts, double tolerance, const BodyFrame& frame,
                               double normal_tolerance) {
  const std::size_t n = contacts.size();
  std::array<MergeCell, kFewContacts> on_a{};
  std::array<std::size_t, kFewContacts> parent{}, best{};
  for (std::size_t i = 0; i < n; ++i) on_a[i] = frame_cell(frame, contacts[i].position), parent[i] = i, best[i] = n;
  const auto full_less = [&](std::size_t i, std::size_t j) {
    return full_key(contacts[i], on_a[i]) < full_key(contacts[j], on_a[j]);
  };
  const auto find = [&](std::size_t i) {
    while (parent[i] != i) i = parent[i];
    return i;
  };
  for (std::size_t i = 0; i < n; ++i) {
    const Contact& a = contacts[i];
    for (std::size_t j = i + 1; j < n; ++j) {
      const Contact& b = contacts[j];
      const bool joined =
          ((a.position - b.position).norm() <= tolerance && (a.normal - b.normal).norm() <= normal_tolerance) ||
          copy_bits(a) == copy_bits(b);
      if (!joined) continue;
      const std::size_t ri = find(i), rj = find(j);
      if (ri != rj) parent[std::max(ri, rj)] = std::min(ri, rj);
    }
  }
  // Of each group, the first in output order; the kept ones in output order.
  for (std::size_t i = 0; i < n; ++i) {
    std::size_t& b = best[find(i)];
    if (b == n || full_less(i, b)) b = i;
  }
  std::array<std::size_t, kFewContacts> kept{};
  std::size_t count = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (best[i] != n) kept[count++] = best[i];
  }
  std::sort(kept.begin(), kept.begin() + static_cast<std::ptrdiff_t>(count), full_less);
  std::vector<Contact> merged;
  merged.reserve(count);
  for (std::size_t k = 0; k < count; ++k) merged.push_back(contacts[kept[k]]);
  return merged;
}

/// From this many contacts of one body pair on, merge_duplicates runs its per-contact steps in
/// parallel (smaller pairs, as a wall's, are many and run in parallel with each other). 4096 until
/// stop 62, when the stage times (GenerateStageSeconds) showed Closest points' merge of the
/// overlapping grid pair's 1605 raw contacts running on one thread, 0.17–0.18 ms at 1 and at 2
/// threads; at 1024 its time against the kernels' on two threads went from 0.13–0.14 to 0.11–0.12
/// (four alternating runs; about 2 % of the query), +0.04 % instructions on one, the same contacts.
constexpr std::size_t kParallelMergeContacts = 1024;

/// merge_duplicates' working vectors, lent by the thread (ScratchLease): the driver merges every
/// body pair's contacts, and allocating a dozen vectors for each was a twentieth of vertex-only's
/// cached wall query. Each is cleared or overwritten before it is read.
struct MergeScratch {
  std::vector<MergeCell> cells;
  std::vector<char> known;
  std::vector<std::size_t> reps, first_of_copies, parent, best, kept;
  std::vector<std::uint32_t> table, cell_table, next_in_cell, occupied, members;
  std::vector<std::array<std::uint64_t, 6>> rep_bits;
  std::vector<std::uint64_t> hashes;
  std::vector<MergeCell> keys;
  std::vector<unsigned> near;
  std::vector<std::size_t> blocks;
  void trim() {
    release_if_large(cells, known, reps, first_of_copies, parent, best, kept, table, cell_table, next_in_cell, occupied,
                     members, rep_bits, hashes, keys, near, blocks);
  }
};

/// Contacts of one body pair with positions within `tolerance` and normals within
/// `normal_tolerance` (ContactMethod::merge_normal_tolerance, 1e-9 but for Solfec's) of each
/// other are one contact: the groups are the connected components of that relation (so the result
/// depends on the set of contacts only, not on an order of visiting them), and of each group the
/// first in output order (full_less) is kept. Returns the kept ones in output order.
///  1. Exact copies: a kernel reports a vertex from every tet pair that holds it, so most raw
///     contacts repeat another's position and normal bit for bit (pillar, vertex-only: 1694 raw
///     contacts, 148 kept). A hash table keeps one representative per distinct (position, normal)
///     and, of its copies, the first in output order — copies are at distance 0, so they are in
///     one group, and the pairwise search needs the representatives only (sorting every raw
///     contact was a third of vertex-only's time on the pillar).
///  2. The representatives' pairs within the tolerance come from a grid of cells 1024 × `tolerance`
///     wide (positions within it lie in the same or adjacent cells), kept in a hash table, and
///     looking up those of the 13 forward neighbour cells that a contact of the cell lies near
///     enough to reach (few do: searching all 13 for every cell was a fifth of vertex-only's time
///     on the pillar): expected O(n) however many contacts share a coordinate (an x-sweep was
///     quadratic on the faces of axis-aligned blocks).
std::vector<Contact> merge_duplicates(const std::vector<Contact>& contacts, double tolerance, const BodyFrame& frame,
                                      double normal_tolerance) {
  const std::size_t n = contacts.size();
  if (n == 0) return {};
  if (n <= kFewContacts) return merge_few(contacts, tolerance, frame, normal_tolerance);
  const ScratchLease<MergeScratch> scratch;
  const OutputOrder output_order(contacts, frame, scratch->cells, scratch->known);
  const auto full_less = [&](std::size_t i, std::size_t j) { return output_order(i, j); };
  // The per-contact steps that need no other contact (hashes, cells, the sorts of the runs) run in
  // parallel for a large body pair: for one, as the overlapping grid pair, the merge was otherwise
  // the serial quarter of a two-thread query.
  const bool parallel = n >= kParallelMergeContacts;
  constexpr std::size_t kGrain = 1024;

  // 1. Representatives (indices into contacts) and, per representative, its first copy.
  std::vector<std::size_t>& reps = scratch->reps;
  std::vector<std::size_t>& first_of_copies = scratch->first_of_copies;
  reps.clear();
  first_of_copies.clear();
  {
    std::size_t size = 16;
    while (size < 2 * n) size *= 2;
    constexpr std::uint32_t kEmpty = ~std::uint32_t{0};
    std::vector<std::uint32_t>& table = scratch->table;  // open addressing, linear probing
    table.assign(size, kEmpty);
    std::vector<std::array<std::uint64_t, 6>>& rep_bits = scratch->rep_bits;
    rep_bits.clear();
    std::vector<std::uint64_t>& hashes = scratch->hashes;
    hashes.resize(n);
    for_each_index(
        n, parallel, [&](std::size_t i) { hashes[i] = hash_words(copy_bits(contacts[i])); }, kGrain);
    for (std::size_t i = 0; i < n; ++i) {
      const std::array<std::uint64_t, 6> bits = copy_bits(contacts[i]);
      for (std::size_t slot = hashes[i] & (size - 1);; slot = (slot + 1) & (size - 1)) {
        if (table[slot] == kEmpty) {
          table[slot] = static_cast<std::uint32_t>(reps.size());
          reps.push_back(i);
          first_of_copies.push_back(i);
          rep_bits.push_back(bits);
          break;
        }
        const std::uint32_t r = table[slot];
        if (std::equal(bits.begin(), bits.end(), rep_bits[r].begin())) {  // (array's == calls memcmp)
          if (full_less(i, first_of_copies[r])) first_of_copies[r] = i;
          break;
        }
      }
    }
  }
  const std::size_t m = reps.size();
  const auto rep = [&](std::size_t k) -> const Contact& { return contacts[reps[k]]; };

  // 2. Cells kCellWidth × tolerance wide: a contact can be close to one in a neighbour cell only when
  // it lies within the tolerance of the face, edge or corner they share, which few do — so the
  // neighbour cells are searched only for those (`near`: bits low x, high x, low y, high y, low z,
  // high z). tolerance 0: only equal positions merge, and equal positions share a cell of any width.
  constexpr double kCellWidth = 1024.0;
  const double cell = tolerance > 0.0 ? kCellWidth * tolerance : 1.0;
  // The first contact mid-cell: a planar interface's contacts, all at its height, then lie mid-cell
  // along its normal instead of on a cell face, where every one was near a face and had its
  // neighbour cells searched.
  const Vec3 origin = contacts[0].position - Vec3::Constant(0.5 * cell);
  std::vector<MergeCell>& keys = scratch->keys;
  std::vector<unsigned>& near = scratch->near;
  keys.resize(m);
  near.assign(m, 0u);
  for_each_index(
      m, parallel,
      [&](std::size_t i) {
        const Vec3& position = rep(i).position;
        keys[i] = merge_cell(position, origin, cell);
        for (int k = 0; k < 3; ++k) {
          const double offset = position[k] - origin[k];
          const double x = offset / cell;
          const double from_low = (x - std::floor(x)) * cell;  // distance from the cell's lower face
          // Twice the tolerance plus the rounding of from_low (a few ε × the offset): never too few.
          const double reach = 2.0 * tolerance + 1e-15 * std::abs(offset);
          // Clamped far from the origin (merge_cell), or not finite: near every face, searched always.
          const bool clamped = !(std::abs(x) < 1.0e18);
          if (clamped || from_low <= reach) near[i] |= 1u << (2 * k);
          if (clamped || cell - from_low <= reach) near[i] |= 2u << (2 * k);
        }
      },
      kGrain);
  // The cells in a hash table (open addressing, linear probing), each holding the list of its
  // representatives (`next_in_cell`); the order of the lists does not matter (every pair of a
  // cell is tested, and the groups do not depend on the order of the joins). Sorting the
  // representatives by cell, as this did before, took half of the merge on the overlapping grid
  // pair (nearly every contact in a cell of its own: 5910 of them, a comparison sort whose
  // branches the processor could not predict).
  constexpr std::uint32_t kNone = ~std::uint32_t{0};
  constexpr std::size_t kFewInCell = 8;  // up to this many in a cell: every pair tested
  std::size_t cell_slots = 16;
  while (cell_slots < 2 * m) cell_slots *= 2;
  std::vector<std::uint32_t>& cell_table = scratch->cell_table;  // slot → a representative of the cell
  std::vector<std::uint32_t>& next_in_cell = scratch->next_in_cell;
  std::vector<std::uint32_t>& occupied = scratch->occupied;  // slots in use, in the order filled
  cell_table.assign(cell_slots, kNone);
  next_in_cell.resize(m);
  occupied.clear();
  const auto slot_of = [&](const MergeCell& key) {
    std::size_t slot = hash_words(key) & (cell_slots - 1);
    while (cell_table[slot] != kNone && !same_cell(keys[cell_table[slot]], key)) slot = (slot + 1) & (cell_slots - 1);
    return slot;
  };
  for (std::size_t i = 0; i < m; ++i) {
    const std::size_t slot = slot_of(keys[i]);
    if (cell_table[slot] == kNone) occupied.push_back(static_cast<std::uint32_t>(slot));
    next_in_cell[i] = cell_table[slot];
    cell_table[slot] = static_cast<std::uint32_t>(i);
  }

  std::vector<std::size_t>& parent = scratch->parent;
  parent.resize(m);
  std::iota(parent.begin(), parent.end(), std::size_t{0});
  const auto find = [&](std::size_t i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
  };
  // Normals farther apart than 2 × normal_tolerance in one coordinate are certainly farther apart
  // than normal_tolerance in the norm below (its rounding is a few ε relative): a cheap "no" first,
  // for the many contacts at one point with other normals (a block's corner: the (V,F) and (E,E)
  // pairs of Intersection meeting there).
  const double coordinate_reach = 2.0 * normal_tolerance;
  const auto close = [&](std::size_t i, std::size_t j) {
    const Contact &a = rep(i), &b = rep(j);
    if (std::abs(a.normal.x() - b.normal.x()) > coordinate_reach ||
        std::abs(a.normal.y() - b.normal.y()) > coordinate_reach ||
        std::abs(a.normal.z() - b.normal.z()) > coordinate_reach) {
      return false;
    }
    return (a.position - b.position).norm() <= tolerance && (a.normal - b.normal).norm() <= normal_tolerance;
  };
  const auto join = [&](std::size_t i, std::size_t j) {
    const std::size_t ri = find(i), rj = find(j);
    if (ri != rj) parent[std::max(ri, rj)] = std::min(ri, rj);
  };
  for (const std::uint32_t slot : occupied) {
    const std::uint32_t first = cell_table[slot];
    const MergeCell key = keys[first];
    unsigned cell_near = near[first];
    std::vector<std::uint32_t>& members = scratch->members;
    members.clear();
    bool finite_normals = true;
    if (next_in_cell[first] != kNone) {  // (most cells hold one representative: no pair)
      for (std::uint32_t i = first; i != kNone; i = next_in_cell[i]) {
        cell_near |= near[i];
        members.push_back(i);
        finite_normals = finite_normals && std::isfinite(rep(i).normal.x());
      }
    }
    if (members.size() <= kFewInCell || !finite_normals) {
      for (std::size_t x = 0; x < members.size(); ++x) {
        for (std::size_t y = x + 1; y < members.size(); ++y) {
          if (close(members[x], members[y])) join(members[x], members[y]);
        }
      }
    } else {
      // Many in one cell (contacts at one point with many normals): sorted by the normal's x, each
      // is tested against those after it within coordinate_reach in x only — the others are not
      // close (see `close`). The same pairs joined, so the same groups.
      std::sort(members.begin(), members.end(),
                [&](std::uint32_t i, std::uint32_t j) { return rep(i).normal.x() < rep(j).normal.x(); });
      for (std::size_t x = 0; x < members.size(); ++x) {
        const double reach_x = rep(members[x]).normal.x() + coordinate_reach;
        for (std::size_t y = x + 1; y < members.size() && rep(members[y]).normal.x() <= reach_x; ++y) {
          if (close(members[x], members[y])) join(members[x], members[y]);
        }
      }
    }
    // The 13 neighbour cells after this one in (x, y, z) order (the other 13 see this one), each
    // searched only when some contact here lies within the tolerance of the faces towards it.
    for (int dx = 0; dx <= 1 && cell_near != 0u; ++dx) {
      for (int dy = -1; dy <= 1; ++dy) {
        for (int dz = -1; dz <= 1; ++dz) {
          if (dx == 0 && (dy < 0 || (dy == 0 && dz <= 0))) continue;
          // The faces a contact must be near to reach that cell: bit 2k low side, 2k + 1 high side.
          const auto side = [](int delta, int k) { return delta == 0 ? 0u : (delta < 0 ? 1u : 2u) << (2 * k); };
          const unsigned needed = side(dx, 0) | side(dy, 1) | side(dz, 2);
          if ((cell_near & needed) != needed) continue;
          const std::uint32_t other_first = cell_table[slot_of({key[0] + dx, key[1] + dy, key[2] + dz})];
          for (std::uint32_t o = other_first; o != kNone; o = next_in_cell[o]) {
            for (std::uint32_t c = first; c != kNone; c = next_in_cell[c]) {
              if ((near[c] & needed) == needed && close(c, o)) join(c, o);
            }
          }
        }
      }
    }
  }
  // Of each group, the first in output order (of its representatives' first copies).
  std::vector<std::size_t>& best = scratch->best;
  best.assign(m, n);
  for (std::size_t k = 0; k < m; ++k) {
    const std::size_t r = find(k);
    if (best[r] == n || full_less(first_of_copies[k], best[r])) best[r] = first_of_copies[k];
  }
  std::vector<std::size_t>& kept = scratch->kept;
  kept.clear();
  for (std::size_t k = 0; k < m; ++k) {
    if (best[k] != n) kept.push_back(best[k]);
  }
  // Output order. The input comes in tet-pair order, i.e. sorted by (element_a, element_b), the
  // leading keys within a body pair: then the input order of the kept ones and a sort of each run
  // of equal elements (a few contacts) give it. Otherwise (a kernel reporting other elements) a
  // full sort.
  // (Already sorted when no copy came before its representative, as on the overlapping grid pair:
  // checking first saved the n log n sort, a twentieth of volume-sat's query there.)
  if (!std::is_sorted(kept.begin(), kept.end())) std::sort(kept.begin(), kept.end());
  const auto elements = [&](std::size_t i) { return std::pair(contacts[i].element_a, contacts[i].element_b); };
  if (std::is_sorted(kept.begin(), kept.end(),
                     [&](std::size_t i, std::size_t j) { return elements(i) < elements(j); })) {
    // Within a run the leading fields of full_key are equal; the order is that of the feature pair,
    // then the cell on A, then the world fields. A run is sorted on a compact copy of the first two
    // (RunKey), with full_less for what they leave tied: the same order. (OutputOrder on the whole
    // key, a cell looked up at each comparison, was a twentieth of volume-SAT's query on the grid
    // pair, whose runs repeat feature pairs: an edge of one tet crossing two faces of the other.)
    const auto sort_runs = [&](std::size_t from, std::size_t to) {
      std::vector<RunKey> keys;
      const auto last = kept.begin() + static_cast<std::ptrdiff_t>(to);
      for (auto run = kept.begin() + static_cast<std::ptrdiff_t>(from); run != last;) {
        const auto end = std::find_if(run, last, [&](std::size_t i) { return elements(i) != elements(*run); });
        if (end - run > 1) {
          keys.clear();
          for (auto it = run; it != end; ++it) {
            const Contact& c = contacts[*it];
            keys.push_back({ordered_bits(c.feature_a), ordered_bits(c.feature_b), MergeCell{}, *it});
          }
          const auto same_features = [](const RunKey& x, const RunKey& y) {
            return x.feature_a == y.feature_a && x.feature_b == y.feature_b;
          };
          std::sort(keys.begin(), keys.end(), [](const RunKey& x, const RunKey& y) {
            return x.feature_a != y.feature_a ? x.feature_a < y.feature_a : x.feature_b < y.feature_b;
          });
          // Contacts of one feature pair (few): by the cell on A, computed for them only.
          for (auto group = keys.begin(); group != keys.end();) {
            const auto group_end =
                std::find_if(group, keys.end(), [&](const RunKey& k) { return !same_features(k, *group); });
            if (group_end - group > 1) {
              for (auto k = group; k != group_end; ++k) k->cell = frame_cell(frame, contacts[k->index].position);
              std::sort(group, group_end, [&](const RunKey& x, const RunKey& y) {
                if (!same_cell(x.cell, y.cell)) return x.cell < y.cell;
                return full_less(x.index, y.index);
              });
            }
            group = group_end;
          }
          for (std::size_t k = 0; k < keys.size(); ++k) run[static_cast<std::ptrdiff_t>(k)] = keys[k].index;
        }
        run = end;
      }
    };
    if (!parallel) {
      sort_runs(0, kept.size());
    } else {
      // Blocks of about 1024 kept contacts, each ending where a run ends; every block sorts its
      // own runs (and computes the cells of its own contacts only: OutputOrder's cache is then
      // written at distinct places).
      std::vector<std::size_t>& blocks = scratch->blocks;
      blocks.assign(1, 0);
      while (blocks.back() < kept.size()) {
        std::size_t end = std::min(kept.size(), blocks.back() + 1024);
        while (end < kept.size() && elements(kept[end]) == elements(kept[end - 1])) ++end;
        blocks.push_back(end);
      }
      tbb::parallel_for(std::size_t{0}, blocks.size() - 1, [&](std::size_t b) { sort_runs(blocks[b], blocks[b + 1]); });
    }
  } else {
    output_order.all_cells(kept);
    tbb::parallel_sort(kept.begin(), kept.end(), full_less);
  }
  // (Copied in one pass: a parallel copy into a value-initialised vector took twice as long.)
  std::vector<Contact> merged;
  merged.reserve(kept.size());
  for (const std::size_t i : kept) merged.push_back(contacts[i]);
  return merged;
}

/// The settings of one body pair: the common ones with the pair's own length scale (issue 12 (a):
/// a body far away or a large ground must not widen every other pair's band).
MethodSettings settings_of_pair(const MethodSettings& common, const MethodBody& a, const MethodBody& b) {
  MethodSettings s = common;
  s.length_scale = pair_length_scale(*a.features, *b.features);
  return s;
}

/// Distance at which two bodies' tets are candidates: the method's margin plus the band, both at
/// the pair's length scale.
double pair_margin(const ContactMethod& method, const MethodSettings& common, const ShapeFeatures& a,
                   const ShapeFeatures& b) {
  MethodSettings s = common;
  s.length_scale = pair_length_scale(a, b);
  return method.candidate_margin(s) + s.absolute_tolerance();
}

/// One vector a thread lends itself (ScratchLease) from body pair to body pair and call to call.
template <class T>
struct ScratchVector {
  std::vector<T> items;
  void trim() { release_if_large(items); }
};
/// A body pair's raw contacts, the kernels' output before the merge.
using RawSink = ScratchVector<Contact>;
/// The sinks of a large body pair's kernel chunks and where each lands in the raw contacts, lent
/// by the thread that runs the pair (ScratchLease) and kept with their room from call to call:
/// a fresh sink per chunk, grown by push_back from kSinkCapacity, was about five allocations per
/// chunk — 400 a query on the overlapping grid pair.
struct ChunkSinks {
  std::vector<std::vector<Contact>> sinks;
  std::vector<std::size_t> offsets;
  void trim() {
    std::size_t bytes = 0;
    for (const std::vector<Contact>& sink : sinks) bytes += sink.capacity() * sizeof(Contact);
    if (bytes > (std::size_t{4} << 20)) std::vector<std::vector<Contact>>().swap(sinks);
  }
};
/// A body pair's candidate tet pairs, for the methods whose stages 4–6 run in one task.
using CandidateScratch = ScratchVector<ElementPair>;
/// A body's moved vertices for the candidate search (ContactMethod::candidate_vertices).
using MovedVertices = ScratchVector<Vec3>;

/// Stretches of wall clock between laps, for GenerateStageSeconds: the clock is read only when on
/// (GenerateOptions::time_stages), and an off clock's laps are 0.
class StageClock {
 public:
  explicit StageClock(bool on) : on_(on) {
    if (on_) last_ = std::chrono::steady_clock::now();
  }
  /// Seconds since the previous lap (or since the clock was made).
  double lap() {
    if (!on_) return 0.0;
    const auto now = std::chrono::steady_clock::now();
    const double seconds = std::chrono::duration<double>(now - last_).count();
    last_ = now;
    return seconds;
  }

 private:
  bool on_;
  std::chrono::steady_clock::time_point last_{};
};

/// What stages 4–6 produce for one body pair.
struct PairWork {
  /// Kept from stage 4 to the kernels only for a method that reads planes (candidate_tet_planes
  /// reads every pair's); freed after the kernels.
  std::vector<ElementPair> tet_pairs;
  std::size_t tet_pair_count = 0;
  std::size_t raw_contacts = 0;
  std::vector<Contact> contacts;  ///< merged and sorted (and sparsified when asked)
  SparsifyCounts sparsified;
  double tet_pair_seconds = 0.0, kernel_seconds = 0.0, merge_seconds = 0.0;  ///< GenerateStageSeconds
};

/// The world planes of every tet that a candidate pair holds, per body (TetPlanesCache, views into
/// the flat arrays here): each body's tets marked from the pairs it is in, slots in tet order, the
/// planes computed once each, the bodies in parallel (and a large body's tets in parallel too).
/// Every array is one allocation for all the bodies: with a few per body (the wall's 81 bricks),
/// made on one thread and freed on another, this stage did not scale from one thread to two
/// (1.35×). (Slots by first appearance in one serial pass over all the pairs, with the planes
/// appended one by one, did not scale either.)
/// The arrays are lent by the calling thread (ScratchLease) and keep their size from call to call:
/// allocated and value-initialised anew in every call (a quarter of a megabyte on the wall), they
/// were most of this stage's time on two threads. Every entry that is read is written first.
struct CandidatePlanes {
  std::vector<std::uint32_t> slots;  ///< every body's TetPlanesCache::slot, one after another
  std::vector<Index> used;           ///< per body, its marked tets in tet order, one body after another
  std::vector<TetPlanes> planes;
  std::vector<std::array<TrianglePlane, 4>> faces;
  std::vector<TetPlanesCache> caches;  ///< per body
  void trim() { release_if_large(slots, used, planes, faces, caches); }
};

void candidate_tet_planes(const std::vector<BodyPair>& body_pairs, const std::vector<PairWork>& work,
                          const std::vector<MethodBody>& views, bool face_planes, CandidatePlanes& out) {
  const std::size_t body_count = views.size();
  // The pairs of each body (CSR: pairs_of[pairs_from[b] .. pairs_from[b + 1]]).
  std::vector<std::size_t> pairs_from(body_count + 1, 0);
  for (const BodyPair& pair : body_pairs) {
    ++pairs_from[static_cast<std::size_t>(pair.a) + 1];
    if (pair.b != pair.a) ++pairs_from[static_cast<std::size_t>(pair.b) + 1];
  }
  for (std::size_t b = 0; b < body_count; ++b) pairs_from[b + 1] += pairs_from[b];
  std::vector<std::size_t> pairs_of(pairs_from.back());
  {
    std::vector<std::size_t> next(pairs_from.begin(), pairs_from.end() - 1);
    for (std::size_t p = 0; p < body_pairs.size(); ++p) {
      pairs_of[next[static_cast<std::size_t>(body_pairs[p].a)]++] = p;
      if (body_pairs[p].b != body_pairs[p].a) pairs_of[next[static_cast<std::size_t>(body_pairs[p].b)]++] = p;
    }
  }
  // Slots of every body with a pair, one after another; each body's used tets at the same offset.
  std::vector<std::size_t> tets_from(body_count + 1, 0);
  for (std::size_t b = 0; b < body_count; ++b) {
    const bool in_a_pair = pairs_from[b + 1] > pairs_from[b];
    tets_from[b + 1] = tets_from[b] + (in_a_pair ? views[b].shape->tets.tets.size() : 0);
  }
  out.slots.assign(tets_from.back(), TetPlanesCache::kAbsent);
  out.used.resize(tets_from.back());
  std::vector<std::size_t> used_count(body_count, 0);
  constexpr std::uint32_t kUsed = TetPlanesCache::kAbsent - 1;  // marked, slot not yet assigned
  // The bodies in parallel from a few hundred tets on (the pillar's 108 took longer so).
  const bool parallel = tets_from.back() >= 256;
  for_each_index(body_count, parallel, [&](std::size_t b) {
    const auto body = static_cast<Index>(b);
    const std::span<std::uint32_t> slot(out.slots.data() + tets_from[b], tets_from[b + 1] - tets_from[b]);
    for (std::size_t k = pairs_from[b]; k < pairs_from[b + 1]; ++k) {
      const std::size_t p = pairs_of[k];
      const bool as_a = body_pairs[p].a == body, as_b = body_pairs[p].b == body;
      for (const ElementPair& tets : work[p].tet_pairs) {
        if (as_a) slot[static_cast<std::size_t>(tets.a)] = kUsed;
        if (as_b) slot[static_cast<std::size_t>(tets.b)] = kUsed;
      }
    }
    std::size_t count = 0;
    for (std::size_t t = 0; t < slot.size(); ++t) {
      if (slot[t] == kUsed)
        slot[t] = static_cast<std::uint32_t>(count), out.used[tets_from[b] + count++] = static_cast<Index>(t);
    }
    used_count[b] = count;
  });
  std::vector<std::size_t> planes_from(body_count + 1, 0);
  for (std::size_t b = 0; b < body_count; ++b) planes_from[b + 1] = planes_from[b] + used_count[b];
  // (resize: no new value where the arrays were as long already; each used entry is written below.)
  out.planes.resize(planes_from.back());
  if (face_planes) out.faces.resize(planes_from.back());
  for_each_index(body_count, parallel, [&](std::size_t b) {
    constexpr std::size_t kGrain = 256;  // a nested loop for fewer tets cost more than it saved
    for_each_index(
        used_count[b], used_count[b] > kGrain,
        [&](std::size_t k) {
          const std::array<Vec3, 4> corners = views[b].tet(out.used[tets_from[b] + k]);
          out.planes[planes_from[b] + k] = tet_planes(corners);
          if (face_planes) out.faces[planes_from[b] + k] = tet_face_planes(corners);
        },
        kGrain);
  });
  out.caches.assign(body_count, TetPlanesCache{});
  for (std::size_t b = 0; b < body_count; ++b) {
    if (used_count[b] == 0) continue;
    TetPlanesCache& cache = out.caches[b];
    cache.slot = std::span<const std::uint32_t>(out.slots.data() + tets_from[b], tets_from[b + 1] - tets_from[b]);
    cache.planes = std::span<const TetPlanes>(out.planes.data() + planes_from[b], used_count[b]);
    if (face_planes)
      cache.faces = std::span<const std::array<TrianglePlane, 4>>(out.faces.data() + planes_from[b], used_count[b]);
  }
}

/// f(i) for every body i, in parallel only when the bodies have many vertices between them
/// (`vertices`: the total): posing and boxing a wall's 81 bricks (about a thousand vertices) took
/// longer on two threads than on one — waking the worker, and freeing memory it allocated.
template <class F>
void for_each_body(std::size_t count, std::size_t vertices, F&& f) {
  constexpr std::size_t kParallelVertices = 16384;
  for_each_index(count, vertices >= kParallelVertices, f);
}

/// Stage 2's first half: per body, the box of its world vertices (for bodies checked already).
std::vector<Aabb> body_boxes(const std::vector<ContactBody>& bodies) {
  std::vector<Aabb> boxes(bodies.size());
  std::size_t vertices = 0;
  for (const ContactBody& body : bodies) vertices += body.world_vertices.size();
  for_each_body(bodies.size(), vertices,
                [&](std::size_t i) { boxes[i] = box_if_finite(bodies[i].world_vertices).first; });
  return boxes;
}

/// A scene whose centre lies farther from the world origin than this many times its size is
/// worked on from its centre (far_scene_origin).
constexpr double kFarScene = 8.0;

/// Where the driver works from: the world origin, or for a scene far from it (kFarScene) the centre
/// of its bodies' box. Every kernel computes with world coordinates, and some of their steps
/// (plane offsets, midpoints, the merge's comparisons of positions and normals computed from
/// different tets) round relative to the coordinates' magnitude, not to the scene's size: the
/// refined suite scenes moved 10³ of their sizes away gave 1–2 more contacts for Intersection and
/// Closest points (docs/methods.md "Frame independence"); worked on from their centre, the same as
/// unmoved. A scene near the origin is worked on as given (bit for bit the results of before).
std::optional<Vec3> far_scene_origin(const std::vector<Aabb>& boxes) {
  Aabb scene;
  for (const Aabb& box : boxes) {
    if (!box.empty()) scene.extend(box);
  }
  if (scene.empty()) return std::nullopt;
  const Vec3 centre = scene.center();
  if (!(centre.norm() > kFarScene * (scene.max - scene.min).norm())) return std::nullopt;
  return centre;
}

/// The bodies moved by −origin: a rigid body posed again under its pose moved so (world vertices
/// exactly rigid_pose->apply of the rest ones, as the broad phase assumes), a deformed body's
/// vertices moved one by one.
PosedBodies moved_to(const PosedBodies& input, const Vec3& origin) {
  PosedBodies out;
  out.bodies.resize(input.bodies.size());
  std::size_t vertices = 0;
  for (const ContactBody& body : input.bodies) vertices += body.world_vertices.size();
  for_each_body(input.bodies.size(), vertices, [&](std::size_t i) {
    const ContactBody& body = input.bodies[i];
    ContactBody& moved = out.bodies[i];
    moved.shape = body.shape;
    moved.fixed = body.fixed;
    moved.linear_velocity = body.linear_velocity;
    moved.angular_velocity = body.angular_velocity;
    moved.world_vertices.reserve(body.world_vertices.size());
    if (body.rigid_pose) {
      Transform pose = *body.rigid_pose;
      pose.translation -= origin;
      moved.rigid_pose = pose;
      for (const Vec3& v : body.shape->tets.vertices) moved.world_vertices.push_back(pose.apply(v));
    } else {
      for (const Vec3& v : body.world_vertices) moved.world_vertices.push_back(v - origin);
    }
  });
  return out;
}

}  // namespace

PosedBodies posed_bodies(const Scene& scene) {
  PosedBodies out;
  out.bodies.resize(scene.bodies.size());
  std::size_t vertices = 0;
  for (const Body& body : scene.bodies) vertices += body.shape->tets.vertices.size();
  for_each_body(scene.bodies.size(), vertices, [&](std::size_t i) {
    const Body& body = scene.bodies[i];
    ContactBody& posed = out.bodies[i];
    const Transform pose = body.pose();
    posed.shape = body.shape;
    posed.rigid_pose = pose;
    posed.fixed = body.fixed;
    posed.linear_velocity = body.linear_velocity;
    posed.angular_velocity = body.angular_velocity;
    posed.world_vertices.reserve(body.shape->tets.vertices.size());
    for (const Vec3& v : body.shape->tets.vertices) posed.world_vertices.push_back(pose.apply(v));
  });
  return out;
}

namespace {
ContactSet generate_posed(const PosedBodies& input, const ContactMethod& method, const GenerateOptions& options,
                          GenerateStatistics* statistics);
}  // namespace

ContactSet generate_contacts(const Scene& scene, const ContactMethod& method, const GenerateOptions& options,
                             GenerateStatistics* statistics) {
  const auto start = std::chrono::steady_clock::now();
  start_waking_workers(options.threads);
  StageClock clock(options.time_stages && statistics != nullptr);
  PosedBodies bodies;
  run_with_threads(options.threads, [&] { bodies = posed_bodies(scene); });
  const double posing = clock.lap();
  ContactSet set = generate_posed(bodies, method, options, statistics);
  if (statistics) {
    statistics->stages.posing = posing;
    statistics->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  return set;
}

namespace {

/// Stages 1–6 on bodies already checked, with their boxes (body_boxes).
ContactSet generate_checked(const PosedBodies& input, std::vector<Aabb> boxes, const ContactMethod& method,
                            const GenerateOptions& options, GenerateStatistics* statistics) {
  const MethodSettings& settings = options.settings;
  const std::vector<ContactBody>& bodies = input.bodies;
  const std::size_t body_count = bodies.size();

  std::vector<std::unique_ptr<ShapeData>> owned_shapes;
  std::unordered_map<const Shape*, const ShapeData*> shapes;
  // Deformed bodies only: over the surface tets, by the boxes of their boundary faces for a
  // surface_candidates method (SurfaceFaceTree::tets).
  std::vector<std::optional<Bvh>> world_bvhs(body_count);
  const bool surface_candidates = method.surface_candidates();
  std::vector<BodyPair> body_pairs;
  std::vector<PairWork> work;
  const ScratchLease<CandidatePlanes> candidate_planes;
  std::size_t shapes_built = 0;
  const bool timed = options.time_stages && statistics != nullptr;
  StageClock clock(timed);
  GenerateStageSeconds stages;

  run_with_threads(options.threads, [&] {
    shapes = shape_data(bodies, options.shape_cache, owned_shapes, shapes_built);
    stages.shape_data = clock.lap();

    // Stage 2: world boxes per body (given); a deformed body's BVH over its world vertices (the
    // cached one is over the rest geometry, ShapeCache).
    std::vector<bool> fixed(body_count);
    std::size_t vertices = 0;
    for (const ContactBody& body : bodies) vertices += body.world_vertices.size();
    for_each_body(body_count, vertices, [&](std::size_t i) {
      const ContactBody& body = bodies[i];
      if (!body.rigid_pose) {
        const ShapeData& data = *shapes.at(body.shape.get());
        const MeshElements elements{
            ElementKind::kTetrahedron,
            body.world_vertices,
            surface_candidates ? data.surface_face_tree(*body.shape).tets : body.shape->tets.tets,
            {}};
        world_bvhs[i] = build_bvh(elements, data.features.surface_tets);
      }
    });
    for (std::size_t i = 0; i < body_count; ++i) fixed[i] = bodies[i].fixed;

    // Stage 3. The body-pair margin is the largest any pair can have (each pair's band and candidate
    // margin grow with its smaller body, pair_length_scale): a superset, which stage 4 narrows with
    // the pair's own margin.
    double largest_margin = 0.0;
    for (std::size_t i = 0; i < body_count; ++i) {
      const ShapeFeatures& f = shapes.at(bodies[i].shape.get())->features;
      largest_margin = std::max(largest_margin, pair_margin(method, settings, f, f));
    }
    body_pairs = candidate_body_pairs(boxes, largest_margin, fixed);
    // A number of this call's own (MethodBody::call), never 0.
    static std::atomic<std::uint64_t> calls{0};
    const std::uint64_t call = calls.fetch_add(1, std::memory_order_relaxed) + 1;
    std::vector<MethodBody> views(body_count);
    for (std::size_t i = 0; i < body_count; ++i) {
      const Shape* shape = bodies[i].shape.get();
      views[i] = MethodBody{static_cast<Index>(i), shape, &shapes.at(shape)->features, bodies[i].world_vertices,
                            bodies[i].rigid_pose ? &bodies[i].rigid_pose->rotation : nullptr};
      views[i].call = call;
      views[i].linear_velocity = bodies[i].linear_velocity;
      views[i].angular_velocity = bodies[i].angular_velocity;
      if (bodies[i].rigid_pose) {
        views[i].centre_of_mass = bodies[i].rigid_pose->apply(views[i].features->rest_centre_of_mass);
      } else if (!bodies[i].angular_velocity.isZero(0.0)) {  // only then is the centre needed
        views[i].centre_of_mass = volume_centroid(TetMesh{bodies[i].world_vertices, shape->tets.tets});
      }
    }

    // Stage 4 per body pair: candidate tet pairs by the BVHs, with the pair's own margin.
    const auto find_tet_pairs = [&](std::size_t p, std::vector<ElementPair>& tet_pairs) {
      const BodyPair& pair = body_pairs[p];
      // A rigid body: the rest-frame BVH and mesh under its pose; a deformed one: the world-frame
      // BVH and vertices under the identity, whose corners are the world vertices bit for bit.
      // (surface_candidates: the tets' boxes are those of their boundary faces, SurfaceFaceTree.)
      const auto posed = [&](Index b) {
        const ContactBody& body = bodies[b];
        const ShapeData& data = *shapes.at(body.shape.get());
        const SurfaceFaceTree* faces = surface_candidates ? &data.surface_face_tree(*body.shape) : nullptr;
        const std::span<const Tet> tets = faces ? std::span<const Tet>(faces->tets) : body.shape->tets.tets;
        if (body.rigid_pose) {
          // (world_vertices: posed_bodies' pose.apply of the rest vertices, the broad phase's boxes.)
          return PosedBody{faces ? &faces->bvh : &data.surface_tet_bvh,
                           MeshElements{ElementKind::kTetrahedron, body.shape->tets.vertices, tets, {}},
                           *body.rigid_pose, body.world_vertices};
        }
        return PosedBody{&*world_bvhs[b], MeshElements{ElementKind::kTetrahedron, body.world_vertices, tets, {}},
                         Transform::identity()};
      };
      double margin = pair_margin(method, settings, *views[pair.a].features, *views[pair.b].features);
      PosedBody posed_a = posed(pair.a), posed_b = posed(pair.b);
      // A method that moves the vertices first (ContactMethod::candidate_vertices: Closest points'
      // erosion) is searched by its moved faces' boxes within its own margin: on the overlapping
      // grid pair 5701 tet pairs for Closest points instead of 13123 by its faces within 4ε.
      const ScratchLease<MovedVertices> moved_a, moved_b;
      const auto surface_tets = [&](Index b) { return views[b].features->surface_tets.size(); };
      if (surface_candidates && surface_tets(pair.a) * surface_tets(pair.b) > kMovedSearchFromTetPairs) {
        const MethodSettings pair_settings = settings_of_pair(settings, views[pair.a], views[pair.b]);
        const auto ca = method.candidate_vertices(views[pair.a], pair_settings, moved_a->items);
        const auto cb = method.candidate_vertices(views[pair.b], pair_settings, moved_b->items);
        if (ca && cb) {
          posed_a.world_vertices = moved_a->items;
          posed_a.vertex_displacement = ca->displacement;
          posed_b.world_vertices = moved_b->items;
          posed_b.vertex_displacement = cb->displacement;
          margin = std::max(ca->margin, cb->margin);
        }
      }
      candidate_element_pairs(posed_a, posed_b, margin, tet_pairs);
    };

    // Stages 5–6 per body pair: the kernels (nested), the merge.
    const bool one_thread = tbb::this_task_arena::max_concurrency() == 1;
    const auto run_kernels = [&](std::size_t p, std::span<const ElementPair> tet_pairs) {
      StageClock pair_clock(timed);
      PairWork& w = work[p];
      const BodyPair& pair = body_pairs[p];
      const MethodSettings pair_settings = settings_of_pair(settings, views[pair.a], views[pair.b]);
      // The raw contacts go into the thread's reused sink (RawSink): allocating a sink, and the
      // vector holding it, for each body pair was two of the five allocations per pair of a cached
      // wall query, freed on another thread than the one that made them. A pair of more than
      // kChunk tet pairs runs its chunks in parallel, each into a sink of its own (starting with
      // room for kSinkCapacity contacts: grown from empty one push_back at a time, a wall's sinks
      // were reallocated five or six times per body pair), gathered into that one after. On one
      // thread the chunks would run one after another: the pair runs as one run straight into the
      // sink instead (ContactMethod::generate_run allows any run of the sorted pairs), without the
      // chunks' tasks and the gathering copy of every raw contact, whose cache lines, written into
      // memory that other work has evicted, were a tenth of the write misses of a cached pillar
      // query of Intersection after 32 MB of other work (callgrind).
      const ScratchLease<RawSink> sink;
      std::vector<Contact>& raw = sink->items;
      if (method.per_body_pair()) {
        raw.clear();
        if (!tet_pairs.empty()) method.generate_body_pair(views[pair.a], views[pair.b], tet_pairs, pair_settings, raw);
      } else if (tet_pairs.size() <= kChunk || one_thread) {
        raw.clear();
        method.generate_run(views[pair.a], views[pair.b], tet_pairs, pair_settings, raw);
      } else {
        const std::size_t chunks = (tet_pairs.size() + kChunk - 1) / kChunk;
        const ScratchLease<ChunkSinks> lent;
        std::vector<std::vector<Contact>>& chunk_contacts = lent->sinks;
        if (chunk_contacts.size() < chunks) chunk_contacts.resize(chunks);
        tbb::parallel_for(std::size_t{0}, chunks, [&](std::size_t c) {
          std::vector<Contact>& out = chunk_contacts[c];
          out.clear();
          out.reserve(kSinkCapacity);
          const std::size_t end = std::min(tet_pairs.size(), (c + 1) * kChunk);
          method.generate_run(views[pair.a], views[pair.b], tet_pairs.subspan(c * kChunk, end - c * kChunk),
                              pair_settings, out);
        });
        std::vector<std::size_t>& offsets = lent->offsets;
        offsets.assign(chunks + 1, 0);
        for (std::size_t c = 0; c < chunks; ++c) offsets[c + 1] = offsets[c] + chunk_contacts[c].size();
        // Gathered in chunk order, in parallel for many contacts. The sink is not cleared first:
        // resize then constructs only the contacts beyond its previous size (every one is
        // overwritten), where clearing made it construct them all — as much as the copy.
        raw.resize(offsets[chunks]);
        for_each_index(
            chunks, offsets[chunks] >= kParallelGatherContacts,
            [&](std::size_t c) {
              std::copy(chunk_contacts[c].begin(), chunk_contacts[c].end(),
                        raw.begin() + static_cast<std::ptrdiff_t>(offsets[c]));
            },
            1);
      }
      w.tet_pair_count = tet_pairs.size();
      w.raw_contacts = raw.size();
      w.kernel_seconds = pair_clock.lap();
      const double tolerance = pair_settings.absolute_tolerance();
      w.contacts =
          merge_duplicates(raw, tolerance, body_frame(views[pair.a], tolerance), method.merge_normal_tolerance());
      if (options.sparsify) {
        w.contacts = sparsify_body_pair(w.contacts, views[pair.a].shape->tets, views[pair.b].shape->tets,
                                        *options.sparsify, pair_settings.length_scale, &w.sparsified);
      }
      w.merge_seconds = pair_clock.lap();
    };

    work.resize(body_pairs.size());
    stages.bodies = clock.lap();
    if (method.uses_tet_planes() || method.uses_face_planes()) {
      // The planes of every tet in some candidate pair are computed once per call, between the
      // stages (candidate_tet_planes), so every body pair's tet pairs are kept until then.
      tbb::parallel_for(std::size_t{0}, body_pairs.size(), [&](std::size_t p) {
        StageClock pair_clock(timed);
        find_tet_pairs(p, work[p].tet_pairs);
        work[p].tet_pair_seconds = pair_clock.lap();
      });
      clock.lap();  // (the walks' time is the sum of the pairs')
      candidate_tet_planes(body_pairs, work, views, method.uses_face_planes(), *candidate_planes);
      for (std::size_t b = 0; b < body_count; ++b) {
        if (!candidate_planes->caches[b].planes.empty()) views[b].planes_cache = &candidate_planes->caches[b];
      }
      stages.planes = clock.lap();
      tbb::parallel_for(std::size_t{0}, body_pairs.size(), [&](std::size_t p) {
        run_kernels(p, work[p].tet_pairs);
        work[p].tet_pairs = {};
      });
    } else {
      // Without planes, stages 4–6 of a body pair run in one task, its tet pairs in the thread's
      // reused vector (CandidateScratch): a vector per body pair, made on one thread and freed on
      // another, and a second parallel section over the body pairs cost the wall's cheap methods
      // a tenth of their two-thread time.
      tbb::parallel_for(std::size_t{0}, body_pairs.size(), [&](std::size_t p) {
        StageClock pair_clock(timed);
        const ScratchLease<CandidateScratch> tet_pairs;
        find_tet_pairs(p, tet_pairs->items);
        work[p].tet_pair_seconds = pair_clock.lap();
        run_kernels(p, tet_pairs->items);
      });
    }
  });
  clock.lap();  // (stages 4–6: the pairs' sums)

  ContactSet set;
  set.method = method.name();
  set.parameters = method.parameters(settings);
  if (options.sparsify) {
    set.parameters["sparsify_threshold"] = options.sparsify->threshold;
    set.parameters["sparsify_minarea"] = options.sparsify->minarea;
    if (options.sparsify->mindist) {
      set.parameters["sparsify_mindist"] = *options.sparsify->mindist;
    } else {
      set.parameters["sparsify_relative_mindist"] = options.sparsify->relative_mindist;
    }
  }
  std::size_t total = 0, raw_count = 0, tet_pair_count = 0;
  SparsifyCounts sparsified;
  for (const PairWork& w : work) {
    total += w.contacts.size();
    raw_count += w.raw_contacts;
    tet_pair_count += w.tet_pair_count;
    sparsified.by_area += w.sparsified.by_area;
    sparsified.by_threshold += w.sparsified.by_threshold;
    sparsified.by_distance += w.sparsified.by_distance;
  }
  // A single body pair with contacts (the overlapping grid pair) hands over its vector: copying
  // every contact here was a serial step of each query, into a fresh allocation (volume-sat on the
  // grid pair: 5910 contacts, 0.6 MB; −0.55 % instructions, time within the machine's noise).
  const auto with_contacts =
      std::count_if(work.begin(), work.end(), [](const PairWork& w) { return !w.contacts.empty(); });
  if (with_contacts == 1) {
    set.contacts = std::move(
        std::find_if(work.begin(), work.end(), [](const PairWork& w) { return !w.contacts.empty(); })->contacts);
  } else {
    set.contacts.reserve(total);
    for (const PairWork& w : work) set.contacts.insert(set.contacts.end(), w.contacts.begin(), w.contacts.end());
  }
  for (const PairWork& w : work) {
    stages.tet_pairs += w.tet_pair_seconds;
    stages.kernels += w.kernel_seconds;
    stages.merge += w.merge_seconds;
  }
  std::vector<PairWork>().swap(work);  // (freed here rather than on return: part of the output's time)
  stages.output = clock.lap();
  if (statistics) {
    statistics->body_pairs = body_pairs.size();
    statistics->element_pairs = tet_pair_count;
    statistics->raw_contacts = raw_count;
    statistics->shapes_built = shapes_built;
    statistics->sparsified = sparsified;
    statistics->stages = stages;
  }
  return set;
}

}  // namespace

namespace {

/// generate_contacts of posed bodies, the workers' waking started by the caller.
ContactSet generate_posed(const PosedBodies& input, const ContactMethod& method, const GenerateOptions& options,
                          GenerateStatistics* statistics) {
  const auto start = std::chrono::steady_clock::now();
  StageClock clock(options.time_stages && statistics != nullptr);
  std::vector<Aabb> boxes = checked_body_boxes(input);
  if (options.sparsify) validate(*options.sparsify);
  ContactSet set;
  if (const std::optional<Vec3> origin = far_scene_origin(boxes)) {
    PosedBodies moved;
    run_with_threads(options.threads, [&] {
      moved = moved_to(input, *origin);
      boxes = body_boxes(moved.bodies);
    });
    const double checks = clock.lap();
    set = generate_checked(moved, std::move(boxes), method, options, statistics);
    clock.lap();
    for (Contact& c : set.contacts) c.position += *origin;
    if (statistics) statistics->stages.checks = checks, statistics->stages.output += clock.lap();
  } else {
    const double checks = clock.lap();
    set = generate_checked(input, std::move(boxes), method, options, statistics);
    if (statistics) statistics->stages.checks = checks;
  }
  if (statistics) {
    statistics->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  return set;
}

}  // namespace

ContactSet generate_contacts(const PosedBodies& input, const ContactMethod& method, const GenerateOptions& options,
                             GenerateStatistics* statistics) {
  start_waking_workers(options.threads);
  return generate_posed(input, method, options, statistics);
}

}  // namespace contactlab
