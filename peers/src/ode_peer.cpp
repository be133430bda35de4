// ODE 0.16 as a peer (ode_peer.h). The calls follow ODE's manual ("Collision detection",
// "Triangle mesh class"): dInitODE2 once, dAllocateODEDataForThread in the calling thread (trimesh
// collision needs per-thread data), dGeomTriMeshDataCreate + dGeomTriMeshDataBuild{Double,Single},
// dCreateTriMesh without a space, dGeomSetPosition/dGeomSetRotation, dCollide.
#include "contactlab/peers/ode_peer.h"

#include "peer_mesh.h"

#include <ode/ode.h>

#include <algorithm>
#include <map>
#include <mutex>

namespace contactlab {
namespace {

#ifdef dDOUBLE
using OdeCoordinate = double;
#else
using OdeCoordinate = float;
#endif

/// A shape's trimesh data; ODE reads the arrays in place, so they live as long as the data.
struct OdeMesh {
  std::vector<OdeCoordinate> coordinates;
  std::vector<dTriIndex> indices;
  dTriMeshDataID data = nullptr;

  OdeMesh() = default;
  OdeMesh(const OdeMesh&) = delete;
  OdeMesh& operator=(const OdeMesh&) = delete;
  ~OdeMesh() {
    if (data) dGeomTriMeshDataDestroy(data);
  }
};

void build(OdeMesh& out, const peers_detail::PeerMesh& mesh) {
  for (const Vec3& v : mesh.vertices) {
    for (int k = 0; k < 3; ++k) out.coordinates.push_back(static_cast<OdeCoordinate>(v[k]));
  }
  for (const auto& t : mesh.triangles) {
    for (Index k : t) out.indices.push_back(static_cast<dTriIndex>(k));
  }
  out.data = dGeomTriMeshDataCreate();
  const int vertex_count = static_cast<int>(mesh.vertices.size()), index_count = static_cast<int>(out.indices.size());
#ifdef dDOUBLE
  dGeomTriMeshDataBuildDouble(out.data, out.coordinates.data(), 3 * sizeof(OdeCoordinate), vertex_count,
                              out.indices.data(), index_count, 3 * sizeof(dTriIndex));
#else
  dGeomTriMeshDataBuildSingle(out.data, out.coordinates.data(), 3 * sizeof(OdeCoordinate), vertex_count,
                              out.indices.data(), index_count, 3 * sizeof(dTriIndex));
#endif
}

/// Geoms destroyed at scope exit, also when something throws.
struct Geoms {
  std::vector<dGeomID> ids;
  ~Geoms() {
    for (dGeomID id : ids) dGeomDestroy(id);
  }
};

}  // namespace

ContactSet ode_contacts(const Scene& scene, const PeerOptions& options) {
  static std::once_flag initialised;
  std::call_once(initialised, [] { dInitODE2(0); });
  dAllocateODEDataForThread(dAllocateMaskAll);

  const double margin = peers_detail::peer_margin(scene, options);
  ContactSet set = peers_detail::peer_contact_set("ode", options, margin);
  std::map<const Shape*, std::unique_ptr<OdeMesh>> meshes;  // one per distinct shape
  Geoms geoms;
  for (const Body& body : scene.bodies) {
    std::unique_ptr<OdeMesh>& mesh = meshes[body.shape.get()];
    if (!mesh) {
      mesh = std::make_unique<OdeMesh>();
      build(*mesh, peers_detail::peer_mesh(*body.shape, margin));
    }
    const dGeomID geom = dCreateTriMesh(nullptr, mesh->data, nullptr, nullptr, nullptr);
    geoms.ids.push_back(geom);
    const Transform pose = body.pose();
    dGeomSetPosition(geom, pose.translation.x(), pose.translation.y(), pose.translation.z());
    dMatrix3 rotation;  // row-major 3×4 (ODE's dMatrix3), the fourth column unused
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j) rotation[4 * i + j] = pose.rotation(i, j);
      rotation[4 * i + 3] = 0;
    }
    dGeomSetRotation(geom, rotation);
  }
  // dCollide takes the buffer size in the low 16 bits of its flags.
  const int capacity = static_cast<int>(std::min<std::size_t>(options.max_contacts_per_pair, 0xffff));
  std::vector<dContactGeom> buffer(static_cast<std::size_t>(std::max(capacity, 1)));
  for (const auto& [a, b] : peers_detail::peer_body_pairs(scene, margin)) {
    const int found = dCollide(geoms.ids[a], geoms.ids[b], capacity, buffer.data(), sizeof(dContactGeom));
    for (int i = 0; i < found; ++i) {
      const dContactGeom& in = buffer[static_cast<std::size_t>(i)];
      Contact c;
      c.body_a = a;
      c.body_b = b;
      c.position = Vec3(in.pos[0], in.pos[1], in.pos[2]);
      c.normal = -Vec3(in.normal[0], in.normal[1], in.normal[2]).normalized();  // ODE's points into g1 = A
      c.gap = -in.depth;
      if (in.side1 >= 0 && in.side2 >= 0) {
        c.element_a = static_cast<Index>(in.side1);
        c.element_b = static_cast<Index>(in.side2);
      }
      set.contacts.push_back(c);
    }
  }
  peers_detail::sort_contacts(set.contacts);
  return set;
}

}  // namespace contactlab
