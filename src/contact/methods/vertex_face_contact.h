// Private helpers shared by the volume-based vertex methods (vertex_only.cpp, consistent_vertex.cpp;
// Erleben 2018 §6, docs/methods.md items 3 and 4): the oriented face planes of one posed tet, and the
// contact a vertex of one body makes with a surface face of a tet of the other body.
//
// Conventions: a "probe" is a vertex of one body (the vertex body) tested against one tet of the
// other body (the tet body). Face f of the tet is the face opposite local vertex f (kTetFaces).
// The outward normal is taken from the exact orientation of the posed tet (a rigid motion keeps it
// positive, but rounding may flip a sliver, so it is not assumed). Lengths in the input's unit.
#pragma once

#include "contactlab/contact/method.h"
#include "contactlab/geometry/tolerance_band.h"

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

namespace contactlab::contact_detail {

/// The four face planes of a posed tet with its corners (orientation, unit outward normals and
/// their validity: TetPlanes, geometry/tolerance_band.h). A tet thinner than the band (TetPlanes::thin) has no
/// interior: the vertex methods then report nothing for it.
struct TetFacePlanes : TetPlanes {
  std::array<Vec3, 4> corners;

  /// Distance from q to the plane of face f, positive on the inner side (q − corner)·(−normal),
  /// snapped to 0 within the touching band (≤ tol, which also covers points of the closed tet
  /// outside by rounding), so that touching in any frame gives exactly 0.
  double inner_distance(int f, const Vec3& q, double tol) const;
  /// q lies on the outer side of the plane of face f beyond the touching band (distance > tol;
  /// geometry/tolerance_band.h).
  bool outside_beyond_band(int f, const Vec3& q, double tol) const;
  /// Corner k of face f.
  const Vec3& face_corner(int f, int k) const { return corners[kTetFaces[f][k]]; }
};

/// The face planes of a tet with these corners, from its planes (MethodBody::planes: the call's cache).
TetFacePlanes tet_face_planes(const TetPlanes& planes, const std::array<Vec3, 4>& corners);

/// Up to four vertex indices, ascending (no allocation: kernels run this per tet pair).
struct TetVertexList {
  std::array<Index, 4> index{};
  int count = 0;
  const Index* begin() const { return index.data(); }
  const Index* end() const { return index.data() + count; }
};

/// What a vertex method's probe of the surface vertices of `vtet` against the closed `ftet` (grown
/// by the band) works with: ftet's face planes and those vertices in it, ascending.
struct VerticesInTet {
  TetFacePlanes planes;
  TetVertexList inside;
};

/// The (vertex, tet) probes a vertex method has made in one run of candidate pairs
/// (ContactMethod::generate_run). Whether a vertex v of one body lies in tet t of the other, and
/// the contact it then makes, depend on v and t alone, not on which of v's tets the candidate pair
/// holds; the copies from v's other tets differ only in that element, and the driver's merge
/// keeps the first of them (the run is sorted by (tet_a, tet_b), so the first probe of a key has
/// the least such element, the copy the merge would keep). A vertex lies in k ≈ 4–20 tets, so
/// most probes of a run repeat an earlier one: they are skipped, contacts and all.
class ProbeSet {
 public:
  /// For a run of `pairs` candidate pairs (at most 8 keys each: 4 vertices, both directions). One
  /// ProbeSet per thread at a time: it uses the thread's table.
  explicit ProbeSet(std::size_t pairs);
  ProbeSet(const ProbeSet&) = delete;
  ProbeSet& operator=(const ProbeSet&) = delete;
  /// True the first time (direction, v, tet) is asked; `vertex_is_a`: v is a vertex of body A.
  bool first(bool vertex_is_a, Index v, Index tet);

