// TetGen mesh files (.node / .ele / .face, TetGen 1.5 manual §5.2): read_tetgen / write_tetgen.
//
// .node: `count 3 attribute_count marker_flag`, then `index x y z [attributes] [marker]`.
// .ele:  `count nodes_per_tet(4 or 10) attribute_count`, then `index n0 n1 n2 n3 [...]` (for 10-node
//        tets only the 4 corners are kept).
// .face: `count marker_flag`, then `index n0 n1 n2 [marker] [...]` (optional file).
// '#' starts a comment. Index base: as TetGen does, the index of the first node (0 or 1) fixes
// the numbering of every file of the mesh; items must be numbered consecutively from it.
//
// Orientation: TetGen and contactlab use the same corner order — every tet (a, b, c, d) has
// (b−a)·((c−a)×(d−a)) > 0 (checked with the exact predicate in tetrahedralize_test) — so corners
// are read and written as they are; validate() reports tets of a file that are not positive.
//
// Errors: InputError naming the file and 1-based line: unreadable or binary .node/.ele/.face,
// missing or malformed counts, fewer than 4 nodes or no tet, dimension other than 3, malformed
// number, NaN/Inf or a coordinate beyond kMaxCoordinateMagnitude (core/input_limits.h), wrong or
// non-consecutive item index, node index out of range (message gives it and the valid range), a
// tet or face listing a node twice, truncated file. Memory is reserved for at most as many items
// as the file has lines left, so a header with a huge count is reported as a truncated file,
// never allocated. Text handling (byte-order mark, line ends) is that of all mesh readers.
//
// Writing uses max_digits10 digits, so read → write → read reproduces the mesh exactly.
#pragma once

#include "contactlab/mesh/tet_mesh.h"

#include <string>
#include <vector>

namespace contactlab {

/// Contents of a TetGen file set.
struct TetGenMesh {
  TetMesh mesh;                   ///< nodes and (positively oriented) tets, 0-based here
  std::vector<Triangle> faces;    ///< .face triangles (empty when there is no .face file)
  std::vector<int> face_markers;  ///< one per face when the .face file has markers, else empty
  int first_index = 0;            ///< numbering base the files used (0 or 1)
};

/// Reads `<base>.node`, `<base>.ele` and, if present, `<base>.face`. `path` is the base name or
/// the path of the .node (or .ele) file.
TetGenMesh read_tetgen(const std::string& path);

/// Writes `<base>.node`, `<base>.ele` and, when `faces` is not empty, `<base>.face` (with
/// markers when `face_markers` is not empty; then it must have one per face). `first_index`
/// (0 or 1) is the numbering base of the files. The files appear all or none
/// (write_files_atomically, core/output_files.h): `base` must name a file (not "", ".", "dir/"),
/// and each of the files must be absent or a regular file, else InputError and nothing is written.
void write_tetgen(const std::string& base, const TetMesh& mesh, const std::vector<Triangle>& faces = {},
                  const std::vector<int>& face_markers = {}, int first_index = 0);

}  // namespace contactlab
