// Simulation run reader (docs/simulation-format.md): what `contactlab view RUN` plays.
#include "contactlab/core/error.h"
#include "contactlab/core/json_fields.h"
#include "contactlab/io/simulation_run.h"
#include "contactlab/scene/scene_json.h"

#include <cmath>
#include <fstream>
#include <string>

namespace contactlab {
namespace {

using json::element_path;
using json::field_path;
using json::Json;

class RunReader : json::FieldReader {
 public:
  explicit RunReader(const std::string& source) : FieldReader(source) {}

  void header(const Json& root, SimulationRun& run) const {
    expect(root, "", root.is_object(), "a JSON object");
    const Json& format = required(root, "", "format");
    if (!format.is_string() || format.get<std::string>() != kRunFormatName) {
      fail("format", std::string("expected \"") + kRunFormatName + "\", got " + json::describe(format));
    }
    const Json& version = required(root, "", "version");
    if (!version.is_number_integer() || version.get<long long>() != kRunFormatVersion) {
      fail("version", "expected " + std::to_string(kRunFormatVersion) + ", got " + json::describe(version));
    }
    run.method = string(required(required(root, "", "method"), "method", "name"), "method.name");
    run.time_step = number_at_least(required(root, "", "time_step"), "time_step", 0.0, true);
    const Json& steps = required(root, "", "steps");
    expect(steps, "steps", steps.is_number_integer() && steps.get<long long>() >= 0, "an integer >= 0");
    run.steps = static_cast<int>(steps.get<long long>());
    const Json& complete = required(root, "", "complete");
    expect(complete, "complete", complete.is_boolean(), "true or false");
    run.complete = complete.get<bool>();
    const Json& frames = required(root, "", "frames");
    run.kinetic_energy = series(frames, "kinetic_energy", run.steps + 1);
    run.potential_energy = series(frames, "potential_energy", run.steps + 1);
  }

  /// One line of frames.ndjson (the reader's source names the file and line).
  RunFrame frame(const Json& line, const Scene& scene, int expected_frame) const {
    expect(line, "", line.is_object(), "a JSON object (one frame)");
    const Json& index = required(line, "", "frame");
    expect(index, "frame", index.is_number_integer() && index.get<long long>() == expected_frame,
           "frame " + std::to_string(expected_frame));
    RunFrame out;
    out.time = number(required(line, "", "time"), "time");
    const Json& bodies = required(line, "", "bodies");
    expect(bodies, "bodies", bodies.is_array() && bodies.size() == scene.bodies.size(),
           "an array of " + std::to_string(scene.bodies.size()) + " bodies (the final scene's)");
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      const std::vector<double> v = numbers(bodies[i], element_path("bodies", i), 13);
      out.positions.emplace_back(v[0], v[1], v[2]);
      out.orientations.emplace_back(v[3], v[4], v[5], v[6]);  // as written, like the scene format
    }
    const Json& contacts = required(line, "", "contacts");
    expect(contacts, "contacts", contacts.is_array(), "an array");
    for (std::size_t k = 0; k < contacts.size(); ++k) {
      const std::string path = element_path("contacts", k);
      const std::vector<double> v = numbers(contacts[k], path, 13);
      Contact c;
      for (int side = 0; side < 2; ++side) {
        const double body = v[side];
        if (body != std::floor(body) || body < 0 || body >= static_cast<double>(scene.bodies.size())) {
          fail(path, "body index " + json::describe(contacts[k][side]) + " is not a body of the scene");
        }
        (side == 0 ? c.body_a : c.body_b) = static_cast<Index>(body);
      }
      c.position = Vec3(v[2], v[3], v[4]);
      c.normal = Vec3(v[5], v[6], v[7]);
      c.gap = v[8];
      out.contacts.contacts.push_back(c);
      out.normal_impulses.push_back(v[9]);
    }
    return out;
  }

 private:
  std::vector<double> series(const Json& frames, const char* key, int count) const {
    const std::string path = field_path("frames", key);
    const Json& values = required(frames, "frames", key);
    expect(values, path, values.is_array() && values.size() == static_cast<std::size_t>(count),
           "an array of " + std::to_string(count) + " numbers (steps + 1)");
    std::vector<double> out;
    for (std::size_t i = 0; i < values.size(); ++i) out.push_back(number(values[i], element_path(path, i)));
    return out;
  }

  std::vector<double> numbers(const Json& v, const std::string& path, std::size_t count) const {
    expect(v, path, v.is_array() && v.size() == count, "an array of " + std::to_string(count) + " numbers");
    std::vector<double> out;
    for (std::size_t i = 0; i < count; ++i) out.push_back(number(v[i], element_path(path, i)));
    return out;
  }
};

}  // namespace

SimulationRun read_simulation_run(const std::string& dir) {
  SimulationRun run;
  const std::string run_path = dir + "/run.json";
  RunReader(run_path).header(json::parse_json(json::read_json_text(run_path, "run"), run_path), run);
  run.scene = read_scene_json(dir + "/final-scene.json");
  run.scene.ground_truth.reset();

  const std::string frames_path = dir + "/frames.ndjson";
  std::ifstream in(frames_path);
  if (!in) throw InputError(frames_path, 0, "cannot open the frames of the run");
  std::string text;
  int line_number = 0;
  while (std::getline(in, text)) {
    ++line_number;
    const std::string source = frames_path + ":" + std::to_string(line_number);
    run.frames.push_back(
        RunReader(source).frame(json::parse_json(text, source), run.scene, static_cast<int>(run.frames.size())));
    run.frames.back().contacts.method = run.method;
  }
  if (run.frames.size() != static_cast<std::size_t>(run.steps) + 1) {
    throw InputError(frames_path, line_number,
                     std::to_string(run.frames.size()) + " frames; run.json says " + std::to_string(run.steps) +
                         " steps, so expected " + std::to_string(run.steps + 1));
  }
  return run;
}

}  // namespace contactlab