 private:
  struct Slot {
    std::uint64_t key = 0;
    std::uint32_t stamp = 0;  ///< the run that wrote it; other stamps read as empty
  };
  std::span<Slot> slots_;  ///< open addressing, linear probing; size a power of two
  std::uint32_t stamp_ = 0;
};

/// f(0) … f(count − 1), in parallel (oneTBB; the caller's arena): the chunks of a body pair.
void run_in_parallel(std::size_t count, const std::function<void(std::size_t)>& f);

/// Which surface vertices of the probing tet a probe tests: all (the default), the first probe of
/// each (vertex, tet) key of a run (`seen`, a ProbeSet), or — over all of a body pair's candidate
/// pairs — only those whose ShapeFeatures::canonical_surface_tet is the probing tet (`canonical`).
/// The last meets every key exactly once with no lookup: a vertex v inside (or within the band of)
/// tet T of the other body lies in T's box, so every surface tet holding v, the canonical one
/// included, is a candidate with T; of the copies from those tets the merge keeps the least
/// element — the canonical tet's. So the body pair's merged contacts are the pair-by-pair ones.
struct ProbeFilter {
  ProbeSet* seen = nullptr;
  bool canonical = false;
};

/// The two vertex methods' kernels, from the method's probe of one tet's surface vertices against
/// one tet of the other body (`Probe::probe(vbody, vtet, fbody, ftet, vertex_is_a, settings, sink,
/// filter)`): both ways round on each pair. Per body pair (the driver's call): each vertex probed
/// from its canonical tet only, chunks of pairs in parallel; generate_run: one ProbeSet per run.
template <class Probe>
class VertexProbeMethod : public ContactMethod {
 public:
  void generate(const MethodBody& a, Index tet_a, const MethodBody& b, Index tet_b, const MethodSettings& settings,
                std::vector<Contact>& sink) const override {
    Probe::probe(a, tet_a, b, tet_b, true, settings, sink, ProbeFilter{});
    Probe::probe(b, tet_b, a, tet_a, false, settings, sink, ProbeFilter{});
  }
  /// generate() on each pair, each (vertex, tet) probe made once per run (ProbeSet).
  void generate_run(const MethodBody& a, const MethodBody& b, std::span<const ElementPair> pairs,
                    const MethodSettings& settings, std::vector<Contact>& sink) const override {
    ProbeSet probes(pairs.size());
    for (const ElementPair& p : pairs) {
      Probe::probe(a, p.a, b, p.b, true, settings, sink, ProbeFilter{&probes});
      Probe::probe(b, p.b, a, p.a, false, settings, sink, ProbeFilter{&probes});
    }
  }
  bool per_body_pair() const override { return true; }
  /// Still the pair-by-pair contacts, merged (ProbeFilter's argument).
  bool pair_by_pair() const override { return true; }
  /// Every candidate pair, each vertex probed from its canonical tet only (ProbeFilter), in
  /// chunks of kProbeChunk pairs run in parallel and concatenated in order.
  void generate_body_pair(const MethodBody& a, const MethodBody& b, std::span<const ElementPair> pairs,
                          const MethodSettings& settings, std::vector<Contact>& sink) const override {
    const std::size_t chunks = (pairs.size() + kProbeChunk - 1) / kProbeChunk;
    if (chunks <= 1) {  // straight into the sink: a wall's body pairs have a few dozen tet pairs
      for (const ElementPair& p : pairs) {
        Probe::probe(a, p.a, b, p.b, true, settings, sink, ProbeFilter{nullptr, true});
        Probe::probe(b, p.b, a, p.a, false, settings, sink, ProbeFilter{nullptr, true});
      }
      return;
    }
    std::vector<std::vector<Contact>> found(chunks);
    const auto run_chunk = [&](std::size_t c) {
      const std::size_t end = std::min(pairs.size(), (c + 1) * kProbeChunk);
      for (std::size_t i = c * kProbeChunk; i < end; ++i) {
        Probe::probe(a, pairs[i].a, b, pairs[i].b, true, settings, found[c], ProbeFilter{nullptr, true});
        Probe::probe(b, pairs[i].b, a, pairs[i].a, false, settings, found[c], ProbeFilter{nullptr, true});
      }
    };
    run_in_parallel(chunks, run_chunk);
    for (const std::vector<Contact>& part : found) sink.insert(sink.end(), part.begin(), part.end());
  }

 private:
  static constexpr std::size_t kProbeChunk = 256;
};

/// Empty when ftet is thinner than the band (no interior in any frame: its closure lies within the
/// band of its neighbours', which report the vertices it would) or holds none of the vertices —
/// most candidate pairs, which then stop before anything else is built. ftet's planes come from
/// the call's cache (MethodBody::planes); membership is in_tet_distance_band (within the band of
/// every face plane, and within tol of the tet).
/// Only the vertices that `filter` lets through are tested (ProbeFilter: with `seen`, those whose
/// (direction `vertex_is_a`, v, ftet) probe is the first of the run; with `canonical`, those whose
/// canonical surface tet is vtet); the others are left out of `inside`.
std::optional<VerticesInTet> vertices_in_tet(const MethodBody& vbody, Index vtet, const MethodBody& fbody, Index ftet,
                                             double tol, const ProbeFilter& filter = {}, bool vertex_is_a = true);

/// Appends the contact of vertex `v` of `vertex_body` (element `vertex_tet`) against local face `f`
/// of `face_tet` of `face_body`, at depth `depth` ≥ 0 (gap −depth, snapped to 0 below the absolute
/// tolerance). Normal and features are stored with body A = `a_index`: the vertex body is A when
/// `vertex_is_a`, otherwise B; the normal is −(outward face normal) when the vertex is A's (B lies
/// on the inner side of its own face, seen from A's vertex) and +(outward face normal) otherwise.
void append_vertex_face_contact(const MethodBody& vertex_body, Index v, Index vertex_tet, const MethodBody& face_body,
                                Index face_tet, int f, const TetFacePlanes& planes, double depth, bool vertex_is_a,
                                const MethodSettings& settings, std::vector<Contact>& sink);

}  // namespace contactlab::contact_detail
