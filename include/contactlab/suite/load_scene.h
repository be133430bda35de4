// What every command that takes a scene accepts: a built-in scene name or a scene JSON path.
#pragma once

#include "contactlab/scene/scene.h"

#include <string>

namespace contactlab {

struct LoadSceneOptions {
  bool refined = false;  ///< built-in: refined meshes; JSON: every body with the refined switches
};

/// make_builtin_scene(name_or_path) when it names a built-in scene, else read_scene_json(path).
/// Throws InputError when it is neither (naming both possibilities).
Scene load_scene(const std::string& name_or_path, const LoadSceneOptions& options = {});

}  // namespace contactlab
