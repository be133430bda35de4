// write_viewer_folder (viewer_folder.h).
#include "contactlab/report/viewer_folder.h"

#include "contactlab/io/atomic_write.h"

#include <filesystem>

namespace contactlab {

std::string write_viewer_folder(const ViewerFolderRequest& request) {
  const std::filesystem::path dir = request.dir;
  // Throws filesystem_error (not InputError) as `contactlab view` always has: exit status 1.
  std::filesystem::create_directories(dir);
  const std::string page = (dir / "index.html").string();
  write_file_atomically(page, viewer_page(request.bundle, request.data_json));
  return page;
}

}  // namespace contactlab
