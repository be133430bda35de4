#include "contactlab/broadphase/bvh.h"

#include <algorithm>
#include <cassert>
#include <limits>
#include <string>

#include "check_inputs.h"

namespace contactlab {
namespace {

struct Builder {
  std::span<const Aabb> boxes;  // by element index
  std::vector<Vec3> centres;    // by element index
  Bvh* bvh = nullptr;

  // Fills node `node` with the elements bvh->elements[begin, end).
  void build(Index node, Index begin, Index end) {
    auto& elements = bvh->elements;
    Aabb box;
    Aabb centre_box;
    for (Index i = begin; i < end; ++i) {
      box.extend(boxes[elements[i]]);
      centre_box.extend(centres[elements[i]]);
    }
    bvh->nodes[node].box = box;
    const Index count = end - begin;
    if (count <= kBvhMaxLeafSize) {
      bvh->nodes[node].first = begin;
      bvh->nodes[node].count = count;
      return;
    }
    // Median split along the longest axis of the centres; the strict total order
    // (centre[axis], index) makes the partition unique, whatever nth_element does internally.
    const int axis = centre_box.longest_axis();
    const Index mid = begin + count / 2;
    std::nth_element(elements.begin() + begin, elements.begin() + mid, elements.begin() + end, [&](Index x, Index y) {
      const double cx = centres[x][axis];
      const double cy = centres[y][axis];
      return cx < cy || (cx == cy && x < y);
    });
    const auto left = static_cast<Index>(bvh->nodes.size());
    bvh->nodes.emplace_back();
    bvh->nodes.emplace_back();
    bvh->nodes[node].first = left;
    bvh->nodes[node].count = 0;
    build(left, begin, mid);
    build(left + 1, mid, end);
  }
};

void check_boxes(std::span<const Aabb> boxes, std::span<const Index> elements) {
  for (Index e : elements) {
    const Aabb& b = boxes[e];
    if (!b.min.allFinite() || !b.max.allFinite() || b.empty()) {
      broadphase_detail::throw_geometry_error("build_bvh",
                                              "element " + std::to_string(e) + " has an empty or non-finite box");
    }
  }
}

}  // namespace

Bvh build_bvh(std::span<const Aabb> element_boxes, std::span<const Index> elements) {
  const auto n = static_cast<Index>(element_boxes.size());
  std::vector<char> seen(element_boxes.size(), 0);
  for (Index e : elements) {
    if (e < 0 || e >= n) {
      broadphase_detail::throw_input_error(
          "build_bvh", "element index " + std::to_string(e) + " out of range 0.." + std::to_string(n - 1));
    }
    if (seen[e]) broadphase_detail::throw_input_error("build_bvh", "element " + std::to_string(e) + " repeated");
    seen[e] = 1;
  }
  check_boxes(element_boxes, elements);

  Bvh bvh;
  bvh.source_element_count = n;
  bvh.elements.assign(elements.begin(), elements.end());
  if (elements.empty()) return bvh;

  Builder builder;
  builder.boxes = element_boxes;
  builder.centres.resize(element_boxes.size(), Vec3::Zero());
  for (Index e : elements) builder.centres[e] = element_boxes[e].center();
  builder.bvh = &bvh;
  // A binary tree whose leaves hold ≥ 1 element has at most 2n − 1 nodes.
  bvh.nodes.reserve(2 * elements.size());
  bvh.nodes.emplace_back();
  builder.build(0, 0, static_cast<Index>(elements.size()));
  return bvh;
}

Bvh build_bvh(std::span<const Aabb> element_boxes) {
  std::vector<Index> all(element_boxes.size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<Index>(i);
  return build_bvh(element_boxes, all);
}

Bvh build_bvh(const MeshElements& elements, std::span<const Index> subset) {
  validate_mesh_elements(elements, "build_bvh");
  std::vector<Aabb> boxes(static_cast<std::size_t>(elements.element_count()));
  for (Index e = 0; e < elements.element_count(); ++e) boxes[e] = element_body_box(elements, e);
  return build_bvh(boxes, subset);
}

Bvh build_bvh(const MeshElements& elements) {
  validate_mesh_elements(elements, "build_bvh");
  std::vector<Aabb> boxes(static_cast<std::size_t>(elements.element_count()));
  for (Index e = 0; e < elements.element_count(); ++e) boxes[e] = element_body_box(elements, e);
  return build_bvh(boxes);
}

Bvh build_bvh(const TetMesh& mesh) { return build_bvh(mesh_elements(mesh)); }
Bvh build_bvh(const TriMesh& mesh) { return build_bvh(mesh_elements(mesh)); }

Aabb conservative_world_box(const Aabb& box, const Transform& pose) {
  if (box.empty()) return box;
  // Aabb::transformed maps the centre and the half extents exactly in real arithmetic; in double,
  // the centre/half-extent split, the products and sums each round. Every one of those errors is
  // at most a few units in the last place of Σ_j |R_kj| (|c_j| + h_j) + |t_k| per axis k (Higham,
  // "Accuracy and Stability of Numerical Algorithms", 2nd ed., sec. 3.1, the γ_n bound for dot
  // products), as is the rounding of Transform::apply for any point in the box. Padding by 8 ε
  // of that sum (≈ 16 units of rounding, about twice the worst case) makes the box contain the
  // computed image of every point of `box`.
  const Aabb t = box.transformed(pose);
  const Vec3 c = box.center().cwiseAbs();
  const Vec3 h = 0.5 * box.extents();
  const Vec3 scale = pose.rotation.cwiseAbs() * (c + h) + pose.translation.cwiseAbs();
  const Vec3 pad = (8.0 * std::numeric_limits<double>::epsilon()) * scale;
  return {t.min - pad, t.max + pad};
}

Aabb bvh_world_bounds(const Bvh& bvh, const Transform& pose) { return conservative_world_box(bvh.bounds(), pose); }

}  // namespace contactlab
