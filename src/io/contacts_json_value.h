// The contacts JSON object as a nlohmann value (internal to the io module): contacts_to_json
// prints it, viewer_data_json embeds it.
#pragma once

#include "contactlab/contact/contact.h"
#include "contactlab/core/json_support.h"
#include "contactlab/scene/scene.h"

namespace contactlab::io_detail {

/// The object of docs/contacts-format.md, members in the documented order. Throws InputError as
/// contacts_to_json does (body index outside the scene, non-finite number).
json::Json contacts_json_value(const ContactSet& contacts, const Scene& scene);

}  // namespace contactlab::io_detail
