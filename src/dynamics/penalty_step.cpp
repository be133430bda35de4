#include "contactlab/dynamics/penalty_step.h"

#include "contactlab/core/aabb.h"
#include "contactlab/core/error.h"
#include "contactlab/dynamics/moreau_step.h"
#include "contactlab/geometry/closest_point_point_triangle.h"
#include "contactlab/geometry/closest_points_segment_segment.h"
#include "surface_features.h"

#include <map>

namespace contactlab {
namespace {

/// A body's pose at the step's start and at the end of its free motion, for its mesh's points.
struct Poses {
  RigidBody start, end;

  Vec3 at(const RigidBody& body, const Vec3& body_point) const {
    return body.orientation * (body_point - body.body_centre) + body.centre;
  }
  Vec3 start_of(const Vec3& body_point) const { return at(start, body_point); }
  Vec3 end_of(const Vec3& body_point) const { return at(end, body_point); }
};

Poses poses_of(const RigidBody& body, const BodyVelocity& free, double h) {
  Poses p{body, body};
  if (!body.fixed) {
    p.end.linear_velocity = free.head<3>();
    p.end.angular_velocity = free.tail<3>();
    integrate_position(p.end, h);
  }
  return p;
}

/// The velocity of body `b`'s material point at world position x.
Vec3 point_velocity(const BodyVelocity& u, const RigidBody& b, const Vec3& x) {
  return u.head<3>() + u.tail<3>().cross(x - b.centre);
}

void apply(std::vector<BodyVelocity>& change, const std::vector<RigidBody>& bodies, Index i, const Vec3& impulse,
           const Vec3& at) {
  const RigidBody& b = bodies[static_cast<std::size_t>(i)];
  if (b.fixed) return;
  const BodyInverseMass m = b.inverse_mass();
  change[static_cast<std::size_t>(i)].head<3>() += m.inverse_mass * impulse;
  change[static_cast<std::size_t>(i)].tail<3>() += m.inverse_inertia * (at - b.centre).cross(impulse);
}

/// The corners of one side's feature (1 vertex, 2 edge ends or 3 triangle corners) and their
/// weights: the feature's point is Σ w x.
struct FeaturePoints {
  std::vector<Vec3> start, end;
  std::vector<double> weights;
  Vec3 point(bool at_end) const {
    Vec3 p = Vec3::Zero();
    for (std::size_t k = 0; k < weights.size(); ++k) p += weights[k] * (at_end ? end[k] : start[k]);
    return p;
  }
};

class PairIntegrator {
 public:
  PairIntegrator(const Scene& scene, const std::vector<Poses>& poses) : scene_(scene), poses_(poses) {}

  /// The impulse on B of contact c as a vertex–face or edge–edge pair, and the two features' points
  /// at the start (where the impulses act); nullopt when c is not such a pair.
  struct Result {
    Vec3 impulse_on_b, at_a, at_b;
  };
  std::optional<Result> integrate(const Contact& c, const PenaltySettings& settings, double h) {
    const FeatureType ta = c.feature_a.type, tb = c.feature_b.type;
    const bool vf = ta == FeatureType::kFace && tb == FeatureType::kVertex;
    const bool fv = ta == FeatureType::kVertex && tb == FeatureType::kFace;
    const bool ee = ta == FeatureType::kEdge && tb == FeatureType::kEdge;
    if (!vf && !fv && !ee) return std::nullopt;
    FeaturePoints a = corners(c.body_a, c.feature_a), b = corners(c.body_b, c.feature_b);
    if (a.start.empty() || b.start.empty()) return std::nullopt;
    ContinuousNormal normal;
    if (ee) {
      const SegmentSegmentClosestPoints q =
          closest_points_segment_segment(a.start[0], a.start[1], b.start[0], b.start[1]);
      a.weights = {1.0 - q.s, q.s};
      b.weights = {1.0 - q.t, q.t};
      normal =
          edge_pair_normal({a.start[0], a.start[1], b.start[1], b.start[0]}, {a.end[0], a.end[1], b.end[1], b.end[0]});
    } else {
      FeaturePoints& face = vf ? a : b;
      const FeaturePoints& vertex = vf ? b : a;
      const Vec3 w =
          closest_point_point_triangle(vertex.start[0], face.start[0], face.start[1], face.start[2]).barycentric;
      face.weights = {w[0], w[1], w[2]};
      normal = triangle_normal({face.start[0], face.start[1], face.start[2]}, {face.end[0], face.end[1], face.end[2]});
    }
    const Vec3 n_start = normal.at(0.0);
    if (!(n_start.squaredNorm() > 0.5)) return std::nullopt;  // a collapsed face, parallel edges
    if (n_start.dot(c.normal) < 0.0) normal = normal.flipped();
    const Vec3 at_a = a.point(false), at_b = b.point(false);
    // The contact's gap is the method's measure (closest-points reports the distance less its
    // envelopes): the separation is moved along the start normal so that the pair's signed
    // distance at the start is that gap, and changes from it as the features move.
    const Vec3 n0 = normal.at(0.0);
    const Vec3 shift = (c.gap - n0.dot(at_b - at_a)) * n0;
    const Vec3 impulse = continuous_penalty_pair_impulse(normal, at_b - at_a + shift,
                                                         b.point(true) - a.point(true) + shift, settings, h);
    return Result{impulse, at_a, at_b};
  }

