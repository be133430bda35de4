// Semi-local contact method (issue 15; docs/methods.md "The project's own goal"; the paper's §9:
// local methods cannot be right everywhere, semi-local ones look at the neighbourhood of a touch).
// Registry name "semi-local". Runs once per body pair over all its candidate tet pairs
// (ContactMethod::per_body_pair), in the canonical order of the two bodies (the lower scene index
// plays A; the contacts are flipped back otherwise), with the touching band tol of the pair.
//
//  1. Planar interfaces (coplanar_interfaces.h): surface faces of A and B facing each other within
//     the band, grouped into interfaces; a contact at every corner of each interface's contact
//     polygon — the overlap of the two sides' faces, whatever their triangulations — with the
//     normal n_A of the interface and the gap between the two faces at that corner (0 when they
//     touch). A simulation leaves resting faces a little open, sunk or tilted: faces up to the
//     envelope (kRelativeEnvelope) in front of each other or the depth (step 4) behind, tilted
//     up to kInterfaceFacing, still form the interface, each corner with its own gap (positive:
//     a speculative contact), so a stack sees its whole polygon every step.
//  2. Touches: every surface vertex of one body within the band of a surface face of the other
//     (|signed distance| ≤ tol, inside the triangle grown by tol), and every crossing of two surface
//     edges (closest points within tol, inside both edges beyond the band of their ends, edges not
//     parallel, their faces not flush: edges of flush faces cross only where the bodies overlap). Touch points within tol of an earlier one are the same touch. A touch inside a
//     planar interface (within a face of A and a face of B of one interface) is part of its polygon
//     and dropped.
//  3. Walls: at a touch point p, each body's surface faces containing p (within the band), grouped
//     by plane (normals within the facing band): its walls there, each with its outward normal. A
//     body is *flat* at p with one wall, *concave* when every wall has a corner in front of every
//     other wall's plane (beyond the band: a crack, a hole), *convex* otherwise. A touch inside a
//     line contact — an edge on a face (one wall against two), or two edges along one line (two
//     walls each, parallel edges) — is dropped: the line's ends carry its contacts (a vertex
//     along a wedge's ridge, a crossing with an internal edge of the face below). Then a wall of
//     one body flush with one of the other at p (same plane, same outward normal: two wedges' end
//     caps side by side) is left out of both: it is no contact direction and no measure of depth.
//  4. Overlap (kRelativeDepth, 2 % of the pair's length): facing faces may lie behind each other's
//     planes by that much (the polygon on the mid plane, gap −depth); a surface vertex inside a
//     tet of the other body is a touch; a touch's walls are then the faces nearest to it (distance
//     to the triangle within tol of the least) and its gap minus the larger of its distances to
//     the two surfaces. Edge crossings count only where no touch lies deeper than the band (where
//     the bodies overlap they are points of the curve where the surfaces cut each other), and
//     contacts with one normal closer than kSiteFactor × their depth are one contact (the first):
//     two convex features pushed into each other meet at a vertex of each, inside the other.
//  5. Normals, one contact per normal at p, gap 0 or minus its depth (the paper's §4 cases, ../shared/SUITE.md):
//     - one body flat: its wall's normal (a point or edge resting on a face: n_A, or −n_B);
//     - one body concave, the other not: one contact per wall of the concave body (a point in a
//       crack needs every wall's normal, §4.3);
//     - otherwise (two convex features: apex on apex, apex on ridge, ridge on ridge): ONE normal,
//       chosen from the walls' normals n_A and −n_B by how the bodies approach — v the velocity of
//       B's material point at p relative to A's (MethodBody::velocity_at): among the normals with
//       n · v < 0 the largest n · v (the face the motion grazes, through which the feature would
//       enter; the suite's "two points" normal), or when no normal is approached the smallest;
//       with v = 0 the normal most along the centres of mass, c_B − c_A. Ties within 1e-9 go to
//       the first candidate (A's walls, then B's, by lowest triangle index).
// Features: a polygon corner (kFace, kFace) of the faces containing it; a touch (kVertex, kFace) or
// (kFace, kVertex) when it is a vertex of one body on a face of the other, else (kFace, kFace) of
// the walls. Elements: the tets of those faces.
//
// The bodies' velocities decide only the two-points cases (step 5). Touches (step 2)
// use the touching band only; the envelope is for planar interfaces, where a stack needs it. Degenerate faces (no area, no normal) take
// no part. Never NaN: every normal is a triangle_plane unit normal.
#include "contactlab/contact/methods/semi_local.h"

#include "contactlab/geometry/closest_point_point_triangle.h"
#include "contactlab/geometry/closest_points_segment_segment.h"
#include "methods/canonical_pair.h"
#include "methods/coplanar_interfaces.h"
#include "methods/element_pair_contact.h"
#include "methods/tet_surface_triangles.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <utility>

