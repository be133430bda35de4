#include "contactlab/report/penalty_stability_tables.h"

#include "plot_canvas.h"
#include "text_table.h"

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

namespace contactlab {
namespace {

std::string integrator_title(PenaltyIntegrator integrator) {
  return integrator == PenaltyIntegrator::penalty ? "symplectic Euler" : "CPF";
}

}  // namespace

std::string penalty_stability_table(const PenaltyStabilityResult& result) {
  report_detail::TextTable table;
  table.header.push_back({"case", "integrator", "largest stable ω h", "seed §C", "error"});
  const auto add = [&](const std::string& name, const std::vector<IntegratorStability>& list) {
    for (const IntegratorStability& s : list) {
      table.rows.push_back({name, integrator_title(s.integrator), fmt::format("{:.4f}", s.measured),
                            fmt::format("{:.4f}", s.analytic), fmt::format("{:+.2f} %", 100.0 * s.relative_error())});
    }
  };
  add("particle on a plane", result.particle);
  if (!result.body.empty()) add(result.body_name + " (" + result.method + ")", result.body);
  std::string out = fmt::format(
      "Penalty stability (seed 001 §C): the largest step with the energy about the equilibrium bounded "
      "(growth ≤ {:g}) over {} steps (particle, ω = √(k/m)) and {} steps ({}, ω = its fastest mode)\n",
      result.request.growth_limit, result.request.steps, result.request.body_steps,
      result.body.empty() ? "no body" : result.body_name);
  out += table.render();
  if (!result.body.empty()) {
    out += fmt::format("{}: {} penetrating contacts of k = {:g} N/m at rest, fastest mode ω = {:.4g} rad/s\n",
                       result.body_name, result.body_contacts, result.body_stiffness, result.body_omega_max);
  }
  if (!result.bounces.empty()) {
    report_detail::TextTable bounce;
    bounce.header.push_back({"bounce", "integrator", "ω h", "energy after / before", "seed §C", "difference"});
    for (const BounceEnergy& b : result.bounces) {
      bounce.rows.push_back({b.name, integrator_title(b.integrator), fmt::format("{:.4g}", b.omega_h),
                             fmt::format("{:.6f}", b.measured), fmt::format("{:.6f}", b.predicted),
                             fmt::format("{:+.3f} %", 100.0 * (b.measured - b.predicted) / b.predicted)});
    }
    out += "\nBounces without gravity: the energy kept (seed: CPF's (1 − (ω h)²/2)^(π/θ), symplectic Euler's 1)\n";
    out += bounce.render();
  }
  if (result.stopped) out += "(stopped before the end: incomplete)\n";
  return out;
}

std::string penalty_stability_csv(const PenaltyStabilityResult& result) {
  std::string out = "case,integrator,omega_h,energy_growth\n";
  const auto add = [&](const std::string& name, const std::vector<IntegratorStability>& list) {
    for (const IntegratorStability& s : list) {
      for (const StabilitySweepPoint& p : s.sweep) {
        out += fmt::format("{},{},{:.6g},{:.6g}\n", name, to_string(s.integrator), p.omega_h, p.growth);
      }
    }
  };
  add("particle", result.particle);
  add(result.body_name, result.body);
  return out;
}

std::string penalty_stability_json(const PenaltyStabilityResult& result) {
  using Json = nlohmann::ordered_json;
  Json root;
  root["format"] = "contactlab-penalty-stability";
  root["version"] = 1;
  root["steps"] = result.request.steps;
  root["body_steps"] = result.request.body_steps;
  root["growth_limit"] = result.request.growth_limit;
  root["stopped"] = result.stopped;
  const auto list = [&](const std::vector<IntegratorStability>& in) {
    Json out = Json::array();
    for (const IntegratorStability& s : in) {
      Json sweep = Json::array();
      for (const StabilitySweepPoint& p : s.sweep) {
        sweep.push_back({{"omega_h", p.omega_h}, {"energy_growth", std::isfinite(p.growth) ? Json(p.growth) : Json()}});
      }
      out.push_back({{"integrator", to_string(s.integrator)},
                     {"largest_stable_omega_h", s.measured},
                     {"seed_bound", s.analytic},
                     {"relative_error", s.relative_error()},
                     {"sweep", std::move(sweep)}});
    }
    return out;
  };
  root["particle"] = list(result.particle);
  Json bounces = Json::array();
  for (const BounceEnergy& b : result.bounces) {
    bounces.push_back({{"case", b.name},
                       {"integrator", to_string(b.integrator)},
                       {"omega_h", b.omega_h},
                       {"energy_ratio", std::isfinite(b.measured) ? Json(b.measured) : Json()},
                       {"predicted", b.predicted}});
  }
  root["bounces"] = std::move(bounces);
  if (!result.body.empty()) {
    root["body"] = {{"name", result.body_name},
                    {"method", result.method},
                    {"contacts", result.body_contacts},
                    {"stiffness", result.body_stiffness},
                    {"fastest_mode", result.body_omega_max},
                    {"integrators", list(result.body)}};
  }
  return root.dump(2) + "\n";
}

PlotImages penalty_stability_plot(const PenaltyStabilityResult& result) {
  report_detail::SmallMultiples figure;
  figure.title = "Penalty stability: energy growth over a run against ω h (seed 001 §C)";
  figure.note = "dashed: the seed's bound (2, √2)";
  figure.x_label = "ω h";
  figure.y_label = "log10 energy growth";
  figure.y_min = -2.0;
  figure.y_max = 2.0;
  // The particle's sweeps are uniform in ω h: the x axis is labelled in ω h.
  if (!result.particle.empty() && result.particle.front().sweep.size() >= 2) {
    figure.x_origin = result.particle.front().sweep[0].omega_h;
    figure.x_scale = result.particle.front().sweep[1].omega_h - figure.x_origin;
  }
  for (const IntegratorStability& s : result.particle) {
    report_detail::Panel panel;
    panel.title = "particle, " + integrator_title(s.integrator);
    panel.subtitle = fmt::format("stable up to ω h = {:.4f} (seed {:.4f})", s.measured, s.analytic);
    for (const StabilitySweepPoint& p : s.sweep) {
      const double value = std::log10(std::max(p.growth, 1e-300));
      panel.values.push_back(std::isfinite(value) ? std::clamp(value, -20.0, 40.0) : 40.0);
      figure.y_min = std::min(figure.y_min, panel.values.back());
      figure.y_max = std::max(figure.y_max, panel.values.back());
    }
    panel.empty_message = "no sweep";
    figure.panel_x_lines.push_back(s.analytic);
    figure.panels.push_back(std::move(panel));
  }
  figure.reference_lines.push_back(std::log10(result.request.growth_limit));
  figure.note += fmt::format("; horizontal: the growth limit {:g}", result.request.growth_limit);
  return report_detail::render_small_multiples(figure);
}

}  // namespace contactlab
