// write_viewer_folder (viewer_folder.h).
#include "contactlab/report/viewer_folder.h"

#include "contactlab/core/output_files.h"

#include <filesystem>

namespace contactlab {

std::string write_viewer_folder(const ViewerFolderRequest& request) {
  // The page is made first: a template without its placeholders then leaves no new folder behind.
  const std::string text = viewer_page(request.bundle, request.data_json);
  const std::string page = (std::filesystem::path(request.dir) / "index.html").string();
  AtomicFileSet files;
  files.create_folder(request.dir);
  files.add(page, text);
  files.commit();
  return page;
}

}  // namespace contactlab
