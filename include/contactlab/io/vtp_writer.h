// VTK XML PolyData files (.vtp, ASCII) for ParaView: the scene's surfaces and a contact set, both
// in the world frame (metres). Files are written atomically (temporary file + rename). Doubles are
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

}  // namespace contactlab
