// The peers' shared geometry (peer_mesh.h).
#include "peer_mesh.h"

#include <Eigen/QR>

#include <algorithm>
#include <limits>
#include <tuple>

namespace contactlab::peers_detail {

PeerMesh peer_mesh(const Shape& shape, double margin) {
  const TriMesh& surface = shape.surface_map.surface;
  PeerMesh mesh;
  std::vector<Index> compact(surface.vertices.size(), kInvalidIndex);
  std::vector<std::vector<Vec3>> normals;  // per compacted vertex: distinct unit face normals
  for (const Triangle& t : surface.triangles) {
    std::array<Index, 3> corners{};
    const Vec3 cross =
        (surface.vertices[t[1]] - surface.vertices[t[0]]).cross(surface.vertices[t[2]] - surface.vertices[t[0]]);
    const double length = cross.norm();
    for (std::size_t c = 0; c < 3; ++c) {
      Index& id = compact[t[c]];
      if (id == kInvalidIndex) {
        id = static_cast<Index>(mesh.vertices.size());
        mesh.vertices.push_back(surface.vertices[t[c]]);
        normals.emplace_back();
      }
      corners[c] = id;
      if (length > 0.0) {
        const Vec3 n = cross / length;
        std::vector<Vec3>& list = normals[id];
        // Coplanar triangles (a face split in two) give one plane, not two equations.
        if (std::none_of(list.begin(), list.end(), [&](const Vec3& m) { return n.dot(m) > 1.0 - 1e-12; })) {
          list.push_back(n);
        }
      }
    }
    mesh.triangles.push_back(corners);
  }
  if (margin <= 0.0) return mesh;
  for (std::size_t v = 0; v < mesh.vertices.size(); ++v) {
    const std::vector<Vec3>& list = normals[v];
    if (list.empty()) continue;
    Eigen::MatrixXd planes(static_cast<Eigen::Index>(list.size()), 3);
    for (std::size_t i = 0; i < list.size(); ++i) planes.row(static_cast<Eigen::Index>(i)) = list[i].transpose();
    Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd> solver(planes);
    solver.setThreshold(1e-9);  // nearly parallel planes count as one (least-norm answer)
    Vec3 offset = solver.solve(Eigen::VectorXd::Constant(planes.rows(), margin));
    const double cap = 10.0 * margin;
    if (!offset.allFinite()) offset = Vec3::Zero();
    if (offset.norm() > cap) offset *= cap / offset.norm();
    mesh.vertices[v] += offset;
  }
  return mesh;
}

double peer_margin(const Scene& scene, const PeerOptions& options) {
  return options.relative_margin * scene.length_scale();
}

std::vector<std::pair<Index, Index>> peer_body_pairs(const Scene& scene, double margin) {
  std::vector<Vec3> lo, hi;
  for (const Body& body : scene.bodies) {
    const Transform pose = body.pose();
    Vec3 a = Vec3::Constant(std::numeric_limits<double>::infinity()), b = -a;
    for (const Vec3& v : body.shape->surface_map.surface.vertices) {
      const Vec3 w = pose.apply(v);
      a = a.cwiseMin(w);
      b = b.cwiseMax(w);
    }
    lo.push_back(a.array() - margin);
    hi.push_back(b.array() + margin);
  }
  std::vector<std::pair<Index, Index>> pairs;
  for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
    for (std::size_t j = i + 1; j < scene.bodies.size(); ++j) {
      if (scene.bodies[i].fixed && scene.bodies[j].fixed) continue;
      if ((lo[i].array() <= hi[j].array()).all() && (lo[j].array() <= hi[i].array()).all()) {
        pairs.emplace_back(static_cast<Index>(i), static_cast<Index>(j));
      }
    }
  }
  return pairs;
}

void sort_contacts(std::vector<Contact>& contacts) {
  const auto key = [](const Contact& c) {
    return std::make_tuple(c.body_a, c.body_b, c.element_a, c.element_b, c.position.x(), c.position.y(), c.position.z(),
                           c.normal.x(), c.normal.y(), c.normal.z());
  };
  std::stable_sort(contacts.begin(), contacts.end(),
                   [&](const Contact& a, const Contact& b) { return key(a) < key(b); });
}

ContactSet peer_contact_set(const std::string& method, const PeerOptions& options, double margin) {
  ContactSet set;
  set.method = method;
  set.parameters["relative_margin"] = options.relative_margin;
  set.parameters["margin"] = margin;
  set.parameters["max_contacts_per_pair"] = static_cast<double>(options.max_contacts_per_pair);
  return set;
}

}  // namespace contactlab::peers_detail
