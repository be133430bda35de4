// Mesh validation: finds the defects that make a surface or tet mesh unusable for contact
// generation and TetGen (docs/design.md "Errors and bad input").
//
// validate(TriMesh) reports: non-finite coordinates; out-of-range vertex indices; triangles with a
// repeated vertex index; degenerate (zero-area) triangles; and, for the surface as a whole, open
// boundary edges (when options.require_closed), non-manifold edges (> 2 triangles), neighbouring
// triangles with inconsistent orientation (a shared edge traversed in the same direction by both),
// places where the surface touches itself without being neighbours there (self-contact: a vertex
// whose triangles form two or more fans, or two triangles without a common vertex that share a
// point — touching at a face, an edge or a vertex, decided exactly; crossings of triangles with a
// common vertex are left to TetGen's intersection check), and, for a closed consistently oriented
// surface without those, a non-positive enclosed volume (inside-out).
// validate(TetMesh) reports: non-finite coordinates; out-of-range indices; repeated vertex
// indices; inverted tets (negative volume, exact sign); zero-volume tets (exactly coplanar
// corners); slivers (positive but below the threshold below).
//
// Scale-relative thresholds: L = diagonal of the bounding box of the finite vertices and
// tol = options.tolerance.absolute(L). A triangle is degenerate when its corners are exactly
// collinear (exact orient2d on the three coordinate planes) or its smallest height
// 2·area / longest edge is ≤ tol. A positive tet is a sliver when its smallest height
// 3·volume / largest face area is ≤ tol. The closed-surface volume test flags V ≤ tol·L².
// Elements that already have an index problem or a non-finite corner are not checked further.
//
// Issues are listed in a deterministic order: vertices, then elements in index order, then edge
// issues sorted by edge, then self-contact (by vertex, then by triangle pair), then the volume
// test. Self-contact costs a sweep over the triangles' bounding boxes and an exact test per pair
// of boxes that meet. Nothing is repaired. Degenerate input never throws
// here: an empty mesh has no issues; a mesh whose vertices all coincide (L = 0) reports every
// element as degenerate; unused vertices are not reported.
#pragma once

#include "contactlab/core/tolerance.h"
#include "contactlab/mesh/tet_mesh.h"
#include "contactlab/mesh/tri_mesh.h"

#include <cstddef>
#include <string>
#include <vector>

namespace contactlab {

enum class MeshIssueKind {
  kNonFiniteCoordinate,      ///< element = vertex index
  kIndexOutOfRange,          ///< element = triangle / tet index
  kRepeatedVertex,           ///< element = triangle / tet index
  kDegenerateTriangle,       ///< element = triangle index
  kBoundaryEdge,             ///< element = the triangle holding the open edge
  kNonManifoldEdge,          ///< element = first triangle of the edge (message lists them all)
  kInconsistentOrientation,  ///< element = second of the two triangles sharing the edge
  kSelfContact,              ///< element = a triangle at the place the surface touches itself
  kNonPositiveVolume,        ///< element = kInvalidIndex (whole surface)
  kInvertedTet,              ///< element = tet index
  kZeroVolumeTet,            ///< element = tet index
  kSliverTet,                ///< element = tet index
};

/// Short name of the kind, e.g. "non-manifold edge".
const char* to_string(MeshIssueKind kind);

struct MeshIssue {
  MeshIssueKind kind;
  Index element = kInvalidIndex;  ///< see MeshIssueKind
  std::string message;            ///< human-readable detail (indices, values, thresholds)
};

struct ValidationReport {
  std::vector<MeshIssue> issues;

  bool ok() const { return issues.empty(); }
  std::size_t count(MeshIssueKind kind) const;
  /// "<kind> (element i): message" of the first issue and how many others follow; "" when ok.
  std::string summary() const;
};

struct ValidationOptions {
  Tolerance tolerance;         ///< relative to the mesh's bounding-box diagonal
  bool require_closed = true;  ///< report open boundary edges of a surface
};

ValidationReport validate(const TriMesh& mesh, const ValidationOptions& options = {});
ValidationReport validate(const TetMesh& mesh, const ValidationOptions& options = {});

/// Throws GeometryError(source, 0, report.summary()) when validate() finds any issue.
/// `source` names the mesh in the message (a file path or a body name).
void require_valid(const TriMesh& mesh, const std::string& source, const ValidationOptions& options = {});
void require_valid(const TetMesh& mesh, const std::string& source, const ValidationOptions& options = {});
/// As above for a surface read from a file: `triangle_lines[i]` is the file line of triangle i's
/// face (read_surface_mesh gives them), and the error names `source:line` of the first issue's
/// triangle, e.g. "cube.obj:14: repeated vertex ...".
void require_valid(const TriMesh& mesh, const std::string& source, const std::vector<int>& triangle_lines,
                   const ValidationOptions& options = {});

}  // namespace contactlab
