// The A↔B symmetry of the kernel contract (docs/methods.md "The kernel contract"): generate(B, A) is
// generate(A, B) with normals negated and bodies, features and elements swapped — nothing else, bit
// for bit, as sets. The one check every contact-method test uses (the contract test on the whole
// suite and on random degenerate pairs, the method tests on their hand-built cases).
#pragma once

#include "contactlab/contact/method.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

namespace contactlab::testing {

/// The contact seen with A and B exchanged.
inline Contact swapped(Contact c) {
  std::swap(c.body_a, c.body_b);
  std::swap(c.feature_a, c.feature_b);
  std::swap(c.element_a, c.element_b);
  c.normal = -c.normal;
  return c;
}

/// Every field of a contact, for exact comparison and a total order.
inline auto contact_key(const Contact& c) {
  return std::tuple(c.body_a, c.body_b, c.element_a, c.element_b, c.feature_a, c.feature_b, c.position.x(),
                    c.position.y(), c.position.z(), c.normal.x(), c.normal.y(), c.normal.z(), c.gap, c.area,
                    c.has_area);
}

inline std::vector<Contact> sorted_contacts(std::vector<Contact> cs) {
  std::sort(cs.begin(), cs.end(), [](const Contact& x, const Contact& y) { return contact_key(x) < contact_key(y); });
  return cs;
}

/// Empty when `ba` (the kernel's output for (B, A)) is `ab` swapped, as sets with every field
/// exact; otherwise what differs first.
inline std::string swap_mismatch(const std::vector<Contact>& ab, std::vector<Contact> ba) {
  for (Contact& c : ba) c = swapped(c);
  const std::vector<Contact> want = sorted_contacts(ab), got = sorted_contacts(std::move(ba));
  if (want.size() != got.size()) {
    return std::to_string(want.size()) + " contacts one way, " + std::to_string(got.size()) + " the other";
  }
  for (std::size_t i = 0; i < want.size(); ++i) {
    if (contact_key(want[i]) != contact_key(got[i])) {
      std::ostringstream what;
      what << "contact at " << want[i].position.transpose() << " n " << want[i].normal.transpose() << " gap "
           << want[i].gap << " differs from " << got[i].position.transpose() << " n " << got[i].normal.transpose()
           << " gap " << got[i].gap;
      return what.str();
    }
  }
  return {};
}

/// Runs the kernel on (a, ta, b, tb) and on (b, tb, a, ta) and expects the swap symmetry.
inline void expect_swap_symmetric(const ContactMethod& method, const MethodBody& a, Index ta, const MethodBody& b,
                                  Index tb, const MethodSettings& settings) {
  std::vector<Contact> ab, ba;
  method.generate(a, ta, b, tb, settings, ab);
  method.generate(b, tb, a, ta, settings, ba);
  const std::string mismatch = swap_mismatch(ab, std::move(ba));
  EXPECT_TRUE(mismatch.empty()) << method.name() << ", tets " << ta << "/" << tb << ": " << mismatch;
}

}  // namespace contactlab::testing
