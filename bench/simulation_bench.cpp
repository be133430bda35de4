// The simulation's time per step, split into contact generation and the solver, and PGS prox
// against Bullet's sequential-impulse solver in the same process (issue 13 item 5).
//
// Ours: RigidSimulation (dynamics/rigid_simulation.h) on the suite's pillar, wall and arch with
// opposing and closest-points, PGS prox at --iterations sweeps (default 1000, the paper's, no early
// stop, cold start), h = 0.01 s. Per step: the wall time of generate_contacts and of building and
// solving the contact problem; the solver's throughput in contact rows × sweeps per second (3 rows
// per contact: n, t, b); the median merit after the sweeps (pgs_prox.h "Merit").
//
// Bullet 3.24 (double precision, libbullet-dev's bullet-float64): the same wall, every brick a
// btBoxShape of the brick's size at its pose, the ground a fixed box; btDiscreteDynamicsWorld with
// btSequentialImpulseConstraintSolver, the same h (stepSimulation(h, 0): one step of exactly h), the
// same friction (Bullet multiplies the two bodies' coefficients, so each gets √μ and the product is
// μ; ours takes √(μ_A μ_B) = μ), --iterations iterations, restitution 0, no warm start, no split
// impulse, no Baumgarte term (erp = erp2 = 0: ours has no stabilisation either), no early exit
// (leastSquaresResidualThreshold 0). Timed: the solver's solveGroup alone; rows are Bullet's
// normal and friction rows (1 + 2 per contact point with SOLVER_USE_2_FRICTION_DIRECTIONS).
//
// Printed: per scene and method the medians over --steps steps, and for the wall the ratio of our
// solver's time per contact row and sweep to Bullet's (< 1: faster), with the load average.
//
// Run:  build/<dir>/bench/simulation_bench [--steps N] [--iterations K] [--scenes a,b] [--methods a,b]
//       [--quick]   (--quick: 5 steps of 100 iterations, for CI)
#include <btBulletDynamicsCommon.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "bench_support.h"
#include "contactlab/contact/method.h"
#include "contactlab/dynamics/rigid_simulation.h"
#include "contactlab/mesh/mass_properties.h"
#include "contactlab/suite/builtin_scenes.h"

namespace contactlab {
namespace {

using Clock = std::chrono::steady_clock;

struct Options {
  int steps = 20;
  int iterations = 1000;
  std::vector<std::string> scenes = {"pillar", "wall", "arch"};
  std::vector<std::string> methods = {"opposing", "closest-points"};
};

struct OurRow {
  double contact_ms = 0, solver_ms = 0, contacts = 0, row_sweeps_per_s = 0, ns_per_row_sweep = 0, merit = 0;
};

/// Bullet's solver with solveGroup timed and its rows counted.
class TimedSolver : public btSequentialImpulseConstraintSolver {
 public:
  btScalar solveGroup(btCollisionObject** bodies, int num_bodies, btPersistentManifold** manifolds, int num_manifolds,
                      btTypedConstraint** constraints, int num_constraints, const btContactSolverInfo& info,
                      btIDebugDraw* debug, btDispatcher* dispatcher) override {
    const auto start = Clock::now();
    const btScalar result = btSequentialImpulseConstraintSolver::solveGroup(
        bodies, num_bodies, manifolds, num_manifolds, constraints, num_constraints, info, debug, dispatcher);
    seconds += std::chrono::duration<double>(Clock::now() - start).count();
    return result;
  }
  double seconds = 0;
  long long rows = 0, points = 0, sweeps = 0;

