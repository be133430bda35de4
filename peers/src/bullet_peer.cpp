// Bullet 3.24 as a peer (bullet_peer.h). The calls follow Bullet's documentation and its GImpact
// demo setup: a btCollisionWorld over btDefaultCollisionConfiguration, btCollisionDispatcher and
// btDbvtBroadphase, btGImpactCollisionAlgorithm::registerAlgorithm on the dispatcher, one
// btGImpactMeshShape (over a btTriangleMesh) per body with updateBound() after setMargin, and the
// persistent manifolds read after performDiscreteCollisionDetection.
#include "contactlab/peers/bullet_peer.h"

#include "peer_mesh.h"

#include <BulletCollision/Gimpact/btGImpactCollisionAlgorithm.h>
#include <BulletCollision/Gimpact/btGImpactShape.h>
#include <btBulletCollisionCommon.h>

#include <memory>

namespace contactlab {
namespace {

btVector3 to_bullet(const Vec3& v) { return {v.x(), v.y(), v.z()}; }
Vec3 from_bullet(const btVector3& v) { return {v.x(), v.y(), v.z()}; }

}  // namespace

ContactSet bullet_contacts(const Scene& scene, const PeerOptions& options) {
  const double margin = options.bullet_relative_margin * scene.length_scale();
  ContactSet set = peers_detail::peer_contact_set("bullet", options, margin);
  set.parameters.erase("max_contacts_per_pair");  // Bullet keeps at most 4 points per manifold
  set.parameters["relative_margin"] = options.bullet_relative_margin;
  btDefaultCollisionConfiguration configuration;
  btCollisionDispatcher dispatcher(&configuration);
  btGImpactCollisionAlgorithm::registerAlgorithm(&dispatcher);
  btDbvtBroadphase broadphase;
  btCollisionWorld world(&dispatcher, &broadphase, &configuration);

  // The unscaled surface (margin 0): Bullet grows it by its own collision margin.
  std::vector<std::unique_ptr<btTriangleMesh>> meshes;
  std::vector<std::unique_ptr<btGImpactMeshShape>> shapes;
  std::vector<std::unique_ptr<btCollisionObject>> objects;
  for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
    const Body& body = scene.bodies[i];
    const peers_detail::PeerMesh mesh = peers_detail::peer_mesh(*body.shape, 0.0);
    auto triangles = std::make_unique<btTriangleMesh>(/*use32bitIndices=*/true, /*use4componentVertices=*/false);
    for (const auto& t : mesh.triangles) {  // in surface order: Bullet's triangle index = ours
      triangles->addTriangle(to_bullet(mesh.vertices[t[0]]), to_bullet(mesh.vertices[t[1]]),
                             to_bullet(mesh.vertices[t[2]]));
    }
    auto shape = std::make_unique<btGImpactMeshShape>(triangles.get());
    shape->setMargin(margin);
    shape->updateBound();
    const Transform pose = body.pose();
    const Mat3& r = pose.rotation;
    btTransform transform;
    transform.setBasis(btMatrix3x3(r(0, 0), r(0, 1), r(0, 2), r(1, 0), r(1, 1), r(1, 2), r(2, 0), r(2, 1), r(2, 2)));
    transform.setOrigin(to_bullet(pose.translation));
    auto object = std::make_unique<btCollisionObject>();
    object->setCollisionShape(shape.get());
    object->setWorldTransform(transform);
    object->setUserIndex(static_cast<int>(i));
    // Fixed bodies in the static group, which does not collide with itself: no fixed–fixed pairs.
    if (body.fixed) {
      world.addCollisionObject(object.get(), btBroadphaseProxy::StaticFilter,
                               btBroadphaseProxy::AllFilter ^ btBroadphaseProxy::StaticFilter);
    } else {
      world.addCollisionObject(object.get(), btBroadphaseProxy::DefaultFilter, btBroadphaseProxy::AllFilter);
    }
    meshes.push_back(std::move(triangles));
    shapes.push_back(std::move(shape));
    objects.push_back(std::move(object));
  }
  world.performDiscreteCollisionDetection();

  for (int m = 0; m < dispatcher.getNumManifolds(); ++m) {
    const btPersistentManifold* manifold = dispatcher.getManifoldByIndexInternal(m);
    const int index0 = manifold->getBody0()->getUserIndex(), index1 = manifold->getBody1()->getUserIndex();
    const bool swapped = index0 > index1;  // body_a is the lower scene index
    for (int k = 0; k < manifold->getNumContacts(); ++k) {
      const btManifoldPoint& point = manifold->getContactPoint(k);
      Contact c;
      c.body_a = static_cast<Index>(swapped ? index1 : index0);
      c.body_b = static_cast<Index>(swapped ? index0 : index1);
      c.position = 0.5 * (from_bullet(point.getPositionWorldOnA()) + from_bullet(point.getPositionWorldOnB()));
      const Vec3 normal_on_b = from_bullet(point.m_normalWorldOnB).normalized();  // from body 1 to body 0
      c.normal = swapped ? normal_on_b : Vec3(-normal_on_b);
      c.gap = point.getDistance();
      const int element0 = point.m_index0, element1 = point.m_index1;
      c.element_a = static_cast<Index>(swapped ? element1 : element0);
      c.element_b = static_cast<Index>(swapped ? element0 : element1);
      if (element0 < 0 || element1 < 0) c.element_a = c.element_b = kInvalidIndex;
      set.contacts.push_back(c);
    }
  }
  for (auto& object : objects) world.removeCollisionObject(object.get());
  peers_detail::sort_contacts(set.contacts);
  return set;
}

}  // namespace contactlab
