#include "methods/canonical_pair.h"

#include <utility>

namespace contactlab::contact_detail {

bool pair_is_swapped(const MethodBody& a, Index tet_a, const MethodBody& b, Index tet_b) {
  return std::pair(b.index, tet_b) < std::pair(a.index, tet_a);
}

void flip_contacts(std::vector<Contact>& sink, std::size_t first) {
  for (std::size_t i = first; i < sink.size(); ++i) {
    Contact& c = sink[i];
    c.normal = -c.normal;
    std::swap(c.body_a, c.body_b);
    std::swap(c.feature_a, c.feature_b);
    std::swap(c.element_a, c.element_b);
  }
}

}  // namespace contactlab::contact_detail
