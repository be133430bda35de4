// find_planar_interfaces (planar_interfaces.h): planar contact regions from geometry alone.
//
// Stages, per candidate body pair (A, B), A the lower body index:
//   1. Triangle pairs. The scene-wide broad phase (scene_candidate_pairs.h: body boxes, then the
//      BVH tandem walk) over the bodies' boundary triangles (shape->surface_map.surface, the surface
//      the contact methods see), with margin 2·tol so that faces up to tol apart are candidates.
//   2. Coplanar triangles. A pair (ta, tb) is kept when n_A and n_B are parallel or antiparallel
//      within angle_tolerance and every corner of each triangle lies within tol of the other's
//      plane. Its overlap is clip_convex_polygon_in_plane(tb, ta, n_A) (a point set on ta's plane).
//   3. Planes. Kept pairs are grouped by A's (unoriented) plane: a pair joins the first group whose
//      reference normal is within angle_tolerance of ±n_A and whose reference plane holds ta's
//      corners within tol; otherwise it starts a group. One group = one ContactInterface. Disjoint
//      regions of one body pair in ONE plane (e.g. the two feet of a U on a slab) therefore form one
//      interface whose area is their sum and whose polygon is the convex hull of both; regions in
//      DIFFERENT planes (a body resting in an L-shaped corner) are separate interfaces.
//   4. Area, by signed coverage: Σ over kept pairs of ±area(ta ∩ tb), + for opposite normals (the
//      touching faces), − for equal ones. For surfaces whose triangles do not overlap this is the
//      plain sum over the opposite pairs, which is exact: the overlap of the two face sets is tiled
//      by the pieces. The signs matter for tet meshes with flat (zero-volume) tets on a boundary
//      face, which TetGen's refinement can leave: their boundary folds over itself in the face's
//      plane, covering a patch twice facing out and once facing in; the signed sum counts such a
//      patch (2 − 1) = 1 times (the winding number of the face set). Two bodies that do not
//      interpenetrate have no equal-normal overlaps of positive area except through such folds.
//      A piece counts only if it is wider than tol: area > tol × its diameter. This drops what edge
//      or point touching (and rounding slivers of an exactly shared edge) leaves behind, in a
//      scale-relative way; a region narrower than tol everywhere is not a planar interface. (An
//      "area > tol²" rule would be weaker: a 1e-16-wide sliver of length 1 has area ≫ tol² at
//      tol = 1e-9.) A group whose signed area is not positive is no interface.
//   5. Polygon. Convex hull (convex_hull_2d, exact turns) of the opposite pairs' pieces' corners in the
//      plane's basis (u, v, n right-handed, so the hull's counter-clockwise order is CCW about n),
//      then corners closer than tol to a neighbour or to the chord of their two neighbours are
//      removed (rounding of the clipped crossing points can make a point of a straight side stick
//      out by ~1e-16, which an exact hull keeps as a corner).
//   6. Features. For each corner and each body, among that body's triangles of the group (all
//      coplanar candidates, including those with zero-area overlap): a surface vertex within tol
//      (in-plane distance), else a surface edge within tol (index in build_topology order), else a
//      triangle containing it within tol (nearest; ties → lowest index). A corner on a vertex is
//      moved exactly onto that vertex (A's first, else B's); the others are projected onto the
//      group's plane.
// tol = options.tolerance.absolute(scene.length_scale()).
#include "contactlab/suite/planar_interfaces.h"

