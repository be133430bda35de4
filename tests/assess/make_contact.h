// A contact of bodies (a, b) at `position` with `normal` (other fields default), for the measure
// tests' hand-built contact sets. Test support.
#pragma once

#include "contactlab/contact/contact.h"

namespace contactlab::testing {

inline Contact make_contact(Index a, Index b, const Vec3& position, const Vec3& normal) {
  Contact c;
  c.body_a = a;
  c.body_b = b;
  c.position = position;
  c.normal = normal;
  return c;
}

}  // namespace contactlab::testing
