// Bounding volume hierarchy of axis-aligned boxes over the elements (tets or triangles) of one
// body, built once in the BODY frame and queried under any pose (candidate_element_pairs.h).
//
// Build: top-down median split. A node's elements are split at the median of their box centres
// along the longest axis of the centres' bounding box, ties broken by element index, so the tree
// is a pure function of the input (deterministic, balanced: depth ≤ ⌈log2(n / kBvhMaxLeafSize)⌉+1).
// Nodes with at most kBvhMaxLeafSize elements become leaves, so leaves hold 1..4 elements (2..4
// unless the whole tree has fewer than 2).
//
// Layout: a flat node array in depth-first order, root at index 0. An internal node's two
// children are adjacent (first, first + 1); a leaf's elements are elements[first, first + count).
#pragma once

#include <span>
#include <vector>

#include "contactlab/broadphase/mesh_elements.h"
#include "contactlab/core/aabb.h"
#include "contactlab/core/transform.h"
#include "contactlab/core/types.h"

namespace contactlab {

/// Largest number of elements in a leaf. Small, because a leaf pair costs count_a × count_b exact
/// element-box tests while an internal node pair costs one box test.
inline constexpr Index kBvhMaxLeafSize = 4;

struct BvhNode {
  Aabb box;         ///< body frame; encloses the body-frame boxes of all elements below
  Index first = 0;  ///< leaf: offset into Bvh::elements; internal: index of the left child
  Index count = 0;  ///< leaf: number of elements (≥ 1); internal: 0
  bool is_leaf() const { return count > 0; }
};

struct Bvh {
  std::vector<BvhNode> nodes;      ///< empty when the tree holds no element; else nodes[0] is the root
  std::vector<Index> elements;     ///< element indices (into the source mesh) in leaf order
  Index source_element_count = 0;  ///< element count of the mesh the tree was built for

  bool empty() const { return nodes.empty(); }
  /// Body-frame box of everything in the tree (empty box if the tree is empty).
  Aabb bounds() const { return nodes.empty() ? Aabb{} : nodes.front().box; }
};

/// Builds a tree over all `element_boxes` (body frame; element i has box element_boxes[i]).
/// Throws GeometryError if a box is empty or has a non-finite coordinate.
Bvh build_bvh(std::span<const Aabb> element_boxes);
/// Builds a tree over the subset `elements` of `element_boxes` (e.g. only the tets that carry a
/// surface face). Throws InputError if an index is out of range or repeated.
Bvh build_bvh(std::span<const Aabb> element_boxes, std::span<const Index> elements);

/// Trees over the elements of a mesh view, all of them or a subset. Throw GeometryError on a bad
/// vertex index or a non-finite vertex used by an element.
Bvh build_bvh(const MeshElements& elements);
Bvh build_bvh(const MeshElements& elements, std::span<const Index> subset);
/// Trees over the tets of a TetMesh / the triangles of a TriMesh.
Bvh build_bvh(const TetMesh& mesh);
Bvh build_bvh(const TriMesh& mesh);

/// Conservative world box of a tree under `pose` (body → world): Aabb::transformed of the root
/// box, grown by a bound on floating-point rounding, so that it contains
/// element_world_box(e, pose, 0) of every element e in the tree. Empty box for an empty tree.
/// Suitable as the body's box for candidate_body_pairs: body culling then never drops an
/// element pair.
Aabb bvh_world_bounds(const Bvh& bvh, const Transform& pose);

/// The same bound for any body-frame box: contains the world box of every point set inside `box`
/// when transformed with Transform::apply. Used for node boxes during the tandem walk.
Aabb conservative_world_box(const Aabb& box, const Transform& pose);

}  // namespace contactlab
