#include "contactlab/dynamics/ccd_contacts.h"

#include "contactlab/ccd/inclusion_ccd.h"
#include "contactlab/core/aabb.h"
#include "contactlab/dynamics/moreau_step.h"

#include <algorithm>
#include <cmath>

namespace contactlab {
namespace {

/// A body's motion over the step: its poses at the start and at the end of the free motion, and
/// what the first pass derives from its surface vertices. Their positions are stored (`fill`) only
/// for the bodies of a pair that is tested.
struct Sweep {
  Transform start, end;
  double length = 0.0;  ///< diagonal of the rest surface's box
  Aabb box;             ///< of the surface vertices at the start and at the end
  bool fast = false;
  std::vector<Vec3> at_start;  ///< world positions of the tet-mesh vertices at t = 0 (surface ones set)
  std::vector<Vec3> at_end;    ///< the same at t = h

  void fill(const Shape& shape) {
    if (!at_start.empty()) return;
    at_start.resize(shape.tets.vertices.size());
    at_end.resize(shape.tets.vertices.size());
    for (const Index v : shape.surface_map.surface_vertices) {
      const Vec3& x = shape.tets.vertices[static_cast<std::size_t>(v)];
      at_start[static_cast<std::size_t>(v)] = start.apply(x);
      at_end[static_cast<std::size_t>(v)] = end.apply(x);
    }
  }
};

Sweep sweep_of(const Body& scene_body, const RigidBody& body, const BodyVelocity& free,
               const CcdContactsRequest& request) {
  Sweep s;
  const Shape& shape = *scene_body.shape;
  s.start = scene_body.pose();
  RigidBody moved = body;
  if (!body.fixed) {
    moved.linear_velocity = free.head<3>();
    moved.angular_velocity = free.tail<3>();
    integrate_position(moved, request.time_step);
  }
  s.end = Transform::from_quaternion(moved.orientation, moved.origin());
  Aabb rest;
  double travel = 0.0;
  for (const Index v : shape.surface_map.surface_vertices) {
    const Vec3& x = shape.tets.vertices[static_cast<std::size_t>(v)];
    rest.extend(x);
    const Vec3 a = s.start.apply(x), b = s.end.apply(x);
    s.box.extend(a);
    s.box.extend(b);
    travel = std::max(travel, (b - a).norm());
  }
  s.length = shape.surface_map.surface_vertices.empty() ? 0.0 : (rest.max - rest.min).norm();
  s.fast = !body.fixed && travel > request.fast_fraction * s.length;
  return s;
}

bool boxes_overlap(const Aabb& a, const Aabb& b, double margin) {
  for (int k = 0; k < 3; ++k) {
    if (a.min[k] - margin > b.max[k] || b.min[k] - margin > a.max[k]) return false;
  }
  return true;
}

struct Impact {
  double toi;
  Contact contact;
};

/// Vertices of `vb` against the triangles of `fb`: each first impact apart at t = 0 by more than
/// the band, as a speculative contact from fb (A) to vb (B).
void vertices_against_faces(Index vb, const Sweep& v_sweep, const Shape& vertex_shape, Index fb, const Sweep& f_sweep,
                            const Shape& face_shape, double band, std::vector<Impact>& out) {
  const TriMesh& surface = face_shape.surface_map.surface;
  for (const Index v : vertex_shape.surface_map.surface_vertices) {
    const Vec3& v_start = v_sweep.at_start[static_cast<std::size_t>(v)];
    const Vec3& v_end = v_sweep.at_end[static_cast<std::size_t>(v)];
    Aabb path;
    path.extend(v_start);
    path.extend(v_end);
    if (!boxes_overlap(path, f_sweep.box, band)) continue;
    for (std::size_t t = 0; t < surface.triangles.size(); ++t) {
      const Triangle& tri = surface.triangles[t];
      std::array<Vec3, 4> start{v_start}, end{v_end};
      Aabb face_box;
      for (int c = 0; c < 3; ++c) {
        start[static_cast<std::size_t>(c + 1)] = f_sweep.at_start[static_cast<std::size_t>(tri[c])];
        end[static_cast<std::size_t>(c + 1)] = f_sweep.at_end[static_cast<std::size_t>(tri[c])];
        face_box.extend(start[static_cast<std::size_t>(c + 1)]);
        face_box.extend(end[static_cast<std::size_t>(c + 1)]);
      }
      if (!boxes_overlap(path, face_box, band)) continue;
      const CcdResult hit = vertex_face_ccd(start, end);
      if (!hit.collides) continue;
      const Vec3 normal = (start[2] - start[1]).cross(start[3] - start[1]);
      if (!(normal.norm() > 0.0)) continue;
      const Vec3 n = normal.normalized();
      const double gap = n.dot(start[0] - start[1]);
      if (!(gap > band)) continue;  // touching or behind the face at t = 0: the method's
      Impact impact{hit.toi, {}};
      Contact& c = impact.contact;
      c.body_a = fb;
      c.body_b = vb;
      c.position = start[0];
      c.normal = n;
      c.gap = gap;
      c.feature_a = {FeatureType::kFace, static_cast<Index>(t)};
      c.feature_b = {FeatureType::kVertex, v};
      c.element_a = face_shape.surface_map.triangle_to_tet_face[t].tet;
      out.push_back(impact);
    }
  }
}

}  // namespace

std::vector<Contact> ccd_contacts(const Scene& scene, const std::vector<RigidBody>& bodies,
                                  const std::vector<BodyVelocity>& free, const CcdContactsRequest& request) {
  const std::size_t n = bodies.size();
  std::vector<Sweep> sweeps;  // a first pass: poses, boxes and which bodies are fast
  sweeps.reserve(n);
  bool any_fast = false;
  for (std::size_t i = 0; i < n; ++i) {
    sweeps.push_back(sweep_of(scene.bodies[i], bodies[i], free[i], request));
    any_fast = any_fast || sweeps.back().fast;
  }
  std::vector<Contact> out;
  if (!any_fast) return out;
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      if (!sweeps[i].fast && !sweeps[j].fast) continue;
      if (bodies[i].fixed && bodies[j].fixed) continue;
      // The touching band of the pair, relative to the smaller body (as the contact methods').
      const double band = request.relative_band * std::min(sweeps[i].length, sweeps[j].length);
      if (!boxes_overlap(sweeps[i].box, sweeps[j].box, band)) continue;
      const Shape& shape_i = *scene.bodies[i].shape;
      const Shape& shape_j = *scene.bodies[j].shape;
      sweeps[i].fill(shape_i);
      sweeps[j].fill(shape_j);
      std::vector<Impact> impacts;
      vertices_against_faces(static_cast<Index>(j), sweeps[j], shape_j, static_cast<Index>(i), sweeps[i], shape_i, band,
                             impacts);
      vertices_against_faces(static_cast<Index>(i), sweeps[i], shape_i, static_cast<Index>(j), sweeps[j], shape_j, band,
                             impacts);
      if (impacts.empty()) continue;
      // The pair's first impacts: those within 5 % of the step of the earliest (a face meeting a
      // face arrives with all its corners together).
      double first = 1.0;
      for (const Impact& m : impacts) first = std::min(first, m.toi);
      // One contact per vertex (a vertex over an edge of the face meets both triangles there): the
      // earliest of its impacts, the first found on a tie.
      std::vector<const Impact*> kept;
      for (const Impact& m : impacts) {
        if (m.toi > first + 0.05) continue;
        const auto same_vertex = [&](const Impact* k) {
          return k->contact.body_b == m.contact.body_b && k->contact.feature_b == m.contact.feature_b;
        };
        const auto it = std::find_if(kept.begin(), kept.end(), same_vertex);
        if (it == kept.end()) {
          kept.push_back(&m);
        } else if (m.toi < (*it)->toi) {
          *it = &m;
        }
      }
      for (const Impact* k : kept) out.push_back(k->contact);
    }
  }
  return out;
}

}  // namespace contactlab