#include "contactlab/core/error.h"
#include "contactlab/geometry/clip_convex_polygon.h"
#include "contactlab/geometry/convex_hull_2d.h"
#include "contactlab/geometry/orthonormal_basis.h"
#include "contactlab/geometry/predicates.h"
#include "contactlab/mesh/topology.h"
#include "scene_candidate_pairs.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <numbers>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace contactlab {
namespace {

constexpr const char* kPlanarInterfacesSource = "find_planar_interfaces";

/// What the search needs of one distinct shape (shapes are shared by bodies).
/// One body's posed surface: what stages 3–6 read of it.
struct PosedSurface {
  const TriMesh* surface = nullptr;
  const MeshTopology* topology = nullptr;
  const std::vector<Vec3>* world = nullptr;  ///< world positions of all vertices of the surface's vertex array
};

/// The coplanar overlap of one body pair in one plane (stage 3).
struct PlaneGroup {
  Vec3 reference_normal;                     ///< n_A of the first triangle pair
  Vec3 reference_point;                      ///< a corner of that pair's ta
  Vec3 weighted_normal = Vec3::Zero();       ///< Σ piece area × n_A over opposite pairs
  double area = 0.0;                         ///< signed coverage (stage 4)
  std::vector<Vec3> corners;                 ///< corners of the opposite pairs' kept pieces
  std::set<Index> triangles_a, triangles_b;  ///< all coplanar candidates (features are looked up here)
};

Vec3 unit_normal(const std::array<Vec3, 3>& t, bool& ok) {
  const Vec3 n = (t[1] - t[0]).cross(t[2] - t[0]);
  const double length = n.norm();
  ok = std::isfinite(length) && length > 0.0;
  return ok ? Vec3(n / length) : Vec3::Zero();
}

bool within_plane(const std::array<Vec3, 3>& points, const Vec3& normal, const Vec3& origin, double tol) {
  for (const Vec3& p : points) {
    if (!(std::abs(normal.dot(p - origin)) <= tol)) return false;
  }
  return true;
}

/// Area (≥ 0) of a planar polygon with unit normal n (Stokes: ½ n·Σ (p_i − p_0)×(p_{i+1} − p_0)).
double polygon_area(const std::vector<Vec3>& polygon, const Vec3& n) {
  double twice = 0.0;
  for (std::size_t i = 1; i + 1 < polygon.size(); ++i) {
    twice += n.dot((polygon[i] - polygon[0]).cross(polygon[i + 1] - polygon[0]));
  }
  return 0.5 * std::abs(twice);
}

double diameter(const std::vector<Vec3>& points) {
  double d2 = 0.0;
  for (std::size_t i = 0; i < points.size(); ++i) {
    for (std::size_t j = i + 1; j < points.size(); ++j) d2 = std::max(d2, (points[i] - points[j]).squaredNorm());
  }
  return std::sqrt(d2);
}

double point_segment_distance_2d(const Vec2& p, const Vec2& a, const Vec2& b) {
  const Vec2 d = b - a;
  const double length2 = d.squaredNorm();
  double t = length2 > 0.0 ? (p - a).dot(d) / length2 : 0.0;
  t = std::clamp(t, 0.0, 1.0);
  return (p - (a + t * d)).norm();
}

/// 2-D distance from p to the closed triangle abc (either winding); inside decided exactly.
double point_triangle_distance_2d(const Vec2& p, const Vec2& a, const Vec2& b, const Vec2& c) {
  const int s0 = orient2d_sign(a, b, p), s1 = orient2d_sign(b, c, p), s2 = orient2d_sign(c, a, p);
  const bool has_negative = s0 < 0 || s1 < 0 || s2 < 0;
  const bool has_positive = s0 > 0 || s1 > 0 || s2 > 0;
  if (!(has_negative && has_positive) && orient2d_sign(a, b, c) != 0) return 0.0;
  return std::min(
      {point_segment_distance_2d(p, a, b), point_segment_distance_2d(p, b, c), point_segment_distance_2d(p, c, a)});
}

/// In-plane coordinates of the group's plane.
struct PlaneFrame {
  Vec3 origin, u, v, n;
  Vec2 to_2d(const Vec3& p) const { return {u.dot(p - origin), v.dot(p - origin)}; }
};

/// Stage 6 for one body: the feature at corner `p` (2-D), and the vertex it lies on (or invalid).
FeatureRef find_feature(const Vec2& p, const PosedSurface& body, const std::set<Index>& triangles,
                        const PlaneFrame& frame, double tol) {
  const TriMesh& surface = *body.surface;
  const MeshTopology& topology = *body.topology;
  auto corner_2d = [&](Index vertex) { return frame.to_2d((*body.world)[vertex]); };

  // Nearest within tol, ties to the lower index (sets and the loops below run in index order).
  FeatureRef best;
  double best_distance = std::numeric_limits<double>::infinity();
  auto consider = [&](FeatureType kind, Index index, double distance) {
    if (distance <= tol && (distance < best_distance || (distance == best_distance && index < best.index))) {
      best = {kind, index};
      best_distance = distance;
    }
  };

  for (Index t : triangles) {
    for (Index vertex : surface.triangles[t]) consider(FeatureType::kVertex, vertex, (p - corner_2d(vertex)).norm());
  }
  if (best.index != kInvalidIndex) return best;
  for (Index t : triangles) {
    for (Index edge : topology.triangle_edges[t]) {
      const Edge& e = topology.edges[edge];
      consider(FeatureType::kEdge, edge, point_segment_distance_2d(p, corner_2d(e[0]), corner_2d(e[1])));
    }
  }
  if (best.index != kInvalidIndex) return best;
  double nearest = std::numeric_limits<double>::infinity();
  for (Index t : triangles) {
    const Triangle& tri = surface.triangles[t];
    const double distance = point_triangle_distance_2d(p, corner_2d(tri[0]), corner_2d(tri[1]), corner_2d(tri[2]));
    if (distance < nearest) {  // strict: ties keep the lower index
      nearest = distance;
      best = {FeatureType::kFace, t};
    }
  }
  // A corner of a piece always lies in its triangles up to rounding; the nearest is reported even
  // if (impossibly) farther than tol, so the field is never left invalid.
  return best;
}

/// Stage 5: corners closer than tol to a neighbour or to their neighbours' chord are dropped.
void drop_flat_corners(std::vector<Vec2>& hull, double tol) {
  bool changed = true;
  while (changed && hull.size() >= 3) {
    changed = false;
    const std::size_t m = hull.size();
    for (std::size_t i = 0; i < m; ++i) {
      const Vec2& prev = hull[(i + m - 1) % m];
      const Vec2& here = hull[i];
      const Vec2& next = hull[(i + 1) % m];
      const Vec2 chord = next - prev;
      const double chord_length = chord.norm();
      const Vec2 offset = here - prev;
      const double off_chord =
          chord_length > 0.0 ? std::abs(chord.x() * offset.y() - chord.y() * offset.x()) / chord_length : offset.norm();
      if ((here - prev).norm() <= tol || off_chord <= tol) {
        hull.erase(hull.begin() + static_cast<std::ptrdiff_t>(i));
        changed = true;
        break;
      }
    }
  }
}

std::optional<ContactInterface> make_interface(Index a, Index b, const PlaneGroup& group, const PosedSurface& body_a,
                                               const PosedSurface& body_b, double tol) {
  if (group.corners.size() < 3 || !(group.area > 0.0)) return std::nullopt;
  const double weight = group.weighted_normal.norm();
  if (!(weight > 0.0)) return std::nullopt;
  PlaneFrame frame;
  frame.n = group.weighted_normal / weight;
  std::tie(frame.u, frame.v) = orthonormal_basis(frame.n);
  Vec3 centroid = Vec3::Zero();
  for (const Vec3& p : group.corners) centroid += p;
  frame.origin = centroid / static_cast<double>(group.corners.size());

  std::vector<Vec2> flat;
  flat.reserve(group.corners.size());
  for (const Vec3& p : group.corners) flat.push_back(frame.to_2d(p));
  std::vector<Vec2> hull = convex_hull_2d(flat);
  drop_flat_corners(hull, tol);
  if (hull.size() < 3) return std::nullopt;

  ContactInterface result;
  result.body_a = a;
  result.body_b = b;
  result.feasible_normals = {frame.n};
  result.planar = true;
  result.area = group.area;
  for (const Vec2& q : hull) {
    PolygonCorner corner;
    corner.on_a = find_feature(q, body_a, group.triangles_a, frame, tol);
    corner.on_b = find_feature(q, body_b, group.triangles_b, frame, tol);
    if (corner.on_a.type == FeatureType::kVertex) {
      corner.position = (*body_a.world)[corner.on_a.index];
    } else if (corner.on_b.type == FeatureType::kVertex) {
      corner.position = (*body_b.world)[corner.on_b.index];
    } else {
      corner.position = frame.origin + q.x() * frame.u + q.y() * frame.v;
    }
    result.polygon.push_back(corner);
  }
  result.min_contacts = static_cast<int>(result.polygon.size());
  return result;
}

void check_options(const PlanarInterfaceOptions& options) {
  if (!std::isfinite(options.tolerance.relative) || options.tolerance.relative < 0.0) {
    throw InputError(kPlanarInterfacesSource, 0,
                     "tolerance.relative must be finite and >= 0, got " + std::to_string(options.tolerance.relative));
  }
  if (!std::isfinite(options.angle_tolerance) || options.angle_tolerance < 0.0) {
    throw InputError(
        kPlanarInterfacesSource, 0,
        "angle_tolerance must be finite and >= 0 (radians), got " + std::to_string(options.angle_tolerance));
  }
}

}  // namespace