namespace contactlab {
namespace {

using contact_detail::SurfaceFacePlane;

/// 1e-9: cosines and dot products of unit vectors within this are tied.
constexpr double kTieBand = 1e-9;

/// How far behind a face's plane a point may lie and still touch it (bodies that overlap a little:
/// a simulation's state, a scene pushed together), relative to the body pair's length scale.
constexpr double kRelativeDepth = 0.02;

/// How far in front of each other's planes facing faces may lie and still form a planar interface,
/// relative to the body pair's length scale: resting bodies in a simulation tilt and lift by
/// rounding and solver error (the pillar's base, after one step: one corner 2e-7 m into the ground,
/// the others above it), and a stack stays up only if every step sees the whole polygon. Its
/// corners then carry their positive gaps (speculative contacts, dynamics/contact_constraints).
constexpr double kRelativeEnvelope = 1e-3;

/// Faces of a planar interface may be tilted against each other by up to about 0.01 rad
/// (1 + n_A · n_B ≤ 5e-5): a resting stack in a simulation tilts its pieces by 1e-4 rad within a
/// few dozen steps, and a polygon lost then tips the stack over. How far the faces may lie apart is
/// bounded by the depth and the envelope, so a tilt only counts across a face small enough for it.
constexpr double kInterfaceFacing = 5e-5;

/// Touches of one normal closer than this many times their depth are one contact site where the
/// bodies overlap: two spikes pushed apex into apex by d meet at both apexes, d apart and
/// d sin α deep (α the faces' slope against the push: 18° in the suite, so d = 3.2 × the depth);
/// 10 covers slopes down to about 6°.
constexpr double kSiteFactor = 10.0;

/// The band (tol), the depth allowance and the envelope, absolute lengths.
struct Band {
  double tol = 0.0;
  double depth = 0.0;
  double envelope = 0.0;
};

struct Touch {
  Vec3 p = Vec3::Zero();
  Index vertex_a = kInvalidIndex;  // when p is a vertex of A (on a face of B)
  Index vertex_b = kInvalidIndex;  // likewise of B
};

struct Wall {
  Vec3 normal = Vec3::Zero();              // outward
  const SurfaceFacePlane* face = nullptr;  // its face of lowest triangle index containing p
  std::vector<const SurfaceFacePlane*> faces;
};

/// The signed distance of p from the face's plane when p touches the face: within tol of the
/// plane, behind it by at most the depth or in front of it by at most the envelope, and inside the
/// triangle grown by tol plus the envelope (measured in its plane); nothing otherwise.
std::optional<double> touch_distance(const SurfaceFacePlane& f, const Vec3& p, const Band& band) {
  if (!f.plane.valid) return std::nullopt;
  const double d = f.plane.distance(p);
  if (!(d <= band.tol + band.envelope && d >= -band.depth - band.tol) ||
      !in_triangle_band(f.plane, p, band.tol + band.envelope)) {
    return std::nullopt;
  }
  return d;
}

/// A lower bound on the distance from p to the face's triangle: the distance to its corners' box.
/// Searches for the nearest faces skip a face whose bound exceeds the nearest distance so far by
/// more than twice the band (once for the band they keep, once for rounding): on a large body most
/// faces lie far from the point although their planes pass near it (a grid's coplanar faces), and
/// the exact distance to each was half of the method's time on two overlapping 12096-tet bodies.
double box_distance(const Aabb& box, const Vec3& p) { return (box.min - p).cwiseMax(p - box.max).cwiseMax(0.0).norm(); }

/// Distance from p to the face's triangle.
double distance_to(const SurfaceFacePlane& f, const Vec3& p) {
  return std::sqrt(closest_point_point_triangle(p, f.corners()[0], f.corners()[1], f.corners()[2]).squared_distance);
}

/// The outward normals of the faces (valid ones) whose triangles contain p within the band.
std::vector<Vec3> normals_at(const std::vector<const SurfaceFacePlane*>& faces, const Vec3& p, double tol) {
  std::vector<Vec3> out;
  for (const SurfaceFacePlane* f : faces) {
    if (f->plane.valid && std::abs(f->plane.distance(p)) <= tol && distance_to(*f, p) <= tol) {
      out.push_back(f->plane.normal);
    }
  }
  return out;
}

/// A surface vertex p against the other body's faces: the least distance to them, and whether p
/// lies behind (beyond the band) every face at that distance (within tol) — inside the body near
/// its surface, whether the nearest point is inside a face, on an edge or at a vertex.
struct NearestFaces {
  Vec3 p = Vec3::Zero();
  double distance = std::numeric_limits<double>::infinity();
  bool behind = false;

  /// Face f of the other body for surface vertex x. Faces farther than `limit` (the depth
  /// allowance: inside() is false beyond it whatever they are) need not be measured.
  void add(const SurfaceFacePlane& f, const Vec3& x, double tol, double limit) {
    if (!f.plane.valid) return;
    p = x;
    const double bound = std::min(distance, limit);
    const double s = f.plane.distance(x);
    if (std::abs(s) > bound + tol) return;                   // the triangle is no nearer than its plane
    if (box_distance(f.box, x) > bound + 2.0 * tol) return;  // nor than its box
    const double d = distance_to(f, x);
    const bool is_behind = s < -tol;
    if (d < distance - tol) {
      distance = d, behind = is_behind;
    } else if (d <= distance + tol) {
      distance = std::min(distance, d), behind = behind && is_behind;
    }
  }
  /// Inside the other body, within the depth allowance of its surface.
  bool inside(const Band& band) const { return behind && distance <= band.depth + band.tol; }
};

/// The walls of a body at p, a point on its surface or inside it near the surface: its faces
/// (ascending triangle index) nearest to p — distance to the triangle within tol of the least,
/// which is at most the depth — grouped by plane. `distance` receives that least distance.
/// Faces through p with the outward normal of one in `flush` (the other body's faces through p)
/// are left out: two surfaces flush side by side there (the end caps of two wedges ridge on
/// ridge) are neither a contact direction nor a measure of how deep p lies.
std::vector<Wall> walls_at(const std::vector<const SurfaceFacePlane*>& faces, const Vec3& p, const Band& band,
                           double& distance, const std::vector<Vec3>& flush = {}) {
  std::vector<std::pair<const SurfaceFacePlane*, double>> near;
  distance = std::numeric_limits<double>::infinity();
  for (const SurfaceFacePlane* f : faces) {
    if (!f->plane.valid) continue;
    // A triangle is no nearer than its plane: one farther than the least distance so far plus the
    // band cannot be among the nearest.
    // Nor can one farther than the depth allowance count: beyond it there are no walls at all.
    const double bound = std::min(distance, band.depth + band.tol);
    if (std::abs(f->plane.distance(p)) > bound + band.tol) continue;
    if (box_distance(f->box, p) > bound + 2.0 * band.tol) continue;  // nor than its box
    const double d = distance_to(*f, p);
    const bool is_flush = d <= band.tol && std::any_of(flush.begin(), flush.end(), [&](const Vec3& n) {
                            return 1.0 - n.dot(f->plane.normal) <= contact_detail::kFacingBand;
                          });
    if (is_flush) continue;
    near.emplace_back(f, d);
    distance = std::min(distance, d);
  }
  std::vector<Wall> walls;
  if (!(distance <= band.depth + band.tol)) return walls;
  for (const auto& [f, d] : near) {
    if (d > distance + band.tol) continue;
    auto same = std::find_if(walls.begin(), walls.end(), [&](const Wall& w) {
      return 1.0 - w.normal.dot(f->plane.normal) <= contact_detail::kFacingBand;
    });
    if (same == walls.end()) {
      walls.push_back({f->plane.normal, f, {f}});
    } else {
      same->faces.push_back(f);
    }
  }
  return walls;
}

/// The faces of one body (ascending triangle index) that can matter at a point: walls_at and
/// normals_at skip every face whose box lies farther from the point than the depth allowance plus
/// three bands, so only the faces whose boxes meet the cube of that half-width about the point need
/// visiting. A body pair with many faces (two overlapping 12096-tet grids: thousands) visited them
/// all for every touch, two thirds of the method's time there; a uniform grid of cells over the
/// faces' boxes hands each touch the few near it instead, in the same ascending order, so the
/// walls and normals are the same. Small face sets are visited whole.
class NearFaceIndex {
 public:
  /// Faces with fewer than this are visited whole (the grid costs more than it saves).
  static constexpr std::size_t kGridFaces = 64;
  /// A face spanning more cells than this along an axis is in every query's list.
  static constexpr std::int64_t kMostCells = 3;

