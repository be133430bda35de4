// Where the CLI finds the viewer (viewer/: its build output dist/ and its tools/): CLI
// configuration, shared by `contactlab view` and `contactlab assess`.
#pragma once

#include <filesystem>

namespace contactlab::cli {

/// $CONTACTLAB_VIEWER_DIR, else the source tree's viewer/ (CONTACTLAB_VIEWER_DIR, set at build
/// time in apps/contactlab/CMakeLists.txt).
std::filesystem::path viewer_dir();

}  // namespace contactlab::cli
