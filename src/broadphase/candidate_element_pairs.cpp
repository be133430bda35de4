#include "contactlab/broadphase/candidate_element_pairs.h"

#include <tbb/parallel_for.h>
#include <tbb/parallel_invoke.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <string>
#include <utility>

#include "check_inputs.h"
#include "contactlab/core/scratch_lease.h"

namespace contactlab {
namespace {

constexpr const char* kElementPairsSource = "candidate_element_pairs";

using NodePair = std::pair<Index, Index>;

/// The walk splits into about this many independent node pairs before it goes parallel: enough
/// to balance a few threads over subtrees of uneven cost, few enough to cost nothing serially.
constexpr std::size_t kParallelNodePairs = 64;

/// Trees with fewer nodes than this together have their world boxes built on one thread.
constexpr std::size_t kParallelBoxNodes = 1024;

/// Trees whose element counts multiply to at most this are searched pair by pair instead of
/// walked (all_overlapping_pairs). The walk costs about twenty thousand instructions per body pair
/// whatever the trees' size — both trees' world boxes, the node pairs, the sort — which was a
/// sixth of a cheap method's query on the pillar (13-tet blocks: 169 box tests instead).
constexpr std::size_t kAllPairsAtMost = 1024;

// World-space boxes of one posed tree for the walk, computed up front so that the walk only reads
// them and can run on several threads: node boxes, and the candidate boxes of the elements by
// position in Bvh::elements. Only the part of the tree that can reach the other body is computed:
// a node is *expanded* (its children's boxes, or a leaf's element boxes, computed) only when its
// own box overlaps the other tree's root box. That drops no candidate pair: a node's box contains
// the candidate boxes of every element below it (conservative_world_box), and so does the other
// root's of the other body's elements, so an element pair whose boxes overlap has every ancestor
// on both sides overlapping the other root. The walk stops at unexpanded nodes. On a wall, where a
// brick touches each neighbour along one face, most of each tree is never computed.
// The boxes of the expanded nodes are then tightened bottom-up: a leaf's to the union of its
// elements' candidate boxes, an inner node's to the union of its expanded children's (a child not
// expanded is left empty: none of its elements pairs with anything). A rotated body's
// conservative box of a rest-frame box is up to √3 times wider per axis than what it holds (the
// overlapping grid pair's B, turned 30°, reached about twice the node pairs it needed); the union
// holds the same element boxes, so the walk still misses no pair and finds the same ones.
class WorldBoxes {
 public:
  /// What the walk reads of a node, in one 64-byte record: its world box (empty when the node is
  /// not expanded, so that no pair with it is entered), the BvhNode's `first` and `count`, and the
  /// squared diagonal of its body-frame box (which node to descend). Read from three arrays before
  /// (the tree's nodes, the world boxes, the expanded marks): the overlapping grid pair's walk took
  /// 146 µs at two threads, 108 µs now (broadphase_bench's 12k pair: 7.29 → 6.42 ms).
  struct Node {
    Aabb box;
    Index first = 0;
    Index count = 0;
    double size = 0.0;
    bool is_leaf() const { return count > 0; }
  };
  /// The vectors of one WorldBoxes, lent by the thread (ScratchLease): a cached wall query builds
  /// two WorldBoxes for each of its 213 body pairs, and allocating their five vectors anew each
  /// time was a twentieth of a cheap method's query.
  struct Storage {
    std::vector<Node> nodes;
    std::vector<Aabb> element_boxes;  // by position in Bvh::elements
    std::vector<Index> stack, order;
    void trim() { release_if_large(nodes, element_boxes, stack, order); }
  };

