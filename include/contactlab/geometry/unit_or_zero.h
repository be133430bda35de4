// The direction of a vector, or none: v / |v|, and the zero vector when |v| is zero or not finite
// (a zero, NaN or infinite vector has no usable direction). Callers treat the zero vector as "no
// normal": a contact method drops or replaces it (docs/methods.md), the measures let it match no
// feasible normal (docs/suite.md "Measures").
#pragma once

#include "contactlab/core/types.h"

namespace contactlab {

Vec3 unit_or_zero(const Vec3& v);

}  // namespace contactlab
