// Private to the mesh module (and its white-box tests): tetrahedralize() with a choice of where
// TetGen runs. contactlab::tetrahedralize() is tetrahedralize(surface, switches, child_process).
#pragma once

#include "contactlab/mesh/tetrahedralize.h"

namespace contactlab::detail {

enum class TetGenIsolation {
  child_process,  ///< TetGen runs in a forked child: its crashes become GeometryError (the default)
  in_process,     ///< TetGen runs in this process (a crash inside it ends the process); for tests
};

TetrahedralizeResult tetrahedralize(const TriMesh& surface, const std::string& switches, TetGenIsolation isolation);

}  // namespace contactlab::detail