  WorldBoxes(const PosedBody& body, double margin, const Aabb& other_root, Storage& storage)
      : bvh_(*body.bvh), nodes_(storage.nodes), element_boxes_(storage.element_boxes) {
    // Nodes are read only where set (the root, children of expanded nodes, elements of expanded
    // leaves): a reused vector's old values need no clearing.
    nodes_.resize(bvh_.nodes.size());
    element_boxes_.resize(bvh_.elements.size());
    set_node(body, 0, margin);
    std::vector<Index>& stack = storage.stack;
    std::vector<Index>& order = storage.order;  // expanded nodes, each after its parent
    stack.assign(1, 0);
    order.clear();
    while (!stack.empty()) {
      const Index n = stack.back();
      stack.pop_back();
      if (!nodes_[n].box.overlaps(other_root)) {
        nodes_[n].box = Aabb{};  // not expanded: empty, so that the walk enters no pair with it
        continue;
      }
      order.push_back(n);
      const BvhNode& node = bvh_.nodes[n];
      if (node.is_leaf()) {
        for (Index i = node.first; i < node.first + node.count; ++i) {
          element_boxes_[i] = world_box(body, bvh_.elements[i], margin);
        }
        continue;
      }
      for (const Index child : {node.first, node.first + 1}) {
        set_node(body, child, margin);
        stack.push_back(child);
      }
    }
    // Children before parents: an expanded child's box is already the tight one, one not expanded
    // is empty (its elements pair with nothing: they lie outside the other root's box).
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
      const BvhNode& node = bvh_.nodes[*it];
      Aabb tight;
      if (node.is_leaf()) {
        for (Index i = node.first; i < node.first + node.count; ++i) tight.extend(element_boxes_[i]);
      } else {
        tight.extend(nodes_[node.first].box);
        tight.extend(nodes_[node.first + 1].box);
      }
      nodes_[*it].box = tight;
    }
  }

  /// element_world_box, from the body's world vertices when it has them (PosedBody): a third of
  /// the broad phase's instructions on the overlapping grid pair went into transforming corners.
  /// (Kept inline in both callers: a call per element cost the walk's boxes 1 % on that pair.)
  [[gnu::always_inline]] static Aabb world_box(const PosedBody& body, Index element, double margin) {
    if (body.world_vertices.empty()) return element_world_box(body.elements, element, body.pose, margin);
    Aabb box;
    const int corners = body.elements.corner_count();
    for (int c = 0; c < corners; ++c) box.extend(body.world_vertices[body.elements.corner_index(element, c)]);
    return box.inflated(0.5 * margin);
  }

  /// Conservative world box of node `n` grown by margin/2 and the vertices' displacement: contains
  /// the candidate box of every element below (rounding towards the same side is monotone, so the
  /// inflation keeps that; a displaced vertex lies within vertex_displacement of its posed place).
  static Aabb world_node_box(const PosedBody& body, Index n, double margin) {
    return conservative_world_box(body.bvh->nodes[n].box, body.pose).inflated(0.5 * margin + body.vertex_displacement);
  }

  /// Node `n`: set for the root and for the children of expanded nodes — every node the walk
  /// reaches; its box is empty unless it is expanded (it overlaps the other tree's root box, and its
  /// children's or elements' boxes are set).
  const Node& node(Index n) const { return nodes_[n]; }

  // Candidate boxes of the elements of expanded leaf `n`, in Bvh::elements order.
  const Aabb* leaf_element_boxes(const Node& leaf) const { return element_boxes_.data() + leaf.first; }

 private:
  void set_node(const PosedBody& body, Index n, double margin) {
    const BvhNode& source = bvh_.nodes[n];
    Node& node = nodes_[n];
    node.box = world_node_box(body, n, margin);
    node.first = source.first;
    node.count = source.count;
    node.size = source.box.extents().squaredNorm();
  }

