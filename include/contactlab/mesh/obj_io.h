// Wavefront OBJ surface meshes: read_obj / write_obj.
//
// Reading: `v x y z`, `v x y z w` (the OBJ weight) or `v x y z r g b` (the common vertex-colour
// extension) gives a vertex (w and the colour must be numbers and are not used; any other count of
// values is an error); `f` gives a face whose corners are `i`, `i/t`, `i//n` or `i/t/n` (only the
// vertex index i is used; t and n must be whole numbers or empty). Indices are 1-based; negative indices are relative to the vertices read so
// far (-1 is the last one). A face with more than 3 corners is fan-triangulated from its first
// corner — (c0,c1,c2), (c0,c2,c3), … — which is exact for convex planar polygons and keeps the
// polygon's orientation. Comments (#), blank lines and the statements that describe nothing a
// triangle surface needs are skipped on purpose: vn vt vp g o s mg usemtl mtllib l p lod bevel
// c_interp d_interp shadow_obj trace_obj. Any other statement (free-form geometry such as curv or
// surf, a misspelt keyword) is an error. Text handling (byte-order mark, LF/CRLF/CR line ends,
// binary data) is that of all mesh readers (docs/errors-and-limits.md). Beyond the syntax, a face
// through one vertex twice is refused; otherwise nothing is repaired or validated (see
// validate.h): degenerate or non-manifold faces are returned as they are.
//
// Errors: every problem is an InputError naming the file and the 1-based line: unreadable or
// binary file, malformed number, NaN/Inf coordinate or one beyond kMaxCoordinateMagnitude
// (core/input_limits.h), fewer than 3 or an unexpected number of vertex values, unknown statement,
// face with < 3 corners or a repeated vertex, index 0 or out of range (the message gives the index
// and the valid range), and a file without vertices or without faces (at its last line).
//
// Writing: `v` lines with max_digits10 significant digits (read_obj(write_obj(m)) == m exactly) and
// 1-based `f` lines. Throws InputError if the file cannot be written.
#pragma once

#include "contactlab/mesh/tri_mesh.h"

#include <string>
#include <vector>

namespace contactlab {

/// Reads a triangle mesh from an OBJ file (polygons fan-triangulated). When `triangle_lines` is
/// given, it receives the 1-based line of the face each triangle came from (for messages).
TriMesh read_obj(const std::string& path, std::vector<int>* triangle_lines = nullptr);

/// Writes `mesh` as an OBJ file (vertices and triangles only).
void write_obj(const std::string& path, const TriMesh& mesh);

}  // namespace contactlab
