#include "contactlab/suite/load_scene.h"

#include "contactlab/core/error.h"
#include "contactlab/core/input_limits.h"
#include "contactlab/scene/scene_json.h"
#include "contactlab/suite/builtin_scenes.h"

#include <filesystem>

namespace contactlab {

Scene load_scene(const std::string& name_or_path, const LoadSceneOptions& options) {
  if (is_builtin_scene(name_or_path)) return make_builtin_scene(name_or_path, {.refined = options.refined});
  if (!std::filesystem::exists(name_or_path)) {
    // The name is the user's text, echoed as an excerpt (a path is allowed a path's length).
    throw InputError(quoted_excerpt(name_or_path, 1024), 0,
                     "neither a built-in scene (see `contactlab scenes`) nor an existing scene JSON file");
  }
  SceneReadOptions read_options;
  if (options.refined) read_options.tetgen_switches = kRefinedSwitches;
  return read_scene_json(name_or_path, read_options);
}

}  // namespace contactlab
