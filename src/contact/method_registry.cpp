#include "contactlab/contact/method.h"

#include "contactlab/contact/methods/method_list.h"

namespace contactlab {

const std::vector<const ContactMethod*>& contact_methods() {
  static const std::vector<const ContactMethod*> methods = registered_contact_methods();
  return methods;
}

std::span<const ContactMethod* const> paper_contact_methods() {
  return std::span<const ContactMethod* const>(contact_methods()).first(8);
}

const ContactMethod* find_contact_method(const std::string& name) {
  for (const ContactMethod* m : contact_methods()) {
    if (m->name() == name) return m;
  }
  return nullptr;
}

}  // namespace contactlab
