#include "contactlab/contact/methods/method_list.h"

namespace contactlab {

// Methods are listed here explicitly (not self-registered by static initialisers, which a static
// library drops when nothing references them). Add each new method file's accessor in the
// paper's order: intersection, closest-points, vertex-only, consistent-vertex, volume-sat,
// surface-sat, opposing, growth.
std::vector<const ContactMethod*> registered_contact_methods() {
  return {};
}

}  // namespace contactlab
