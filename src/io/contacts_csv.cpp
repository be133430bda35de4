#include "contactlab/io/contacts_csv.h"

#include "contactlab/core/error.h"

#include <fmt/core.h>

namespace contactlab {

std::string contacts_to_csv(const ContactSet& contacts, const Scene& scene) {
  const auto name = [&](Index body, std::size_t i) -> const std::string& {
    if (body < 0 || static_cast<std::size_t>(body) >= scene.bodies.size()) {
      throw InputError("contacts of method '" + contacts.method + "'", 0,
                       fmt::format("contact {} names body {}; the scene has {} bodies", i, body, scene.bodies.size()));
    }
    return scene.bodies[static_cast<std::size_t>(body)].name;
  };
  std::string out = "body_a,body_b,px,py,pz,nx,ny,nz,gap\n";
  for (std::size_t i = 0; i < contacts.contacts.size(); ++i) {
    const Contact& c = contacts.contacts[i];
    out += fmt::format("{},{},{:.17g},{:.17g},{:.17g},{:.17g},{:.17g},{:.17g},{:.17g}\n", name(c.body_a, i),
                       name(c.body_b, i), c.position.x(), c.position.y(), c.position.z(), c.normal.x(), c.normal.y(),
                       c.normal.z(), c.gap);
  }
  return out;
}

}  // namespace contactlab
