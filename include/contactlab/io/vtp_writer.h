// VTK XML PolyData files (.vtp, ASCII) for ParaView: the scene's surfaces and a contact set, both
// in the world frame (metres). Files are written with write_file_atomically (core/output_files.h);
// vtp_surfaces and vtp_contacts give the texts, for writing several files all or none. Doubles are
// written as the shortest decimal text that reads back as the same value.
#pragma once

#include "contactlab/contact/contact.h"
#include "contactlab/scene/scene.h"

#include <string>

namespace contactlab {

/// All bodies' boundary triangles (shape->surface_map.surface, outward) at their current poses.
/// Points: the vertices used by those triangles, body after body (each body's in increasing vertex
/// order), world frame; polys: the triangles, body after body, in surface-map order; cell data:
/// Int32 "body" = the body's index in scene.bodies (the active scalars). A body without a shape
/// contributes nothing. Throws InputError (naming `path`) when the file cannot be written or a
/// posed vertex is not finite.
void write_vtp_surfaces(const std::string& path, const Scene& scene);

/// The contacts as points (positions) with one vertex cell each, in the set's order; point data:
/// Float64 "normal" (3 components; the Normals attribute), Float64 "gap" (the Scalars attribute),
/// Int32 "body_a" and "body_b" (scene body indices). Throws InputError (naming `path` and the
/// contact) for a non-finite position, normal or gap, or when the file cannot be written.
void write_vtp_contacts(const std::string& path, const ContactSet& contacts);

/// The text write_vtp_surfaces writes; `path` names the file in errors.
std::string vtp_surfaces(const Scene& scene, const std::string& path);

/// The text write_vtp_contacts writes; `path` names the file in errors.
std::string vtp_contacts(const ContactSet& contacts, const std::string& path);

}  // namespace contactlab
