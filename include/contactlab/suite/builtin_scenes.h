// The built-in assessment suite of Erleben 2018 (§5, §8), made exact (docs/suite.md): ten fundamental
// cases, `pillar`, `wall` and `arch`, each with coarse (TetGen "pq2.0Y", the paper's default) or
// refined tetrahedralization, and with its ground truth derived from the geometry.
#pragma once

#include "contactlab/scene/scene.h"

#include <string>
#include <vector>

namespace contactlab {

struct BuiltinSceneInfo {
  std::string name;     ///< e.g. "crack-spike", "pillar"
  std::string summary;  ///< one line
  bool fundamental;     ///< one of the ten fundamental cases (Table 8 of the paper)
};

/// The 13 built-in scenes in the suite's order: the fundamental cases in the column order of the
/// paper's Table 8, then pillar, wall, arch.
const std::vector<BuiltinSceneInfo>& builtin_scenes();

/// TetGen switches of the refined variant: boundary faces may be split, maximum tet volume 0.015
/// (0.00015 for conical shapes: frustums and spikes), as in the paper's §8.6 — but radius-edge
/// quality bound 1.1 instead of the paper's 1.015. With libtet 1.5.0, q1.015 (and q1.02, q1.05)
/// never terminates on a unit cube and aborts on an assertion (checkfac4encroach, `rd != 0`) for
/// two of the arch's voussoirs; q1.1 terminates on every suite shape. The Steiner cap of
/// tetrahedralize() (10000 points) still binds for the spike and the cliff-edge frustum.
inline constexpr const char* kRefinedSwitches = "pq1.1a0.015";
inline constexpr const char* kRefinedConicalSwitches = "pq1.1a0.00015";

struct BuiltinSceneOptions {
  bool refined = false;  ///< refined instead of coarse tet meshes
};

/// Builds a built-in scene with its ground truth. Throws InputError for an unknown name (the message
/// lists the known ones).
Scene make_builtin_scene(const std::string& name, const BuiltinSceneOptions& options = {});

/// True when `name` is a built-in scene.
bool is_builtin_scene(const std::string& name);

}  // namespace contactlab
