#include "contactlab/broadphase/brute_force.h"

#include <algorithm>
#include <string>

#include "check_inputs.h"

namespace contactlab {
namespace {

void check_subset(const MeshElements& m, std::span<const Index> subset, const char* source) {
  for (Index e : subset) {
    if (e < 0 || e >= m.element_count()) {
      broadphase_detail::throw_input_error(source, "element index " + std::to_string(e) + " out of range");
    }
  }
}

std::vector<Index> all_elements(const MeshElements& m) {
  std::vector<Index> all(static_cast<std::size_t>(m.element_count()));
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<Index>(i);
  return all;
}

}  // namespace

std::vector<ElementPair> brute_force_element_pairs(const MeshElements& a, const Transform& pose_a,
                                                   std::span<const Index> elements_a, const MeshElements& b,
                                                   const Transform& pose_b, std::span<const Index> elements_b,
                                                   double margin) {
  constexpr const char* kSource = "brute_force_element_pairs";
  broadphase_detail::check_margin(margin, kSource);
  broadphase_detail::check_pose(pose_a, kSource);
  broadphase_detail::check_pose(pose_b, kSource);
  validate_mesh_elements(a, kSource);
  validate_mesh_elements(b, kSource);
  check_subset(a, elements_a, kSource);
  check_subset(b, elements_b, kSource);
  std::vector<Aabb> boxes_b;
  boxes_b.reserve(elements_b.size());
  for (Index j : elements_b) boxes_b.push_back(element_world_box(b, j, pose_b, margin));
  std::vector<ElementPair> pairs;
  for (Index i : elements_a) {
    const Aabb box_a = element_world_box(a, i, pose_a, margin);
    for (std::size_t k = 0; k < elements_b.size(); ++k) {
      if (box_a.overlaps(boxes_b[k])) pairs.push_back({i, elements_b[k]});
    }
  }
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

std::vector<ElementPair> brute_force_element_pairs(const MeshElements& a, const Transform& pose_a,
                                                   const MeshElements& b, const Transform& pose_b, double margin) {
  const std::vector<Index> all_a = all_elements(a);
  const std::vector<Index> all_b = all_elements(b);
  return brute_force_element_pairs(a, pose_a, all_a, b, pose_b, all_b, margin);
}

std::vector<BodyPair> brute_force_body_pairs(std::span<const Aabb> world_boxes, double margin,
                                             const std::vector<bool>& fixed) {
  constexpr const char* kSource = "brute_force_body_pairs";
  broadphase_detail::check_margin(margin, kSource);
  broadphase_detail::check_fixed(fixed, world_boxes.size(), kSource);
  const auto n = static_cast<Index>(world_boxes.size());
  std::vector<BodyPair> pairs;
  for (Index i = 0; i < n; ++i) {
    if (!broadphase_detail::usable_body_box(world_boxes[i])) continue;
    const Aabb bi = world_boxes[i].inflated(0.5 * margin);
    for (Index j = i + 1; j < n; ++j) {
      if (!broadphase_detail::usable_body_box(world_boxes[j])) continue;
      if (!fixed.empty() && fixed[i] && fixed[j]) continue;
      if (bi.overlaps(world_boxes[j].inflated(0.5 * margin))) pairs.push_back({i, j});
    }
  }
  return pairs;  // generated in (i, j) order
}

}  // namespace contactlab
