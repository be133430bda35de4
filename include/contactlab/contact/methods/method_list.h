// The registered methods, one accessor per method file under src/contact/methods/. Each method
// file defines its accessor; method_list.cpp lists them in the paper's order.
#pragma once

#include "contactlab/contact/method.h"

#include <vector>

namespace contactlab {

std::vector<const ContactMethod*> registered_contact_methods();

}  // namespace contactlab
