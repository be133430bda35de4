// The semi-local contact method of contactlab (issue 15; docs/methods.md "The project's own goal"):
// per body pair, planar interfaces as contact polygons and the other touches judged by the shape of
// both surfaces around them. Registry name "semi-local". See src/contact/methods/semi_local.cpp.
#pragma once

#include "contactlab/contact/method.h"

namespace contactlab {

/// The stateless semi-local method (a static instance).
const ContactMethod& semi_local_method();

}  // namespace contactlab
