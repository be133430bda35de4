#include "contactlab/mesh/mesh_file.h"

#include "contactlab/core/error.h"
#include "contactlab/core/input_limits.h"
#include "contactlab/mesh/obj_io.h"
#include "contactlab/mesh/off_io.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace contactlab {

MeshFileFormat mesh_file_format(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  if (ext == ".obj") return MeshFileFormat::kObj;
  if (ext == ".off") return MeshFileFormat::kOff;
  if (ext == ".node" || ext == ".ele" || ext == ".face") return MeshFileFormat::kTetGen;
  throw InputError(
      path, 0,
      "unknown mesh file extension '" + quoted_excerpt(ext) + "': expected .obj, .off, or TetGen .node/.ele/.face");
}

TriMesh read_surface_mesh(const std::string& path, std::vector<int>* triangle_lines) {
  switch (mesh_file_format(path)) {
    case MeshFileFormat::kObj:
      return read_obj(path, triangle_lines);
    case MeshFileFormat::kOff:
      return read_off(path, triangle_lines);
    case MeshFileFormat::kTetGen:
      break;
  }
  throw InputError(path, 0, "expected a surface mesh (.obj or .off), got a TetGen tet mesh");
}

}  // namespace contactlab
