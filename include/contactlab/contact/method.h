// The contact method interface (docs/design.md "Method interface"; docs/methods.md). A method is a named,
// stateless object whose kernel takes one candidate tet pair of two posed bodies and appends
// contacts (world position, unit normal from A to B, signed gap, feature pair, element pair).
// The driver (generate_contacts.h) runs the broad phase, the kernels in parallel, the post-filter
// and the deterministic ordering; methods know nothing of solvers or measures.
#pragma once

#include "contactlab/broadphase/candidate_element_pairs.h"
#include "contactlab/contact/contact.h"
#include "contactlab/core/tolerance.h"
#include "contactlab/geometry/tolerance_band.h"
#include "contactlab/mesh/topology.h"
#include "contactlab/scene/shape.h"

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace contactlab {

/// What the methods need of a shape beyond its meshes, computed once per distinct shape (body
/// frame; shapes are shared between bodies).
struct ShapeFeatures {
  const Shape* shape = nullptr;
  /// Topology of shape->surface_map.surface (its triangles index the tet mesh's vertices):
  /// edges (FeatureRef edge indices refer to topology.edges), convex/concave/flat classes.
  MeshTopology surface_topology;
  /// Tet-mesh vertex adjacency along tet edges, each list sorted ascending.
  std::vector<std::vector<Index>> vertex_neighbours;
  /// Whether each tet-mesh vertex lies on the boundary surface.
  std::vector<bool> on_surface;
  /// Per tet, its vertices on the boundary surface, ascending, padded with kInvalidIndex (the
  /// vertex methods probe them for every candidate pair the tet is in).
  std::vector<std::array<Index, 4>> tet_surface_vertices;
  /// Per tet-mesh vertex: the least tet of surface_tets that has it as a vertex (kInvalidIndex for
  /// an interior vertex). The vertex methods probe a vertex only from this tet over a body pair:
  /// every surface tet holding the vertex pairs with each tet that contains it, and the merge keeps
  /// the copy of the least tet (contact_detail::ProbeFilter).
  std::vector<Index> canonical_surface_tet;
  /// Per tet, the vertices it is the canonical surface tet of, ascending, padded with kInvalidIndex.
  std::vector<std::array<Index, 4>> tet_canonical_vertices;
  /// Per tet, the surface_topology edge of each of its 6 edges (kTetEdges order), or
  /// kInvalidIndex for an edge that is not a surface edge: the SAT methods label every edge–face
  /// crossing with it, and a binary search of the edge list per crossing (find_edge) was a
  /// sixteenth of volume-sat's time on the overlapping grid pair.
  std::vector<std::array<Index, 6>> tet_surface_edges;
  /// Tets with at least one boundary face, ascending (the only ones that can touch anything).
  std::vector<Index> surface_tets;
  /// Per tet and local face f (kTetFaces order, its corners in that order) that is a boundary
  /// triangle: what the triangle owns — of the surface triangles sharing an edge, or around a
  /// vertex, the one of lowest index — bit i (0–2): the edge from face corner i to corner i + 1;
  /// bit 3 + i: corner i. An edge or vertex the topology does not know is owned. A search over
  /// face pairs then tests each pair of edges and each vertex against a face once (semi-local).
  std::vector<std::array<std::uint8_t, 4>> surface_face_ownership;
  /// The same per surface triangle, its corners in the triangle's own order
  /// (shape->surface_map.surface.triangles[t]): bit i, the edge from corner i to corner i + 1;
  /// bit 3 + i, corner i (closest points, through contact_detail::tet_surface_triangles).
  std::vector<std::uint8_t> surface_triangle_ownership;
  /// The shape's own length (m): twice the largest distance of a rest tet-mesh vertex from the
  /// vertices' mean — invariant under rigid motion, proportional to uniform scale, 0 for a point.
  /// The touching band of a body pair is relative to the smaller of its two bodies' lengths
  /// (pair_length_scale), so that a body far away or a large ground does not change it.
  double length_scale = 0.0;
  /// Unit outward pseudo-normal of each surface vertex of the rest geometry (surface_pseudo_normal
  /// of shape->tets.vertices; zero for interior vertices and degenerate fans). Closest points
  /// erodes along it; for a rigid body it is rotated into the world (MethodBody::rest_to_world)
  /// instead of being recomputed from the world vertices in every call.
  std::vector<Vec3> rest_vertex_normals;
  /// The centre of mass of the rest tet mesh at uniform density (its volume centroid; the mean
  /// of the vertices for a mesh without volume).
  Vec3 rest_centre_of_mass = Vec3::Zero();
};

/// The angle-weighted pseudo-normal (Thürmer & Wüthrich) of tet-mesh vertex `v` on the surface of
/// `features`' shape, with the vertex positions `vertices` (rest or world): the sum of the unit
/// outward normals of the surface triangles around v, each weighted by its angle at v, normalised.
/// A flat triangle (height within 1e-9 of its longest edge, zero area included) has no direction
/// and no weight — relative to its own edges, so the same triangles count in every frame and at
/// every scale. Zero for an interior vertex or a fan whose normals cancel.
Vec3 surface_pseudo_normal(const ShapeFeatures& features, std::span<const Vec3> vertices, Index v);

/// The length scale of a body pair's touching band: the smaller of the two shapes' lengths, or the
/// larger where the smaller is 0 (a point-like shape). Frame-independent: it depends on the shapes
/// alone, never on where the bodies are or on the rest of the scene (issue 12 (a)).
double pair_length_scale(const ShapeFeatures& a, const ShapeFeatures& b);

ShapeFeatures build_shape_features(const Shape& shape);

/// The volume centroid of a tet mesh (mass_properties at uniform density); the mean of its vertices
/// when it has no volume or its centroid is not finite; zero for no vertices.
Vec3 volume_centroid(const TetMesh& mesh);

/// World-frame planes (tet_planes of the world corners) of the tets that one call's candidate tet
/// pairs hold, computed once per call by the driver instead of once per pair: a tet lies in about
/// 30 candidate pairs on the suite's scenes, and its planes (an exact orientation sign, four unit
/// normals) were a quarter of vertex-only's time. The same computation, so the same bits.
/// A view: the driver keeps the arrays (all bodies' in one allocation each).
struct TetPlanesCache {
  static constexpr std::uint32_t kAbsent = ~std::uint32_t{0};
  std::span<const std::uint32_t> slot;  ///< per tet of the body: its index in `planes`, or kAbsent
  std::span<const TetPlanes> planes;
  /// Per slot, the triangle planes of the tet's four faces (tet_face_planes), when the method asks
  /// (ContactMethod::uses_face_planes); empty otherwise.
  std::span<const std::array<TrianglePlane, 4>> faces;
};

/// One body as a kernel sees it: its shape data and its tet-mesh vertices in the world frame.
struct MethodBody {
  Index index = kInvalidIndex;  ///< scene body index
  const Shape* shape = nullptr;
  const ShapeFeatures* features = nullptr;
  std::span<const Vec3> world_vertices;  ///< tet-mesh vertices posed into the world
  /// Set for a rigid body (the driver's ContactBody::rigid_pose): world_vertices[i] =
  /// R · shape->tets.vertices[i] + t with this R, so that kernels may rotate per-shape rest-frame
  /// data (ShapeFeatures::rest_vertex_normals) instead of recomputing it. Null: a deformed body.
  const Mat3* rest_to_world = nullptr;
  /// The planes of the call's candidate tets (the driver fills it); null: computed when asked.
  const TetPlanesCache* planes_cache = nullptr;
  /// The driver's call this view belongs to: a number no other generate_contacts call in the process
  /// has, during which the world vertices do not change, so that a kernel may keep what it derives
  /// from one tet for the whole call (contact_detail::CallTetCache). 0: unknown — nothing is kept
  /// beyond one run.
  std::uint64_t call = 0;
  /// The body's motion (ContactBody): velocity of the centre of mass, angular velocity, and the
  /// centre of mass in the world (the posed ShapeFeatures::rest_centre_of_mass; for a deformed
  /// body, the centroid of its world tets).
  Vec3 linear_velocity = Vec3::Zero();
  Vec3 angular_velocity = Vec3::Zero();
  Vec3 centre_of_mass = Vec3::Zero();

  /// The velocity of the body's material point at world position p: v + ω × (p − c).
  Vec3 velocity_at(const Vec3& p) const { return linear_velocity + angular_velocity.cross(p - centre_of_mass); }

  const Vec3& vertex(Index v) const { return world_vertices[v]; }
  std::array<Vec3, 4> tet(Index t) const {
    const Tet& k = shape->tets.tets[t];
    return {world_vertices[k[0]], world_vertices[k[1]], world_vertices[k[2]], world_vertices[k[3]]};
  }
  /// tet_planes(tet(t)): the cached planes where the cache holds tet t, else `scratch` set to them.
  const TetPlanes& planes(Index t, TetPlanes& scratch) const {
    if (planes_cache && planes_cache->slot[t] != TetPlanesCache::kAbsent)
      return planes_cache->planes[planes_cache->slot[t]];
    scratch = tet_planes(tet(t));
    return scratch;
  }
  /// tet_face_planes(tet(t)): the cached ones where the cache holds them, else `scratch` set to them.
  const std::array<TrianglePlane, 4>& face_planes(Index t, std::array<TrianglePlane, 4>& scratch) const {
    if (planes_cache && !planes_cache->faces.empty() && planes_cache->slot[t] != TetPlanesCache::kAbsent)
      return planes_cache->faces[planes_cache->slot[t]];
    scratch = tet_face_planes(tet(t));
    return scratch;
  }
  /// Boundary triangle of local face f of tet t, or kInvalidIndex for an interior face.
  Index surface_triangle(Index t, int f) const { return shape->surface_map.tet_face_to_triangle[t][f]; }
};

/// The settings common to every method (docs/methods.md "Parameters"): the touching band. The
/// driver hands each body pair its own copy with length_scale = pair_length_scale of the pair. A
/// method's own parameters are not here: each method header declares its parameters struct with
/// the paper's defaults (ClosestPointsParameters, GrowthParameters), and a method object is
/// configured with them when it is made (make_closest_points_method, make_growth_method); the
/// registry's instances use the defaults. Lengths in metres.
struct MethodSettings {
  double length_scale = 1.0;  ///< the body pair's (pair_length_scale); tolerances scale with it
  Tolerance tolerance;        ///< touching: gaps below tolerance.absolute(length_scale) count as 0

  double absolute_tolerance() const { return tolerance.absolute(length_scale); }
};

/// A method object is immutable: its own parameters are fixed when it is made, and its kernel keeps
/// no state between calls, so the driver may run it on many tet pairs at once.
class ContactMethod {
 public:
  virtual ~ContactMethod() = default;
  /// Registry name, e.g. "volume-sat".
  virtual std::string name() const = 0;
  /// One line for `contactlab methods`.
  virtual std::string summary() const = 0;
  /// Extra distance at which tet pairs are candidates (Closest points: 4ε); 0 by default.
  virtual double candidate_margin(const MethodSettings&) const { return 0.0; }
  /// The parameters the method used — its own and those common settings it reads — written into
  /// the contacts JSON (docs/methods.md "Parameters" lists the names).
  virtual std::map<std::string, ParameterValue> parameters(const MethodSettings&) const { return {}; }
  /// Appends the contacts of the candidate pair (tet_a of body a, tet_b of body b) to `sink`.
  /// Both tets have at least one surface face. Contacts carry body_a = a.index, body_b = b.index,
  /// normals from A to B. Must be symmetric: swapping A and B flips normals and nothing else.
  /// Never NaN: degenerate configurations give a documented contact or none.
  virtual void generate(const MethodBody& a, Index tet_a, const MethodBody& b, Index tet_b,
                        const MethodSettings& settings, std::vector<Contact>& sink) const = 0;
  /// The kernel over a run of one body pair's candidate pairs (a slice of the driver's list, sorted
  /// by (tet_a, tet_b)); by default generate() on each, in order. A method may share work between
  /// the pairs of a run, provided it appends what those generate() calls would, in their order,
  /// less any contact that equals an earlier one of the run in everything but element_a or
  /// element_b: the driver's merge keeps the first of such copies (merge_duplicates), so the
  /// result does not change. The vertex methods use this: a vertex of k tets is probed against a
  /// tet of the other body once, not k times.
  virtual void generate_run(const MethodBody& a, const MethodBody& b, std::span<const ElementPair> pairs,
                            const MethodSettings& settings, std::vector<Contact>& sink) const {
    for (const ElementPair& p : pairs) generate(a, p.a, b, p.b, settings, sink);
  }
  /// True for a semi-local method, which needs all of a body pair's candidate pairs at once (a
  /// contact polygon spans many tets): the driver then calls generate_body_pair once per body
  /// pair instead of generate_run on chunks of its pairs. False by default.
  virtual bool per_body_pair() const { return false; }
  /// True when the driver's merged contacts are those of generate() on each candidate pair, merged
  /// (a local method, whichever of generate_run or generate_body_pair the driver calls — the vertex
  /// methods work per body pair only to probe each vertex once); false for a semi-local method,
  /// whose contacts are not made of pair-by-pair ones. By default, !per_body_pair().
  virtual bool pair_by_pair() const { return !per_body_pair(); }
  /// The kernel over all candidate pairs of one body pair (sorted by (tet_a, tet_b)), called when
  /// per_body_pair(); by default generate_run on all of them.
  virtual void generate_body_pair(const MethodBody& a, const MethodBody& b, std::span<const ElementPair> pairs,
                                  const MethodSettings& settings, std::vector<Contact>& sink) const {
    generate_run(a, b, pairs, settings, sink);
  }
  /// How far apart the unit normals of two contacts at the same place (within the touching band)
  /// may be for the driver's merge to take them as one: rounding of the method's normals. 1e-9 by
  /// default; larger for a method whose normals are ill-conditioned in some configurations
  /// (Solfec's ε-slivers, solfec.h), so that the merge does not depend on the frame.
  virtual double merge_normal_tolerance() const { return 1e-9; }
  /// Whether the kernel reads most candidate tets' planes (MethodBody::planes), so that the driver
  /// computes them once per call for every candidate tet (TetPlanesCache). A method that needs
  /// few of them returns false: MethodBody::planes then computes each one asked for. True by default.
  virtual bool uses_tet_planes() const { return true; }
  /// Whether the kernel reads the triangle planes of most candidate tets' four faces
  /// (MethodBody::face_planes: a tet's faces are tested against the tets of about 30 pairs), so
  /// that the driver computes them once per call too. False by default.
  virtual bool uses_face_planes() const { return false; }
  /// Whether a candidate tet pair can give contacts only when some boundary face of one tet and some
  /// of the other have world boxes within the pair's margin (candidate_margin + the band) of each
  /// other. The driver then tests the boxes of the tets' boundary faces (all of a tet's corners that
  /// lie on one) in place of the tets' boxes: the same contacts from fewer pairs where a tet reaches
  /// far beyond its boundary faces. False by default.
  virtual bool surface_candidates() const { return false; }
  /// Where a surface_candidates method's kernel finds a body's faces when it moves the body's
  /// vertices first (Closest points erodes the body by ε): the moved world position of every
  /// vertex of `body` — for the body pair whose settings are `settings` — and how to search them.
  struct CandidateVertices {
    double displacement = 0.0;  ///< ≥ how far, per axis, any position lies from the body's vertex
    double margin = 0.0;        ///< distance within which moved boundary faces' boxes are candidates
  };
  /// Fills `positions` (one per vertex of the body's tet mesh) and says how far they moved and the
  /// margin for their faces' boxes; the driver then takes the candidate pairs of a body pair with
  /// many surface tets (thousands of tet pairs to search) by the moved faces' boxes within the
  /// larger of the two bodies' margins — fewer pairs than the body's own faces within
  /// candidate_margin, which must hold them all — and still uses candidate_margin for the body
  /// pairs and for small body pairs' tet pairs. The method must give no contact for a tet pair
  /// whose moved faces' boxes are farther apart than that margin. nullopt (the default): the
  /// body's own vertices.
  virtual std::optional<CandidateVertices> candidate_vertices(const MethodBody& /*body*/,
                                                              const MethodSettings& /*settings*/,
                                                              std::vector<Vec3>& /*positions*/) const {
    return std::nullopt;
  }
  /// Whether every contact carries an area (Contact::has_area): a pressure law (penalty stepping's
  /// per-area law, dynamics/penalty_forces.h) needs it. False by default.
  virtual bool reports_areas() const { return false; }
};

/// Every registered method, in the paper's order (Intersection, Closest points, Vertex only,
/// Consistent vertex, Volume-SAT, Surface-SAT, Opposing, Growth), then the others.
const std::vector<const ContactMethod*>& contact_methods();

/// The first eight of contact_methods(): the paper's methods, in its order — the default of the
/// paper's dynamic studies, whose tables compare with the paper's.
std::span<const ContactMethod* const> paper_contact_methods();

/// The method named `name`, or nullptr.
const ContactMethod* find_contact_method(const std::string& name);

}  // namespace contactlab
