// Contact settings a scene may carry, as Solfec's input files do (seed 004: the CONTACT_SPARSIFY
// command): the options of Solfec's contact sparsification. Plain data here, in the scene model and
// its JSON format ("sparsify", docs/scene-format.md); the contact module implements the stage
// (contact/sparsify_contacts.h) and the commands apply a scene's setting unless their own
// --sparsify overrides it.
#pragma once

#include <optional>

namespace contactlab {

/// Solfec's sparsification (dom.c's defaults: threshold 0.01, minarea 0, mindist = the geometric
/// epsilon — here relative to each body pair's length, as the solfec method's ε).
struct SparsifyOptions {
  double threshold = 0.01;  ///< rule 2's area ratio, in [0, 1]
  double minarea = 0.0;     ///< rule 1, m²
  /// Rule 3's distance relative to the body pair's length (pair_length_scale) ...
  double relative_mindist = 1e-6;
  /// ... or, when set, in metres.
  std::optional<double> mindist = std::nullopt;

  double mindist_for(double length_scale) const { return mindist ? *mindist : relative_mindist * length_scale; }
};

}  // namespace contactlab