  /// `faces`: ascending triangle index, outliving the index; `reach`: the cube's half-width.
  void build(const std::vector<const SurfaceFacePlane*>& faces, double reach) {
    faces_ = &faces;
    reach_ = reach;
    cells_.clear();
    large_.clear();
    built_ = false;
    if (faces.size() < kGridFaces || !(reach > 0) || !std::isfinite(reach)) return;
    // Cells as wide as the larger of the mean face box and the query cube: a face then spans a
    // few cells and a query a few more.
    Aabb all;
    double extent = 0.0;
    for (const SurfaceFacePlane* f : faces) {
      all.extend(f->box);
      extent += (f->box.max - f->box.min).maxCoeff();
    }
    cell_ = std::max(extent / static_cast<double>(faces.size()), 2.0 * reach);
    origin_ = all.min;
    if (!origin_.allFinite() || !(cell_ > 0) || !std::isfinite(cell_)) return;
    for (std::size_t i = 0; i < faces.size(); ++i) {
      const auto lo = cell_of(faces[i]->box.min), hi = cell_of(faces[i]->box.max);
      // A face much larger than the cells (a ground's among a body's small ones) would fill many:
      // it is handed to every query instead.
      if (hi[0] - lo[0] > kMostCells || hi[1] - lo[1] > kMostCells || hi[2] - lo[2] > kMostCells) {
        large_.push_back(static_cast<std::uint32_t>(i));
        continue;
      }
      for (std::int64_t x = lo[0]; x <= hi[0]; ++x)
        for (std::int64_t y = lo[1]; y <= hi[1]; ++y)
          for (std::int64_t z = lo[2]; z <= hi[2]; ++z) cells_.push_back({key(x, y, z), static_cast<std::uint32_t>(i)});
    }
    std::sort(cells_.begin(), cells_.end());  // by cell, then face: one sorted list, no table
    built_ = true;
  }

  /// The faces that can be within reach of p, ascending triangle index (into `out`).
  const std::vector<const SurfaceFacePlane*>& near(const Vec3& p, std::vector<const SurfaceFacePlane*>& out) {
    if (!built_) return *faces_;
    // A face within reach has a box within reach of p along every axis, so its cells and the
    // cube's share one (cell_of is monotone); the margin covers the rounding of the cube.
    const Vec3 r = Vec3::Constant(reach_ * (1.0 + 1e-9));
    const auto lo = cell_of(p - r), hi = cell_of(p + r);
    found_.assign(large_.begin(), large_.end());
    for (std::int64_t x = lo[0]; x <= hi[0]; ++x) {
      for (std::int64_t y = lo[1]; y <= hi[1]; ++y) {
        for (std::int64_t z = lo[2]; z <= hi[2]; ++z) {
          const std::uint64_t k = key(x, y, z);
          auto it = std::lower_bound(cells_.begin(), cells_.end(), std::pair<std::uint64_t, std::uint32_t>{k, 0});
          for (; it != cells_.end() && it->first == k; ++it) found_.push_back(it->second);
        }
      }
    }
    std::sort(found_.begin(), found_.end());
    found_.erase(std::unique(found_.begin(), found_.end()), found_.end());
    out.clear();
    for (const std::uint32_t i : found_) out.push_back((*faces_)[i]);
    return out;
  }

 private:
  std::array<std::int64_t, 3> cell_of(const Vec3& x) const {
    // Clamped far out (a point far outside every face's box reaches no face; its cells are empty).
    constexpr double kLimit = (1 << 20) - 1;
    std::array<std::int64_t, 3> c{};
    for (int k = 0; k < 3; ++k) {
      const double v = std::floor((x[k] - origin_[k]) / cell_);
      c[static_cast<std::size_t>(k)] = static_cast<std::int64_t>(std::isnan(v) ? 0.0 : std::clamp(v, -kLimit, kLimit));
    }
    return c;
  }
  static std::uint64_t key(std::int64_t x, std::int64_t y, std::int64_t z) {
    // 21 bits per axis, offset to be non-negative (cell_of clamps to ±(2^20 − 1)).
    const auto part = [](std::int64_t v) { return static_cast<std::uint64_t>(v + (1 << 20)) & 0x1fffffu; };
    return part(x) << 42 | part(y) << 21 | part(z);
  }

