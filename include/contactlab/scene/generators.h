// Built-in shape generators: closed, outward-oriented (counter-clockwise seen from outside)
// triangle surfaces in a natural body frame, y up. Dimensions in metres. The shapes and their
// defaults are those of the assessment suite (SUITE.md "Shapes"). Triangulation diagonals of
// rectangular faces are documented per generator: they decide which edge–edge pairs exist.
#pragma once

#include "contactlab/core/types.h"
#include "contactlab/mesh/tri_mesh.h"
#include "contactlab/scene/shape.h"

#include <span>
#include <string>
#include <vector>

namespace contactlab {

/// Box of the given full size, centred at the origin. Each face: 2 triangles.
TriMesh box_surface(const Vec3& size);

/// Frustum (a prism when the radii are equal) with `slices` sides: bottom polygon in y = 0 with
/// circumradius bottom_radius, top polygon in y = height with circumradius top_radius, corner k at
/// angle phase + 2πk/slices from +x towards +z (so phase 0 puts a corner on +x). Caps are fans of
/// triangles around a centre vertex, (0,0,0) and (0,height,0). Each side quad: 2 triangles.
TriMesh frustum_surface(int slices, double bottom_radius, double top_radius, double height, double phase = 0.0);

/// Square pyramid ("spike"): apex (0, height, 0), base corners (±half_base, 0, ±half_base).
/// Base: 2 triangles. SUITE.md: height 2.4, half_base 0.8.
TriMesh spike_surface(double height = 2.4, double half_base = 0.8);

/// Triangular prism ("wedge"): ridge (0, height, ±half_length), base (±half_base, 0, ±half_length).
/// SUITE.md: height 2.4, half_base 0.8, half_length 1.6.
TriMesh wedge_surface(double height = 2.4, double half_base = 0.8, double half_length = 1.6);

/// Block x∈[−1,1], y∈[−0.5,0.5], z∈[−2,2] whose top has a V-groove along z: the top is y = 0.5
/// except for |x| < 0.5, where it dips to the line x = 0, y = 0 (SUITE.md "crack").
TriMesh crack_surface();

/// Block x,z∈[−1,1], y∈[−0.5,0.5] with an inverted square-pyramid hole: rim x,z = ±0.5 at y = 0.5,
/// bottom vertex (0,0,0) (SUITE.md "hole").
TriMesh hole_surface();

/// Arch stone: the cuboid-like solid between radii inner_radius and outer_radius and angles
/// theta0 < theta1 (from +x towards +y, about the origin), planar inner and outer faces (8 vertices),
/// z ∈ [−depth/2, depth/2].
TriMesh voussoir_surface(double inner_radius, double outer_radius, double theta0, double theta1, double depth);

/// The fixed base of the `internal-edge` case: box x,z∈[−2,2], y∈[−1,1] whose top face is
/// tessellated as SUITE.md lists (internal vertices (±1, 1) … ), side faces fans of 3 triangles
/// from their top-edge midpoints, bottom 2 triangles.
TriMesh internal_edge_base_surface();

/// Description of one generator for `contactlab` listings and the scene JSON.
struct GeneratorInfo {
  std::string name;     ///< as used in scene JSON: "box", "frustum", "spike", ...
  std::string summary;  ///< one line
  /// Parameters with their defaults (a scalar is one value). A parameter without default has an
  /// empty vector and is required.
  ShapeParams defaults;
};

/// All generators, in a fixed order.
const std::vector<GeneratorInfo>& shape_generators();

/// Runs generator `name` with `params` (missing parameters take defaults). Throws InputError naming
/// `where` (e.g. "scene.json: bodies[3].shape") and the offending parameter: unknown generator,
/// unknown or missing parameter, wrong number of values, out-of-range value (non-positive size,
/// fewer than 3 slices, …).
TriMesh generate_surface(const std::string& name, const ShapeParams& params, const std::string& where);

}  // namespace contactlab
