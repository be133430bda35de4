// Simulation runs on disk (io/simulation_run.h): what is written reads back as the same doubles,
// and a damaged run is refused with the file and line or field named.
#include "contactlab/io/simulation_run.h"
#include "contactlab/contact/method.h"
#include "contactlab/core/error.h"
#include "dynamics/box_scenes.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

namespace contactlab {
namespace {

namespace fs = std::filesystem;

struct RunFolder {
  fs::path dir = fs::temp_directory_path() / ("contactlab_run_test_" + std::to_string(::getpid()));
  RunFolder() { fs::remove_all(dir); }
  ~RunFolder() { fs::remove_all(dir); }
};

std::string read(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void write(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }

/// Three steps of a box dropped 1 cm onto the slab, written to `dir`; returns every frame's state.
std::vector<std::vector<RigidBody>> make_run(const fs::path& dir) {
  Scene scene = test::box_on_slab();
  scene.bodies[1].position.y() += 0.01;
  scene.bodies[1].angular_velocity = Vec3(0.1, 0.2, 0.3);
  SimulationSettings settings;
  settings.solver.max_iterations = 20;
  const ContactMethod* method = find_contact_method("volume-sat");
  RigidSimulation sim(scene, *method, settings);
  SimulationRunWriter writer(scene, sim.bodies(), {method->name(), 3, settings});
  std::vector<std::vector<RigidBody>> states = {sim.bodies()};
  for (int n = 0; n < 3; ++n) {
    const std::vector<RigidBody> before = sim.bodies();
    writer.record_step(before, sim.step());
    states.push_back(sim.bodies());
  }
  writer.write(dir.string(), sim, true);
  return states;
}

TEST(SimulationRun, WrittenRunReadsBackBitForBit) {
  RunFolder folder;
  const auto states = make_run(folder.dir);
  const SimulationRun run = read_simulation_run(folder.dir.string());
  EXPECT_EQ(run.method, "volume-sat");
  EXPECT_EQ(run.steps, 3);
  EXPECT_TRUE(run.complete);
  ASSERT_EQ(run.frames.size(), 4u);
  ASSERT_EQ(run.scene.bodies.size(), 2u);
  for (std::size_t f = 0; f < 4; ++f) {
    for (std::size_t i = 0; i < 2; ++i) {
      EXPECT_EQ(run.frames[f].positions[i], states[f][i].origin()) << f << " " << i;
      EXPECT_EQ(run.frames[f].orientations[i].coeffs(), states[f][i].orientation.coeffs()) << f << " " << i;
    }
    double kinetic = 0;
    for (const RigidBody& b : states[f]) kinetic += b.kinetic_energy();
    EXPECT_EQ(run.kinetic_energy[f], kinetic) << f;
  }
  EXPECT_TRUE(run.frames[3].contacts.contacts.empty());  // the last frame has no step
  // The final scene holds the last frame's poses.
  EXPECT_EQ(run.scene.bodies[1].position, states[3][1].origin());
}

// run.json says which solver ran (solver/solve_contacts.h) and, for the polyhedral LCP, its K.
TEST(SimulationRun, RunRecordsTheSolver) {
  RunFolder folder;
  SimulationSettings settings;
  settings.solver.max_iterations = 20;
  settings.solver_kind = ContactSolverKind::lcp;
  settings.friction_directions = 6;
  const ContactMethod* method = find_contact_method("volume-sat");
  RigidSimulation sim(test::box_on_slab(), *method, settings);
  SimulationRunWriter writer(test::box_on_slab(), sim.bodies(), {method->name(), 1, settings});
  const std::vector<RigidBody> before = sim.bodies();
  writer.record_step(before, sim.step());
  writer.write(folder.dir.string(), sim, true);
  const nlohmann::json run = nlohmann::json::parse(read(folder.dir / "run.json"));
  EXPECT_EQ(run["solver"]["name"], "lcp-block-pgs");
  EXPECT_EQ(run["solver"]["friction_directions"], 6);
  EXPECT_EQ(run["solver"]["max_iterations"], 20);
}

TEST(SimulationRun, DamagedRunNamesTheFileAndLine) {
  RunFolder folder;
  make_run(folder.dir);
  const auto message = [&] {
    try {
      read_simulation_run(folder.dir.string());
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  const fs::path frames = folder.dir / "frames.ndjson";
  const std::string good = read(frames);
  // A second line that is not JSON.
  std::string bad = good;
  bad.insert(bad.find('\n') + 1, "{oops");
  write(frames, bad);
  EXPECT_NE(message().find("frames.ndjson:2"), std::string::npos) << message();
  // One body missing from a frame.
  bad = good;
  const std::size_t cut = bad.find("],[");  // end of body 0 of frame 0: drop body 1
  bad.erase(cut + 1, bad.find("]]", cut) - cut);
  write(frames, bad);
  EXPECT_NE(message().find("frames.ndjson:1: bodies: expected an array of 2 bodies"), std::string::npos) << message();
  // A frame too few.
  write(frames, good.substr(0, good.rfind('\n', good.size() - 2) + 1));
  EXPECT_NE(message().find("3 frames; run.json says 3 steps"), std::string::npos) << message();
  write(frames, good);
  EXPECT_EQ(message(), "no error");
  // run.json of another format.
  const fs::path header = folder.dir / "run.json";
  std::string text = read(header);
  text.replace(text.find("contactlab-run"), 14, "contactlab-xyz");
  write(header, text);
  EXPECT_NE(message().find("run.json: format: expected \"contactlab-run\""), std::string::npos) << message();
}

}  // namespace
}  // namespace contactlab
