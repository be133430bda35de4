// Penalty forces (issue 19, seed 001): the continuous normals of Theorems 1–2 against the cross
// product of the moving features computed directly; the impulses of a step against numerical
// quadrature of their definitions; a box resting on a slab under penalty forces carrying its weight.
#include "contactlab/dynamics/penalty_forces.h"
#include "contactlab/contact/method.h"
#include "contactlab/core/error.h"
#include "contactlab/dynamics/penalty_step.h"
#include "contactlab/dynamics/rigid_simulation.h"
#include "dynamics/box_scenes.h"

#include <gtest/gtest.h>

#include <random>

namespace contactlab {
namespace {

Vec3 lerp(const Vec3& a, const Vec3& b, double s) { return a + s * (b - a); }

TEST(ContinuousNormal, Theorem1MatchesTheMovingTrianglesCrossProduct) {
  std::mt19937_64 rng(1);
  std::normal_distribution<double> normal;
  const auto random = [&] { return Vec3(normal(rng), normal(rng), normal(rng)); };
  for (int k = 0; k < 200; ++k) {
    const std::array<Vec3, 3> start{random(), random(), random()}, end{random(), random(), random()};
    const ContinuousNormal n = triangle_normal(start, end);
    for (const double s : {0.0, 0.125, 0.5, 0.7, 1.0}) {
      const Vec3 a = lerp(start[0], end[0], s), b = lerp(start[1], end[1], s), c = lerp(start[2], end[2], s);
      const Vec3 m = (b - a).cross(c - a);
      EXPECT_LT((n.unnormalised(s) - m).norm(), 1e-12 * (1.0 + m.norm()));
      EXPECT_NEAR(n.length(s), m.norm(), 1e-10 * (1.0 + m.norm()));  // L(s)² from the L_i, eq. 11
      if (m.norm() > 1e-3) {
        EXPECT_LT((n.at(s) - m.normalized()).norm(), 1e-9);
      }
    }
  }
}

TEST(ContinuousNormal, Theorem2MatchesTheMovingEdgesCrossProduct) {
  std::mt19937_64 rng(2);
  std::normal_distribution<double> normal;
  const auto random = [&] { return Vec3(normal(rng), normal(rng), normal(rng)); };
  for (int k = 0; k < 200; ++k) {
    const std::array<Vec3, 4> start{random(), random(), random(), random()};
    const std::array<Vec3, 4> end{random(), random(), random(), random()};
    const ContinuousNormal n = edge_pair_normal(start, end);
    for (const double s : {0.0, 0.3, 0.5, 1.0}) {
      const Vec3 a = lerp(start[0], end[0], s), b = lerp(start[1], end[1], s);
      const Vec3 c = lerp(start[2], end[2], s), d = lerp(start[3], end[3], s);
      const Vec3 m = (b - a).cross(c - d);
      EXPECT_LT((n.unnormalised(s) - m).norm(), 1e-12 * (1.0 + m.norm()));
      EXPECT_NEAR(n.length(s), m.norm(), 1e-10 * (1.0 + m.norm()));
    }
    EXPECT_LT((n.flipped().at(0.5) + n.at(0.5)).norm(), 1e-15);
  }
}

/// ∫₀ʰ f(τ) dτ by the midpoint rule on 20 000 panels: the independent reference.
template <class F>
double quadrature(F&& f, double h, int panels = 20000) {
  double sum = 0.0;
  for (int i = 0; i < panels; ++i) sum += f((i + 0.5) * h / panels);
  return sum * h / panels;
}

TEST(PenaltyImpulse, PointContactsAgainstQuadrature) {
  const PenaltySettings s{1e4, 20.0};
  const double h = 0.01;
  // Symplectic Euler: the force of the start, times h; nothing when apart; never a pull.
  EXPECT_DOUBLE_EQ(penalty_impulse(-1e-3, 0.0, s, h), h * 1e4 * 1e-3);
  EXPECT_DOUBLE_EQ(penalty_impulse(-1e-3, -0.1, s, h), h * (10.0 + 2.0));
  EXPECT_EQ(penalty_impulse(1e-3, -1.0, s, h), 0.0);
  EXPECT_EQ(penalty_impulse(-1e-4, 10.0, s, h), 0.0);
  // CPF: ∫ max(0, k(−g − τ v) − c v) over the penetrating part of the step, for gaps and velocities
  // that open, close, cross within the step or not at all.
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> gap(-2e-3, 2e-3), speed(-0.5, 0.5);
  for (int k = 0; k < 500; ++k) {
    const double g = gap(rng), v = speed(rng);
    const double reference = quadrature(
        [&](double t) { return g + t * v < 0.0 ? std::max(0.0, s.stiffness * (-(g + t * v)) - s.damping * v) : 0.0; },
        h);
    // (the midpoint rule is good to ≈ 1e-5 here: the integrand has kinks where g(τ) and the force
    // cross 0,
    // and a jump of c|v| where it starts with a dashpot: its error, c|v| × the panel width)
    EXPECT_NEAR(continuous_penalty_impulse(g, v, s, h), reference, 1e-4 * reference + s.damping * std::abs(v) * h / 2e4)
        << g << " " << v;
  }
  // Seed §C eq. 27 (fully penetrating, no damping): h × (−k x − h k v / 2).
  EXPECT_NEAR(continuous_penalty_impulse(-1e-2, -0.1, {1e4, 0.0}, h), h * (1e4 * 1e-2 + 0.5 * h * 1e4 * 0.1), 1e-12);
}

TEST(PenaltyImpulse, PairWithAFixedFaceIsThePointForm) {
  // A vertex moving along the normal of a face at rest: the pair's impulse is the point form's
  // along the face's normal.
  const std::array<Vec3, 3> face{Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 0, -1)};  // normal +y
  const ContinuousNormal n = triangle_normal(face, face);
  const PenaltySettings s{1e4, 0.0};
  for (const auto& [g0, g1] : std::vector<std::pair<double, double>>{{-1e-3, -2e-3}, {1e-3, -1e-3}, {-1e-3, 1e-3}}) {
    const Vec3 impulse = continuous_penalty_pair_impulse(n, Vec3(0.2, g0, -0.2), Vec3(0.2, g1, -0.2), s, 0.01);
    const double point = continuous_penalty_impulse(g0, (g1 - g0) / 0.01, s, 0.01);
    EXPECT_NEAR(impulse.y(), point, 1e-12);
    EXPECT_NEAR(impulse.x(), 0.0, 1e-15);
    EXPECT_NEAR(impulse.z(), 0.0, 1e-15);
  }
  EXPECT_EQ(continuous_penalty_pair_impulse(n, Vec3(0, 1e-3, 0), Vec3(0, 2e-3, 0), s, 0.01), Vec3::Zero());
}

TEST(PenaltyImpulse, PairWithATurningFaceAgainstQuadrature) {
  // A face deforming (corners moved by up to 0.15 of its size: it turns and its area changes by up
  // to ~30 %) and a vertex crossing it: the integral with L frozen per piece against quadrature of
  // −k ∫ d n with the exact unit normal of the moving face, within 0.5 %.
  std::mt19937_64 rng(4);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  const PenaltySettings s{1e4, 0.0};
  const double h = 0.01;
  int penetrating = 0;
  for (int k = 0; k < 200; ++k) {
    const std::array<Vec3, 3> start{Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 0, -1)};
    std::array<Vec3, 3> end = start;
    for (Vec3& x : end) x += 0.15 * Vec3(unit(rng), unit(rng), unit(rng));
    const std::array<double, 3> w{0.3, 0.3, 0.4};
    const Vec3 p0 = Vec3(0.3, 0.02 * unit(rng), -0.4), p1 = Vec3(0.3, 0.02 * unit(rng), -0.4);
    const auto face_point = [&](double t) -> Vec3 {
      return w[0] * lerp(start[0], end[0], t) + w[1] * lerp(start[1], end[1], t) + w[2] * lerp(start[2], end[2], t);
    };
    const Vec3 impulse =
        continuous_penalty_pair_impulse(triangle_normal(start, end), p0 - face_point(0), p1 - face_point(1), s, h);
    Vec3 reference = Vec3::Zero();
    for (int axis = 0; axis < 3; ++axis) {
      reference[axis] = quadrature(
          [&](double tau) {
            const double t = tau / h;
            const Vec3 a = lerp(start[0], end[0], t), b = lerp(start[1], end[1], t), c = lerp(start[2], end[2], t);
            const Vec3 n = (b - a).cross(c - a).normalized();
            const double d = n.dot(lerp(p0, p1, t) - face_point(t));
            return d < 0.0 ? -s.stiffness * d * n[axis] : 0.0;
          },
          h, 4000);
    }
    if (reference.norm() > 0.0) ++penetrating;
    EXPECT_LT((impulse - reference).norm(), 0.005 * reference.norm() + 1e-9)
        << impulse.transpose() << " | " << reference.transpose();
  }
  EXPECT_GT(penetrating, 100);
}

