// Mesh files by extension: .obj and .off hold surface meshes, .node/.ele/.face (TetGen) hold tet
// meshes. Unknown extensions are an InputError naming the file and the accepted ones.
#pragma once

#include "contactlab/mesh/tri_mesh.h"

#include <string>
#include <vector>

namespace contactlab {

enum class MeshFileFormat { kObj, kOff, kTetGen };

/// Format from the file name's extension (case-insensitive): .obj, .off, or .node/.ele/.face.
MeshFileFormat mesh_file_format(const std::string& path);

/// Reads a surface mesh from an .obj or .off file (see obj_io.h, off_io.h for errors). When
/// `triangle_lines` is given, it receives the file line of each triangle's face, for messages
/// (require_valid in validate.h takes them).
TriMesh read_surface_mesh(const std::string& path, std::vector<int>* triangle_lines = nullptr);

}  // namespace contactlab
