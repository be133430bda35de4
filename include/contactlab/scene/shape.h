// A body's shape: its closed surface mesh and the tet mesh TetGen makes of it, both in the body
// frame, plus how the surface was obtained (a built-in generator with parameters, a mesh file, or
// vertices given inline) so that a scene can be written back exactly as it was read.
#pragma once

#include "contactlab/mesh/shape_generators.h"
#include "contactlab/mesh/surface_map.h"
#include "contactlab/mesh/tet_mesh.h"
#include "contactlab/mesh/tri_mesh.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace contactlab {

struct ShapeSource {
  /// kInline: a surface given inline (tetrahedralized on load); kTets: a tet mesh given inline
  /// (written so by the scene writer for shapes whose tets are the definition, such as a scaled
  /// shape — re-tetrahedralizing its scaled surface could give other tets, issue 12).
  enum class Kind { kGenerator, kFile, kInline, kTets };
  Kind kind = Kind::kInline;
  std::string generator;  ///< kGenerator: name, see contactlab/mesh/shape_generators.h
  ShapeParams params;     ///< kGenerator: parameters given (missing ones take the generator's defaults)
  std::string path;       ///< kFile: .obj/.off path as written in the scene (relative to the scene file)
};

struct Shape {
  ShapeSource source;
  TriMesh surface;              ///< closed, outward oriented, body frame
  std::string tetgen_switches;  ///< switches the tet mesh was made with
  TetMesh tets;                 ///< body frame, positively oriented
  SurfaceMap surface_map;       ///< boundary faces of `tets`: the surface the contact methods see
};

/// Tetrahedralizes `surface` (TetGen, `switches`) and builds the surface map. Throws GeometryError
/// (naming `name`) when the surface is not a valid closed manifold.
std::shared_ptr<const Shape> make_shape(ShapeSource source, TriMesh surface, const std::string& switches,
                                        const std::string& name);

/// A shape from a ready tet mesh (e.g. read from TetGen files, or built by hand in tests): the
/// surface is the tet mesh's boundary; no TetGen run. Slivers and zero-volume tets are accepted;
/// throws GeometryError (naming `name`) for NaN/Inf, bad indices, inverted tets, non-manifold faces.
std::shared_ptr<const Shape> make_shape_from_tets(TetMesh tets, const std::string& name);

}  // namespace contactlab