TEST(PenaltyStepping, ABoxRestsOnItsContactsStiffness) {
  // A 120 kg box on a slab under penalty forces (k = 2e4 N/m per contact, a dashpot to settle it),
  // with two methods that measure penetration (negative gaps): closest-points, whose (V,F) and (E,E)
  // contacts cpf integrates as the seed's pairs, and vertex-only (4 corner contacts: it sinks about
  // m g / 4k = 1.5 cm). After 3 s it is at rest, and the contacts' impulses of a step cancel
  // gravity's, Δv = g h, within 1 %; symplectic Euler's are k (−g) h each, so there Σ k (−g) = m g.
  for (const char* integrator : {"penalty", "cpf"}) {
    for (const char* method : {"closest-points", "vertex-only"}) {
      SimulationSettings settings;
      settings.penalty_integrator = penalty_integrator_from_name(integrator);
      settings.penalty = {2e4, 300.0};
      RigidSimulation sim(test::box_on_slab(), *find_contact_method(method), settings);
      StepReport last;
      for (int k = 0; k < 300; ++k) last = sim.step();
      const RigidBody& box = sim.bodies()[1];
      const double gh = 9.81 * settings.time_step;
      EXPECT_NEAR(last.solve.velocity_change[1].y(), gh, 0.01 * gh) << integrator << " " << method;
      EXPECT_LT(box.linear_velocity.norm(), 2e-3) << integrator << " " << method;
      EXPECT_LT(box.angular_velocity.norm(), 2e-2) << integrator << " " << method;
      EXPECT_GT(box.centre.y(), 0.15 - 0.02) << integrator << " " << method;  // sunk less than 2 cm
      if (std::string(integrator) == "penalty") {
        double carried = 0.0;
        for (const Contact& c : last.contacts.contacts)
          carried += c.gap < 0.0 ? -settings.penalty.stiffness * c.gap : 0.0;
        EXPECT_NEAR(carried, box.mass * 9.81, 0.01 * box.mass * 9.81) << method;
      }
    }
  }
  SimulationSettings bad;
  bad.penalty_integrator = PenaltyIntegrator::penalty;  // no stiffness given
  EXPECT_THROW(RigidSimulation(test::box_on_slab(), *find_contact_method("opposing"), bad), InputError);
}

}  // namespace
}  // namespace contactlab

