#include "contactlab/contact/generate_contacts.h"

#include "contactlab/broadphase/bvh.h"
#include "contactlab/broadphase/candidate_body_pairs.h"
#include "contactlab/broadphase/candidate_element_pairs.h"

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <tuple>

namespace contactlab {
namespace {

struct ShapeData {
  ShapeFeatures features;
  Bvh surface_tet_bvh;  ///< over the tets with a surface face only (interior tets cannot touch)
};

struct Task {
  std::size_t body_pair;
  ElementPair tets;
};

auto order_key(const Contact& c) {
  return std::tuple(c.body_a, c.body_b, c.element_a, c.element_b, c.feature_a, c.feature_b, c.position.x(),
                    c.position.y(), c.position.z());
}

/// Contacts of the same body pair with positions and normals equal within `tolerance` (normals:
/// within 1e-9) are one contact; the first in `order_key` order is kept. Sweep over x.
std::vector<Contact> merge_duplicates(std::vector<Contact> contacts, double tolerance) {
  std::sort(contacts.begin(), contacts.end(), [](const Contact& a, const Contact& b) {
    return std::tuple(a.body_a, a.body_b, a.position.x()) < std::tuple(b.body_a, b.body_b, b.position.x());
  });
  std::vector<bool> removed(contacts.size(), false);
  for (std::size_t i = 0; i < contacts.size(); ++i) {
    if (removed[i]) continue;
    for (std::size_t j = i + 1; j < contacts.size(); ++j) {
      const Contact &a = contacts[i], &b = contacts[j];
      if (b.body_a != a.body_a || b.body_b != a.body_b || b.position.x() - a.position.x() > tolerance) break;
      if (removed[j]) continue;
      if ((a.position - b.position).norm() <= tolerance && (a.normal - b.normal).norm() <= 1e-9) {
        // keep whichever comes first in the final order, so the result does not depend on the sweep
        if (order_key(b) < order_key(a)) std::swap(contacts[i], contacts[j]);
        removed[j] = true;
      }
    }
  }
  std::vector<Contact> kept;
  kept.reserve(contacts.size());
  for (std::size_t i = 0; i < contacts.size(); ++i) {
    if (!removed[i]) kept.push_back(contacts[i]);
  }
  return kept;
}

}  // namespace

ContactSet generate_contacts(const Scene& scene, const ContactMethod& method, const GenerateOptions& options,
                             GenerateStatistics* statistics) {
  const auto start = std::chrono::steady_clock::now();
  MethodSettings settings = options.settings;
  settings.length_scale = scene.length_scale();
  const double tolerance = settings.absolute_tolerance();
  const double margin = method.candidate_margin(settings) + tolerance;

  // Per distinct shape: features and the BVH over its surface tets (body frame).
  std::map<const Shape*, std::unique_ptr<ShapeData>> shapes;
  for (const Body& body : scene.bodies) {
    auto& data = shapes[body.shape.get()];
    if (data) continue;
    data = std::make_unique<ShapeData>();
    data->features = build_shape_features(*body.shape);
    const TetMesh& mesh = body.shape->tets;
    const MeshElements elements{ElementKind::kTetrahedron, mesh.vertices, mesh.tets, {}};
    data->surface_tet_bvh = build_bvh(elements, data->features.surface_tets);
  }

  // World vertices and boxes per body.
  std::vector<std::vector<Vec3>> world(scene.bodies.size());
  std::vector<Aabb> boxes(scene.bodies.size());
  std::vector<bool> fixed(scene.bodies.size());
  for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
    const Body& body = scene.bodies[i];
    const Transform pose = body.pose();
    world[i].reserve(body.shape->tets.vertices.size());
    for (const Vec3& v : body.shape->tets.vertices) {
      world[i].push_back(pose.apply(v));
      boxes[i].extend(world[i].back());
    }
    fixed[i] = body.fixed;
  }

  const std::vector<BodyPair> body_pairs = candidate_body_pairs(boxes, margin, fixed);
  std::vector<MethodBody> views(scene.bodies.size());
  for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
    const Shape* shape = scene.bodies[i].shape.get();
    views[i] = MethodBody{static_cast<Index>(i), shape, &shapes.at(shape)->features, world[i]};
  }

  std::vector<Task> tasks;
  for (std::size_t p = 0; p < body_pairs.size(); ++p) {
    const auto make_posed = [&](Index b) {
      const Body& body = scene.bodies[b];
      const TetMesh& mesh = body.shape->tets;
      return PosedBody{&shapes.at(body.shape.get())->surface_tet_bvh,
                       MeshElements{ElementKind::kTetrahedron, mesh.vertices, mesh.tets, {}}, body.pose()};
    };
    for (const ElementPair& pair : candidate_element_pairs(make_posed(body_pairs[p].a), make_posed(body_pairs[p].b), margin)) {
      tasks.push_back({p, pair});
    }
  }

  // Kernels in parallel; each task writes its own output, concatenated in task order, so the
  // result does not depend on the thread count or scheduling.
  std::vector<std::vector<Contact>> outputs(tasks.size());
  auto run = [&] {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, tasks.size(), 64), [&](const tbb::blocked_range<std::size_t>& range) {
      for (std::size_t t = range.begin(); t != range.end(); ++t) {
        const Task& task = tasks[t];
        const BodyPair& bodies = body_pairs[task.body_pair];
        method.generate(views[bodies.a], task.tets.a, views[bodies.b], task.tets.b, settings, outputs[t]);
      }
    });
  };
  if (options.threads > 0) {
    tbb::task_arena arena(options.threads);
    arena.execute(run);
  } else {
    run();
  }

  std::vector<Contact> raw;
  for (std::vector<Contact>& out : outputs) raw.insert(raw.end(), out.begin(), out.end());
  const std::size_t raw_count = raw.size();
  std::vector<Contact> merged = merge_duplicates(std::move(raw), tolerance);
  std::sort(merged.begin(), merged.end(), [](const Contact& a, const Contact& b) { return order_key(a) < order_key(b); });

  ContactSet set;
  set.method = method.name();
  set.parameters = method.parameters(settings);
  set.contacts = std::move(merged);
  if (statistics) {
    statistics->body_pairs = body_pairs.size();
    statistics->element_pairs = tasks.size();
    statistics->raw_contacts = raw_count;
    statistics->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  return set;
}

}  // namespace contactlab