 protected:
  // The pools are filled here and emptied before solveGroup returns: count them in between.
  btScalar solveGroupCacheFriendlySetup(btCollisionObject** bodies, int num_bodies, btPersistentManifold** manifolds,
                                        int num_manifolds, btTypedConstraint** constraints, int num_constraints,
                                        const btContactSolverInfo& info, btIDebugDraw* debug) override {
    const btScalar result = btSequentialImpulseConstraintSolver::solveGroupCacheFriendlySetup(
        bodies, num_bodies, manifolds, num_manifolds, constraints, num_constraints, info, debug);
    rows += m_tmpSolverContactConstraintPool.size() + m_tmpSolverContactFrictionConstraintPool.size();
    points += m_tmpSolverContactConstraintPool.size();
    return result;
  }
  // Iterations actually run (Bullet stops early when its residual reaches the threshold, 0 here).
  btScalar solveSingleIteration(int iteration, btCollisionObject** bodies, int num_bodies,
                                btPersistentManifold** manifolds, int num_manifolds, btTypedConstraint** constraints,
                                int num_constraints, const btContactSolverInfo& info, btIDebugDraw* debug) override {
    ++sweeps;
    return btSequentialImpulseConstraintSolver::solveSingleIteration(
        iteration, bodies, num_bodies, manifolds, num_manifolds, constraints, num_constraints, info, debug);
  }
};

/// The scene as Bullet boxes (every body must be a box of the shape generator), stepped one step
/// at a time so that its steps can alternate with ours: the machine's load drifts over both alike.
class BulletWorld {
 public:
  BulletWorld(const Scene& scene, int iterations)
      : dispatcher_(&configuration_), world_(&dispatcher_, &broadphase_, &solver_, &configuration_) {
    world_.setGravity(btVector3(scene.gravity.x(), scene.gravity.y(), scene.gravity.z()));
    btContactSolverInfo& info = world_.getSolverInfo();
    info.m_numIterations = iterations;
    info.m_solverMode = SOLVER_USE_2_FRICTION_DIRECTIONS;  // no SOLVER_USE_WARMSTARTING
    info.m_splitImpulse = false;
    info.m_erp = 0;
    info.m_erp2 = 0;
    info.m_restitution = 0;
    info.m_leastSquaresResidualThreshold = 0;
    for (const Body& body : scene.bodies) add(body);
  }
  ~BulletWorld() {
    for (auto& b : bodies_) world_.removeRigidBody(b.get());
  }

  struct Sample {
    double seconds = 0, points = 0, rows = 0, sweeps = 0;
  };
  Sample step(double h) {
    solver_.seconds = 0;
    solver_.rows = solver_.points = solver_.sweeps = 0;
    world_.stepSimulation(h, 0);  // one step of exactly h
    return {solver_.seconds, static_cast<double>(solver_.points), static_cast<double>(solver_.rows),
            static_cast<double>(solver_.sweeps)};
  }

 private:
  void add(const Body& body) {
    const ShapeSource& source = body.shape->source;
    const auto size = source.params.find("size");
    if (source.kind != ShapeSource::Kind::kGenerator || source.generator != "box" || size == source.params.end()) {
      throw std::runtime_error("the Bullet run needs boxes; body '" + body.name + "' is not one");
    }
    shapes_.push_back(
        std::make_unique<btBoxShape>(btVector3(0.5 * size->second[0], 0.5 * size->second[1], 0.5 * size->second[2])));
    const MassProperties props = mass_properties(body.shape->tets, body.density);
    const Quat q = body.orientation.normalized();
    const Vec3 centre = q * props.centroid + body.position;
    btTransform pose;
    pose.setOrigin(btVector3(centre.x(), centre.y(), centre.z()));
    pose.setRotation(btQuaternion(q.x(), q.y(), q.z(), q.w()));
    states_.push_back(std::make_unique<btDefaultMotionState>(pose));
    const double mass = body.fixed ? 0.0 : props.mass;
    btVector3 inertia(0, 0, 0);
    if (!body.fixed) shapes_.back()->calculateLocalInertia(mass, inertia);
    btRigidBody::btRigidBodyConstructionInfo construction(mass, states_.back().get(), shapes_.back().get(), inertia);
    construction.m_friction = std::sqrt(body.friction);  // Bullet multiplies the pair's coefficients
    construction.m_restitution = 0;
    bodies_.push_back(std::make_unique<btRigidBody>(construction));
    bodies_.back()->setActivationState(DISABLE_DEACTIVATION);
    world_.addRigidBody(bodies_.back().get());
  }