namespace contactlab {
namespace {

/// The depth CPF rests at on n pairs of stiffness k (seed §C: its contacts predict gravity's motion
/// over the step, so it rests g h²/2 higher than m g / nk).
double cpf_resting_depth(double m, int n, double k, double h) { return m * 9.81 / (n * k) - 0.5 * 9.81 * h * h; }

TEST(PenaltyStepping, CpfFindsItsOwnVertexFaceAndEdgeEdgePairs) {
  // A bar resting crosswise on a fixed one: only edges meet, so a vertex method has no contact and
  // the bar falls through; CPF's own search finds the 4 crossings of their edges and holds it at
  // m g / 4k − g h²/2 (m = 0.2 kg, k = 200 N/m, h = 0.01 s: 1.962 mm).
  Scene bars;
  bars.name = "bars";
  bars.bodies.push_back(test::box_body("fixed", Vec3(1, 0.01, 0.01), Vec3(0, -0.005, 0), true));
  bars.bodies.push_back(test::box_body("top", Vec3(0.01, 0.01, 1), Vec3(0, 0.005, 0), false));
  SimulationSettings settings;
  settings.penalty_integrator = PenaltyIntegrator::cpf;
  settings.penalty = {200.0, 0.0};
  {
    RigidSimulation fall(bars, *find_contact_method("vertex-only"), settings);
    for (int k = 0; k < 100; ++k) fall.step();
    EXPECT_LT(fall.bodies()[1].centre.y(), -0.1);
  }
  settings.penalty_search_pairs = true;
  RigidSimulation rest(bars, *find_contact_method("vertex-only"), settings);
  for (int k = 0; k < 300; ++k) rest.step();
  const double m = rest.bodies()[1].mass;
  EXPECT_NEAR(0.005 - rest.bodies()[1].centre.y(), cpf_resting_depth(m, 4, 200.0, 0.01), 1e-6);
  EXPECT_LT(rest.bodies()[1].angular_velocity.norm(), 1e-6);
  // The box on the slab: its 4 corners against the slab's top face (the top face's diagonal is a flat
  // edge, no pair): the same law.
  SimulationSettings box_settings = settings;
  box_settings.penalty = {2e4, 0.0};
  // (ω h = √(4k/m) h = 0.26: CPF damps by 1 − (ω h)²/2 = 0.967 a step; 800 steps leave 1e-8 m.)
  RigidSimulation box(test::box_on_slab(), *find_contact_method("opposing"), box_settings);
  for (int k = 0; k < 800; ++k) box.step();
  EXPECT_NEAR(0.15 - box.bodies()[1].centre.y(), cpf_resting_depth(box.bodies()[1].mass, 4, 2e4, 0.01), 1e-6);
  // A square box whose corners stand exactly over the slab's top diagonals (x = ±z): each corner
  // projects into both triangles there, and still counts once.
  RigidSimulation square(test::box_on_slab(Vec3(0.4, 0.3, 0.4)), *find_contact_method("opposing"), box_settings);
  for (int k = 0; k < 800; ++k) square.step();
  EXPECT_NEAR(0.15 - square.bodies()[1].centre.y(), cpf_resting_depth(square.bodies()[1].mass, 4, 2e4, 0.01), 1e-6);
  // Only with CPF.
  SimulationSettings bad = settings;
  bad.penalty_integrator = PenaltyIntegrator::penalty;
  EXPECT_THROW(RigidSimulation(bars, *find_contact_method("vertex-only"), bad), InputError);
}

}  // namespace
}  // namespace contactlab