  const std::vector<const SurfaceFacePlane*>* faces_ = nullptr;
  double reach_ = 0.0, cell_ = 1.0;
  Vec3 origin_ = Vec3::Zero();
  std::vector<std::pair<std::uint64_t, std::uint32_t>> cells_;  // (cell key, face), sorted
  std::vector<std::uint32_t> large_;                            // faces in every query's list
  bool built_ = false;
  std::vector<std::uint32_t> found_;
};

/// Every wall has a corner in front of every other wall's plane (beyond tol): a crack or a hole.
bool concave(const std::vector<Wall>& walls, double tol) {
  if (walls.size() < 2) return false;
  for (const Wall& w : walls) {
    for (const Wall& other : walls) {
      if (&w == &other) continue;
      bool in_front = false;
      for (const SurfaceFacePlane* f : other.faces) {
        for (const Vec3& x : f->corners()) in_front = in_front || w.face->plane.distance(x) > tol;
      }
      if (!in_front) return false;
    }
  }
  return true;
}

/// The direction of the edge where two walls meet (unit, sign arbitrary).
Vec3 edge_direction(const std::vector<Wall>& walls) { return walls[0].normal.cross(walls[1].normal).normalized(); }

/// p inside a line contact — an edge lying on a face (one body flat, the other with two walls), or
/// two edges along one line (two walls each, edge directions parallel within kDegenerateSine):
/// the line's ends carry its contacts (a wedge's ridge on the ground: its two end vertices).
bool inside_a_line(const std::vector<Wall>& walls_a, const std::vector<Wall>& walls_b) {
  if ((walls_a.size() == 1 && walls_b.size() == 2) || (walls_a.size() == 2 && walls_b.size() == 1)) return true;
  if (walls_a.size() != 2 || walls_b.size() != 2) return false;
  return edge_direction(walls_a).cross(edge_direction(walls_b)).norm() <= contact_detail::kDegenerateSine;
}

void add_contact(const MethodBody& a, const MethodBody& b, const Vec3& p, const Vec3& normal, double gap,
                 const SurfaceFacePlane& face_a, const SurfaceFacePlane& face_b, const Touch& touch,
                 std::vector<Contact>& sink) {
  const FeatureRef feature_a = touch.vertex_a != kInvalidIndex ? FeatureRef{FeatureType::kVertex, touch.vertex_a}
                                                               : FeatureRef{FeatureType::kFace, face_a.triangle};
  const FeatureRef feature_b = touch.vertex_b != kInvalidIndex ? FeatureRef{FeatureType::kVertex, touch.vertex_b}
                                                               : FeatureRef{FeatureType::kFace, face_b.triangle};
  if (sink.capacity() == 0) sink.reserve(8);  // a body pair's few contacts in one allocation
  sink.push_back(
      contact_detail::element_pair_contact(a, face_a.tet, b, face_b.tet, p, normal, gap, feature_a, feature_b));
}

/// The two-convex-features normal (file comment, step 4, last case).
std::pair<std::size_t, Vec3> approach_normal(const std::vector<Vec3>& candidates, const Vec3& v, const Vec3& d) {
  std::size_t best = 0;
  if (v.isZero(0.0)) {
    for (std::size_t i = 1; i < candidates.size(); ++i) {
      if (candidates[i].dot(d) > candidates[best].dot(d) + kTieBand * d.norm()) best = i;
    }
    return {best, candidates[best]};
  }
  const double speed = v.norm();
  std::optional<std::size_t> approached;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    const double rate = candidates[i].dot(v);
    if (!(rate < -kTieBand * speed)) continue;
    if (!approached || rate > candidates[*approached].dot(v) + kTieBand * speed) approached = i;
  }
  if (approached) return {*approached, candidates[*approached]};
  for (std::size_t i = 1; i < candidates.size(); ++i) {
    if (candidates[i].dot(v) < candidates[best].dot(v) - kTieBand * speed) best = i;
  }
  return {best, candidates[best]};
}

/// The crossings of an edge of fa with an edge of fb (closest points within tol, inside both edges
/// beyond the band of their ends, edges not parallel), each passed to `add`. `edges_a`, `edges_b`:
/// the edges that can cross, bit i for edge i (corner i to i + 1; NearFaces).
template <class Add>
void edge_crossings(const SurfaceFacePlane& fa, const SurfaceFacePlane& fb, unsigned edges_a, unsigned edges_b,
                    double tol, Add&& add) {
  const double tol2 = tol * tol;
  const Triangle3 &pa = fa.corners(), &pb = fb.corners();
  // Corners within the band of each other: bit 3 i + j for A's corner i and B's corner j.
  unsigned coincide = 0;
  for (unsigned i = 0; i < 3; ++i) {
    for (unsigned j = 0; j < 3; ++j)
      coincide |= static_cast<unsigned>((pa[i] - pb[j]).squaredNorm() <= tol2) << (3 * i + j);
  }
  // The edge pairs left to test, bit 3 i + j for A's edge i (corner i to i + 1) and B's edge j:
  // both in the masks, and not meeting at an end (corners within the band) — such edges cross
  // nowhere else: not parallel, they part from there (nearly parallel ones that stay within the
  // band past their common end lie along one line, a line contact whose ends are vertices).
  // Gathered as bits without a branch per pair (which way each goes is hard to predict for
  // touching bodies; a mispredicted branch per pair was a quarter of the method's on the arch),
  // then visited in ascending order, as nested loops over i and j would. On this 3 × 3 matrix,
  // pair (i, j) meets at an end when any of coincide's bits (i, j), (i, j + 1), (i + 1, j),
  // (i + 1, j + 1) is set (indices mod 3): coincide, its columns turned by one, its rows turned by
  // one, or both.
  const auto next_column = [](unsigned m) { return ((m >> 1) & 0b011011011u) | ((m << 2) & 0b100100100u); };
  const auto next_row = [](unsigned m) { return (m >> 3) | ((m & 7u) << 6); };
  const unsigned meet = coincide | next_column(coincide) | next_row(coincide | next_column(coincide));
  // Edge i of A in the mask sets row i; edge j of B sets column j.
  const unsigned rows =
      ((edges_a & 1u) * 0b000000111u) | ((edges_a >> 1 & 1u) * 0b000111000u) | ((edges_a >> 2 & 1u) * 0b111000000u);
  const unsigned columns = (edges_b & 7u) * 0b001001001u;
  unsigned todo = rows & columns & ~meet;
  for (; todo != 0; todo &= todo - 1) {
    const auto k = static_cast<unsigned>(std::countr_zero(todo));
    const unsigned i = k / 3, j = k % 3;
    const Vec3 &p0 = pa[i], &p1 = pa[i == 2 ? 0 : i + 1];
    const Vec3 &q0 = pb[j], &q1 = pb[j == 2 ? 0 : j + 1];
    // Edges whose boxes lie farther apart than the band cannot come within it.
    if (!Aabb::from_points(p0, p1).inflated(tol).overlaps(Aabb::from_points(q0, q1))) continue;
    const Vec3 ea = p1 - p0, eb = q1 - q0;
    const double la2 = ea.squaredNorm(), lb2 = eb.squaredNorm();
    // Not parallel: |ea × eb| > kDegenerateSine |ea| |eb|, compared squared (no roots for
    // the many coinciding edges of touching bodies).
    constexpr double kSine2 = contact_detail::kDegenerateSine * contact_detail::kDegenerateSine;
    const Vec3 across = ea.cross(eb);
    const double across2 = across.squaredNorm();
    if (!(across2 > kSine2 * la2 * lb2)) continue;
    // The lines' distance |(q0 − p0) · (ea × eb)| / |ea × eb| bounds the edges' from below
    // (with a margin of 4 for rounding): lines farther apart than the band never cross.
    const double lines = (q0 - p0).dot(across);
    if (lines * lines > 4.0 * tol * tol * across2) continue;
    const double la = std::sqrt(la2), lb = std::sqrt(lb2);
    const SegmentSegmentClosestPoints q = closest_points_segment_segment(p0, p1, q0, q1);
    if (!(q.squared_distance <= tol2)) continue;
    if (q.s * la <= tol || (1.0 - q.s) * la <= tol || q.t * lb <= tol || (1.0 - q.t) * lb <= tol) continue;
    add(0.5 * (q.point_p + q.point_q));
  }
}

/// A face of A and a face of B within the band of each other, with what there is to test between
/// them, as bit masks (bit i for corner i, or for edge i from corner i to i + 1). `vertices_*`: the
/// corners the face owns (SurfaceFacePlane::ownership) within the band of the other face's
/// plane — only those can touch it. `edges_*`: the edges it owns whose ends are not beyond the
/// band on one side of the other face's plane — only those can come within the band of the other
/// face's edges, which lie in that plane. Each surface vertex and each pair of surface edges is
/// then tested once, from the faces that own them.
struct NearFaces {
  const SurfaceFacePlane* a = nullptr;
  const SurfaceFacePlane* b = nullptr;
  std::uint8_t vertices_a = 0, vertices_b = 0, edges_a = 0, edges_b = 0;
};

/// The masks of NearFaces for face f, from the distances of its corners to the other face's plane.
/// Computed without branches: which way they would go is hard to predict, and most face pairs of
/// touching bodies end at them.
inline void near_masks(const SurfaceFacePlane& f, const std::array<double, 3>& distance, double tol,
                       std::uint8_t& vertices, std::uint8_t& edges) {
  // band_sign as 0/1 flags: above (> tol), below (< −tol); a corner with neither is on the plane.
  unsigned above = 0, below = 0;
  for (unsigned i = 0; i < 3; ++i) {
    above |= static_cast<unsigned>(distance[i] > tol) << i;
    below |= static_cast<unsigned>(distance[i] < -tol) << i;
  }
  const unsigned on = ~(above | below) & 7u;
  // Edge i (corner i to i + 1) has both ends beyond the band on one side.
  const auto next = [](unsigned bits) { return (bits >> 1 | bits << 2) & 7u; };  // bit i: corner i + 1
  const unsigned beyond = (above & next(above)) | (below & next(below));
  vertices = static_cast<std::uint8_t>((f.ownership >> 3) & on);
  edges = static_cast<std::uint8_t>(f.ownership & 7u & ~beyond);
}

/// Values by index (a vertex, a tet) for one call of evaluate, in storage reused from call to call:
/// only the entries the previous call set are cleared, by their list, not the whole range (a large
/// body has thousands of vertices and tets, and a wall query makes 213 calls).
template <class T>
struct SlotsByIndex {
  std::vector<T> values;
  std::vector<char> set;
  std::vector<Index> used;  ///< the indices set in this call, in the order they were

