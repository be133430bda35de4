// Private helper of the contact methods that must be exactly symmetric by construction (Volume-SAT,
// Surface-SAT, Opposing, Growth; docs/methods.md: "swapping A and B flips the normals and nothing
// else"): a tet pair is always evaluated in one canonical order — by scene body index, then tet
// index — and, when the caller's order is the other one, the contacts are turned back into its
// A→B form. Ties inside a kernel (which face wins, which axis) then never depend on the caller's
// order, so generate(b, a) is generate(a, b) with normals negated and bodies, features and
// elements exchanged, bit for bit.
#pragma once

#include "contactlab/contact/method.h"

#include <vector>

namespace contactlab::contact_detail {

/// True when (b, tet_b) comes before (a, tet_a) in the canonical order.
bool pair_is_swapped(const MethodBody& a, Index tet_a, const MethodBody& b, Index tet_b);

/// Swaps A and B in sink[first..]: negated normals, exchanged bodies, features and elements.
void flip_contacts(std::vector<Contact>& sink, std::size_t first);

/// Runs `kernel(first, tet_first, second, tet_second, sink)` in canonical order and, when the pair
/// was swapped, flips the contacts it appended back to the caller's A→B form.
template <class Kernel>
void run_canonical(const MethodBody& a, Index tet_a, const MethodBody& b, Index tet_b, std::vector<Contact>& sink,
                   Kernel&& kernel) {
  const std::size_t first = sink.size();
  if (pair_is_swapped(a, tet_a, b, tet_b)) {
    kernel(b, tet_b, a, tet_a, sink);
    flip_contacts(sink, first);
  } else {
    kernel(a, tet_a, b, tet_b, sink);
  }
}

}  // namespace contactlab::contact_detail
