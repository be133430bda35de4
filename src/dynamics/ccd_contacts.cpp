#include "contactlab/dynamics/ccd_contacts.h"

#include "contactlab/ccd/inclusion_ccd.h"
#include "contactlab/core/aabb.h"
#include "contactlab/dynamics/moreau_step.h"
#include "contactlab/geometry/closest_points_segment_segment.h"
#include "surface_features.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace contactlab {
namespace {

/// A body's motion over the step: its poses at the start and at the end of the free motion, and
/// what the first pass derives from its surface vertices. Their positions are stored (`fill`) only
/// for the bodies of a pair that is tested.
struct Sweep {
  Transform start, end;
  double length = 0.0;         ///< diagonal of the rest surface's box
  double thickness = 0.0;      ///< smallest side of the rest surface's box (body frame)
  double travel = 0.0;         ///< farthest any surface vertex moves in the step
  Aabb box;                    ///< of the surface vertices at the start and at the end
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
  const bool empty = shape.surface_map.surface_vertices.empty();
  s.length = empty ? 0.0 : (rest.max - rest.min).norm();
  s.thickness = empty ? 0.0 : (rest.max - rest.min).minCoeff();
  s.travel = body.fixed ? 0.0 : travel;
  return s;
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
    if (!boxes_within(path, f_sweep.box, band)) continue;
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
      if (!boxes_within(path, face_box, band)) continue;
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

/// The edges of `ab` against those of `bb`: each first impact of two edges apart at t = 0 by more
/// than the band, as a speculative contact from ab (A) to bb (B) along the segments' closest
/// points at t = 0.
void edges_against_edges(Index ab, const Sweep& a_sweep, const Shape& a_shape, Index bb, const Sweep& b_sweep,
                         const Shape& b_shape, double band, std::vector<Impact>& out) {
  const std::vector<std::array<Index, 2>> a_edges = surface_edges(a_shape.surface_map.surface);
  const std::vector<std::array<Index, 2>> b_edges = surface_edges(b_shape.surface_map.surface);
  const auto at = [](const Sweep& sweep, Index v, bool end) {
    return end ? sweep.at_end[static_cast<std::size_t>(v)] : sweep.at_start[static_cast<std::size_t>(v)];
  };
  const auto swept_box = [&](const Sweep& sweep, const std::array<Index, 2>& e) {
    Aabb box;
    for (const Index v : e) {
      box.extend(at(sweep, v, false));
      box.extend(at(sweep, v, true));
    }
    return box;
  };
  std::vector<Aabb> b_boxes;
  b_boxes.reserve(b_edges.size());
  for (const auto& e : b_edges) b_boxes.push_back(swept_box(b_sweep, e));
  for (std::size_t i = 0; i < a_edges.size(); ++i) {
    const Aabb a_box = swept_box(a_sweep, a_edges[i]);
    if (!boxes_within(a_box, b_sweep.box, band)) continue;
    for (std::size_t j = 0; j < b_edges.size(); ++j) {
      if (!boxes_within(a_box, b_boxes[j], band)) continue;
      const auto& ea = a_edges[i];
      const auto& eb = b_edges[j];
      const std::array<Vec3, 4> start{at(a_sweep, ea[0], false), at(a_sweep, ea[1], false), at(b_sweep, eb[0], false),
                                      at(b_sweep, eb[1], false)};
      const std::array<Vec3, 4> end{at(a_sweep, ea[0], true), at(a_sweep, ea[1], true), at(b_sweep, eb[0], true),
                                    at(b_sweep, eb[1], true)};
      const CcdResult hit = edge_edge_ccd(start, end);
      if (!hit.collides) continue;
      const SegmentSegmentClosestPoints closest =
          closest_points_segment_segment(start[0], start[1], start[2], start[3]);
      const Vec3& on_a = closest.point_p;
      const Vec3& on_b = closest.point_q;
      const double gap = (on_b - on_a).norm();
      if (!(gap > band)) continue;  // touching at t = 0: the method's
      Impact impact{hit.toi, {}};
      Contact& c = impact.contact;
      c.body_a = ab;
      c.body_b = bb;
      c.position = on_b;
      c.normal = (on_b - on_a) / gap;
      c.gap = gap;
      c.feature_a = {FeatureType::kEdge, static_cast<Index>(i)};
      c.feature_b = {FeatureType::kEdge, static_cast<Index>(j)};
      out.push_back(impact);
    }
  }
}

}  // namespace

std::vector<Contact> ccd_contacts(const Scene& scene, const std::vector<RigidBody>& bodies,
                                  const std::vector<BodyVelocity>& free, const CcdContactsRequest& request) {
  const std::size_t n = bodies.size();
  std::vector<Sweep> sweeps;  // a first pass: poses, boxes, travel and thickness
  sweeps.reserve(n);
  double farthest = 0.0, thinnest = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < n; ++i) {
    sweeps.push_back(sweep_of(scene.bodies[i], bodies[i], free[i], request));
    farthest = std::max(farthest, sweeps.back().travel);
    thinnest = std::min(thinnest, sweeps.back().thickness);
  }
  // A pair is tested when one of its bodies moves farther in the step than fast_fraction × the
  // thinner one's thickness: what could pass through the other between two steps' contacts.
  const auto fast_pair = [&](std::size_t i, std::size_t j) {
    return std::max(sweeps[i].travel, sweeps[j].travel) >
           request.fast_fraction * std::min(sweeps[i].thickness, sweeps[j].thickness);
  };
  std::vector<Contact> out;
  if (!(farthest > request.fast_fraction * thinnest)) return out;
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      if (!fast_pair(i, j)) continue;
      if (bodies[i].fixed && bodies[j].fixed) continue;
      // The touching band of the pair, relative to the smaller body (as the contact methods').
      const double band = request.relative_band * std::min(sweeps[i].length, sweeps[j].length);
      if (!boxes_within(sweeps[i].box, sweeps[j].box, band)) continue;
      const Shape& shape_i = *scene.bodies[i].shape;
      const Shape& shape_j = *scene.bodies[j].shape;
      sweeps[i].fill(shape_i);
      sweeps[j].fill(shape_j);
      std::vector<Impact> impacts;
      vertices_against_faces(static_cast<Index>(j), sweeps[j], shape_j, static_cast<Index>(i), sweeps[i], shape_i, band,
                             impacts);
      vertices_against_faces(static_cast<Index>(i), sweeps[i], shape_i, static_cast<Index>(j), sweeps[j], shape_j, band,
                             impacts);
      if (request.edge_edge) {
        edges_against_edges(static_cast<Index>(i), sweeps[i], shape_i, static_cast<Index>(j), sweeps[j], shape_j, band,
                            impacts);
      }
      if (impacts.empty()) continue;
      // The pair's first impacts: those within 5 % of the step of the earliest (a face meeting a
      // face arrives with all its corners together).
      double first = 1.0;
      for (const Impact& m : impacts) first = std::min(first, m.toi);
      // Edge pairs only where no vertex meets a face first: they are what vertex–face impacts
      // cannot see (bars crossing); beside those (a box's bottom edges over the plate's face
      // diagonal) they would only repeat them.
      const bool vertex_face_first = std::any_of(impacts.begin(), impacts.end(), [&](const Impact& m) {
        return m.toi <= first + 0.05 && m.contact.feature_b.type == FeatureType::kVertex;
      });
      // One contact per vertex (a vertex over an edge of the face meets both triangles there): the
      // earliest of its impacts, the first found on a tie. Edge pairs are one contact each.
      std::vector<const Impact*> kept;
      for (const Impact& m : impacts) {
        if (m.toi > first + 0.05) continue;
        if (vertex_face_first && m.contact.feature_b.type == FeatureType::kEdge) continue;
        const auto same_vertex = [&](const Impact* k) {
          return m.contact.feature_b.type == FeatureType::kVertex && k->contact.body_b == m.contact.body_b &&
                 k->contact.feature_b == m.contact.feature_b;
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
