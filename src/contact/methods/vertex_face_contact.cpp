#include "methods/vertex_face_contact.h"

#include "methods/closed_tet_band.h"

#include "contactlab/geometry/predicates.h"
#include "contactlab/geometry/tolerance_band.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>

namespace contactlab::contact_detail {

TetFacePlanes tet_face_planes(const TetPlanes& planes, const std::array<Vec3, 4>& corners) {
  TetFacePlanes out;
  static_cast<TetPlanes&>(out) = planes;
  out.corners = corners;
  return out;
}

double TetFacePlanes::inner_distance(int f, const Vec3& q, double tol) const {
  const double d = -normal[f].dot(q - face_corner(f, 0));
  return band_sign(d, tol) > 0 ? d : 0.0;
}

bool TetFacePlanes::outside_beyond_band(int f, const Vec3& q, double tol) const {
  return band_sign(normal[f].dot(q - face_corner(f, 0)), tol) > 0;
}

ProbeSet::ProbeSet(std::size_t pairs) {
  // One table per thread, reused by its runs: a run's stamp marks its slots, so a new run starts
  // empty without clearing (a cleared 8 KiB table per run of 64 pairs cost as much as the probes
  // it saved).
  thread_local std::vector<Slot> table;
  thread_local std::uint32_t last_stamp = 0;
  std::size_t size = 64;
  while (size < 16 * pairs) size *= 2;  // at most 8 keys a pair: the table stays at most half full
  if (table.size() < size || last_stamp == ~std::uint32_t{0}) {
    table.assign(std::max(size, table.size()), Slot{});
    last_stamp = 0;
  }
  slots_ = std::span<Slot>(table.data(), size);
  stamp_ = ++last_stamp;
}

bool ProbeSet::first(bool vertex_is_a, Index v, Index tet) {
  // v and tet are ≥ 0 and below 2³¹: the key fits 63 bits, and the direction takes the 64th.
  const std::uint64_t key =
      (std::uint64_t{vertex_is_a} << 63) | (static_cast<std::uint64_t>(v) << 32) | static_cast<std::uint32_t>(tet);
  const std::uint64_t h = key * 0x9e3779b97f4a7c15ull;
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = (h ^ (h >> 29)) & mask;; i = (i + 1) & mask) {
    Slot& slot = slots_[i];
    if (slot.stamp != stamp_) {  // empty in this run
      slot = Slot{key, stamp_};
      return true;
    }
    if (slot.key == key) return false;
  }
}

std::optional<VerticesInTet> vertices_in_tet(const MethodBody& vbody, Index vtet, const MethodBody& fbody, Index ftet,
                                             double tol, const ProbeFilter& filter, bool vertex_is_a) {
  // The run's repeated probes go first: where all are repeats, ftet's planes are not even read.
  TetVertexList probed;
  const auto t = static_cast<std::size_t>(vtet);
  for (const Index v :
       filter.canonical ? vbody.features->tet_canonical_vertices[t] : vbody.features->tet_surface_vertices[t]) {
    if (v == kInvalidIndex) break;
    if (!filter.seen || filter.seen->first(vertex_is_a, v, ftet)) probed.index[probed.count++] = v;
  }
  if (probed.count == 0) return std::nullopt;
  TetPlanes scratch;
  const TetPlanes& planes = fbody.planes(ftet, scratch);
  if (planes.thin(tol)) return std::nullopt;
  const std::array<Vec3, 4> corners = fbody.tet(ftet);
  // Each vertex in ftet (not thin here) kept by a conditional count: no branch per vertex. The
  // band is a distance from the tet (in_tet_distance_band), as the broad phase's boxes assume.
  TetVertexList inside;
  for (Index v : probed) {
    inside.index[static_cast<std::size_t>(inside.count)] = v;
    inside.count += static_cast<int>(in_tet_distance_band(vbody.vertex(v), corners, planes, tol));
  }
  if (inside.count == 0) return std::nullopt;
  return VerticesInTet{tet_face_planes(planes, corners), inside};
}

void run_in_parallel(std::size_t count, const std::function<void(std::size_t)>& f) {
  tbb::parallel_for(std::size_t{0}, count, [&](std::size_t i) { f(i); });
}

void append_vertex_face_contact(const MethodBody& vertex_body, Index v, Index vertex_tet, const MethodBody& face_body,
                                Index face_tet, int f, const TetFacePlanes& planes, double depth, bool vertex_is_a,
                                const MethodSettings& settings, std::vector<Contact>& sink) {
  const FeatureRef vertex_feature{FeatureType::kVertex, v};
  const FeatureRef face_feature{FeatureType::kFace, face_body.surface_triangle(face_tet, f)};
  Contact c;
  c.position = vertex_body.vertex(v);
  c.gap = depth <= settings.absolute_tolerance() ? 0.0 : -depth;
  if (vertex_is_a) {
    c.body_a = vertex_body.index, c.body_b = face_body.index;
    c.normal = -planes.normal[f];
    c.feature_a = vertex_feature, c.feature_b = face_feature;
    c.element_a = vertex_tet, c.element_b = face_tet;
  } else {
    c.body_a = face_body.index, c.body_b = vertex_body.index;
    c.normal = planes.normal[f];
    c.feature_a = face_feature, c.feature_b = vertex_feature;
    c.element_a = face_tet, c.element_b = vertex_tet;
  }
  sink.push_back(c);
}

}  // namespace contactlab::contact_detail