 private:
  FeaturePoints corners(Index body, const FeatureRef& f) {
    FeaturePoints out;
    const Shape& shape = *scene_.bodies[static_cast<std::size_t>(body)].shape;
    const Poses& pose = poses_[static_cast<std::size_t>(body)];
    std::vector<Index> vertices;
    if (f.type == FeatureType::kVertex) {
      vertices = {f.index};
    } else if (f.type == FeatureType::kFace) {
      if (f.index < 0 || f.index >= shape.surface_map.surface.triangle_count()) return out;
      const Triangle& t = shape.surface_map.surface.triangles[static_cast<std::size_t>(f.index)];
      vertices = {t[0], t[1], t[2]};
    } else {
      const std::vector<std::array<Index, 2>>& edges = edges_of(shape);
      if (f.index < 0 || static_cast<std::size_t>(f.index) >= edges.size()) return out;
      vertices = {edges[static_cast<std::size_t>(f.index)][0], edges[static_cast<std::size_t>(f.index)][1]};
    }
    for (const Index v : vertices) {
      if (v < 0 || static_cast<std::size_t>(v) >= shape.tets.vertices.size()) return {};
      const Vec3& x = shape.tets.vertices[static_cast<std::size_t>(v)];
      out.start.push_back(pose.start_of(x));
      out.end.push_back(pose.end_of(x));
    }
    out.weights.assign(vertices.size(), 1.0 / static_cast<double>(vertices.size()));
    return out;
  }

  const std::vector<std::array<Index, 2>>& edges_of(const Shape& shape) {
    auto it = edges_.find(&shape);
    if (it == edges_.end()) it = edges_.emplace(&shape, surface_edges(shape.surface_map.surface)).first;
    return it->second;
  }

