// Private helper of the local methods: the Contact of one candidate element pair (tet_a of A,
// tet_b of B) at p with unit normal n (A → B), signed gap and feature pair — the fields every
// kernel fills the same way, in one place.
#pragma once

#include "contactlab/contact/contact.h"
#include "contactlab/contact/method.h"

namespace contactlab::contact_detail {

inline Contact element_pair_contact(const MethodBody& a, Index tet_a, const MethodBody& b, Index tet_b, const Vec3& p,
                                    const Vec3& n, double gap, FeatureRef feature_a, FeatureRef feature_b) {
  Contact c;
  c.body_a = a.index;
  c.body_b = b.index;
  c.position = p;
  c.normal = n;
  c.gap = gap;
  c.feature_a = feature_a;
  c.feature_b = feature_b;
  c.element_a = tet_a;
  c.element_b = tet_b;
  return c;
}

}  // namespace contactlab::contact_detail
