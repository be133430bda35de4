#include "contactlab/dynamics/penalty_step.h"

#include "contactlab/dynamics/moreau_step.h"
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
      const SegmentClosestPoints q = closest_points_of_segments(a.start[0], a.start[1], b.start[0], b.start[1]);
      a.weights = {1.0 - q.s, q.s};
      b.weights = {1.0 - q.r, q.r};
      normal =
          edge_pair_normal({a.start[0], a.start[1], b.start[1], b.start[0]}, {a.end[0], a.end[1], b.end[1], b.end[0]});
    } else {
      FeaturePoints& face = vf ? a : b;
      const FeaturePoints& vertex = vf ? b : a;
      const std::array<double, 3> w =
          closest_point_weights(vertex.start[0], face.start[0], face.start[1], face.start[2]);
      face.weights.assign(w.begin(), w.end());
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

}  // namespace

std::string to_string(PenaltyIntegrator integrator) {
  return integrator == PenaltyIntegrator::penalty ? "penalty" : "cpf";
}

std::optional<PenaltyIntegrator> penalty_integrator_from_name(std::string_view name) {
  if (name == "penalty") return PenaltyIntegrator::penalty;
  if (name == "cpf") return PenaltyIntegrator::cpf;
  return std::nullopt;
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
    if (integrator == PenaltyIntegrator::cpf) {
      if (const auto pair = pairs.integrate(c, settings, h)) {
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
        predicted ? continuous_penalty_impulse(c.gap, vn, settings, h) : penalty_impulse(c.gap, vn, settings, h);
    if (lambda == 0.0) continue;
    ++tally.active;
    apply(change, bodies, c.body_b, lambda * c.normal, c.position);
    apply(change, bodies, c.body_a, -lambda * c.normal, c.position);
  }
  if (counts) *counts = tally;
  return change;
}

}  // namespace contactlab
