#include "viewer_location.h"

#include <cstdlib>

namespace contactlab::cli {

std::filesystem::path viewer_dir() {
  if (const char* env = std::getenv("CONTACTLAB_VIEWER_DIR")) return env;
  return CONTACTLAB_VIEWER_DIR;
}

}  // namespace contactlab::cli
