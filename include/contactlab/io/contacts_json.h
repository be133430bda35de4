// The contacts JSON format, version 1 (docs/contacts-format.md): a ContactSet with its method name
// and parameters, bodies referred to by their names in the scene. World frame, metres.
//
// Writing uses the shortest decimal text that reads back as the same double, so reading a written
// file gives bit-identical contacts, and write → read → write gives identical bytes. Reading is
// strict: every problem is an InputError naming the file and the field path
// ("contacts[12].normal: expected an array of 3 numbers, got 2").
#pragma once

#include "contactlab/contact/contact.h"
#include "contactlab/scene/scene.h"

#include <string>

namespace contactlab {

inline constexpr int kContactsFormatVersion = 1;
inline constexpr const char* kContactsFormatName = "contactlab-contacts";

/// The JSON text of `contacts` (2-space indented, ends with a newline). Body indices are written as
/// the names of scene.bodies; "scene" is scene.name. Throws InputError (source "contacts of
/// method '<name>'") for a body index outside the scene, a non-finite number (JSON has no NaN/Inf)
/// or a string that is not valid UTF-8. The optional "area" is written when has_area is set.
std::string contacts_to_json(const ContactSet& contacts, const Scene& scene);

/// Writes contacts_to_json(contacts, scene) to `path` atomically (temporary file + rename): on any
/// failure the previous file, if any, is untouched and no temporary file is left.
void write_contacts_json(const std::string& path, const ContactSet& contacts, const Scene& scene);

/// Parses contacts JSON text; `source` names it in errors (a path, or "<string>"). Rejected, with
/// the field path: JSON syntax errors (with the line), duplicate fields, unknown fields (with the
/// closest known name), missing required fields, wrong types, non-finite numbers, a format other
/// than "contactlab-contacts" or a version other than 1, body names the scene does not have (with
/// the closest name), a contact whose two bodies are the same, a normal that is zero or not of unit
/// length (|‖n‖ − 1| > 1e-6; normals are kept exactly as written, never renormalised), feature kinds
/// other than vertex/edge/face/tet, and indices below −1 or beyond the body's mesh (vertex/tet:
/// the tet mesh; face: surface_map triangles; edge: the surface's unique edges; element: the larger
/// of the tet and surface triangle counts, as an element may be either). The "scene" field is
/// informational and not compared with scene.name. Contacts keep the file's order.
ContactSet parse_contacts_json(const std::string& text, const std::string& source, const Scene& scene);

/// Reads a contacts file (parse_contacts_json with the path as source); InputError when it cannot
/// be opened or read.
ContactSet read_contacts_json(const std::string& path, const Scene& scene);

}  // namespace contactlab