  btDefaultCollisionConfiguration configuration_;
  btCollisionDispatcher dispatcher_;
  btDbvtBroadphase broadphase_;
  TimedSolver solver_;
  btDiscreteDynamicsWorld world_;
  std::vector<std::unique_ptr<btCollisionShape>> shapes_;
  std::vector<std::unique_ptr<btDefaultMotionState>> states_;
  std::vector<std::unique_ptr<btRigidBody>> bodies_;
};

struct BulletMedians {
  double solver_ms = 0, points = 0, rows = 0, sweeps = 0, ns_per_row_sweep = 0;
};

/// Our simulation of `scene`; with `bullet`, a Bullet step before each of ours (medians into it).
OurRow run_ours(const Scene& scene, const ContactMethod& method, const Options& options, BulletWorld* bullet,
                BulletMedians* bullet_out) {
  SimulationSettings settings;
  settings.solver.max_iterations = options.iterations;
  settings.contacts.threads = 1;
  RigidSimulation sim(scene, method, settings);
  sim.step();  // warm-up: builds the shape cache
  if (bullet) bullet->step(settings.time_step);
  std::vector<double> contact_ms, solver_ms, contacts, ns_per_row_sweep, merit;
  std::vector<double> b_ms, b_points, b_rows, b_sweeps, b_ns;
  for (int n = 0; n < options.steps; ++n) {
    if (bullet) {
      const BulletWorld::Sample b = bullet->step(settings.time_step);
      b_ms.push_back(1e3 * b.seconds);
      b_points.push_back(b.points);
      b_rows.push_back(b.rows);
      b_sweeps.push_back(b.sweeps);
      if (b.rows > 0 && b.sweeps > 0) b_ns.push_back(1e9 * b.seconds / (b.rows * b.sweeps));
    }
    const StepReport report = sim.step();
    contact_ms.push_back(1e3 * report.contact_seconds);
    solver_ms.push_back(1e3 * report.solver_seconds);
    contacts.push_back(static_cast<double>(report.constrained.size()));
    merit.push_back(report.solve.merit);
    const double row_sweeps = 3.0 * static_cast<double>(report.constrained.size()) * report.solve.iterations;
    if (row_sweeps > 0) ns_per_row_sweep.push_back(1e9 * report.solver_seconds / row_sweeps);
  }
  if (bullet_out)
    *bullet_out = {bench::median(b_ms), bench::median(b_points), bench::median(b_rows), bench::median(b_sweeps),
                   bench::median(b_ns)};
  OurRow row{bench::median(contact_ms),       bench::median(solver_ms), bench::median(contacts), 0,
             bench::median(ns_per_row_sweep), bench::median(merit)};
  row.row_sweeps_per_s = row.ns_per_row_sweep > 0 ? 1e9 / row.ns_per_row_sweep : 0;
  return row;
}

int run(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "simulation_bench: %s needs a value\n", arg.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (arg == "--steps") {
      options.steps = std::max(1, std::atoi(value().c_str()));
    } else if (arg == "--iterations") {
      options.iterations = std::max(1, std::atoi(value().c_str()));
    } else if (arg == "--scenes") {
      options.scenes = bench::split_list(value());
    } else if (arg == "--methods") {
      options.methods = bench::split_list(value());
    } else if (arg == "--quick") {
      options.steps = 5;
      options.iterations = 100;
    } else {
      std::fprintf(stderr,
                   "usage: simulation_bench [--steps N] [--iterations K] [--scenes a,b] [--methods a,b] [--quick]\n");
      return 2;
    }
  }
  std::printf("simulation_bench: %d steps (medians), %d PGS sweeps per step, h = 0.01 s, 1 thread\n\n", options.steps,
              options.iterations);
  std::printf("%-8s %-16s %10s %10s %9s %14s %12s %11s\n", "scene", "method", "contact ms", "solver ms", "contacts",
              "rows*sweeps/s", "ns/row/sweep", "merit m/s");
  double ours_wall = 0;
  BulletMedians bullet;
  for (const std::string& name : options.scenes) {
    const Scene scene = make_builtin_scene(name);
    for (const std::string& method_name : options.methods) {
      const ContactMethod* method = find_contact_method(method_name);
      if (!method) {
        std::fprintf(stderr, "simulation_bench: unknown method %s\n", method_name.c_str());
        return 2;
      }
      // The wall with opposing: Bullet's steps alternate with ours.
      const bool compare = name == "wall" && method_name == "opposing";
      std::unique_ptr<BulletWorld> world;
      if (compare) world = std::make_unique<BulletWorld>(scene, options.iterations);
      const OurRow row = run_ours(scene, *method, options, world.get(), compare ? &bullet : nullptr);
      std::printf("%-8s %-16s %10.3f %10.3f %9.0f %14.3g %12.2f %11.3g\n", name.c_str(), method_name.c_str(),
                  row.contact_ms, row.solver_ms, row.contacts, row.row_sweeps_per_s, row.ns_per_row_sweep, row.merit);
      std::fflush(stdout);
      if (compare) ours_wall = row.ns_per_row_sweep;
    }
  }
  if (ours_wall > 0) {
    std::printf(
        "\nBullet 3.24 sequential impulse on the wall (btBoxShape), steps alternating with ours: solver %.3f "
        "ms/step, %.0f contact points, %.0f rows, %.0f sweeps, %.2f ns/row/sweep\n",
        bullet.solver_ms, bullet.points, bullet.rows, bullet.sweeps, bullet.ns_per_row_sweep);
    if (bullet.ns_per_row_sweep > 0) {
      std::printf("PGS prox (wall, opposing) / Bullet, time per contact row and sweep: %.2fx\n",
                  ours_wall / bullet.ns_per_row_sweep);
    }
  }
  double load[3] = {0, 0, 0};
  if (getloadavg(load, 3) == 3) std::printf("load average at the end: %.2f %.2f %.2f\n", load[0], load[1], load[2]);
  return 0;
}

}  // namespace
}  // namespace contactlab

int main(int argc, char** argv) { return contactlab::run(argc, argv); }
