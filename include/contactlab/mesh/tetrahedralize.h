// Tetrahedralization of a closed surface with TetGen 1.5 (Si, "TetGen, a Delaunay-based quality
// tetrahedral mesh generator", ACM TOMS 41(2), 2015), used as a library.
//
// Input: a non-empty, closed, manifold, consistently outward-oriented triangle surface without
// degenerate triangles and without self-contact (checked with validate(); otherwise GeometryError
// naming the first problem). Several disjoint closed components are fine. Each
// input triangle becomes one TetGen facet with marker = its index + 1, so every output boundary
// triangle maps back to the input triangle it lies in.
//
// Switches (TetGen manual §4.2): the paper's default is "pq2.0Y" — PLC input, radius-edge ratio
// ≤ 2.0, and Y: the input surface is preserved (no Steiner points on the boundary, so the boundary
// triangles are exactly the input triangles). Its refined setting is "pq1.015a0.015" — ratio
// ≤ 1.015 and tet volume ≤ 0.015 (in the surface's units³), with boundary refinement allowed.
// We always add, unless already given: 'p' (PLC), 'z' (zero-based numbering), 'Q' (quiet; not
// with 'V'), 'X1' (no static filter: TetGen re-initialises the process-wide Shewchuk predicates,
// and a static filter sized to this mesh's bounding box would make geometry/predicates.h inexact
// for coordinates outside it — now only in TetGen's child process, see below, but the in-process
// mode of the tests restores the predicate state after each run) and
// 'S<kTetGenDefaultSteinerLimit>' (at most that many added points). The limit exists because with
// libtet 1.5.0 the refined setting q1.015 does not terminate — even on a unit cube TetGen keeps
// splitting "bad" tets without end (ratios this close to 1 are below what its Delaunay refinement
// guarantees; q1.1 terminates). With the limit it stops after that many points and returns a valid
// mesh whose quality/volume bounds may not all hold; steiner_limit_reached says so. Pass your own
// 'S' to change the limit. The switch string is checked in full (TetGen itself only prints
// "Unknown switch" and goes on): accepted are p Y A M z Q V J I C (no number), q[ratio[/angle]]
// (ratio > 0, angle 0..90), a<volume> (> 0), T<tolerance> (0 < T ≤ 1), S<points> (whole, ≥ 0),
// O<level>[/scheme] (0..10, 0..7) and X1, optionally after one '-'. Anything else is an InputError
// naming the switch and the accepted forms — among them what would change what we read back: r
// (refine a tet mesh), w (weighted), c (keep convex hull), d (intersection check only), i/m (extra
// input), o2 (quadratic tets), B/F/E/N (suppress markers/faces/tets/nodes), f/e/n/k/g/v (extra
// output), X without 1 (inexact arithmetic). The effective switches are returned.
//
// Output: tets positively oriented per tet_mesh.h (TetGen's order is checked with the exact
// predicate per tet and swapped if needed); the first surface.vertex_count() vertices are the input
// vertices in input order; boundary triangles are outward (counter-clockwise seen from outside),
// with the input triangle each came from and the tet/local face it bounds.
//
// TetGen failures (libtet 1.5 built with TETLIBRARY reports errors by `throw int` — 1 out of
// memory, 2 internal error, 3 self-intersecting input, 4 input feature too small, 5 nearly
// coplanar close facets, 10 bad switches — and never calls exit()) become GeometryError with the
// code's meaning. But libtet 1.5.0 *crashes* (SIGSEGV) instead of reporting a self-intersecting
// or self-touching surface, which validate() finds only between triangles without a common vertex; so every call first runs TetGen's
// intersection detector ('d') and throws GeometryError listing the intersecting input triangles.
// The first vertices of the output are the input vertices — all of them, also unused ones.
//
// TetGen runs in a child process, the helper program contactlab-tetgen that the build puts beside
// the contactlab executable (build/<preset>/bin/), because libtet 1.5.0 as Debian builds it (with
// assertions) can also *abort* the process on valid input: e.g. an arch voussoir (8 vertices) with
// "pq1.015a0.015" fails "tetgen.cxx:24475: checkfac4encroach: Assertion `rd != 0' failed". The
// surface and switches go to the helper's stdin; it runs the intersection check and the meshing and
// sends TetGen's output (points, tets, boundary faces and markers; or TetGen's error as above) back
// through a pipe; everything else happens in the caller's process. A helper killed by a signal
// (abort, segfault), exiting non-zero or sending an incomplete result becomes GeometryError naming
// the signal or status, the switches of the TetGen run it was in, and the last lines of its stderr
// (the assertion text). Results are bit-for-bit those of an in-process run.
// The helper is found at $CONTACTLAB_TETGEN_HELPER when set, else where this build made it, else
// beside the running executable; not found: GeometryError saying so. It is a started program, not a
// fork() of the caller: a fork child of a process with other threads (oneTBB's workers) inherits
// every lock those threads held at that instant, and under AddressSanitizer (whose allocator GCC 12
// does not re-initialise after fork) such a child hung CI for 600 s. posix_spawn() is safe from any
// thread and does not copy the caller's memory. Cost: one program start per call, about 1–3 ms
// (bench/tetrahedralize_bench, child_process vs in_process). TetGen's stdout (verbose 'V' output)
// still goes to the caller's stdout, which is flushed before the start. A pipe, memfd or start
// failure is std::system_error.
// TetGen runs are serialised (one helper at a time); this call is thread-safe. TetGen's
// re-initialisation of the process-wide Shewchuk predicates happens in the helper, so it never
// affects geometry/predicates.h in the caller.
#pragma once

#include "contactlab/mesh/tet_mesh.h"
#include "contactlab/mesh/tri_mesh.h"

#include <string>
#include <vector>

namespace contactlab {

/// The paper's default switches: quality ratio 2.0, surface preserved.
inline constexpr const char* kTetGenDefaultSwitches = "pq2.0Y";
/// The paper's refined switches: quality ratio 1.015, maximum tet volume 0.015.
inline constexpr const char* kTetGenRefinedSwitches = "pq1.015a0.015";
/// Steiner points TetGen may add when the switches give no 'S' (see the header comment).
inline constexpr int kTetGenDefaultSteinerLimit = 10000;

struct TetrahedralizeResult {
  TetMesh mesh;                              ///< positively oriented tets
  std::vector<Triangle> boundary_triangles;  ///< outward orientation, indices into mesh.vertices
  std::vector<Index> boundary_source_faces;  ///< input triangle each boundary triangle lies in
  std::vector<Index> boundary_tets;          ///< tet bounded by each boundary triangle
  std::vector<int> boundary_tet_faces;       ///< its local face (kTetFaces) equal to the triangle
  std::string switches;                      ///< effective switches passed to TetGen
  /// True when TetGen stopped refining because it added kTetGenDefaultSteinerLimit points (only
  /// when we added that limit): the quality/volume bounds of the switches may then not all hold.
  bool steiner_limit_reached = false;
};

/// Where TetGen runs. TetGen aborts or crashes on some inputs, which ends the process running it.
enum class TetGenIsolation {
  kChildProcess,  ///< in the helper program contactlab-tetgen: its crashes become GeometryError (the default)
  kInProcess,     ///< in this process (a crash inside TetGen ends it): for tests and benchmarks of TetGen
};

/// Tetrahedralizes the region enclosed by `surface` (see the header comment for the contract).
TetrahedralizeResult tetrahedralize(const TriMesh& surface, const std::string& switches = kTetGenDefaultSwitches,
                                    TetGenIsolation isolation = TetGenIsolation::kChildProcess);

}  // namespace contactlab