namespace contactlab {
namespace {

TEST(PenaltyStepping, PerAreaLawScalesEachContactByItsArea) {
  // Two contacts under the box (normal +y, A = slab → B = box), areas 0.5 and 1.5 m², 1 cm deep:
  // symplectic Euler's impulses are h k A (−g) each (k in N/m³), applied at their points.
  const Scene scene = test::box_on_slab();
  const std::vector<RigidBody> bodies = rigid_bodies(scene);
  const std::vector<BodyVelocity> still(bodies.size(), BodyVelocity::Zero());
  const RigidBody& box = bodies[1];
  ContactSet contacts;
  contacts.method = "hand";
  const double k = 3e4, h = 0.01, depth = 0.01;
  const std::array<double, 2> areas{0.5, 1.5};
  const std::array<Vec3, 2> at{box.centre + Vec3(0.1, -0.15, 0.05), box.centre + Vec3(-0.2, -0.15, 0.0)};
  for (int i = 0; i < 2; ++i) {
    Contact c;
    c.body_a = 0;
    c.body_b = 1;
    c.position = at[i];
    c.normal = Vec3::UnitY();
    c.gap = -depth;
    c.area = areas[i];
    c.has_area = true;
    contacts.contacts.push_back(c);
  }
  PenaltySettings settings{k, 0.0, PenaltyLaw::per_area};
  const std::vector<BodyVelocity> change =
      penalty_velocity_change(scene, contacts, bodies, still, PenaltyIntegrator::penalty, settings, h);
  Vec3 linear = Vec3::Zero(), moment = Vec3::Zero();
  for (int i = 0; i < 2; ++i) {
    const Vec3 impulse = h * k * areas[i] * depth * Vec3::UnitY();
    linear += impulse;
    moment += (at[i] - box.centre).cross(impulse);
  }
  const BodyInverseMass m = box.inverse_mass();
  EXPECT_LT((change[1].head<3>() - m.inverse_mass * linear).norm(), 1e-12);
  EXPECT_LT((change[1].tail<3>() - m.inverse_inertia * moment).norm(), 1e-12);
  EXPECT_TRUE(change[0].isZero());  // the slab is fixed
  // The per-contact law on the same contacts ignores the areas: k (−g) h each.
  settings.law = PenaltyLaw::per_contact;
  const std::vector<BodyVelocity> plain =
      penalty_velocity_change(scene, contacts, bodies, still, PenaltyIntegrator::penalty, settings, h);
  EXPECT_NEAR(plain[1].y(), m.inverse_mass * 2.0 * h * k * depth, 1e-12);
  // A contact without an area under the per-area law is an error, not a silent zero.
  settings.law = PenaltyLaw::per_area;
  contacts.contacts[1].has_area = false;
  EXPECT_THROW(penalty_velocity_change(scene, contacts, bodies, still, PenaltyIntegrator::cpf, settings, h),
               InputError);
  // A simulation refuses the per-area law with a method that gives no areas, or with CPF's own pairs.
  SimulationSettings simulation;
  simulation.penalty_integrator = PenaltyIntegrator::penalty;
  simulation.penalty = settings;
  EXPECT_THROW(RigidSimulation(scene, *find_contact_method("vertex-only"), simulation), InputError);
  EXPECT_NO_THROW(RigidSimulation(scene, *find_contact_method("rounded-triangles"), simulation));
  simulation.penalty_integrator = PenaltyIntegrator::cpf;
  simulation.penalty_search_pairs = true;
  EXPECT_THROW(RigidSimulation(scene, *find_contact_method("rounded-triangles"), simulation), InputError);
  EXPECT_EQ(penalty_law_from_name("per-area"), PenaltyLaw::per_area);
  EXPECT_EQ(to_string(PenaltyLaw::per_contact), "per-contact");
  EXPECT_FALSE(penalty_law_from_name("area"));
}

}  // namespace
}  // namespace contactlab
