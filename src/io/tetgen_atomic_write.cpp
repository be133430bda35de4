#include "contactlab/io/tetgen_atomic_write.h"

#include "contactlab/core/error.h"
#include "contactlab/mesh/tetgen_io.h"

#include <unistd.h>
#include <array>
#include <filesystem>
#include <system_error>

namespace contactlab {

void write_tetgen_atomically(const std::string& base, const TetMesh& mesh, const std::vector<Triangle>& faces) {
  namespace fs = std::filesystem;
  const fs::path target(base);
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  if (!fs::is_directory(dir)) throw InputError(base, 0, "output directory '" + dir.string() + "' does not exist");
  const std::string temporary =
      (dir / (".tmp-" + std::to_string(::getpid()) + "-" + target.filename().string())).string();
  const std::array<const char*, 3> extensions = {".node", ".ele", ".face"};
  try {
    write_tetgen(temporary, mesh, faces, {});
    for (const char* ext : extensions) fs::rename(temporary + ext, base + ext);
  } catch (...) {
    std::error_code ignored;
    for (const char* ext : extensions) fs::remove(temporary + ext, ignored);
    throw;
  }
}

}  // namespace contactlab
