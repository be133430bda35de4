// The folder `contactlab view -o DIR` writes: DIR/index.html, one self-contained viewer page
// (viewer_page.h) that works offline from a file (docs/viewer-data.md).
#pragma once

#include "contactlab/report/viewer_page.h"

#include <string>

namespace contactlab {

struct ViewerFolderRequest {
  std::string dir;        ///< the folder; created with its parents if missing
  ViewerBundle bundle;    ///< the viewer's build output (read_viewer_bundle)
  std::string data_json;  ///< the page's data: viewer_data_json(scene, labelled sets, options)
};

/// Creates the folder, then writes DIR/index.html (AtomicFileSet, core/output_files.h: an existing
/// index.html is replaced if it is a regular file, nothing else in the folder is touched; on failure
/// no folder this call created is left). Returns the page's path, DIR/index.html. Throws
/// std::runtime_error when the template lacks its placeholders (viewer_page), InputError when the
/// folder cannot be created (check_output_folder) or the page cannot be written.
std::string write_viewer_folder(const ViewerFolderRequest& request);

}  // namespace contactlab