  const Scene& scene_;
  const std::vector<Poses>& poses_;
  std::map<const Shape*, std::vector<std::array<Index, 2>>> edges_;
};

/// One body's surface over the step: its vertices' world positions at the start and at the end of
/// the free motion (surface vertices only), its swept box, its rest thickness, its sharp edges with
/// their outward directions at the start.
struct SweptSurface {
  const Shape* shape = nullptr;
  std::vector<Vec3> start, end;
  Aabb box;
  double thickness = 0.0;  ///< the smallest side of its rest surface's box
  struct Edge {
    Index v0, v1;
    Vec3 outward;  ///< the sum of its two faces' unit normals at the start
  };
  std::vector<Edge> sharp_edges;
};

SweptSurface swept_surface(const Shape& shape, const Poses& pose) {
  SweptSurface s;
  s.shape = &shape;
  s.start.resize(shape.tets.vertices.size());
  s.end.resize(shape.tets.vertices.size());
  Aabb rest;
  for (const Index v : shape.surface_map.surface_vertices) {
    const Vec3& x = shape.tets.vertices[static_cast<std::size_t>(v)];
    rest.extend(x);
    s.start[static_cast<std::size_t>(v)] = pose.start_of(x);
    s.end[static_cast<std::size_t>(v)] = pose.end_of(x);
    s.box.extend(s.start[static_cast<std::size_t>(v)]);
    s.box.extend(s.end[static_cast<std::size_t>(v)]);
  }
  s.thickness = shape.surface_map.surface_vertices.empty() ? 0.0 : (rest.max - rest.min).minCoeff();
  // Each surface edge's two triangles (a closed surface): sharp when their normals differ.
  const TriMesh& mesh = shape.surface_map.surface;
  std::map<std::pair<Index, Index>, std::vector<Vec3>> faces_of_edge;
  for (const Triangle& t : mesh.triangles) {
    const Vec3 a = s.start[static_cast<std::size_t>(t[0])], b = s.start[static_cast<std::size_t>(t[1])],
               c = s.start[static_cast<std::size_t>(t[2])];
    const Vec3 n = (b - a).cross(c - a);
    if (!(n.norm() > 0.0)) continue;
    for (int k = 0; k < 3; ++k) {
      const Index p = t[k], q = t[(k + 1) % 3];
      faces_of_edge[{std::min(p, q), std::max(p, q)}].push_back(n.normalized());
    }
  }
  for (const auto& [edge, normals] : faces_of_edge) {
    if (normals.size() != 2 || normals[0].dot(normals[1]) > 1.0 - 1e-9) continue;  // flat or not manifold
    s.sharp_edges.push_back({edge.first, edge.second, normals[0] + normals[1]});
  }
  return s;
}

/// The barycentric coordinates of x's projection on triangle abc's plane all within [−tol, 1 + tol].
bool projects_inside(const Vec3& x, const Vec3& a, const Vec3& b, const Vec3& c, double tol) {
  const Vec3 ab = b - a, ac = c - a, ax = x - a;
  const double d00 = ab.dot(ab), d01 = ab.dot(ac), d11 = ac.dot(ac), d20 = ax.dot(ab), d21 = ax.dot(ac);
  const double det = d00 * d11 - d01 * d01;
  if (!(det > 0.0)) return false;
  const double v = (d11 * d20 - d01 * d21) / det, w = (d00 * d21 - d01 * d20) / det;
  return v >= -tol && w >= -tol && v + w <= 1.0 + tol;
}
}  // namespace

std::string to_string(PenaltyIntegrator integrator) {
  return integrator == PenaltyIntegrator::penalty ? "penalty" : "cpf";
}

std::optional<PenaltyIntegrator> penalty_integrator_from_name(std::string_view name) {
  if (name == "penalty") return PenaltyIntegrator::penalty;
  if (name == "cpf") return PenaltyIntegrator::cpf;
  return std::nullopt;
}

std::vector<BodyVelocity> searched_pairs_velocity_change(const Scene& scene, const std::vector<RigidBody>& bodies,
                                                         const std::vector<BodyVelocity>& free,
                                                         const PenaltySettings& settings, double h,
                                                         const PenaltyPairSearch& search, PenaltyStepCounts* counts) {
  validate(settings);
  if (settings.law != PenaltyLaw::per_contact) {
    throw InputError("penalty", 0, "law: CPF's own pair search has no contact areas; expected per-contact");
  }
  std::vector<BodyVelocity> change(bodies.size(), BodyVelocity::Zero());
  std::vector<SweptSurface> surfaces;
  surfaces.reserve(bodies.size());
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    surfaces.push_back(swept_surface(*scene.bodies[i].shape, poses_of(bodies[i], free[i], h)));
  }
  PenaltyStepCounts tally;
  const auto add = [&](Index a, Index b, const Vec3& impulse_on_b, const Vec3& at_a, const Vec3& at_b) {
    ++tally.pairs;
    if (!(impulse_on_b.squaredNorm() > 0.0)) return;
    ++tally.active;
    apply(change, bodies, b, impulse_on_b, at_b);
    apply(change, bodies, a, -impulse_on_b, at_a);
  };
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    for (std::size_t j = i + 1; j < bodies.size(); ++j) {
      if (bodies[i].fixed && bodies[j].fixed) continue;
      const SweptSurface& si = surfaces[i];
      const SweptSurface& sj = surfaces[j];
      const double thickness = search.relative_thickness * std::min(si.thickness, sj.thickness);
      if (!boxes_within(si.box, sj.box, thickness)) continue;
      // Vertex–face, both ways: F's triangle (A) against V's vertex (B).
      for (const auto& [f, v] : {std::pair{i, j}, std::pair{j, i}}) {
        const SweptSurface& face = surfaces[f];
        const SweptSurface& vertex = surfaces[v];
        // One pair per vertex against this body: a vertex over the edge two triangles share projects
        // into both (the first, in triangle order, takes it).
        std::vector<char> paired(vertex.start.size(), 0);
        for (const Triangle& t : face.shape->surface_map.surface.triangles) {
          std::array<Vec3, 3> x0, x1;
          Aabb box;
          for (std::size_t c = 0; c < 3; ++c) {
            x0[c] = face.start[static_cast<std::size_t>(t[static_cast<int>(c)])];
            x1[c] = face.end[static_cast<std::size_t>(t[static_cast<int>(c)])];
            box.extend(x0[c]);
            box.extend(x1[c]);
          }
          const Vec3 m0 = (x0[1] - x0[0]).cross(x0[2] - x0[0]), m1 = (x1[1] - x1[0]).cross(x1[2] - x1[0]);
          if (!(m0.norm() > 0.0) || !(m1.norm() > 0.0)) continue;
          const Vec3 n0 = m0.normalized(), n1 = m1.normalized();
          for (const Index p : vertex.shape->surface_map.surface_vertices) {
            if (paired[static_cast<std::size_t>(p)]) continue;
            const Vec3& p0 = vertex.start[static_cast<std::size_t>(p)];
            const Vec3& p1 = vertex.end[static_cast<std::size_t>(p)];
            Aabb path;
            path.extend(p0);
            path.extend(p1);
            if (!boxes_within(path, box, thickness)) continue;
            const double d0 = n0.dot(p0 - x0[0]), d1 = n1.dot(p1 - x1[0]);
            const double deepest = std::min(d0, d1);
            if (!(deepest < 0.0) || !(deepest > -thickness)) continue;
            const bool at_start = d0 <= d1;
            if (!projects_inside(at_start ? p0 : p1, at_start ? x0[0] : x1[0], at_start ? x0[1] : x1[1],
                                 at_start ? x0[2] : x1[2], 1e-9)) {
              continue;
            }
            const Vec3 w = closest_point_point_triangle(p0, x0[0], x0[1], x0[2]).barycentric;
            const Vec3 q0 = w[0] * x0[0] + w[1] * x0[1] + w[2] * x0[2];
            const Vec3 q1 = w[0] * x1[0] + w[1] * x1[1] + w[2] * x1[2];
            const Vec3 impulse =
                continuous_penalty_pair_impulse(triangle_normal(x0, x1), p0 - q0, p1 - q1, settings, h);
            add(static_cast<Index>(f), static_cast<Index>(v), impulse, q0, p0);
            paired[static_cast<std::size_t>(p)] = 1;
          }
        }
      }
      // Edge–edge: sharp edges of i (A) against sharp edges of j (B).
      for (const SweptSurface::Edge& ea : si.sharp_edges) {
        const std::array<Vec3, 2> a0{si.start[static_cast<std::size_t>(ea.v0)],
                                     si.start[static_cast<std::size_t>(ea.v1)]};
        const std::array<Vec3, 2> a1{si.end[static_cast<std::size_t>(ea.v0)], si.end[static_cast<std::size_t>(ea.v1)]};
        Aabb box_a;
        for (const Vec3& x : {a0[0], a0[1], a1[0], a1[1]}) box_a.extend(x);
        if (!boxes_within(box_a, sj.box, thickness)) continue;
        for (const SweptSurface::Edge& eb : sj.sharp_edges) {
          const std::array<Vec3, 2> b0{sj.start[static_cast<std::size_t>(eb.v0)],
                                       sj.start[static_cast<std::size_t>(eb.v1)]};
          const std::array<Vec3, 2> b1{sj.end[static_cast<std::size_t>(eb.v0)],
                                       sj.end[static_cast<std::size_t>(eb.v1)]};
          Aabb box_b;
          for (const Vec3& x : {b0[0], b0[1], b1[0], b1[1]}) box_b.extend(x);
          if (!boxes_within(box_a, box_b, thickness)) continue;
          const SegmentSegmentClosestPoints q = closest_points_segment_segment(a0[0], a0[1], b0[0], b0[1]);
          if (!(q.s > 1e-9 && q.s < 1.0 - 1e-9 && q.t > 1e-9 && q.t < 1.0 - 1e-9)) continue;  // ends: vertex pairs
          ContinuousNormal normal = edge_pair_normal({a0[0], a0[1], b0[1], b0[0]}, {a1[0], a1[1], b1[1], b1[0]});
          const Vec3 n_start = normal.at(0.0);
          if (!(n_start.squaredNorm() > 0.5)) continue;  // parallel edges
          if (n_start.dot(ea.outward) < 0.0) normal = normal.flipped();
          const Vec3 xa0 = (1.0 - q.s) * a0[0] + q.s * a0[1], xa1 = (1.0 - q.s) * a1[0] + q.s * a1[1];
          const Vec3 xb0 = (1.0 - q.t) * b0[0] + q.t * b0[1], xb1 = (1.0 - q.t) * b1[0] + q.t * b1[1];
          const double d0 = normal.at(0.0).dot(xb0 - xa0), d1 = normal.at(1.0).dot(xb1 - xa1);
          const double deepest = std::min(d0, d1);
          if (!(deepest < 0.0) || !(deepest > -thickness)) continue;
          const Vec3 impulse = continuous_penalty_pair_impulse(normal, xb0 - xa0, xb1 - xa1, settings, h);
          add(static_cast<Index>(i), static_cast<Index>(j), impulse, xa0, xb0);
        }
      }
    }
  }
  if (counts) *counts = tally;
  return change;
}

