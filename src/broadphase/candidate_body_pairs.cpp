#include "contactlab/broadphase/candidate_body_pairs.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "check_inputs.h"

namespace contactlab {
std::vector<BodyPair> candidate_body_pairs(std::span<const Aabb> world_boxes, double margin,
                                           const std::vector<bool>& fixed) {
  constexpr const char* kSource = "candidate_body_pairs";
  broadphase_detail::check_margin(margin, kSource);
  broadphase_detail::check_fixed(fixed, world_boxes.size(), kSource);

  std::vector<Aabb> boxes;
  std::vector<Index> ids;
  boxes.reserve(world_boxes.size());
  ids.reserve(world_boxes.size());
  for (std::size_t i = 0; i < world_boxes.size(); ++i) {
    if (!broadphase_detail::usable_body_box(world_boxes[i])) continue;
    boxes.push_back(world_boxes[i].inflated(0.5 * margin));
    ids.push_back(static_cast<Index>(i));
  }

  // Sweep axis: largest spread of the (finite) box centres. Any axis gives the same pairs; this
  // one usually gives the fewest intervals to scan.
  Aabb centre_box;
  for (const Aabb& b : boxes) {
    const Vec3 c = b.center();
    if (c.allFinite()) centre_box.extend(c);
  }
  const int axis = centre_box.empty() ? 0 : centre_box.longest_axis();

  std::vector<Index> order(boxes.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<Index>(i);
  std::sort(order.begin(), order.end(), [&](Index x, Index y) {
    const double mx = boxes[x].min[axis];
    const double my = boxes[y].min[axis];
    return mx < my || (mx == my && x < y);
  });

  std::vector<BodyPair> pairs;
  for (std::size_t k = 0; k < order.size(); ++k) {
    const Aabb& bk = boxes[order[k]];
    // Later boxes start at or after bk on the sweep axis; they overlap it there iff they start
    // no later than bk ends (closed intervals).
    for (std::size_t l = k + 1; l < order.size(); ++l) {
      const Aabb& bl = boxes[order[l]];
      if (bl.min[axis] > bk.max[axis]) break;
      if (!bk.overlaps(bl)) continue;
      Index a = ids[order[k]];
      Index b = ids[order[l]];
      if (!fixed.empty() && fixed[a] && fixed[b]) continue;
      if (a > b) std::swap(a, b);
      pairs.push_back({a, b});
    }
  }
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

}  // namespace contactlab
