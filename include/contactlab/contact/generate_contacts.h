// The driver (docs/design.md "Data flow"): body pairs from the broad phase → candidate pairs of surface
// tets (per-shape BVHs, built once per call or kept in a ShapeCache) → the method's kernel on every
// pair, in parallel (oneTBB) → post-filter (contacts equal within numerical precision merged) →
// deterministic order (body pair, element pair, feature pair, position). Every stage runs in
// parallel where it has several independent pieces. Same input, same output, whatever the thread
// count and whether a cache is used.
#pragma once

#include "contactlab/contact/method.h"
#include "contactlab/scene/scene.h"

#include <cstddef>
#include <memory>

namespace contactlab {

class ShapeCache;

struct GenerateOptions {
  MethodSettings settings;  ///< settings.length_scale is replaced by the scene's length_scale()
  int threads = 0;          ///< 0: oneTBB's default; 1: serial
  /// Where per-shape data is kept between calls (see ShapeCache); nullptr: built in every call.
  ShapeCache* shape_cache = nullptr;
};

/// The data the driver derives from each shape alone, in the body frame: the features of
/// build_shape_features and a BVH over the shape's surface tets. Building it is the largest fixed
/// cost of a query on big meshes (for two 12096-tet bodies about half of an Intersection query), so
/// a caller that queries the same shapes again and again — a simulation loop, a benchmark — keeps
/// one cache and passes it in GenerateOptions::shape_cache. Results are the same with or without.
/// A cache holds a reference to every shape it has data for (so a shape's address is never reused
/// while its entry lives) and grows with the distinct shapes it sees; clear() empties it. Calls may
/// share a cache concurrently; clear() must not run during a call that uses the cache.
class ShapeCache {
 public:
  ShapeCache();
  ~ShapeCache();
  ShapeCache(const ShapeCache&) = delete;
  ShapeCache& operator=(const ShapeCache&) = delete;
  std::size_t size() const;  ///< number of shapes held
  void clear();

  struct Impl;  ///< defined by the driver
  Impl& impl() { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
};

struct GenerateStatistics {
  std::size_t body_pairs = 0;     ///< candidate body pairs
  std::size_t element_pairs = 0;  ///< candidate tet pairs handed to the kernel
  std::size_t raw_contacts = 0;   ///< before merging
  std::size_t shapes_built = 0;   ///< distinct shapes whose data this call built (not from the cache)
  double seconds = 0.0;           ///< wall clock of broad phase + kernels + post-processing
};

/// Contacts of every touching or overlapping body pair of the scene (fixed–fixed pairs skipped).
ContactSet generate_contacts(const Scene& scene, const ContactMethod& method, const GenerateOptions& options = {},
                             GenerateStatistics* statistics = nullptr);

}  // namespace contactlab