std::vector<BodyVelocity> penalty_velocity_change(const Scene& scene, const ContactSet& contacts,
                                                  const std::vector<RigidBody>& bodies,
                                                  const std::vector<BodyVelocity>& free, PenaltyIntegrator integrator,
                                                  const PenaltySettings& settings, double h,
                                                  PenaltyStepCounts* counts) {
  validate(settings);
  std::vector<BodyVelocity> change(bodies.size(), BodyVelocity::Zero());
  std::vector<Poses> poses;
  if (integrator == PenaltyIntegrator::cpf) {
    poses.reserve(bodies.size());
    for (std::size_t i = 0; i < bodies.size(); ++i) poses.push_back(poses_of(bodies[i], free[i], h));
  }
  PairIntegrator pairs(scene, poses);
  PenaltyStepCounts tally;
  for (const Contact& c : contacts.contacts) {
    const RigidBody& a = bodies[static_cast<std::size_t>(c.body_a)];
    const RigidBody& b = bodies[static_cast<std::size_t>(c.body_b)];
    if (a.fixed && b.fixed) continue;
    // The per-area law: this contact's spring and dashpot are the pressure's times its area.
    PenaltySettings own = settings;
    if (settings.law == PenaltyLaw::per_area) {
      if (!c.has_area) {
        throw InputError("penalty", 0,
                         "law per-area: contacts of method '" + contacts.method +
                             "' carry no area (rounded-triangles and solfec do)");
      }
      if (!(c.area > 0.0)) continue;
      own.stiffness *= c.area;
      own.damping *= c.area;
    }
    if (integrator == PenaltyIntegrator::cpf) {
      if (const auto pair = pairs.integrate(c, own, h)) {
        ++tally.pairs;
        tally.active += pair->impulse_on_b.squaredNorm() > 0.0 ? 1 : 0;
        apply(change, bodies, c.body_b, pair->impulse_on_b, pair->at_b);
        apply(change, bodies, c.body_a, -pair->impulse_on_b, pair->at_a);
        continue;
      }
    }
    ++tally.points;
    const bool predicted = integrator == PenaltyIntegrator::cpf;
    const BodyVelocity ua = predicted ? free[static_cast<std::size_t>(c.body_a)] : a.velocity();
    const BodyVelocity ub = predicted ? free[static_cast<std::size_t>(c.body_b)] : b.velocity();
    const double vn = c.normal.dot(point_velocity(ub, b, c.position) - point_velocity(ua, a, c.position));
    const double lambda =
        predicted ? continuous_penalty_impulse(c.gap, vn, own, h) : penalty_impulse(c.gap, vn, own, h);
    if (lambda == 0.0) continue;
    ++tally.active;
    apply(change, bodies, c.body_b, lambda * c.normal, c.position);
    apply(change, bodies, c.body_a, -lambda * c.normal, c.position);
  }
  if (counts) *counts = tally;
  return change;
}

}  // namespace contactlab
