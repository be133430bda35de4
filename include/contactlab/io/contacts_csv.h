// Contacts as CSV (what `contactlab contacts --csv` prints): a header line
//   body_a,body_b,px,py,pz,nx,ny,nz,gap
// then one line per contact, in the set's order: the two bodies' names (scene.bodies[i].name, as
// they are: not quoted), the world position (m), the unit normal A → B and the gap (m, negative
// when penetrating), each number with 17 significant digits (%.17g: reads back as the same double).
#pragma once

#include "contactlab/contact/contact.h"
#include "contactlab/scene/scene.h"

#include <string>

namespace contactlab {

/// Throws InputError (source "contacts of method '<name>'") for a body index outside the scene.
std::string contacts_to_csv(const ContactSet& contacts, const Scene& scene);

}  // namespace contactlab
