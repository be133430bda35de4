// Candidate element pairs between two posed bodies: the BVH tandem walk of the broad phase
// (docs/design.md "Data flow": body AABBs → per-body BVH tandem walk → element pairs).
//
// Definition. The pair (i, j), i an element of body A and j an element of body B, is a candidate
// iff element_world_box(A, i, pose_a, margin) overlaps element_world_box(B, j, pose_b, margin)
// (mesh_elements.h: the world box of the transformed corners grown by margin/2 per side; closed
// intervals, so boxes that only touch count). Only elements held by the two trees take part.
//
// The walk prunes with node boxes mapped by conservative_world_box (bvh.h), which provably contain
// the element boxes below them despite rounding, and tests leaves with the element boxes
// themselves, so the result EQUALS brute_force_element_pairs (brute_force.h) exactly. Two small
// trees (element counts multiplying to about a thousand at most) are not walked: every element
// pair's boxes are tested, with the same boxes and test, which costs less than building the walk.
//
// Threads: the world boxes are computed and the walk's subtrees searched in parallel with oneTBB,
// in the caller's task arena (one thread inside tbb::task_arena(1)); the result is the same.
//
// Units: margin is a length (≥ 0), same units as the vertices.
#pragma once

#include <compare>
#include <span>
#include <vector>

#include "contactlab/broadphase/bvh.h"
#include "contactlab/broadphase/mesh_elements.h"
#include "contactlab/core/transform.h"
#include "contactlab/core/types.h"

namespace contactlab {

/// A candidate pair: element `a` of body A, element `b` of body B (indices into their meshes).
struct ElementPair {
  Index a = kInvalidIndex;
  Index b = kInvalidIndex;
  friend auto operator<=>(const ElementPair&, const ElementPair&) = default;
};

/// One posed body as the element-pair search sees it. A view: the tree and the mesh must outlive
/// it.
struct PosedBody {
  const Bvh* bvh = nullptr;  ///< built over `elements` (body frame)
  MeshElements elements;     ///< body-frame vertices and connectivity
  Transform pose;            ///< body → world
  /// Optional: pose.apply of every vertex of `elements`, computed already (the contact driver
  /// has them). The element boxes are then taken from these instead of transforming the corners
  /// again — the same boxes bit for bit when they are what the name says.
  std::span<const Vec3> world_vertices = {};
  /// How far, per axis, `world_vertices` may lie from pose.apply of the vertices (≥ 0, finite): 0
  /// when they are what the name says. A caller whose elements are the body's moved (a contact
  /// method that works on the body eroded, ContactMethod::candidate_vertices) hands in the moved
  /// positions and the most any moved: the element boxes are then theirs, and every node box of
  /// the tree, a box of the unmoved elements, is grown by this much more, so that it still holds
  /// the boxes below it and the walk misses no pair.
  double vertex_displacement = 0.0;
};

/// All candidate pairs (see the file comment), sorted by (a, b), no duplicates. Empty if either
/// tree is empty.
/// Throws InputError if margin is negative or not finite, a pose has a non-finite entry, or a
/// tree was built for a mesh with a different element count (or bvh is null).
std::vector<ElementPair> candidate_element_pairs(const PosedBody& a, const PosedBody& b, double margin);

/// The same pairs written into `out` (its old contents replaced, its storage reused): for a caller
/// that queries body pair after body pair and would otherwise allocate a vector for each.
void candidate_element_pairs(const PosedBody& a, const PosedBody& b, double margin, std::vector<ElementPair>& out);

}  // namespace contactlab