  const Bvh& bvh_;
  std::vector<Node>& nodes_;
  std::vector<Aabb>& element_boxes_;  // by position in Bvh::elements
};

/// Aabb::overlaps without branches (the same six comparisons, all evaluated): in the walk, which
/// way an overlap test goes is hard to predict, and a wrong guess costs more than the test.
inline bool boxes_overlap(const Aabb& x, const Aabb& y) {
  return (x.min.x() <= y.max.x()) & (x.min.y() <= y.max.y()) & (x.min.z() <= y.max.z()) & (y.min.x() <= x.max.x()) &
         (y.min.y() <= x.max.y()) & (y.min.z() <= x.max.z());
}

void check_body(const PosedBody& body, const char* which) {
  if (body.bvh == nullptr)
    broadphase_detail::throw_input_error(kElementPairsSource, std::string("body ") + which + ": no BVH");
  if (body.bvh->source_element_count != body.elements.element_count()) {
    broadphase_detail::throw_input_error(kElementPairsSource, std::string("body ") + which + ": BVH built for " +
                                                                  std::to_string(body.bvh->source_element_count) +
                                                                  " elements, mesh has " +
                                                                  std::to_string(body.elements.element_count()));
  }
  if (!body.world_vertices.empty() && body.world_vertices.size() != body.elements.vertices.size()) {
    broadphase_detail::throw_input_error(kElementPairsSource, std::string("body ") + which + ": " +
                                                                  std::to_string(body.world_vertices.size()) +
                                                                  " world vertices, expected none or the mesh's " +
                                                                  std::to_string(body.elements.vertices.size()));
  }
  if (!(body.vertex_displacement >= 0.0 && std::isfinite(body.vertex_displacement))) {
    broadphase_detail::throw_input_error(kElementPairsSource, std::string("body ") + which + ": vertex_displacement " +
                                                                  std::to_string(body.vertex_displacement) +
                                                                  ", expected a finite value >= 0");
  }
  if (body.vertex_displacement > 0.0 && body.world_vertices.empty()) {
    broadphase_detail::throw_input_error(
        kElementPairsSource,
        std::string("body ") + which + ": vertex_displacement without world_vertices (the displaced positions)");
  }
  broadphase_detail::check_pose(body.pose, kElementPairsSource);
}

// Sorts by (a, b): a counting sort on b, then a stable one on a (least significant key first),
// O(pairs + element counts) with no comparisons. Several times faster than std::sort on the
// hundreds of thousands of pairs of two overlapping 10^4-tet bodies, and than sorting each run of
// equal a by b after one counting sort on a (a std::sort call per run: a fifth of the walk's time
// on the overlapping grid pair).
void counting_sort(std::vector<ElementPair>& pairs, std::vector<ElementPair>& out, Index key_count,
                   Index ElementPair::*key, std::vector<Index>& next) {
  next.assign(static_cast<std::size_t>(key_count) + 1, 0);
  for (const ElementPair& p : pairs) ++next[static_cast<std::size_t>(p.*key) + 1];
  for (std::size_t i = 1; i < next.size(); ++i) next[i] += next[i - 1];
  out.resize(pairs.size());
  for (const ElementPair& p : pairs) out[static_cast<std::size_t>(next[static_cast<std::size_t>(p.*key)]++)] = p;
}

/// The walk's working vectors, lent by the thread (ScratchLease) like WorldBoxes' storage: the pairs
/// as found, the walk's frontiers, and the sort's buffers. Only the sorted result is allocated per
/// call, once, at its size.
struct WalkStorage {
  std::vector<ElementPair> found, by_b;
  std::vector<NodePair> frontier, next;
  std::vector<Index> counts;
  /// The pairs found below each frontier node pair (its own list: the subtrees run in parallel).
  std::vector<std::vector<ElementPair>> found_below;
  void trim() {
    release_if_large(found, by_b, frontier, next, counts);
    for (std::vector<ElementPair>& list : found_below) release_if_large(list);
  }
};

/// The depth-first stack of one subtree's walk, lent by the thread: a subtree's stack (and the
/// lists above) allocated anew took a tenth of the overlapping grid pair's walk.
struct WalkStack {
  std::vector<NodePair> items;
  void trim() { release_if_large(items); }
};

/// `found` sorted by (a, b), into `pairs`.
void sorted_pairs(WalkStorage& storage, Index element_count_a, Index element_count_b, std::vector<ElementPair>& pairs) {
  std::vector<ElementPair>& found = storage.found;
  std::vector<ElementPair>& by_b = storage.by_b;
  // A count per element of B: for a large body that few pairs reach (a ground under one brick),
  // the runs of equal a are sorted by b instead.
  if (static_cast<std::size_t>(element_count_b) <= 8 * found.size() + 4096) {
    counting_sort(found, by_b, element_count_b, &ElementPair::b, storage.counts);
    counting_sort(by_b, pairs, element_count_a, &ElementPair::a, storage.counts);
    return;
  }
  counting_sort(found, pairs, element_count_a, &ElementPair::a, storage.counts);
  for (auto run = pairs.begin(); run != pairs.end();) {
    const auto end = std::find_if(run, pairs.end(), [&](const ElementPair& p) { return p.a != run->a; });
    std::sort(run, end);
    run = end;
  }
}

/// The working vectors of all_overlapping_pairs, lent by the thread (ScratchLease).
struct AllPairsStorage {
  std::vector<Index> elements_a, elements_b;
  std::vector<Aabb> boxes_a, boxes_b;
  std::vector<ElementPair> hits;
  void trim() { release_if_large(elements_a, elements_b, boxes_a, boxes_b, hits); }
};

/// Every pair of an element of a's tree and one of b's whose candidate boxes (WorldBoxes::world_box)
/// overlap, each pair tested, in (a, b) order: the pairs the walk finds — it finds every
/// overlapping pair (its node boxes contain the element boxes below them) and only those — from
/// the same boxes and the same test, with neither the trees' node boxes nor a sort of the pairs (the
/// few elements are sorted instead). For small trees (kAllPairsAtMost). Into `out`.
void all_overlapping_pairs(const PosedBody& a, const PosedBody& b, double margin, AllPairsStorage& storage,
                           std::vector<ElementPair>& out) {
  const auto boxes_of = [margin](const PosedBody& body, std::vector<Index>& elements, std::vector<Aabb>& boxes) {
    elements.assign(body.bvh->elements.begin(), body.bvh->elements.end());
    std::sort(elements.begin(), elements.end());  // the output's order
    boxes.resize(elements.size());
    for (std::size_t i = 0; i < elements.size(); ++i) boxes[i] = WorldBoxes::world_box(body, elements[i], margin);
  };
  boxes_of(a, storage.elements_a, storage.boxes_a);
  boxes_of(b, storage.elements_b, storage.boxes_b);
  const std::size_t na = storage.elements_a.size(), nb = storage.elements_b.size();
  // Every pair written, the count advanced by the test (no branch per pair, as the walk's leaves).
  std::vector<ElementPair>& hits = storage.hits;
  hits.resize(na * nb);
  std::size_t count = 0;
  for (std::size_t i = 0; i < na; ++i) {
    for (std::size_t j = 0; j < nb; ++j) {
      hits[count] = {storage.elements_a[i], storage.elements_b[j]};
      count += boxes_overlap(storage.boxes_a[i], storage.boxes_b[j]) ? 1 : 0;
    }
  }
  out.assign(hits.begin(), hits.begin() + static_cast<std::ptrdiff_t>(count));
}

}  // namespace

