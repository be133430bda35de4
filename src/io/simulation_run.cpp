// Simulation run writer (docs/simulation-format.md). Frames are written with fmt, whose "{}" is the
// shortest text that reads back as the same double (fmt ≥ 7, Dragonbox): the frames of a long run
// of the wall are large, and nlohmann's DOM would double the memory and the time.
#include "contactlab/io/simulation_run.h"

#include "contactlab/core/json_support.h"
#include "contactlab/core/output_files.h"
#include "contactlab/dynamics/contact_constraints.h"
#include "contactlab/scene/scene_json.h"

#include <fmt/core.h>

#include <iterator>
#include <variant>

namespace contactlab {
namespace {

using json::Json;

void append_vec(std::string& out, const Vec3& v) {
  fmt::format_to(std::back_inserter(out), "{},{},{}", v.x(), v.y(), v.z());
}

Json parameters_json(const std::map<std::string, ParameterValue>& parameters) {
  Json out = Json::object();
  for (const auto& [name, value] : parameters) {
    std::visit([&, name = name](const auto& x) { out[name] = x; }, value);
  }
  return out;
}

}  // namespace

SimulationRunWriter::SimulationRunWriter(const Scene& initial, const std::vector<RigidBody>& bodies,
                                         RunDescription description)
    : initial_(initial), description_(std::move(description)) {
  initial_.ground_truth.reset();
  for (const RigidBody& b : bodies) masses_.push_back(b.mass);
  timings_ = fmt::format("# threads {}\nstep,contact_seconds,solver_seconds\n", description_.settings.contacts.threads);
}

SimulationRunWriter::FrameSummary SimulationRunWriter::energies(const std::vector<RigidBody>& bodies) const {
  FrameSummary s;
  for (const RigidBody& b : bodies) {
    s.kinetic += b.kinetic_energy();
    s.potential += b.potential_energy(initial_.gravity);
  }
  return s;
}

std::string SimulationRunWriter::frame_line(int frame, const std::vector<RigidBody>& bodies,
                                            const StepReport* report) const {
  std::string out;
  auto it = std::back_inserter(out);
  fmt::format_to(it, "{{\"frame\":{},\"time\":{},\"bodies\":[", frame, frame * description_.settings.time_step);
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const RigidBody& b = bodies[i];
    out += i ? ",[" : "[";
    append_vec(out, b.origin());
    fmt::format_to(it, ",{},{},{},{},", b.orientation.w(), b.orientation.x(), b.orientation.y(), b.orientation.z());
    append_vec(out, b.linear_velocity);
    out += ',';
    append_vec(out, b.angular_velocity);
    out += ']';
  }
  out += "],\"contacts\":[";
  if (report) {
    // Impulses per contact; contacts that became no constraint (between two fixed bodies) have 0.
    std::vector<Vec3> impulse(report->contacts.contacts.size(), Vec3::Zero());
    for (std::size_t k = 0; k < report->constrained.size(); ++k) {
      impulse[report->constrained[k]] = report->solve.impulses[k];
    }
    for (std::size_t i = 0; i < report->contacts.contacts.size(); ++i) {
      const Contact& c = report->contacts.contacts[i];
      const ContactFrame f = contact_frame(c.normal, bodies[static_cast<std::size_t>(c.body_a)].orientation);
      const Vec3 friction = impulse[i].y() * f.tangent + impulse[i].z() * f.bitangent;
      fmt::format_to(it, "{}[{},{},", i ? "," : "", c.body_a, c.body_b);
      append_vec(out, c.position);
      out += ',';
      append_vec(out, c.normal);
      fmt::format_to(it, ",{},{},", c.gap, impulse[i].x());
      append_vec(out, friction);
      out += ']';
    }
  }
  out += "]}\n";
  return out;
}

void SimulationRunWriter::record_step(const std::vector<RigidBody>& before, const StepReport& report) {
  const int frame = steps();
  if (frame == 0) method_parameters_ = report.contacts.parameters;
  FrameSummary s = energies(before);
  s.contacts = report.contacts.contacts.size();
  s.constraints = report.constrained.size();
  s.iterations = report.solve.iterations;
  s.rejected_sweeps = report.solve.rejected_sweeps;
  s.merit = report.solve.merit;
  s.initial_merit = report.solve.initial_merit;
  summaries_.push_back(s);
  frames_ += frame_line(frame, before, &report);
  fmt::format_to(std::back_inserter(timings_), "{},{},{}\n", frame + 1, report.contact_seconds, report.solver_seconds);
}

