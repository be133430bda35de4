#include "scene_candidate_pairs.h"

#include "contactlab/broadphase/bvh.h"
#include "contactlab/broadphase/candidate_body_pairs.h"
#include "contactlab/broadphase/mesh_elements.h"

#include <map>

namespace contactlab::suite_detail {
namespace {

std::size_t element_count(const Shape& shape, SceneElements elements) {
  return elements == SceneElements::kTets ? shape.tets.tets.size() : shape.surface_map.surface.triangles.size();
}

MeshElements elements_of(const Shape& shape, SceneElements elements) {
  return elements == SceneElements::kTets ? mesh_elements(shape.tets) : mesh_elements(shape.surface_map.surface);
}

const std::vector<Vec3>& vertices_of(const Shape& shape, SceneElements elements) {
  return elements == SceneElements::kTets ? shape.tets.vertices : shape.surface_map.surface.vertices;
}

}  // namespace

void for_each_candidate_pair(const Scene& scene, SceneElements elements, double margin,
                             const std::function<void(const SceneCandidatePair&)>& visit) {
  std::map<const Shape*, Bvh> trees;  // one tree per distinct shape
  const std::size_t n = scene.bodies.size();
  std::vector<const Bvh*> body_trees(n, nullptr);
  std::vector<Transform> poses(n);
  std::vector<Aabb> boxes(n);  // default: empty, so the body is in no pair
  for (std::size_t i = 0; i < n; ++i) {
    const Body& body = scene.bodies[i];
    if (!body.shape || element_count(*body.shape, elements) == 0) continue;
    auto [it, inserted] = trees.try_emplace(body.shape.get());
    if (inserted) it->second = build_bvh(elements_of(*body.shape, elements));
    body_trees[i] = &it->second;
    poses[i] = body.pose();
    boxes[i] = bvh_world_bounds(it->second, poses[i]);
  }

  std::vector<std::vector<Vec3>> world(n);
  auto world_vertices = [&](Index i) -> const std::vector<Vec3>* {
    std::vector<Vec3>& w = world[i];
    if (w.empty()) {
      const std::vector<Vec3>& local = vertices_of(*scene.bodies[i].shape, elements);
      w.reserve(local.size());
      for (const Vec3& v : local) w.push_back(poses[i].apply(v));
    }
    return &w;
  };

  for (const BodyPair& pair : candidate_body_pairs(boxes, margin)) {
    const Shape& shape_a = *scene.bodies[pair.a].shape;
    const Shape& shape_b = *scene.bodies[pair.b].shape;
    const PosedBody a{body_trees[pair.a], elements_of(shape_a, elements), poses[pair.a]};
    const PosedBody b{body_trees[pair.b], elements_of(shape_b, elements), poses[pair.b]};
    SceneCandidatePair candidates;
    candidates.a = pair.a;
    candidates.b = pair.b;
    candidates.world_a = world_vertices(pair.a);
    candidates.world_b = world_vertices(pair.b);
    candidates.element_pairs = candidate_element_pairs(a, b, margin);
    visit(candidates);
  }
}

}  // namespace contactlab::suite_detail