std::vector<ContactInterface> find_planar_interfaces(const Scene& scene, const PlanarInterfaceOptions& options) {
  check_options(options);
  const double tol = options.tolerance.absolute(scene.length_scale());
  const double margin = 2.0 * tol;
  const double cos_angle = std::cos(std::min(options.angle_tolerance, std::numbers::pi));

  // Per distinct shape: the topology, built when the shape first appears in a candidate pair.
  std::map<const Shape*, MeshTopology> topologies;
  auto posed_surface = [&](Index body, const std::vector<Vec3>* world) {
    const Shape& shape = *scene.bodies[body].shape;
    auto [it, inserted] = topologies.try_emplace(&shape);
    if (inserted) it->second = build_topology(shape.surface_map.surface);
    return PosedSurface{&shape.surface_map.surface, &it->second, world};
  };

  std::vector<ContactInterface> result;
  suite_detail::for_each_candidate_pair(
      scene, suite_detail::SceneElements::kSurfaceTriangles, margin, [&](const suite_detail::SceneCandidatePair& pair) {
        const PosedSurface body_a = posed_surface(pair.a, pair.world_a);
        const PosedSurface body_b = posed_surface(pair.b, pair.world_b);
        const TriMesh& surface_a = *body_a.surface;
        const TriMesh& surface_b = *body_b.surface;
        const std::vector<Vec3>& world_a = *body_a.world;
        const std::vector<Vec3>& world_b = *body_b.world;
        std::vector<PlaneGroup> groups;
        for (const ElementPair& ep : pair.element_pairs) {
          const std::array<Vec3, 3> ta{world_a[surface_a.triangles[ep.a][0]], world_a[surface_a.triangles[ep.a][1]],
                                       world_a[surface_a.triangles[ep.a][2]]};
          const std::array<Vec3, 3> tb{world_b[surface_b.triangles[ep.b][0]], world_b[surface_b.triangles[ep.b][1]],
                                       world_b[surface_b.triangles[ep.b][2]]};
          bool ok_a = false, ok_b = false;
          const Vec3 na = unit_normal(ta, ok_a);
          const Vec3 nb = unit_normal(tb, ok_b);
          if (!ok_a || !ok_b) continue;  // zero-area triangle: no plane, no area
          const double alignment = na.dot(nb);
          if (!(std::abs(alignment) >= cos_angle)) continue;
          const bool opposite = alignment < 0.0;
          if (!within_plane(tb, na, ta[0], tol) || !within_plane(ta, nb, tb[0], tol)) continue;

          PlaneGroup* group = nullptr;
          for (PlaneGroup& g : groups) {
            if (std::abs(g.reference_normal.dot(na)) >= cos_angle &&
                within_plane(ta, g.reference_normal, g.reference_point, tol)) {
              group = &g;
              break;
            }
          }
          if (group == nullptr) {
            groups.emplace_back();
            group = &groups.back();
            group->reference_normal = na;
            group->reference_point = ta[0];
          }
          group->triangles_a.insert(ep.a);
          group->triangles_b.insert(ep.b);

          const std::vector<Vec3> piece = clip_convex_polygon_in_plane(tb, ta, na);
          if (piece.size() < 3) continue;
          const double area = polygon_area(piece, na);
          if (!(area > tol * diameter(piece))) continue;  // narrower than tol: edge/point touching
          if (!opposite) {
            group->area -= area;  // a fold of one surface (stage 4)
            continue;
          }
          group->area += area;
          group->weighted_normal += area * na;
          group->corners.insert(group->corners.end(), piece.begin(), piece.end());
        }
        for (const PlaneGroup& group : groups) {
          if (auto found = make_interface(pair.a, pair.b, group, body_a, body_b, tol))
            result.push_back(std::move(*found));
        }
      });

  // Deterministic order: body pair, then the plane (normal, then offset along it).
  auto key = [](const ContactInterface& i) {
    const Vec3& n = i.feasible_normals.front();
    return std::make_tuple(i.body_a, i.body_b, n.x(), n.y(), n.z(), n.dot(i.polygon.front().position));
  };
  std::stable_sort(result.begin(), result.end(),
                   [&](const ContactInterface& x, const ContactInterface& y) { return key(x) < key(y); });
  return result;
}

}  // namespace contactlab
