// Mass properties of a homogeneous solid: mass, volume, centre of mass and the inertia tensor
// about the centre of mass, in the mesh's own (body) frame.
//
// Units: lengths in the mesh's unit (m), density in kg/m³ (default 1, so mass = volume), inertia in
// kg·m². inertia = ∫ρ (|r|² I − r rᵀ) dV with r measured from the centroid.
//
// Tet version: sum over tets of exact closed forms. For a tet with corners v0..v3 (relative to a
// reference point) and signed volume V, the second-moment matrix is
//   ∫ r rᵀ dV = V/20 · (Σ_k v_k v_kᵀ + s sᵀ),   s = Σ_k v_k,
// a compact (covariance-matrix) form of the explicit entries given by F. Tonon, "Explicit exact
// formulas for the 3-D tetrahedron inertia tensor in terms of its vertex coordinates", J. Math.
// Stat. 1(1), 2004 (his a, b, c are the moments ∫(y²+z²) etc., a', b', c' the products ∫yz etc.);
// the covariance form is the one of J. Blow and A. Binstock, "How to find the inertia tensor (or
// other mass properties) of a 3D solid body represented by a triangle mesh", 2004. Check: for the
// unit corner tet (0, e1, e2, e3) it gives ∫x² = 1/60 and ∫xy = 1/120, the direct integrals.
// Signed volumes are summed, so inverted tets subtract.
//
// Surface version: the same closed forms applied to the signed tets (p, a, b, c) of every triangle
// (a, b, c) with a common apex p — the divergence theorem; exact for a closed, outward-oriented
// surface, whatever p (we use the first corner of the first triangle, which keeps coordinates at
// the mesh's scale).
//
// Both run two passes: volume and centroid first, then second moments about the centroid (no
// parallel-axis cancellation).
//
// Degenerate input: if the total signed volume is not positive — precisely, not above 1e-12 ×
// (bounding-box diagonal)³: an empty mesh, a flat or an inside-out solid — the result has that
// volume and mass, centroid = the centre of the bounding box of the
// used vertices (zero for an empty mesh), and a zero inertia tensor. Never NaN.
// Errors: InputError for a negative or non-finite density; GeometryError for an element with a
// vertex index out of range or a used vertex with a non-finite coordinate.
#pragma once

#include "contactlab/core/types.h"
#include "contactlab/mesh/tet_mesh.h"
#include "contactlab/mesh/tri_mesh.h"

namespace contactlab {

struct MassProperties {
  double mass = 0.0;             ///< kg: density × volume
  double volume = 0.0;           ///< m³, signed sum (positive for a valid solid)
  Vec3 centroid = Vec3::Zero();  ///< centre of mass, m
  Mat3 inertia = Mat3::Zero();   ///< about the centroid, body axes, kg·m² (symmetric)
};

/// Mass properties of the solid filled by the tets of `mesh`.
MassProperties mass_properties(const TetMesh& mesh, double density = 1.0);

/// Mass properties of the solid bounded by the closed, outward-oriented surface `mesh`.
MassProperties mass_properties(const TriMesh& mesh, double density = 1.0);

}  // namespace contactlab
