// derive_ground_truth (derive_ground_truth.h): ground truth for any scene (docs/suite.md "Deriving
// ground truth for your own scene").
//
// Three independent findings per body pair, all with the same scale-relative band
// tol = request.tolerance.absolute(scene.length_scale()) (docs/design.md "Exact signs, relative
// tolerances"), so that the result does not change under a rigid motion with uniform scale:
//   1. touching: the method surfaces (shape->surface_map.surface, what the contact methods see)
//      come within tol — broad phase as in find_planar_interfaces (body boxes from
//      bvh_world_bounds → candidate_body_pairs, BVH tandem walk over surface triangles, both with
//      margin 2·tol so that faces up to tol apart are candidates), then the exact-predicate
//      triangle–triangle distance (closest_points_triangle_triangle) ≤ tol for some triangle pair;
//   2. overlapping: the deepest tet–tet SAT penetration of the pair (body_pair_overlaps, the
//      per-pair form of deepest_overlap) exceeds tol. Exactly touching bodies stay below: the SAT's
//      own touching band is 1e-9 × a tet pair's size, at most the scene's length scale × 1e-9;
//   3. planar interfaces: find_planar_interfaces with the same tolerances.
// A body wholly inside another has no touching surfaces but overlaps: it is reported by 2.
#include "contactlab/suite/derive_ground_truth.h"

#include "body_pair_overlaps.h"
#include "contactlab/core/error.h"
#include "contactlab/geometry/closest_points_triangle_triangle.h"
#include "contactlab/suite/planar_interfaces.h"
#include "scene_candidate_pairs.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <utility>
#include <vector>

namespace contactlab {
namespace {

using Pair = std::pair<Index, Index>;

/// Body pairs whose method surfaces come within `tol` (stage 1 of the file comment).
std::set<Pair> touching_pairs(const Scene& scene, double tol) {
  // Margin 2·tol so that faces up to tol apart are candidates.
  std::set<Pair> result;
  const double tol2 = tol * tol;
  suite_detail::for_each_candidate_pair(scene, suite_detail::SceneElements::kSurfaceTriangles, 2.0 * tol,
                                        [&](const suite_detail::SceneCandidatePair& pair) {
                                          const TriMesh& surface_a = scene.bodies[pair.a].shape->surface_map.surface;
                                          const TriMesh& surface_b = scene.bodies[pair.b].shape->surface_map.surface;
                                          const std::vector<Vec3>& wa = *pair.world_a;
                                          const std::vector<Vec3>& wb = *pair.world_b;
                                          for (const ElementPair& ep : pair.element_pairs) {
                                            const Triangle& ta = surface_a.triangles[ep.a];
                                            const Triangle& tb = surface_b.triangles[ep.b];
                                            const TriangleTriangleClosestPoints closest =
                                                closest_points_triangle_triangle(wa[ta[0]], wa[ta[1]], wa[ta[2]],
                                                                                 wb[tb[0]], wb[tb[1]], wb[tb[2]]);
                                            if (closest.intersecting || closest.squared_distance <= tol2) {
                                              result.insert({pair.a, pair.b});
                                              break;
                                            }
                                          }
                                        });
  return result;
}

void check_request(const DeriveGroundTruthRequest& request) {
  constexpr const char* kSource = "derive_ground_truth";
  if (!std::isfinite(request.tolerance.relative) || request.tolerance.relative < 0.0) {
    throw InputError(kSource, 0,
                     fmt::format("tolerance.relative must be finite and >= 0, got {}", request.tolerance.relative));
  }
  if (!std::isfinite(request.angle_tolerance) || request.angle_tolerance < 0.0) {
    throw InputError(kSource, 0,
                     fmt::format("angle_tolerance must be finite and >= 0 (radians), got {}", request.angle_tolerance));
  }
}

}  // namespace

DeriveGroundTruthResult derive_ground_truth(const Scene& scene, const DeriveGroundTruthRequest& request) {
  check_request(request);
  DeriveGroundTruthResult result;
  result.tolerance = request.tolerance.absolute(scene.length_scale());
  const double tol = result.tolerance;

  // Two fixed bodies never move against each other: the contact driver pairs no such bodies
  // (candidate_body_pairs with the fixed flags), so no contact is scored there and no ground truth
  // is derived or reported for them.
  auto both_fixed = [&](Index a, Index b) { return scene.bodies[a].fixed && scene.bodies[b].fixed; };

  std::map<Pair, double> overlapping;  // pair → depth, only those deeper than the band
  for (const suite_detail::BodyPairOverlap& o : suite_detail::body_pair_overlaps(scene)) {
    if (o.depth > tol && !both_fixed(o.a, o.b)) overlapping[{o.a, o.b}] = o.depth;
  }

  // What the scene carries: non-planar interfaces stay (modelling decisions), planar ones are
  // replaced by the geometry's (docs/suite.md "Deriving ground truth for your own scene").
  std::vector<ContactInterface> interfaces;
  std::set<Pair> covered;
  if (scene.ground_truth) {
    for (const ContactInterface& i : scene.ground_truth->interfaces) {
      if (i.planar) {
        ++result.replaced;
        continue;
      }
      interfaces.push_back(i);
      covered.insert({std::min(i.body_a, i.body_b), std::max(i.body_a, i.body_b)});
      ++result.kept;
    }
  }
  PlanarInterfaceOptions planar_options;
  planar_options.tolerance = request.tolerance;
  planar_options.angle_tolerance = request.angle_tolerance;
  for (ContactInterface& i : find_planar_interfaces(scene, planar_options)) {
    if (both_fixed(i.body_a, i.body_b)) continue;
    if (overlapping.count({i.body_a, i.body_b})) continue;  // no ground truth where bodies interpenetrate
    covered.insert({i.body_a, i.body_b});
    interfaces.push_back(std::move(i));
    ++result.derived;
  }
  // Kept interfaces first, then derived ones, each pair's in their order (as perturbed() does).
  std::stable_sort(interfaces.begin(), interfaces.end(), [](const ContactInterface& x, const ContactInterface& y) {
    return std::pair(x.body_a, x.body_b) < std::pair(y.body_a, y.body_b);
  });
  result.ground_truth.interfaces = std::move(interfaces);

  std::set<Pair> candidates = touching_pairs(scene, tol);
  for (const auto& [pair, depth] : overlapping) candidates.insert(pair);
  for (const Pair& pair : candidates) {
    if (both_fixed(pair.first, pair.second)) continue;
    if (auto it = overlapping.find(pair); it != overlapping.end()) {
      result.underived.push_back({pair.first, pair.second, UnderivedReason::kOverlap, it->second});
    } else if (!covered.count(pair)) {
      result.underived.push_back({pair.first, pair.second, UnderivedReason::kNoCoplanarFaces, 0.0});
    }
  }
  return result;
}

std::string describe(const UnderivedPair& pair, double tolerance) {
  switch (pair.reason) {
    case UnderivedReason::kNoCoplanarFaces:
      return "no coplanar opposing faces: a point or edge contact, whose feasible normals are a modelling "
             "decision (docs/suite.md); give its interface in the scene's ground_truth";
    case UnderivedReason::kOverlap:
      return fmt::format("the bodies overlap by {:.6g} m, deeper than the touching band {:.3g} m", pair.depth,
                         tolerance);
  }
  return "";
}

}  // namespace contactlab
