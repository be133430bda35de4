// The driver (docs/design.md "Data flow"): body pairs from the broad phase → candidate pairs of surface
// tets (per-body BVHs over the surface tets) → the method's kernel on every pair, in parallel
// (oneTBB) → post-filter (contacts equal within numerical precision merged) → deterministic order
// (body pair, element pair, feature pair, position on body A — the same in any frame) → optional
// sparsification (Solfec's, sparsify_contacts.h). Every stage runs in parallel where it has
// several independent pieces. Same input, same output, whatever the thread count and whether a
// cache is used.
//
// Input: posed bodies (PosedBodies) — for each body its shape data (tet-mesh connectivity, surface
// map; the driver derives the per-shape features) and the current world positions of its tet-mesh
// vertices, so rigid bodies and deforming ones (FEM, rounded triangles) go through the same call.
// Rigid callers have the one-line form generate_contacts(scene, method, options), which poses every
// body by Body::pose() (posed_bodies(scene)).
#pragma once

#include "contactlab/contact/method.h"
#include "contactlab/contact/sparsify_contacts.h"
#include "contactlab/core/transform.h"
#include "contactlab/scene/scene.h"

#include <cstddef>
#include <memory>
#include <optional>
#include <vector>

namespace contactlab {

class ShapeCache;

/// One body as the driver takes it.
struct ContactBody {
  /// Connectivity and per-shape data: shape->tets.tets, shape->surface_map. The positions stored in
  /// the shape (shape->tets.vertices, the surface's vertices) are its rest geometry: the driver and
  /// the kernels read positions only from world_vertices (and, for a rigid body, the cached BVH
  /// built over the rest geometry, see rigid_pose).
  std::shared_ptr<const Shape> shape;
  /// Current world position of every tet-mesh vertex (m), one per shape->tets.vertices, in that
  /// order. A deformable body hands in its deformed vertices here; its tets must stay positively
  /// oriented (the kernels' exact orientation tests assume it).
  std::vector<Vec3> world_vertices;
  /// Set for a rigid body, whose world_vertices[i] is exactly rigid_pose->apply(shape->tets.vertices[i]):
  /// the driver then walks the shape's BVH (built once over the rest geometry, kept in a ShapeCache)
  /// under this pose. Unset (a deformed body): the BVH is built from world_vertices in every call.
  /// Either way the candidate tet pairs are the same for the same world vertices.
  std::optional<Transform> rigid_pose;
  bool fixed = false;  ///< pairs of two fixed bodies are skipped
  /// The body's motion, for methods that judge contacts by it (a semi-local method choosing the
  /// normal of two convex features by the way they approach, issue 15): the velocity of the centre
  /// of mass (m/s; the tet mesh's centroid, as in the scene format) and the angular velocity
  /// (rad/s, world frame). Zero by default; a deformed body moves as a rigid one here.
  Vec3 linear_velocity = Vec3::Zero();
  Vec3 angular_velocity = Vec3::Zero();
};

/// The driver's input: the bodies (a contact's body_a / body_b index this list). The touching band
/// of each body pair is relative to that pair's own length (pair_length_scale, from the two rest
/// shapes), so it never changes as bodies move or deform, nor with the other bodies of the scene.
struct PosedBodies {
  std::vector<ContactBody> bodies;
};

/// Every body of the scene posed rigidly by Body::pose() (rigid_pose set, world vertices computed
/// in parallel) and Body::fixed.
PosedBodies posed_bodies(const Scene& scene);

struct GenerateOptions {
  MethodSettings settings;  ///< settings.length_scale is replaced by each body pair's pair_length_scale
  /// 0: oneTBB's default (the caller's arena); n > 0: at most n threads, in a task arena of n
  /// threads that the process makes at the first such call and keeps (calls from several threads
  /// at once with the same n share it).
  int threads = 0;
  /// Where per-shape data is kept between calls (see ShapeCache); nullptr: built in every call.
  ShapeCache* shape_cache = nullptr;
  /// Solfec's contact sparsification after the merge, per body pair (sparsify_contacts.h); unset:
  /// none. Its settings go into ContactSet::parameters (sparsify_*). InputError when invalid.
  std::optional<SparsifyOptions> sparsify = std::nullopt;
  /// Measure where the call's time goes, into GenerateStatistics::stages (when statistics are
  /// asked for). Off by default: it reads the clock a few times per body pair (a wall query, 213
  /// body pairs, about a thousand reads).
  bool time_stages = false;
};

/// The data the driver derives from each shape alone: the features of build_shape_features and a
/// BVH over the shape's surface tets in the body frame. Building it is the largest fixed cost of a
/// query on big meshes (for two 12096-tet bodies about half of an Intersection query), so a caller
/// that queries the same shapes again and again — a simulation loop, a benchmark — keeps one cache
/// and passes it in GenerateOptions::shape_cache. Results are the same with or without.
///
/// What an entry holds is valid for deformed bodies too, because it is keyed by the shape, whose
/// connectivity never changes: the features (surface topology, vertex neighbours, surface vertices,
/// surface tets) depend on connectivity only — except MeshTopology's edge and vertex kinds, which
/// describe the rest geometry and which no kernel reads. The BVH is built from the rest positions,
/// so the driver uses it only for rigid bodies (ContactBody::rigid_pose); for a deformed body it
/// builds a BVH over the given world vertices in each call and keeps nothing built from positions.
///
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

/// Where a call's time went, by the driver's stages (docs/design.md "Data flow"), in seconds:
/// measured when GenerateOptions::time_stages is set, zero otherwise. The stages that run once per
/// body pair (tet_pairs, kernels, merge) are summed over the body pairs, so with more than one
/// thread they can add up to more than the call's wall clock; the others are wall clock. On one
/// thread the stages are disjoint stretches of the call, so their sum is at most its `seconds`
/// (the rest: the tasks' bookkeeping between them).
struct GenerateStageSeconds {
  double posing = 0.0;      ///< the scene form's world vertices (posed_bodies); 0 for PosedBodies
  double checks = 0.0;      ///< the input checks and body boxes (and moving a far scene to its origin)
  double shape_data = 0.0;  ///< stage 1: features and surface-tet BVH of the shapes not in the cache
  double bodies = 0.0;      ///< stages 2–3: deformed bodies' BVHs, the body pairs, the bodies' views
  double tet_pairs = 0.0;   ///< stage 4: the BVH tandem walks (summed over body pairs)
  double planes = 0.0;      ///< the candidate tets' planes (methods that read them; wall clock)
  double kernels = 0.0;     ///< stage 5: the method's kernel on the tet pairs (summed over body pairs)
  double merge = 0.0;       ///< stage 6: merge, order and sparsification (summed over body pairs)
  double output = 0.0;      ///< the body pairs' contacts gathered into the ContactSet
  /// The sum of the fields.
  double total() const { return posing + checks + shape_data + bodies + tet_pairs + planes + kernels + merge + output; }
};

struct GenerateStatistics {
  std::size_t body_pairs = 0;     ///< candidate body pairs
  std::size_t element_pairs = 0;  ///< candidate tet pairs handed to the kernel
  std::size_t raw_contacts = 0;   ///< before merging
  std::size_t shapes_built = 0;   ///< distinct shapes whose data this call built (not from the cache)
  SparsifyCounts sparsified{};    ///< contacts the sparsification deleted, by rule
  double seconds = 0.0;           ///< wall clock of posing (scene form) + broad phase + kernels + post-processing
  GenerateStageSeconds stages{};  ///< by stage, when GenerateOptions::time_stages is set
};

/// Contacts of every touching or overlapping pair of the given bodies (fixed–fixed pairs skipped).
/// Throws InputError when a body has no shape, its world_vertices do not match its tet mesh's
/// vertex count, or a world vertex is not finite.
ContactSet generate_contacts(const PosedBodies& bodies, const ContactMethod& method,
                             const GenerateOptions& options = {}, GenerateStatistics* statistics = nullptr);

/// The rigid one-liner: generate_contacts(posed_bodies(scene), method, options, statistics).
ContactSet generate_contacts(const Scene& scene, const ContactMethod& method, const GenerateOptions& options = {},
                             GenerateStatistics* statistics = nullptr);

}  // namespace contactlab
