// FCL 0.7 as a peer (fcl_peer.h). The FCL calls follow FCL's own documentation of BVHModel
// (beginModel/addSubModel/endModel), CollisionObject and collide with a CollisionRequest that
// enables contacts; bench/methods_bench times FCL the same way.
#include "contactlab/peers/fcl_peer.h"

#include "peer_mesh.h"

#include <fcl/fcl.h>

#include <map>
#include <memory>

namespace contactlab {
namespace {

using FclModel = fcl::BVHModel<fcl::OBBRSSd>;

std::shared_ptr<FclModel> make_model(const peers_detail::PeerMesh& mesh) {
  std::vector<fcl::Vector3d> points(mesh.vertices.begin(), mesh.vertices.end());
  std::vector<fcl::Triangle> triangles;
  triangles.reserve(mesh.triangles.size());
  for (const auto& t : mesh.triangles) triangles.emplace_back(t[0], t[1], t[2]);
  auto model = std::make_shared<FclModel>();
  model->beginModel(static_cast<int>(triangles.size()), static_cast<int>(points.size()));
  model->addSubModel(points, triangles);
  model->endModel();
  return model;
}

}  // namespace

ContactSet fcl_contacts(const Scene& scene, const PeerOptions& options) {
  const double margin = peers_detail::peer_margin(scene, options);
  ContactSet set = peers_detail::peer_contact_set("fcl", options, margin);
  // One model per distinct shape, as the bodies of the wall share one brick.
  std::map<const Shape*, std::shared_ptr<FclModel>> models;
  std::vector<std::unique_ptr<fcl::CollisionObjectd>> objects;
  for (const Body& body : scene.bodies) {
    std::shared_ptr<FclModel>& model = models[body.shape.get()];
    if (!model) model = make_model(peers_detail::peer_mesh(*body.shape, margin));
    const Transform pose = body.pose();
    fcl::Transform3d transform = fcl::Transform3d::Identity();
    transform.linear() = pose.rotation;
    transform.translation() = pose.translation;
    objects.push_back(std::make_unique<fcl::CollisionObjectd>(model, transform));
  }
  const fcl::CollisionRequestd request(options.max_contacts_per_pair, /*enable_contact=*/true);
  for (const auto& [a, b] : peers_detail::peer_body_pairs(scene, margin)) {
    fcl::CollisionResultd result;
    fcl::collide(objects[a].get(), objects[b].get(), request, result);
    for (std::size_t i = 0; i < result.numContacts(); ++i) {
      const fcl::Contactd& in = result.getContact(i);
      Contact c;
      c.body_a = a;
      c.body_b = b;
      c.position = in.pos;
      c.normal = in.normal.normalized();  // from o1 (body a) to o2 (body b)
      c.gap = -in.penetration_depth;
      c.element_a = in.b1 >= 0 ? static_cast<Index>(in.b1) : kInvalidIndex;
      c.element_b = in.b2 >= 0 ? static_cast<Index>(in.b2) : kInvalidIndex;
      set.contacts.push_back(c);
    }
  }
  peers_detail::sort_contacts(set.contacts);
  return set;
}

}  // namespace contactlab
