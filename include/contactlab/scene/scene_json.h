// The scene JSON format, version 1 (documented in docs/scene-format.md): bodies with shapes from
// built-in generators, mesh files (paths relative to the JSON file) or inline vertices/triangles;
// poses, velocities, materials; gravity; TetGen switches; optional ground truth. Reading then
// writing then reading gives the same scene (doubles are written with round-trip precision).
#pragma once

#include "contactlab/scene/scene.h"

#include <optional>
#include <string>

namespace contactlab {

inline constexpr int kSceneFormatVersion = 1;

struct SceneReadOptions {
  /// When set, every body is tetrahedralized with these switches instead of the file's.
  std::optional<std::string> tetgen_switches;
};

/// Reads a scene file. Every error is an InputError naming the file and the JSON field
/// (e.g. "bodies[3].shape.size") and what was expected: unknown or misspelled fields, missing
/// required fields, wrong types, non-finite numbers, unknown generators, missing mesh files,
/// duplicate body names, ground truth naming unknown bodies.
Scene read_scene_json(const std::string& path, const SceneReadOptions& options = {});

/// The same from a string; `source` names it in errors, `base_dir` resolves relative mesh paths.
Scene parse_scene_json(const std::string& text, const std::string& source, const std::string& base_dir,
                       const SceneReadOptions& options = {});

/// The JSON text of a scene (with its ground truth, if any), 2-space indented.
std::string scene_to_json(const Scene& scene);

/// Writes scene_to_json(scene) to `path` with write_file_atomically (core/output_files.h: only a
/// regular file is replaced; on failure nothing is left behind). Mesh-file shapes keep their paths
/// as read.
void write_scene_json(const std::string& path, const Scene& scene);

}  // namespace contactlab
