#include "contactlab/assess/rounded_sphere_press.h"

#include "contactlab/contact/generate_contacts.h"
#include "contactlab/contact/methods/rounded_triangles.h"
#include "contactlab/core/error.h"
#include "contactlab/mesh/shape_generators.h"
#include "contactlab/mesh/topology.h"
#include "contactlab/scene/scene.h"

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numbers>
#include <random>

namespace contactlab {
namespace {

void check(const RoundedSphereRequest& r) {
  const auto fail = [](const std::string& field, const std::string& what) {
    throw InputError("rounded-sphere", 0, field + ": " + what);
  };
  if (!(std::isfinite(r.radius) && r.radius > 0.0)) fail("radius", "expected a finite number > 0 (m)");
  if (r.subdivisions.empty()) fail("subdivisions", "expected at least one mesh");
  for (const int k : r.subdivisions) {
    if (k < 0 || k > 6) fail("subdivisions", fmt::format("expected integers from 0 to 6, got {}", k));
  }
  if (r.relative_depths.empty()) fail("relative_depths", "expected at least one depth");
  for (const double d : r.relative_depths) {
    if (!(d > 0.0 && d <= 0.5)) fail("relative_depths", fmt::format("expected numbers in (0, 0.5], got {}", d));
  }
  if (!(std::isfinite(r.roundness) && r.roundness >= 1.0)) fail("roundness", "expected a finite number >= 1");
  if (!(std::isfinite(r.plate_cell_over_edge) && r.plate_cell_over_edge > 0.0)) {
    fail("plate_cell_over_edge", "expected a finite number > 0");
  }
  if (r.poses < 1 || r.poses > 1000) fail("poses", "expected an integer from 1 to 1000");
}

double mean_edge_length(const TriMesh& mesh) {
  const std::vector<Edge> edges = build_topology(mesh).edges;
  double sum = 0.0;
  for (const Edge& e : edges) {
    sum += (mesh.vertices[static_cast<std::size_t>(e[0])] - mesh.vertices[static_cast<std::size_t>(e[1])]).norm();
  }
  return edges.empty() ? 0.0 : sum / static_cast<double>(edges.size());
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

double sphere_cap_volume(double radius, double depth) {
  return std::numbers::pi * depth * depth * (radius - depth / 3.0);
}

RoundedSphereResult run_rounded_sphere_press(const RoundedSphereRequest& request) {
  check(request);
  RoundedSphereResult result;
  result.request = request;
  result.request.progress = nullptr;
  result.request.stop = nullptr;
  const double radius = request.radius;
  const double deepest = radius * *std::max_element(request.relative_depths.begin(), request.relative_depths.end());
  // The plate holds the contact region (radius √(2 R Δ) at the deepest Δ) with a margin.
  const double contact_radius = std::sqrt(2.0 * radius * deepest - deepest * deepest);
  const double side = 2.5 * contact_radius, thickness = 0.1 * radius;
  const std::unique_ptr<ContactMethod> method = make_rounded_triangles_method(
      {.roundness = request.roundness, .relative_margin = 0.05, .relative_depth_limit = 0.1});
  for (const int k : request.subdivisions) {
    if (request.stop && request.stop()) {
      result.stopped = true;
      return result;
    }
    const auto start = std::chrono::steady_clock::now();
    ShapeSource sphere_source{
        ShapeSource::Kind::kGenerator, "sphere", {{"radius", {radius}}, {"subdivisions", {double(k)}}}, ""};
    TriMesh sphere_surface = generate_surface("sphere", sphere_source.params, "rounded-sphere.sphere");
    const double edge = mean_edge_length(sphere_surface);
    const int divisions = std::clamp(static_cast<int>(std::ceil(side / (request.plate_cell_over_edge * edge))), 1, 256);
    ShapeSource plate_source{ShapeSource::Kind::kGenerator,
                             "plate",
                             {{"size", {side, thickness, side}}, {"divisions", {double(divisions)}}},
                             ""};
    TriMesh plate_surface = generate_surface("plate", plate_source.params, "rounded-sphere.plate");
    Scene scene;
    scene.name = fmt::format("rounded-sphere-{}", k);
    Body plate;
    plate.name = "plate";
    plate.fixed = true;
    plate.shape = make_shape(plate_source, std::move(plate_surface), scene.tetgen_switches, "plate");
    Body ball;
    ball.name = "sphere";
    ball.shape = make_shape(sphere_source, std::move(sphere_surface), scene.tetgen_switches, "sphere");
    scene.bodies = {plate, ball};
    const double meshing = seconds_since(start);
    ShapeCache cache;
    std::mt19937_64 rng(request.seed + 7919u * static_cast<unsigned>(k));
    std::normal_distribution<double> gauss;
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::vector<std::pair<Quat, Vec3>> poses;  // the sphere's orientation, the plate's shift
    for (int i = 0; i < request.poses; ++i) {
      const Quat turn = Quat(gauss(rng), gauss(rng), gauss(rng), gauss(rng)).normalized();
      const double cell = side / divisions;
      poses.push_back({turn, Vec3(cell * unit(rng), 0.0, cell * unit(rng))});
    }
    for (const double relative : request.relative_depths) {
      const double depth = relative * radius;
      RoundedSpherePoint p;
      p.subdivisions = k;
      p.sphere_triangles = scene.bodies[1].shape->surface.triangle_count();
      p.mean_edge = edge;
      p.plate_divisions = divisions;
      p.depth = depth;
      p.law = sphere_cap_volume(radius, depth);
      p.law_area = std::numbers::pi * (2.0 * radius * depth - depth * depth);
      double sum = 0.0, squares = 0.0;
      for (const auto& [turn, shift] : poses) {
        scene.bodies[0].position = shift;
        scene.bodies[1].orientation = turn;
        scene.bodies[1].position = Vec3(0.0, 0.5 * thickness + radius - depth, 0.0);
        const auto generation = std::chrono::steady_clock::now();
        GenerateOptions options;
        options.threads = request.threads;
        options.shape_cache = &cache;
        const ContactSet contacts = generate_contacts(scene, *method, options);
        p.seconds += seconds_since(generation) / static_cast<double>(poses.size());
        double force = 0.0;
        for (const Contact& c : contacts.contacts) {
          if (!c.has_area || !(c.area > 0.0) || !(c.gap < 0.0)) continue;
          p.contacts += 1.0 / static_cast<double>(poses.size());
          p.area += c.area / static_cast<double>(poses.size());
          // The force on the sphere: along the normal from A to B, whichever body is A.
          const double towards_sphere = c.body_b == 1 ? 1.0 : -1.0;
          force += c.area * (-c.gap) * towards_sphere * c.normal.y();
        }
        sum += force;
        squares += force * force;
      }
      const double n = static_cast<double>(poses.size());
      p.force = sum / n;
      p.force_spread = n > 1 ? std::sqrt(std::max(0.0, (squares - sum * sum / n) / (n - 1.0))) : 0.0;
      result.points.push_back(p);
    }
    if (request.progress) {
      request.progress(
          fmt::format("sphere of {} triangles on a {} x {} plate: meshes {:.1f} s, contacts {:.2f} s per depth",
                      scene.bodies[1].shape->surface.triangle_count(), divisions, divisions, meshing,
                      result.points.back().seconds));
    }
  }
  return result;
}

}  // namespace contactlab
