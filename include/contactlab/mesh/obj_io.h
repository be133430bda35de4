// Wavefront OBJ surface meshes: read_obj / write_obj.
//
// Reading: `v x y z [w]` gives a vertex (w and any further values, e.g. vertex colours, are
// ignored); `f` gives a face whose corners are `i`, `i/t`, `i//n` or `i/t/n` (only the vertex
// index i is used). Indices are 1-based; negative indices are relative to the vertices read so
// far (-1 is the last one). A face with more than 3 corners is fan-triangulated from its first
// corner — (c0,c1,c2), (c0,c2,c3), … — which is exact for convex planar polygons and keeps the
// polygon's orientation. Comments (#), blank lines and every other statement (vn, vt, o, g, s,
// usemtl, mtllib, l, p, …) are ignored. Nothing is repaired or validated beyond the file syntax
// (see validate.h): degenerate or non-manifold faces are returned as they are.
//
// Errors: every problem is an InputError naming the file and the 1-based line: unreadable file,
// malformed number, NaN/Inf coordinate, fewer than 3 coordinates, face with < 3 corners, index 0 or
// out of range (the message gives the index and the valid range).
//
// Writing: `v` lines with max_digits10 significant digits (read_obj(write_obj(m)) == m exactly) and
// 1-based `f` lines. Throws InputError if the file cannot be written.
#pragma once

#include "contactlab/mesh/tri_mesh.h"

#include <string>

namespace contactlab {

/// Reads a triangle mesh from an OBJ file (polygons fan-triangulated).
TriMesh read_obj(const std::string& path);

/// Writes `mesh` as an OBJ file (vertices and triangles only).
void write_obj(const std::string& path, const TriMesh& mesh);

}  // namespace contactlab
