// Writing a tet mesh as TetGen files (BASE.node, BASE.ele, BASE.face; mesh/tetgen_io.h) so that a
// failure leaves no partial output: the files are written under a temporary base in the same
// folder, then renamed into place.
#pragma once

#include "contactlab/core/types.h"
#include "contactlab/mesh/tet_mesh.h"

#include <string>
#include <vector>

namespace contactlab {

/// Writes write_tetgen(base, mesh, faces) atomically per file: BASE.node, BASE.ele and BASE.face
/// appear only once all three are written. Throws InputError(base, 0, "output directory '<dir>'
/// does not exist") when BASE's folder does not exist; on any other failure removes the temporary
/// files and rethrows.
void write_tetgen_atomically(const std::string& base, const TetMesh& mesh, const std::vector<Triangle>& faces);

}  // namespace contactlab
