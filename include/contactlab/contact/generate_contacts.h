// The driver (DESIGN.md data flow): body pairs from the broad phase → candidate pairs of surface
// tets (per-shape BVHs, built once) → the method's kernel on every pair, in parallel (oneTBB) →
// post-filter (contacts equal within numerical precision merged) → deterministic order (body pair,
// element pair, feature pair, position). Same input, same output, whatever the thread count.
#pragma once

#include "contactlab/contact/method.h"
#include "contactlab/scene/scene.h"

namespace contactlab {

struct GenerateOptions {
  MethodSettings settings;  ///< settings.length_scale is replaced by the scene's length_scale()
  int threads = 0;          ///< 0: oneTBB's default; 1: serial
};

struct GenerateStatistics {
  std::size_t body_pairs = 0;      ///< candidate body pairs
  std::size_t element_pairs = 0;   ///< candidate tet pairs handed to the kernel
  std::size_t raw_contacts = 0;    ///< before merging
  double seconds = 0.0;            ///< wall clock of broad phase + kernels + post-processing
};

/// Contacts of every touching or overlapping body pair of the scene (fixed–fixed pairs skipped).
ContactSet generate_contacts(const Scene& scene, const ContactMethod& method, const GenerateOptions& options = {},
                             GenerateStatistics* statistics = nullptr);

}  // namespace contactlab
