#include "contactlab/report/rounded_sphere_tables.h"

#include "text_table.h"

#include <fmt/core.h>
#include <nlohmann/json.hpp>

namespace contactlab {

std::string rounded_sphere_table(const RoundedSphereResult& result) {
  const RoundedSphereRequest& r = result.request;
  report_detail::TextTable table;
  table.header.push_back({"sphere triangles", "edge (m)", "plate", "Δ / R", "contacts", "Σ A δ n_y (m³)",
                          "π Δ² (R − Δ/3)", "error", "spread", "Σ A / cap base"});
  int last = -1;
  for (const RoundedSpherePoint& p : result.points) {
    if (last != -1 && p.subdivisions != last) table.rows.push_back({});
    last = p.subdivisions;
    table.rows.push_back(
        {fmt::format("{}", p.sphere_triangles), fmt::format("{:.4f}", p.mean_edge),
         fmt::format("{0}x{0}", p.plate_divisions), fmt::format("{:.3g} %", 100.0 * p.depth / r.radius),
         fmt::format("{:.0f}", p.contacts), fmt::format("{:.4e}", p.force), fmt::format("{:.4e}", p.law),
         fmt::format("{:+.2f} %", 100.0 * p.relative_error()), fmt::format("{:.2f} %", 100.0 * p.force_spread / p.law),
         fmt::format("{:.4f}", p.area / p.law_area)});
  }
  std::string out = fmt::format(
      "Rounded triangles (seed 000) under the per-area law: a sphere of radius {:g} m pressed Δ into a plate, the "
      "force "
      "per unit pressure stiffness against the elastic-foundation law (roundness {:g}, mean of {} poses; spread: their "
      "standard deviation over the law)\n",
      r.radius, r.roundness, r.poses);
  out += table.render();
  if (result.stopped) out += "(stopped before the end: incomplete)\n";
  return out;
}

std::string rounded_sphere_csv(const RoundedSphereResult& result) {
  std::string out =
      "subdivisions,triangles,mean_edge,plate_divisions,depth,contacts,force,force_spread,law,relative_error,area,"
      "law_area\n";
  for (const RoundedSpherePoint& p : result.points) {
    out += fmt::format("{},{},{:.6g},{},{:.6g},{:.6g},{:.8g},{:.6g},{:.8g},{:.6g},{:.8g},{:.8g}\n", p.subdivisions,
                       p.sphere_triangles, p.mean_edge, p.plate_divisions, p.depth, p.contacts, p.force, p.force_spread,
                       p.law, p.relative_error(), p.area, p.law_area);
  }
  return out;
}

std::string rounded_sphere_json(const RoundedSphereResult& result) {
  using Json = nlohmann::ordered_json;
  Json root;
  root["format"] = "contactlab-rounded-sphere";
  root["version"] = 1;
  root["radius"] = result.request.radius;
  root["roundness"] = result.request.roundness;
  root["poses"] = result.request.poses;
  root["seed"] = result.request.seed;
  root["stopped"] = result.stopped;
  Json points = Json::array();
  for (const RoundedSpherePoint& p : result.points) {
    points.push_back({{"subdivisions", p.subdivisions},
                      {"sphere_triangles", p.sphere_triangles},
                      {"mean_edge", p.mean_edge},
                      {"plate_divisions", p.plate_divisions},
                      {"depth", p.depth},
                      {"contacts", p.contacts},
                      {"force", p.force},
                      {"force_spread", p.force_spread},
                      {"law", p.law},
                      {"relative_error", p.relative_error()},
                      {"area", p.area},
                      {"law_area", p.law_area},
                      {"seconds", p.seconds}});
  }
  root["points"] = std::move(points);
  return root.dump(2) + "\n";
}

}  // namespace contactlab