void SimulationRunWriter::write(const std::string& dir, const RigidSimulation& sim, bool complete) {
  const int steps = this->steps();
  const FrameSummary last = energies(sim.bodies());
  std::string frames = frames_ + frame_line(steps, sim.bodies(), nullptr);

  Json root = Json::object();
  root["format"] = kRunFormatName;
  root["version"] = kRunFormatVersion;
  root["scene"] = initial_.name;
  Json method = Json::object();
  method["name"] = description_.method;
  method["parameters"] = parameters_json(method_parameters_);
  root["method"] = std::move(method);
  root["time_step"] = description_.settings.time_step;
  root["gravity"] = {initial_.gravity.x(), initial_.gravity.y(), initial_.gravity.z()};
  Json solver = Json::object();
  solver["name"] = description_.settings.penalty_integrator ? to_string(*description_.settings.penalty_integrator)
                                                            : solver_record_name(description_.settings.solver_kind);
  if (description_.settings.penalty_integrator) {
    solver["stiffness"] = description_.settings.penalty.stiffness;
    solver["damping"] = description_.settings.penalty.damping;
    solver["law"] = to_string(description_.settings.penalty.law);
  }
  if (description_.settings.solver_kind == ContactSolverKind::lcp ||
      description_.settings.solver_kind == ContactSolverKind::lcp_lemke) {
    solver["friction_directions"] = description_.settings.friction_directions;
  }
  solver["max_iterations"] = description_.settings.solver.max_iterations;
  solver["tolerance"] = description_.settings.solver.tolerance;
  solver["warm_start"] = description_.settings.warm_start;
  root["solver"] = std::move(solver);
  root["steps_requested"] = description_.steps_requested;
  root["steps"] = steps;
  root["complete"] = complete;
  root["final_scene"] = "final-scene.json";
  root["final_scene_ground_truth"] =
      "dropped: the interfaces of the initial scene's ground truth are exact only at t = 0";
  Json bodies = Json::array();
  for (std::size_t i = 0; i < initial_.bodies.size(); ++i) {
    Json b = Json::object();
    b["name"] = initial_.bodies[i].name;
    b["fixed"] = initial_.bodies[i].fixed;
    b["mass"] = masses_[i];
    bodies.push_back(std::move(b));
  }
  root["bodies"] = std::move(bodies);
  // Per frame (steps + 1 of them; the last has no step, so its step fields are 0).
  Json time = Json::array(), kinetic = Json::array(), potential = Json::array(), contacts = Json::array(),
       constraints = Json::array(), iterations = Json::array(), rejected = Json::array(), merit = Json::array(),
       initial_merit = Json::array();
  for (int k = 0; k <= steps; ++k) {
    const FrameSummary& s = k < steps ? summaries_[k] : last;
    time.push_back(k * description_.settings.time_step);
    kinetic.push_back(s.kinetic);
    potential.push_back(s.potential);
    contacts.push_back(s.contacts);
    constraints.push_back(s.constraints);
    iterations.push_back(s.iterations);
    rejected.push_back(s.rejected_sweeps);
    merit.push_back(s.merit);
    initial_merit.push_back(s.initial_merit);
  }
  Json frames_summary = Json::object();
  frames_summary["time"] = std::move(time);
  frames_summary["kinetic_energy"] = std::move(kinetic);
  frames_summary["potential_energy"] = std::move(potential);
  frames_summary["contacts"] = std::move(contacts);
  frames_summary["constraints"] = std::move(constraints);
  frames_summary["solver_iterations"] = std::move(iterations);
  frames_summary["solver_rejected_sweeps"] = std::move(rejected);
  frames_summary["solver_initial_merit"] = std::move(initial_merit);
  frames_summary["solver_merit"] = std::move(merit);
  root["frames"] = std::move(frames_summary);

  AtomicFileSet files;
  files.create_folder(dir);
  files.add(dir + "/run.json", json::pretty_json(root, dir + "/run.json") + "\n");
  files.add(dir + "/frames.ndjson", frames);
  files.add(dir + "/timings.csv", timings_);
  files.add(dir + "/final-scene.json", scene_to_json(sim.scene()));
  files.commit();
}

}  // namespace contactlab