std::vector<ElementPair> candidate_element_pairs(const PosedBody& a, const PosedBody& b, double margin) {
  std::vector<ElementPair> pairs;
  candidate_element_pairs(a, b, margin, pairs);
  return pairs;
}

void candidate_element_pairs(const PosedBody& a, const PosedBody& b, double margin, std::vector<ElementPair>& out) {
  broadphase_detail::check_margin(margin, kElementPairsSource);
  check_body(a, "A");
  check_body(b, "B");
  out.clear();
  if (a.bvh->empty() || b.bvh->empty()) return;
  if (a.bvh->elements.size() * b.bvh->elements.size() <= kAllPairsAtMost) {
    const ScratchLease<AllPairsStorage> storage;
    all_overlapping_pairs(a, b, margin, *storage, out);
    return;
  }

  // The two trees' boxes are independent: built at once where they are large enough for that to
  // pay (handing one to another thread costs about a microsecond, as much as a small tree's boxes:
  // on the wall's 213 body pairs of 6-tet bricks it was a tenth of a cached query).
  const ScratchLease<WorldBoxes::Storage> storage_a, storage_b;
  const ScratchLease<WalkStorage> walk;
  std::optional<WorldBoxes> boxes_a, boxes_b;
  const auto build_a = [&] { boxes_a.emplace(a, margin, WorldBoxes::world_node_box(b, 0, margin), *storage_a); };
  const auto build_b = [&] { boxes_b.emplace(b, margin, WorldBoxes::world_node_box(a, 0, margin), *storage_b); };
  if (a.bvh->nodes.size() + b.bvh->nodes.size() >= kParallelBoxNodes) {
    tbb::parallel_invoke(build_a, build_b);
  } else {
    build_a();
    build_b();
  }
  const WorldBoxes& wa = *boxes_a;
  const WorldBoxes& wb = *boxes_b;
  // A node pair the walk enters: boxes overlapping, and each node's box overlapping the other
  // tree's root box — below a node outside it, no element pairs with anything (WorldBoxes: its
  // box is then empty). The test is made before a pair is pushed, not after it is popped: most
  // pairs tested are dropped, and a dropped pair then costs no push and pop.
  const auto enters = [&](Index na, Index nb) { return boxes_overlap(wa.node(na).box, wb.node(nb).box); };
  // One step of the tandem walk (simultaneous descent of both trees) on a node pair it enters:
  // leaf pairs append their overlapping element pairs to `out`, other pairs hand those of their
  // two child pairs it enters to `push`. Each (node of A, node of B) pair is reached at most
  // once, so every leaf pair — hence every element pair — is tested at most once.
  const auto step = [&](NodePair node_pair, std::vector<ElementPair>& out, auto&& push) {
    const auto [na, nb] = node_pair;
    const WorldBoxes::Node& node_a = wa.node(na);
    const WorldBoxes::Node& node_b = wb.node(nb);
    if (node_a.is_leaf() && node_b.is_leaf()) {
      const Aabb* boxes_a = wa.leaf_element_boxes(node_a);
      const Aabb* boxes_b = wb.leaf_element_boxes(node_b);
      const Index* elements_a = a.bvh->elements.data() + node_a.first;
      const Index* elements_b = b.bvh->elements.data() + node_b.first;
      // Every pair written, the count advanced by the test: no branch per element pair.
      constexpr std::size_t kMost = static_cast<std::size_t>(kBvhMaxLeafSize * kBvhMaxLeafSize);
      if (static_cast<std::size_t>(node_a.count) * static_cast<std::size_t>(node_b.count) <= kMost) {
        std::array<ElementPair, kMost> hits;
        std::size_t count = 0;
        for (Index i = 0; i < node_a.count; ++i) {
          for (Index j = 0; j < node_b.count; ++j) {
            hits[count] = {elements_a[i], elements_b[j]};
            count += boxes_overlap(boxes_a[i], boxes_b[j]) ? 1 : 0;
          }
        }
        out.insert(out.end(), hits.begin(), hits.begin() + static_cast<std::ptrdiff_t>(count));
        return;
      }
      for (Index i = 0; i < node_a.count; ++i) {  // larger leaves than build_bvh makes
        for (Index j = 0; j < node_b.count; ++j) {
          if (boxes_overlap(boxes_a[i], boxes_b[j])) out.push_back({elements_a[i], elements_b[j]});
        }
      }
      return;
    }
    // Descend the larger node (body-frame diagonal, which rotation does not change); a leaf is
    // never descended.
    const bool descend_a = !node_a.is_leaf() && (node_b.is_leaf() || node_a.size >= node_b.size);
    if (descend_a) {
      if (enters(node_a.first + 1, nb)) push(NodePair{node_a.first + 1, nb});
      if (enters(node_a.first, nb)) push(NodePair{node_a.first, nb});
    } else {
      if (enters(na, node_b.first + 1)) push(NodePair{na, node_b.first + 1});
      if (enters(na, node_b.first)) push(NodePair{na, node_b.first});
    }
  };

  // Breadth-first from the roots until there are enough independent node pairs to share among the
  // threads, then depth-first below each of them in parallel, each into its own list. The lists
  // are sorted together at the end, so the result does not depend on the split or the schedule.
  std::vector<NodePair>& frontier = walk->frontier;
  std::vector<NodePair>& next = walk->next;
  std::vector<ElementPair>& pairs = walk->found;
  frontier.clear();
  pairs.clear();
  if (enters(0, 0)) frontier.push_back({0, 0});
  while (!frontier.empty() && frontier.size() < kParallelNodePairs) {
    next.clear();
    for (const NodePair& node_pair : frontier) {
      step(node_pair, pairs, [&](NodePair child) { next.push_back(child); });
    }
    frontier.swap(next);
  }
  // Depth-first below `from`, into `found`.
  const auto walk_below = [&](NodePair from, std::vector<ElementPair>& found) {
    const ScratchLease<WalkStack> lent;
    std::vector<NodePair>& stack = lent->items;
    stack.assign(1, from);
    while (!stack.empty()) {
      const NodePair node_pair = stack.back();
      stack.pop_back();
      step(node_pair, found, [&](NodePair child) { stack.push_back(child); });
    }
  };
  if (tbb::this_task_arena::max_concurrency() == 1) {
    // One thread: the subtrees in frontier order straight into `pairs`, which is what the parallel
    // branch's lists concatenate to, without its tasks.
    for (const NodePair& node_pair : frontier) walk_below(node_pair, pairs);
  } else if (!frontier.empty()) {
    std::vector<std::vector<ElementPair>>& found = walk->found_below;
    if (found.size() < frontier.size()) found.resize(frontier.size());
    tbb::parallel_for(std::size_t{0}, frontier.size(), [&](std::size_t i) {
      found[i].clear();
      walk_below(frontier[i], found[i]);
    });
    for (std::size_t i = 0; i < frontier.size(); ++i) pairs.insert(pairs.end(), found[i].begin(), found[i].end());
  }
  sorted_pairs(*walk, a.elements.element_count(), b.elements.element_count(), out);
}

}  // namespace contactlab
