// `contactlab demo`: the main job until the assessment suite exists. Two built-in shapes (a square
// pyramid "spike" and a box, docs/suite.md dimensions) are tetrahedralized with TetGen, checked against
// their closed-form volumes, classified, and posed so that the spike's apex pierces the box; the
// broad phase finds candidate tet pairs (checked against brute force) and the tet–tet SAT reports
// the overlapping pairs and the deepest one.
#include "commands.h"

#include "contactlab/broadphase/brute_force.h"
#include "contactlab/broadphase/bvh.h"
#include "contactlab/broadphase/candidate_element_pairs.h"
#include "contactlab/geometry/tet_tet_sat.h"
#include "contactlab/mesh/mass_properties.h"
#include "contactlab/mesh/shape_generators.h"
#include "contactlab/mesh/surface_map.h"
#include "contactlab/mesh/tetrahedralize.h"
#include "contactlab/mesh/topology.h"

#include <fmt/core.h>

#include <chrono>
#include <cmath>
#include <memory>
#include <numbers>

namespace contactlab::cli {
namespace {

struct DemoBody {
  const char* name;
  TriMesh surface;
  double exact_volume;
  TetrahedralizeResult tets;
  Bvh bvh;
};

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void run_demo(const std::string& switches) {
  const double height = 2.4, half_base = 0.8;  // docs/suite.md spike
  std::array<DemoBody, 2> bodies{
      DemoBody{"box", box_surface(Vec3(4, 1, 4)), 4.0 * 1.0 * 4.0, {}, {}},
      DemoBody{"spike", spike_surface(height, half_base), 4 * half_base * half_base * height / 3.0, {}, {}}};

  fmt::print("contactlab demo — TetGen switches {}\n\n", switches);
  fmt::print("{:<6} {:>8} {:>6} {:>10} {:>14} {:>14} {:>24}\n", "body", "vertices", "tets", "surf.tris", "volume",
             "exact", "edges convex/concave/flat");
  for (DemoBody& body : bodies) {
    const auto start = std::chrono::steady_clock::now();
    body.tets = tetrahedralize(body.surface, switches);
    body.bvh = build_bvh(body.tets.mesh);
    const double elapsed = seconds_since(start);
    const MeshTopology topology = build_topology(build_surface_map(body.tets.mesh).surface);
    fmt::print("{:<6} {:>8} {:>6} {:>10} {:>14.10f} {:>14.10f} {:>10}/{}/{}   ({:.1f} ms)\n", body.name,
               body.tets.mesh.vertex_count(), body.tets.mesh.tet_count(), body.tets.boundary_triangles.size(),
               mass_properties(body.tets.mesh).volume, body.exact_volume, topology.count(EdgeKind::Convex),
               topology.count(EdgeKind::Concave), topology.count(EdgeKind::Flat), elapsed * 1e3);
  }

  // Spike apex-down (rotated by π about x), turned 0.3 rad about y, apex 5 cm into the box top.
  const double depth = 0.05;
  const Transform box_pose = Transform::from_translation(Vec3(0, -0.5, 0));  // top face at y = 0
  const Transform spike_pose = Transform::from_axis_angle(Vec3::UnitY(), 0.3, Vec3(0.1, height - depth, 0.2)) *
                               Transform::from_axis_angle(Vec3::UnitX(), std::numbers::pi);
  auto posed = [](const DemoBody& body, const Transform& pose) {
    return PosedBody{&body.bvh,
                     MeshElements{ElementKind::kTetrahedron, body.tets.mesh.vertices, body.tets.mesh.tets, {}}, pose};
  };
  const PosedBody a = posed(bodies[0], box_pose), b = posed(bodies[1], spike_pose);

  auto start = std::chrono::steady_clock::now();
  const std::vector<ElementPair> pairs = candidate_element_pairs(a, b, 0.0);
  const double bvh_seconds = seconds_since(start);
  const std::vector<ElementPair> reference = brute_force_element_pairs(a.elements, a.pose, b.elements, b.pose, 0.0);
  fmt::print(
      "\nspike apex-down, {} m into the box: {} candidate tet pairs by BVH ({:.3f} ms), {} by brute force — {}\n",
      depth, pairs.size(), bvh_seconds * 1e3, reference.size(), pairs == reference ? "equal" : "DIFFERENT");

  auto world_tet = [](const DemoBody& body, const Transform& pose, Index t) {
    std::array<Vec3, 4> corners;
    for (int i = 0; i < 4; ++i) corners[i] = pose.apply(body.tets.mesh.corner(t, i));
    return corners;
  };
  int overlapping = 0;
  TetTetSatResult deepest;
  ElementPair deepest_pair;
  start = std::chrono::steady_clock::now();
  for (const ElementPair& pair : pairs) {
    const TetTetSatResult sat =
        tet_tet_sat(world_tet(bodies[0], box_pose, pair.a), world_tet(bodies[1], spike_pose, pair.b));
    if (sat.separated) continue;
    ++overlapping;
    if (sat.depth >= deepest.depth) {
      deepest = sat;
      deepest_pair = pair;
    }
  }
  const double sat_seconds = seconds_since(start);
  fmt::print("tet–tet SAT: {} of {} candidate pairs overlap ({:.3f} ms)\n", overlapping, pairs.size(),
             sat_seconds * 1e3);
  if (overlapping > 0) {
    const char* kind = deepest.kind == SatAxisKind::kFaceA      ? "face of box tet"
                       : deepest.kind == SatAxisKind::kFaceB    ? "face of spike tet"
                       : deepest.kind == SatAxisKind::kEdgeEdge ? "edge × edge"
                                                                : "other";
    fmt::print("deepest pair: box tet {} / spike tet {}: depth {:.6f} m along ({:.4f}, {:.4f}, {:.4f}), a {} axis\n",
               deepest_pair.a, deepest_pair.b, deepest.depth, deepest.axis.x(), deepest.axis.y(), deepest.axis.z(),
               kind);
  }
}

}  // namespace

void add_demo_command(CLI::App& app) {
  auto switches = std::make_shared<std::string>(kTetGenDefaultSwitches);
  CLI::App* demo =
      app.add_subcommand("demo", "Tetrahedralize two built-in shapes, pose them and run broad phase + SAT");
  demo->add_option("--switches", *switches, "TetGen switches")->capture_default_str();
  demo->callback([switches] { run_demo(*switches); });
}

}  // namespace contactlab::cli
