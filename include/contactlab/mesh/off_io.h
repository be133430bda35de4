// Object File Format (OFF) surface meshes: read_off / write_off.
//
// Reading: an `OFF` header line (the counts may follow on the same line), a line with the counts
// `nv nf [ne]` (ne is ignored), nv lines `x y z [...]` (extra values such as colours ignored),
// nf lines `n i1 ... in [...]` with 0-based vertex indices. '#' starts a comment; blank lines are
// skipped. Faces with n > 3 corners are fan-triangulated from their first corner — (i1,i2,i3),
// (i1,i3,i4), … — which keeps the winding. Nothing is validated beyond the syntax (validate.h).
//
// Errors: InputError naming the file and the 1-based line: unreadable file, missing `OFF` header,
// missing counts, malformed number, NaN/Inf coordinate, face with < 3 corners or fewer indices than
// it declares, index out of range (message gives the index and the valid range 0..nv-1), and a
// truncated file (reported at the file's last line, saying how many vertices/faces were expected).
//
// Writing: max_digits10 significant digits, so read_off(write_off(m)) == m exactly.
#pragma once

#include "contactlab/mesh/tri_mesh.h"

#include <string>

namespace contactlab {

/// Reads a triangle mesh from an OFF file (polygons fan-triangulated).
TriMesh read_off(const std::string& path);

/// Writes `mesh` as an OFF file.
void write_off(const std::string& path, const TriMesh& mesh);

}  // namespace contactlab
