// Separating-axis test (SAT) between two tetrahedra A and B, with the axis of least overlap —
// the normal and depth of the Volume-SAT contact method (K. Erleben, "Methodology for Assessing
// Mesh-Based Contact Point Methods", ACM TOG 37(3), 2018, §6; docs/methods.md §5).
//
// Candidate axes, in this order (the order breaks ties): the 4 face normals of A (face i opposite
// vertex i, as kTetFaces in geometry/tetrahedron_tables.h), the 4 face normals of B, then the 6×6 cross products
// e_A(i) × e_B(j) of their edges (kTetEdges order, i major). Two convex polytopes are disjoint iff
// one of these axes separates their projections (the face normals of their Minkowski difference).
// Along a unit axis n, with A projecting to [a_lo, a_hi] and B to [b_lo, b_hi], the overlap is
// min(a_hi − b_lo, b_hi − a_lo): the shortest translation of B along ±n that separates them. The
// reported axis is oriented from A to B: translating B by depth·axis makes the tets touch.
//
// Tolerance (scale-relative): L is the diagonal of the bounding box of all 8 corners and
// tol = request.relative_tolerance × L (default 1e-9 L), or request.absolute_tolerance when set.
// An axis separates only if the gap along it exceeds tol (plus a rounding allowance for an
// ill-conditioned axis, below); otherwise tets whose least overlap is at most tol are reported
// `touching` (depth then ≤ tol). Exactly touching tets (shared face, edge or vertex) are therefore
// never `separated`.
// Ties: an axis later in the order replaces the current best only if its overlap is smaller by
// more than tol, so faces of A win over faces of B, and face axes win over edge axes, on ties.
//
// Degenerate input (no NaN, ever): a face normal or edge cross product with
// |u × v| ≤ request.parallel_sine × |u| |v| (parallel or zero-length edges, zero-area faces) is
// skipped; for the others, the rounding of the axis direction (≈ ε |u||v| / |u×v|) is added to
// that axis's tolerance. When *both* tets are degenerate (zero volume by the exact predicate, a
// height below parallel_sine × the longest edge, or a face skipped as above), the 44 axes need not be complete (e.g. two coplanar flat tets separated
// within their plane), so further axes are tried after them, reported as kDegenerate: the edge
// directions and corner differences b_j − a_i, their pairwise cross products u × v and the
// in-span normals (u × v) × u. If no axis is usable at all (all 8 corners coincide), the result
// is touching with kind kNone, axis zero and depth 0.
// Inputs must be finite. Units: those of the input; depth, separation, tolerance are lengths.
#pragma once

#include "contactlab/core/tolerance.h"
#include "contactlab/core/types.h"

#include <array>
#include <functional>
#include <optional>

namespace contactlab {

enum class SatAxisKind {
  kNone,        ///< no usable axis (all corners coincide)
  kFaceA,       ///< normal of face index_a of A
  kFaceB,       ///< normal of face index_b of B
  kEdgeEdge,    ///< cross product of edge index_a of A and edge index_b of B
  kDegenerate,  ///< extra axis for two degenerate tets (see above); index_a = index_b = −1
};

struct TetTetSatRequest {
  /// Touching band, relative to the diagonal L of the 8 corners' bounding box.
  double relative_tolerance = kDefaultRelativeTolerance;
  /// The touching band as a length, used instead of relative_tolerance × L when set: a caller that
  /// holds its band as a length (a contact method's absolute tolerance) need not find L to divide
  /// it by.
  std::optional<double> absolute_tolerance;
  /// Cross products (edge pairs, face normals) with sine of the angle at or below this are skipped.
  double parallel_sine = 1e-6;
  /// Once a best axis is known, skip an axis whose unnormalised projections show that it can
  /// neither separate the tets nor replace the best (tet_tet_sat.cpp, SatSearch::changes_nothing),
  /// and stop once no axis can (a corner of each tet within tol/4 of the other's and a least
  /// overlap of at most tol/2: SatSearch::settled): the same result, bit for bit, with fewer roots,
  /// divisions and projections. false: every axis normalised and tried (a reference for tests).
  bool skip_unneeded_axes = true;
  /// Optional: whether some point of A and some point of B lie within a quarter of the band (tol/4,
  /// less a rounding of a few ε × the coordinates' magnitude) of each other — e.g. a corner of one
  /// in the other, tested by the caller. tet_tet_sat asks it at most once, when no corners are
  /// that near and its best overlap first drops to tol/2 or below, where a yes ends the search
  /// (SatSearch::settled in tet_tet_sat.cpp, with skip_unneeded_axes) as corners that coincide
  /// within tol/4 do; tet_tet_separated never asks. The same result, bit for bit, when a yes is
  /// true; an untrue yes may end the search too early.
  std::function<bool()> near_points;
};

struct TetTetSatResult {
  bool separated = false;                 ///< some axis separates the tets by more than the tolerance
  bool touching = false;                  ///< not separated, and the least overlap is within the tolerance of 0
  SatAxisKind kind = SatAxisKind::kNone;  ///< which axis `axis` is
  int index_a = -1;                       ///< face (kFaceA) or edge (kEdgeEdge) index in A, else −1
  int index_b = -1;                       ///< face (kFaceB) or edge (kEdgeEdge) index in B, else −1
  /// Unit axis oriented from A to B: the first separating axis if separated, else the axis of
  /// least overlap. Zero only for kind kNone.
  Vec3 axis = Vec3::Zero();
  double depth = 0.0;         ///< least overlap along `axis`, clamped at 0 (0 when separated)
  double separation = 0.0;    ///< gap along `axis` when separated (> tolerance), else 0
  double tolerance = 0.0;     ///< the band used: absolute_tolerance, or relative_tolerance × length_scale
  double length_scale = 0.0;  ///< L, diagonal of the bounding box of the 8 corners
};

TetTetSatResult tet_tet_sat(const std::array<Vec3, 4>& a, const std::array<Vec3, 4>& b,
                            const TetTetSatRequest& request = {});

/// tet_tet_sat(a, b, request).separated, decided with less work: most axes of touching or
/// overlapping tets do not separate them, and an axis along w (the unnormalised face normal or edge
/// cross product) whose projections of A and B overlap or touch (gap ≤ 0 along w, a few rounding
/// errors of ε L |w| from the exact value) cannot separate them by more than the band tol ≫ ε L, so
/// only the axes with a positive gap along w are normalised and tested as tet_tet_sat tests them,
/// in its order (the same search, SatSearch's verdict-only mode). Where that argument needs the
/// band to dwarf the rounding (tol ≤ 1e-12 L) every axis is tried, and two degenerate tets get
/// tet_tet_sat's extra axes, tried in full.
bool tet_tet_separated(const std::array<Vec3, 4>& a, const std::array<Vec3, 4>& b,
                       const TetTetSatRequest& request = {});

}  // namespace contactlab
