// Built-in shape generators: closed, manifold, outward-oriented (counter-clockwise seen from
// outside) triangle surfaces in a natural body frame, y up, without degenerate triangles or
// duplicate vertices. Dimensions in metres, angles in radians. The shapes and their defaults are
// those of the assessment suite (docs/suite.md "Shapes").
//
// Triangulation diagonals decide which edge–edge pairs exist, so every generator fixes them (a
// "quad a, b, c, d" below is listed counter-clockwise seen from outside and split along a–c into
// (a, b, c) and (a, c, d)). Vertex coordinates are computed once and shared, so coordinates the
// suite gives (corners, the crack's groove line, the hole's bottom vertex, …) are exact in double.
//
// Bad parameters: the direct functions throw InputError whose source names the function and the
// parameter (e.g. "box_surface.size"); generate_surface() checks names, value counts and ranges
// first and names `where` instead (see there).
#pragma once

#include <map>
#include <span>
#include <string>
#include <vector>

#include "contactlab/core/types.h"
#include "contactlab/mesh/tri_mesh.h"

namespace contactlab {

/// Generator parameters by name; a scalar is a vector of one value.
using ShapeParams = std::map<std::string, std::vector<double>>;

/// Box of the given full size (all > 0), centred at the origin: 8 vertices, 12 triangles. Each
/// face is split along the diagonal from its corner with the smaller two in-plane coordinates to
/// the corner with the larger two (e.g. the top face y = +sy/2 along (−sx/2, ·, −sz/2)–(sx/2, ·, sz/2)).
TriMesh box_surface(const Vec3& size);

/// Frustum (a prism when the radii are equal) with `slices` ≥ 3 sides: bottom polygon in y = 0 with
/// circumradius bottom_radius, top polygon in y = height > 0 with circumradius top_radius, corner k
/// at angle phase + 2πk/slices from +x towards +z (so phase 0 puts a corner on +x). Radii are ≥ 0
/// and at most one is 0: a zero radius gives a cone whose apex (0,0,0) or (0,height,0) replaces
/// that polygon and its cap. Caps are fans of `slices` triangles around a centre vertex, (0,0,0)
/// and (0,height,0). Side k (between corners k and k+1) is the quad
/// bottom k, top k, top k+1, bottom k+1, split along bottom k – top k+1 (a single triangle for a cone).
/// Vertices: bottom corners 0..n−1, top corners n..2n−1, bottom centre, top centre (for a cone the
/// apex takes the place of its ring and is not repeated as a centre). Corner directions are exact
/// at multiples of a quarter turn when phase = 0, and corners k and n−k are exact mirror images in
/// z (the angle is reduced to an octant before cos/sin), so e.g. a hexagon's ±x corners are exact.
/// slices ≤ 500: tetrahedralising costs about slices² (≈ 2 s at 500 with the default switches), and
/// lengths ≤ kMaxCoordinateMagnitude (docs/errors-and-limits.md).
TriMesh frustum_surface(int slices, double bottom_radius, double top_radius, double height, double phase = 0.0);

/// Square pyramid ("spike"): apex (0, height, 0), base corners (±half_base, 0, ±half_base).
/// Base: 2 triangles split along (−half_base, 0, −half_base)–(half_base, 0, half_base).
/// docs/suite.md: height 2.4, half_base 0.8.
TriMesh spike_surface(double height = 2.4, double half_base = 0.8);

/// Triangular prism ("wedge"): ridge (0, height, ±half_length), base (±half_base, 0, ±half_length).
/// Diagonals: base (−b, 0, −l)–(b, 0, l); side x > 0 (b, 0, −l)–(0, h, l); side x < 0
/// (−b, 0, l)–(0, h, −l) (symmetric under the half turn about y). End faces are single triangles.
/// docs/suite.md: height 2.4, half_base 0.8, half_length 1.6.
TriMesh wedge_surface(double height = 2.4, double half_base = 0.8, double half_length = 1.6);

/// Block x∈[−1,1], y∈[−0.5,0.5], z∈[−2,2] whose top has a V-groove along z: the top is y = 0.5
/// except for |x| < 0.5, where it dips to the groove line x = 0, y = 0 (docs/suite.md "crack"). It is the
/// prism along z over the 7-gon (−1,−0.5) (1,−0.5) (1,0.5) (0.5,0.5) (0,0) (−0.5,0.5) (−1,0.5) in
/// (x, y): 14 vertices, every rectangular face (bottom, sides, the two top strips y = 0.5, the two
/// 45° groove walls) split from polygon vertex k at z = −2 to vertex k+1 at z = +2 (in that order),
/// each end cap a fan of 5 triangles from the groove vertex (0, 0, ±2).
TriMesh crack_surface();

/// Block x,z∈[−1,1], y∈[−0.5,0.5] with an inverted square-pyramid hole: rim x,z = ±0.5 at y = 0.5,
/// bottom vertex (0,0,0) (docs/suite.md "hole"). 13 vertices, 22 triangles: the top is the square ring
/// between the outer square ±1 and the rim, as 4 trapezoids each split from its outer corner to the
/// next rim corner counter-clockwise seen from below (i.e. in the order of increasing angle from +x
/// towards +z); 4 wall triangles meeting at (0,0,0); each side face split from its bottom corner to
/// the top corner next in that order; bottom split along (−1,−0.5,−1)–(1,−0.5,1).
TriMesh hole_surface();

/// Arch stone: the prism along z, z ∈ [−depth/2, depth/2], over the quadrilateral with corners at
/// radii inner_radius < outer_radius on the rays at angles theta0 < theta1 (from +x towards +y,
/// about the origin), so inner and outer faces are planar and the end faces lie on the radial
/// planes (8 vertices). Ray directions are (cos θ, sin θ), exact when θ is a double multiple of π/2
/// (e.g. θ = std::numbers::pi gives (−1, 0)). Requires 0 < inner_radius < outer_radius, 0 < theta1 − theta0 < π, depth
/// > 0. Diagonals: each end cap from (inner, theta0) to (outer, theta1); each side quad from its first corner at z =
/// −depth/2 to its second at z = +depth/2, corners in the order inner θ0, outer θ0, outer θ1, inner θ1 (so the radial
/// face θ0 is split from the inner to the outer edge, …).
TriMesh voussoir_surface(double inner_radius, double outer_radius, double theta0, double theta1, double depth);

/// The fixed base of the `internal-edge` case: box x,z∈[−2,2], y∈[−1,1] whose top face is
/// tessellated exactly with the 10 triangles docs/suite.md lists (internal vertices (−1, 1, 1) and
/// (1, 1, 1), i.e. (x, z) = (−1, 1) and (1, 1)), each counter-clockwise seen from above; each side face a fan of 3
/// triangles from its top-edge midpoint ((0,1,±2), (±2,1,0)); bottom 2 triangles split along
/// (−2,−1,−2)–(2,−1,2). 14 vertices, 24 triangles.
TriMesh internal_edge_base_surface();

/// Description of one generator for `contactlab` listings and the scene JSON.
struct GeneratorInfo {
  std::string name;     ///< as used in scene JSON: "box", "frustum", "spike", ...
  std::string summary;  ///< one line
  /// Parameters with their defaults (a scalar is one value). A parameter without default has an
  /// empty vector and is required.
  ShapeParams defaults;
};

/// All generators, in a fixed order: box {size [x,y,z], required}, frustum {slices, bottom_radius,
/// top_radius, height required; phase 0}, spike {height 2.4, half_base 0.8}, wedge {height 2.4,
/// half_base 0.8, half_length 1.6}, crack {}, hole {}, voussoir {inner_radius, outer_radius,
/// theta0, theta1, depth, all required}, sphere {radius required, subdivisions 3}, plate {size
/// [x,y,z] required, divisions 8}, internal-edge-base {}. The sphere (an icosahedron subdivided,
/// its vertices on the sphere) and the plate (a box whose top is a grid) are the finely
/// triangulated bodies of the rounded-triangle validation (docs/penalty.md).
const std::vector<GeneratorInfo>& shape_generators();

/// Runs generator `name` with `params` (missing parameters take defaults). Throws InputError naming
/// `where` (e.g. "scene.json: bodies[3].shape") and the offending parameter, e.g.
/// "scene.json: bodies[3].shape.slices: expected an integer ≥ 3, got 2": unknown generator,
/// unknown or missing parameter, wrong number of values, non-finite or out-of-range value
/// (non-positive size, fewer than 3 slices, …). Every parameter is one value except box.size (3).
/// The result is also checked with validate(); parameters whose surface is degenerate at the
/// default relative tolerance (e.g. a radius 1e-12 of the height) throw InputError too.
TriMesh generate_surface(const std::string& name, const ShapeParams& params, const std::string& where);

}  // namespace contactlab