  void begin_call(std::size_t size) {
    for (const Index i : used) set[static_cast<std::size_t>(i)] = 0;
    used.clear();
    if (values.size() < size) values.resize(size), set.resize(size, 0);
  }
  /// The entry of index i; `fresh` tells whether this call had not set it yet (it is now).
  T& at(Index i, bool& fresh) {
    const auto k = static_cast<std::size_t>(i);
    fresh = !set[k];
    if (fresh) set[k] = 1, used.push_back(i);
    return values[k];
  }
};

/// Storage that one thread's calls of evaluate reuse, body pair after body pair (allocating it
/// anew cost a tenth of the method's time on the arch). evaluate runs no parallel work inside, so
/// no call on a thread starts before the previous one there has ended.
struct Scratch {
  contact_detail::CandidateFaces candidates;
  std::vector<const SurfaceFacePlane*> faces_a, faces_b;
  NearFaceIndex index_a, index_b;
  std::vector<const SurfaceFacePlane*> near_a, near_b;
  std::vector<int> interface_of_a, interface_of_b;
  std::vector<Touch> touches, crossings;
  std::vector<char> touched_a, touched_b, behind_a_face, behind_b_face;
  std::vector<contact_detail::FacePair> facing_pairs;
  std::vector<contact_detail::CoplanarInterface> interfaces;  // interfaces_of's storage
  std::vector<NearFaces> near;
  SlotsByIndex<NearestFaces> nearest_a, nearest_b;  // by vertex
  SlotsByIndex<TetPlanes> planes_a, planes_b;       // by tet
};

void evaluate(const MethodBody& a, const MethodBody& b, std::span<const ElementPair> pairs, const Band& band,
              std::vector<Contact>& sink) {
  static thread_local Scratch scratch;
  const double tol = band.tol;
  // 1. Planar interfaces.
  contact_detail::candidate_faces(a, b, pairs, scratch.candidates);
  const contact_detail::CandidateFaces& candidates = scratch.candidates;
  const contact_detail::CandidateFaceList& tets_a = candidates.a;
  const contact_detail::CandidateFaceList& tets_b = candidates.b;
  const contact_detail::InterfaceBand interface_band{tol, band.depth, band.envelope, kRelativeEnvelope,
                                                     kInterfaceFacing};

  // Pass 1 over the candidate pairs' face pairs (each once: a face belongs to one tet), with the
  // distances of each face's corners from the other's plane: the facing pairs, which make the
  // planar interfaces; marks on the surface vertices that lie behind a face of the other body by
  // more than the band but within the depth — where the bodies overlap; and the pairs within the
  // band of each other (`near`), whose touches step 2 looks for once the interfaces are known.
  const double reach = contact_detail::facing_reach(interface_band);
  std::vector<contact_detail::FacePair>& facing_pairs = scratch.facing_pairs;
  std::vector<NearFaces>& near = scratch.near;
  facing_pairs.clear();
  std::size_t near_count = 0;  // near[0, near_count): the near face pairs (near's storage is reused)
  std::vector<char>& behind_a_face = scratch.behind_a_face;  // B's vertices behind a face of A
  std::vector<char>& behind_b_face = scratch.behind_b_face;  // A's vertices behind a face of B
  behind_a_face.assign(b.world_vertices.size(), 0);
  behind_b_face.assign(a.world_vertices.size(), 0);
  bool any_behind = false;
  // Marks the corners of `other` behind `face`'s plane by more than the band, within the depth.
  // (Which corners are behind as bits, without a branch per corner: touching bodies have corners
  // on either side of a plane by rounding, which a guess gets wrong half the time.)
  const auto mark_behind = [&](const std::array<double, 3>& d, const SurfaceFacePlane& other,
                               std::vector<char>& marks) {
    unsigned behind = 0;
    for (unsigned i = 0; i < 3; ++i) behind |= static_cast<unsigned>((d[i] < -tol) & (d[i] >= -band.depth - tol)) << i;
    if (behind == 0) return;
    any_behind = true;
    for (std::size_t i = 0; i < 3; ++i) {
      if (behind >> i & 1u) marks[static_cast<std::size_t>(other.vertex[i])] = 1;
    }
  };
  for (const ElementPair& pair : pairs) {
    for (const SurfaceFacePlane& fa : tets_a.of(pair.a)) {
      const Aabb reach_box = fa.box.inflated(reach), depth_box = fa.box.inflated(band.depth + tol),
                 tol_box = fa.box.inflated(tol);
      for (const SurfaceFacePlane& fb : tets_b.of(pair.b)) {
        if (!reach_box.overlaps(fb.box)) continue;
        const std::array<double, 3> from_a = contact_detail::corner_distances(fa, fb);  // B's corners, A's plane
        const std::array<double, 3> from_b = contact_detail::corner_distances(fb, fa);
        if (contact_detail::facing(fa, fb, from_a, from_b, interface_band)) facing_pairs.emplace_back(&fa, &fb);
        if (!depth_box.overlaps(fb.box)) continue;
        mark_behind(from_a, fb, behind_a_face);
        mark_behind(from_b, fa, behind_b_face);
        // Faces farther apart than the band touch nowhere.
        if (!tol_box.overlaps(fb.box)) continue;
        NearFaces pair{&fa, &fb};
        near_masks(fa, from_b, tol, pair.vertices_a, pair.edges_a);
        near_masks(fb, from_a, tol, pair.vertices_b, pair.edges_b);
        // Kept when there is something to test; written always and counted only then, without a
        // branch on it (it goes either way at random across a touching pair's faces).
        if (near_count == near.size()) near.emplace_back();
        near[near_count] = pair;
        near_count += static_cast<std::size_t>(((pair.vertices_a | pair.vertices_b) != 0) |
                                               ((pair.edges_a != 0) & (pair.edges_b != 0)));
      }
    }
  }
  const std::span<const contact_detail::CoplanarInterface> interfaces =
      contact_detail::interfaces_of(facing_pairs, interface_band, scratch.interfaces);

  // The interface each surface face of the candidate tets belongs to (if any). faces_a, faces_b:
  // all the faces, ascending triangle index — sorted only for the first touch that reaches step 3
  // (most lie in a polygon).
  std::vector<const SurfaceFacePlane*>& faces_a = scratch.faces_a;
  std::vector<const SurfaceFacePlane*>& faces_b = scratch.faces_b;
  bool faces_sorted = false;
  const auto sort_faces = [&] {
    if (faces_sorted) return;
    faces_sorted = true;
    for (const auto& [list, out] : {std::pair{&tets_a, &faces_a}, std::pair{&tets_b, &faces_b}}) {
      out->clear();
      for (const SurfaceFacePlane& f : list->faces) out->push_back(&f);
      std::sort(out->begin(), out->end(), [](const auto* x, const auto* y) { return x->triangle < y->triangle; });
    }
    // walls_at skips faces whose boxes lie beyond depth + 3 tol; normals_at, beyond tol.
    scratch.index_a.build(faces_a, band.depth + 3.0 * tol);
    scratch.index_b.build(faces_b, band.depth + 3.0 * tol);
  };
  // Per face (position in its CandidateFaceList): the interface it belongs to, or −1.
  std::vector<int>& interface_of_a = scratch.interface_of_a;
  std::vector<int>& interface_of_b = scratch.interface_of_b;
  interface_of_a.assign(tets_a.faces.size(), -1);
  interface_of_b.assign(tets_b.faces.size(), -1);
  for (std::size_t i = 0; i < interfaces.size(); ++i) {
    for (const SurfaceFacePlane* f : interfaces[i].faces_a) interface_of_a[tets_a.position(*f)] = static_cast<int>(i);
    for (const SurfaceFacePlane* f : interfaces[i].faces_b) interface_of_b[tets_b.position(*f)] = static_cast<int>(i);
  }
  const auto same_interface = [&](const SurfaceFacePlane& fa, const SurfaceFacePlane& fb) {
    const int ia = interface_of_a[tets_a.position(fa)];
    return ia >= 0 && ia == interface_of_b[tets_b.position(fb)];
  };

  for (const auto& face : interfaces) {
    for (std::size_t i = 0; i < face.corners.size(); ++i) {
      add_contact(a, b, face.corners[i], face.normal, face.corner_gap[i], *face.corner_face_a[i],
                  *face.corner_face_b[i], Touch{}, sink);
    }
  }

  // 2. Touches, in the order of the candidate pairs.
  std::vector<Touch>& touches = scratch.touches;      // at vertices
  std::vector<Touch>& crossings = scratch.crossings;  // at crossing edges
  touches.clear();
  crossings.clear();
  const auto add_to = [&](std::vector<Touch>& list, const Touch& t) {
    for (Touch& old : list) {
      if ((old.p - t.p).norm() <= tol) {
        if (old.vertex_a == kInvalidIndex) old.vertex_a = t.vertex_a;
        if (old.vertex_b == kInvalidIndex) old.vertex_b = t.vertex_b;
        return;
      }
    }
    list.push_back(t);
  };
  // Every touch found here is at a vertex, and a vertex is found again from each candidate pair
  // holding it: the first time only is it added (later ones would merge into it unchanged).
  std::vector<char>& touched_a = scratch.touched_a;
  std::vector<char>& touched_b = scratch.touched_b;
  touched_a.assign(a.world_vertices.size(), 0);
  touched_b.assign(b.world_vertices.size(), 0);
  const auto already_touched = [&](const Touch& t) {
    return t.vertex_a != kInvalidIndex ? touched_a[static_cast<std::size_t>(t.vertex_a)] != 0
                                       : touched_b[static_cast<std::size_t>(t.vertex_b)] != 0;
  };
  const auto add_touch = [&](const Touch& t) {
    if (already_touched(t)) return;
    (t.vertex_a != kInvalidIndex ? touched_a[static_cast<std::size_t>(t.vertex_a)]
                                 : touched_b[static_cast<std::size_t>(t.vertex_b)]) = 1;
    add_to(touches, t);
  };
  // Per surface vertex of A (of B) behind a face of the other body: its nearest faces there, by
  // vertex, with the list of the vertices set (sorted before use: ascending vertex order).
  SlotsByIndex<NearestFaces>& nearest_of_a = scratch.nearest_a;
  SlotsByIndex<NearestFaces>& nearest_of_b = scratch.nearest_b;
  nearest_of_a.begin_call(a.world_vertices.size());
  nearest_of_b.begin_call(b.world_vertices.size());
  const auto nearest = [](SlotsByIndex<NearestFaces>& of, Index v) -> NearestFaces& {
    bool fresh = false;
    NearestFaces& entry = of.at(v, fresh);
    if (fresh) entry = NearestFaces{};
    return entry;
  };
  // Step 2 over the near face pairs: touches within the band — vertices on faces, each tested
  // from the face that owns it, and crossing edges. A corner in the vertex mask is within tol of
  // the other face's plane (touch_distance's test with the touching band, on the same distance),
  // so only the triangle's band is left to test.
  for (const NearFaces& pair : std::span<const NearFaces>(near.data(), near_count)) {
    const SurfaceFacePlane &fa = *pair.a, &fb = *pair.b;
    // Two faces of one planar interface: every touch between them lies in both its regions,
    // i.e. in its polygon, and would be dropped below.
    if (same_interface(fa, fb)) continue;
    // The corners to test, bit 2 i for A's corner i and 2 i + 1 for B's, visited in that order
    // (a branch per set bit instead of one per corner and side).
    unsigned corners = 0;
    for (unsigned i = 0; i < 3; ++i)
      corners |= (pair.vertices_a >> i & 1u) << (2 * i) | (pair.vertices_b >> i & 1u) << (2 * i + 1);
    for (; corners != 0; corners &= corners - 1) {
      const auto bit = static_cast<unsigned>(std::countr_zero(corners));
      const std::size_t i = bit / 2;
      if (bit % 2 == 0) {
        if (!touched_a[static_cast<std::size_t>(fa.vertex[i])] && in_triangle_band(fb.plane, fa.corners()[i], tol)) {
          add_touch({fa.corners()[i], fa.vertex[i], kInvalidIndex});
        }
      } else if (!touched_b[static_cast<std::size_t>(fb.vertex[i])] &&
                 in_triangle_band(fa.plane, fb.corners()[i], tol)) {
        add_touch({fb.corners()[i], kInvalidIndex, fb.vertex[i]});
      }
    }
    if (pair.edges_a == 0 || pair.edges_b == 0) continue;
    // Flush faces (one plane, one outward normal: the bodies side by side) have no crossing edges
    // that touch: edges crossing inside both faces would put each face's interior on both sides
    // of the other's edge, i.e. the two bodies' interiors over one patch of the plane — overlap,
    // where crossings count for nothing (step 4).
    if (fa.plane.valid && fb.plane.valid && 1.0 - fa.plane.normal.dot(fb.plane.normal) <= contact_detail::kFacingBand) {
      continue;
    }
    edge_crossings(fa, fb, pair.edges_a, pair.edges_b, tol, [&](const Vec3& x) {
      add_to(crossings, {x, kInvalidIndex, kInvalidIndex});
    });
  }

  // Pass 2, only where some vertex lies behind a face: each marked vertex inside a tet of the other
  // body (a touch, its depth taken from the walls below), and its nearest faces of the other body:
  // the tet holding a vertex may be no candidate (one that meets the surface only along an edge,
  // as at a groove's bottom), and then those say whether it is inside (NearestFaces).
  // The planes of the tets probed in pass 2, each computed once per call: a tet of two overlapping
  // large bodies is in dozens of candidate pairs (the overlapping grid pair: a fifth of the
  // method's time went to computing the same planes again), kept by tet (SlotsByIndex).
  scratch.planes_a.begin_call(a.shape->tets.tets.size());
  scratch.planes_b.begin_call(b.shape->tets.tets.size());
  const auto planes_of = [](SlotsByIndex<TetPlanes>& of, const MethodBody& body, Index t) -> const TetPlanes& {
    bool fresh = false;
    TetPlanes& entry = of.at(t, fresh);
    if (fresh) entry = body.planes(t, entry);
    return entry;
  };
  if (any_behind) {
    for (const ElementPair& pair : pairs) {
      const std::array<Vec3, 4> ta = a.tet(pair.a), tb = b.tet(pair.b);
      // A box reject first, grown by the depth as well as the band: a point within the band of
      // every face plane of a tet lies outside the tet's box by more than that only near a corner
      // sharper than band / depth (2.5e-8 rad), so the box decides nothing the band would not.
      const auto grown_box = [&](const std::array<Vec3, 4>& corners) {
        Aabb box;
        for (const Vec3& x : corners) box.extend(x);
        return box.inflated(band.depth + tol);
      };
      const Aabb box_a = grown_box(ta), box_b = grown_box(tb);
      // Each marked surface vertex of one tet in the other (tet_surface_vertices: ascending, padded).
      const auto probe = [&](const MethodBody& vbody, Index vtet, const MethodBody& tbody, Index ttet,
                             const std::array<Vec3, 4>& corners, const Aabb& box, bool vertex_is_a) {
        const std::vector<char>& marks = vertex_is_a ? behind_b_face : behind_a_face;
        SlotsByIndex<TetPlanes>& planes_of_body = vertex_is_a ? scratch.planes_b : scratch.planes_a;
        const TetPlanes* planes = nullptr;
        for (const Index v : vbody.features->tet_surface_vertices[static_cast<std::size_t>(vtet)]) {
          if (v == kInvalidIndex) break;
          if (!marks[static_cast<std::size_t>(v)]) continue;
          if ((vertex_is_a ? touched_a : touched_b)[static_cast<std::size_t>(v)]) continue;
          const Vec3& x = vbody.vertex(v);
          if (!box.contains(x)) continue;
          if (!planes) planes = &planes_of(planes_of_body, tbody, ttet);
          if (!in_closed_tet_band(x, corners, *planes, tol)) continue;
          add_touch(vertex_is_a ? Touch{x, v, kInvalidIndex} : Touch{x, kInvalidIndex, v});
        }
      };
      probe(a, pair.a, b, pair.b, tb, box_b, true);
      probe(b, pair.b, a, pair.a, ta, box_a, false);
      for (const SurfaceFacePlane& fa : tets_a.of(pair.a)) {
        for (const SurfaceFacePlane& fb : tets_b.of(pair.b)) {
          if (!fa.box.inflated(band.depth + tol).overlaps(fb.box)) continue;
          for (std::size_t i = 0; i < 3; ++i) {
            if (behind_a_face[static_cast<std::size_t>(fb.vertex[i])])
              nearest(nearest_of_b, fb.vertex[i]).add(fa, fb.corners()[i], tol, band.depth + tol);
            if (behind_b_face[static_cast<std::size_t>(fa.vertex[i])])
              nearest(nearest_of_a, fa.vertex[i]).add(fb, fa.corners()[i], tol, band.depth + tol);
          }
        }
      }
    }
  }
  for (SlotsByIndex<NearestFaces>* of : {&nearest_of_a, &nearest_of_b}) std::sort(of->used.begin(), of->used.end());
  for (const Index v : nearest_of_a.used) {
    const NearestFaces& faces = nearest_of_a.values[static_cast<std::size_t>(v)];
    if (faces.inside(band)) add_touch({faces.p, v, kInvalidIndex});
  }
  for (const Index v : nearest_of_b.used) {
    const NearestFaces& faces = nearest_of_b.values[static_cast<std::size_t>(v)];
    if (faces.inside(band)) add_touch({faces.p, kInvalidIndex, v});
  }

  // 3–4. Each touch outside the planar interfaces.
  const Vec3 centres = b.centre_of_mass - a.centre_of_mass;
  const std::size_t first_touch_contact = sink.size();
  bool overlapping = false;  // some touch lies deeper than the band: the bodies overlap
  const auto judge = [&](const Touch& found) {
    const Vec3& p = found.p;
    const bool in_polygon = std::any_of(interfaces.begin(), interfaces.end(), [&](const auto& face) {
      const auto holds = [&](const std::vector<const SurfaceFacePlane*>& faces) {
        return std::any_of(faces.begin(), faces.end(),
                           [&](const SurfaceFacePlane* f) { return touch_distance(*f, p, band).has_value(); });
      };
      return holds(face.faces_a) && holds(face.faces_b);
    });
    if (in_polygon) return;
    sort_faces();
    // The shape of the touch (is it inside a line contact?) from every wall; its depth and normals
    // from the walls that are not flush with the other body's.
    const std::vector<const SurfaceFacePlane*>& near_a = scratch.index_a.near(p, scratch.near_a);
    const std::vector<const SurfaceFacePlane*>& near_b = scratch.index_b.near(p, scratch.near_b);
    double depth_a = 0.0, depth_b = 0.0;
    std::vector<Wall> walls_a = walls_at(near_a, p, band, depth_a);
    std::vector<Wall> walls_b = walls_at(near_b, p, band, depth_b);
    if (inside_a_line(walls_a, walls_b)) return;
    const std::vector<Vec3> on_a = normals_at(near_a, p, tol), on_b = normals_at(near_b, p, tol);
    const bool flush = std::any_of(on_a.begin(), on_a.end(), [&](const Vec3& n) {
      return std::any_of(on_b.begin(), on_b.end(),
                         [&](const Vec3& m) { return 1.0 - n.dot(m) <= contact_detail::kFacingBand; });
    });
    if (flush) {
      walls_a = walls_at(near_a, p, band, depth_a, on_b);
      walls_b = walls_at(near_b, p, band, depth_b, on_a);
    }
    if (walls_a.empty() || walls_b.empty()) return;
    const double deepest = std::max(depth_a, depth_b);
    overlapping = overlapping || deepest > tol;
    const Touch& touch = found;
    const double gap = deepest > tol ? -deepest : 0.0;  // minus the deeper of its distances to the two surfaces
    if (walls_a.size() == 1) {
      add_contact(a, b, p, walls_a[0].normal, gap, *walls_a[0].face, *walls_b[0].face, touch, sink);
      return;
    }
    if (walls_b.size() == 1) {
      add_contact(a, b, p, -walls_b[0].normal, gap, *walls_a[0].face, *walls_b[0].face, touch, sink);
      return;
    }
    const bool concave_a = concave(walls_a, tol), concave_b = concave(walls_b, tol);
    if (concave_a != concave_b) {
      const std::vector<Wall>& walls = concave_a ? walls_a : walls_b;
      for (const Wall& w : walls) {
        if (concave_a) {
          add_contact(a, b, p, w.normal, gap, *w.face, *walls_b[0].face, touch, sink);
        } else {
          add_contact(a, b, p, -w.normal, gap, *walls_a[0].face, *w.face, touch, sink);
        }
      }
      return;
    }
    std::vector<Vec3> candidates;
    for (const Wall& w : walls_a) candidates.push_back(w.normal);
    for (const Wall& w : walls_b) candidates.push_back(-w.normal);
    const auto [index, normal] = approach_normal(candidates, b.velocity_at(p) - a.velocity_at(p), centres);
    const Wall& wall_a = index < walls_a.size() ? walls_a[index] : walls_a[0];
    const Wall& wall_b = index < walls_a.size() ? walls_b[0] : walls_b[index - walls_a.size()];
    add_contact(a, b, p, normal, gap, *wall_a.face, *wall_b.face, touch, sink);
  };
  for (const Touch& t : touches) judge(t);
  // Crossing edges are point contacts of touching bodies (ridge across ridge); where the bodies
  // overlap they are points of the curve where the surfaces cut each other, not contacts.
  if (!overlapping) {
    for (const Touch& t : crossings) judge(t);
  }

  // Overlapping bodies meet at more than one touch per contact site (a spike's apex inside a hole,
  // and the hole's bottom vertex inside the spike; two spikes' apexes, each inside the other):
  // contacts with one normal closer than kSiteFactor × their depth are one contact, the first.
  std::vector<Contact> kept;
  for (std::size_t i = first_touch_contact; i < sink.size(); ++i) {
    const Contact& c = sink[i];
    const bool repeated = std::any_of(kept.begin(), kept.end(), [&](const Contact& k) {
      return 1.0 - k.normal.dot(c.normal) <= contact_detail::kFacingBand &&
             (k.position - c.position).norm() <= kSiteFactor * std::max(-k.gap, -c.gap) + tol;
    });
    if (!repeated) kept.push_back(c);
  }
  sink.resize(first_touch_contact);
  sink.insert(sink.end(), kept.begin(), kept.end());
}

class SemiLocalMethod final : public ContactMethod {
 public:
  std::string name() const override { return "semi-local"; }
  std::string summary() const override {
    return "contactlab's own, per body pair: planar interfaces as polygon corners, other touches by the walls of "
           "both surfaces (cracks: every wall; two convex features: the normal of approach)";
  }
  std::map<std::string, ParameterValue> parameters(const MethodSettings& settings) const override {
    return {{"relative_tolerance", settings.tolerance.relative},
            {"relative_depth", kRelativeDepth},
            {"relative_envelope", kRelativeEnvelope}};
  }
  void generate(const MethodBody& a, Index tet_a, const MethodBody& b, Index tet_b, const MethodSettings& settings,
                std::vector<Contact>& sink) const override {
    const ElementPair pair{tet_a, tet_b};
    generate_body_pair(a, b, std::span<const ElementPair>(&pair, 1), settings, sink);
  }
  /// Tet pairs up to the envelope apart are candidates: faces that far apart still form a planar
  /// interface (with positive corner gaps).
  double candidate_margin(const MethodSettings& settings) const override {
    return kRelativeEnvelope * settings.length_scale;
  }
  bool per_body_pair() const override { return true; }
  /// Planes are read only where the bodies overlap (a vertex tested in a tet): asked for then.
  bool uses_tet_planes() const override { return false; }
  void generate_body_pair(const MethodBody& a, const MethodBody& b, std::span<const ElementPair> pairs,
                          const MethodSettings& settings, std::vector<Contact>& sink) const override {
    const Band band{settings.absolute_tolerance(), kRelativeDepth * settings.length_scale,
                    kRelativeEnvelope * settings.length_scale};
    if (a.index <= b.index) {
      evaluate(a, b, pairs, band, sink);
      return;
    }
    std::vector<ElementPair> swapped;
    swapped.reserve(pairs.size());
    for (const ElementPair& p : pairs) swapped.push_back({p.b, p.a});
    std::sort(swapped.begin(), swapped.end());
    const std::size_t first = sink.size();
    evaluate(b, a, swapped, band, sink);
    contact_detail::flip_contacts(sink, first);
  }
};

}  // namespace

const ContactMethod& semi_local_method() {
  static const SemiLocalMethod method;
  return method;
}

}  // namespace contactlab
