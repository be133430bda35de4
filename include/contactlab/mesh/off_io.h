// Object File Format (OFF) surface meshes: read_off / write_off.
//
// Reading: an `OFF` header line (the counts may follow on the same line), a line with the counts
// `nv nf [ne]` (ne is ignored), nv lines `x y z [colour]`, nf lines `n i1 ... in [colour]` with
// 0-based vertex indices; a colour is 1 to 4 numbers and is not used. '#' starts a comment; blank
// lines are skipped; nothing may follow the last face. Faces with n > 3 corners are
// fan-triangulated from their first corner — (i1,i2,i3), (i1,i3,i4), … — which keeps the winding.
// Beyond the syntax, a face through one vertex twice is refused; nothing else is validated
// (validate.h). Text handling (byte-order mark, line ends, binary data) is that of all mesh readers.
//
// Errors: InputError naming the file and the 1-based line: unreadable or binary file, missing
// `OFF` header, missing counts, fewer than 3 vertices or no face, malformed number, NaN/Inf coordinate or one beyond
// kMaxCoordinateMagnitude (core/input_limits.h), more than a colour after a vertex or face, a
// repeated vertex in a face, data after the last face, face with < 3 corners or fewer indices than
// it declares, index out of range (message gives the index and the valid range 0..nv-1), and a
// truncated file (reported at the file's last line, saying how many vertices/faces were expected).
// Memory is reserved for at most as many vertices as the file has lines left, so a header with a
// huge count (`OFF 2000000000 12 0` in a 20-byte file) is reported as truncated, never allocated.
//
// Writing: max_digits10 significant digits, so read_off(write_off(m)) == m exactly.
#pragma once

#include "contactlab/mesh/tri_mesh.h"

#include <string>
#include <vector>

namespace contactlab {

/// Reads a triangle mesh from an OFF file (polygons fan-triangulated). When `triangle_lines` is
/// given, it receives the 1-based line of the face each triangle came from (for messages).
TriMesh read_off(const std::string& path, std::vector<int>* triangle_lines = nullptr);

/// Writes `mesh` as an OFF file.
void write_off(const std::string& path, const TriMesh& mesh);

}  // namespace contactlab
