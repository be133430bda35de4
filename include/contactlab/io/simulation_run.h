// A simulation run on disk (docs/simulation-format.md): the folder RUN/ that `contactlab simulate`
// writes and `contactlab view RUN` plays.
//
//   RUN/run.json          what was run (scene, method and its parameters, time step, solver), how
//                         far it got (steps, complete), the bodies, and per frame the energies,
//                         contact and constraint counts, solver sweeps and merit
//   RUN/frames.ndjson     one JSON object per line and frame: body poses and velocities, and the
//                         contacts generated at that frame with the impulses the solver gave them
//   RUN/timings.csv       per step the wall time of contact generation and of the solver, and the
//                         thread count: the only file that differs between runs of the same input
//   RUN/final-scene.json  the scene at the last frame, in the scene format: every command takes it
//
// Frame k is the state at t = k h; its contacts and impulses are those of step k + 1, which starts
// from it. The last frame (the state after the last step) has no contacts.
//
// The writer keeps the text in memory and writes the four files all or none (AtomicFileSet) when
// asked, so an error leaves nothing behind; a run stopped early (Ctrl-C) is written as far as it
// got, with complete = false.
#pragma once

#include "contactlab/contact/contact.h"
#include "contactlab/dynamics/rigid_simulation.h"
#include "contactlab/scene/scene.h"

#include <map>
#include <string>
#include <vector>

namespace contactlab {

inline constexpr const char* kRunFormatName = "contactlab-run";
inline constexpr int kRunFormatVersion = 1;

struct RunDescription {
  std::string method;  ///< registry name
  int steps_requested = 0;
  SimulationSettings settings;  ///< time step, solver request, contact threads
};

class SimulationRunWriter {
 public:
  /// `initial`: the scene at t = 0 (names, fixed flags, gravity); `bodies`: its rigid bodies.
  SimulationRunWriter(const Scene& initial, const std::vector<RigidBody>& bodies, RunDescription description);

  /// Records frame k: `before` is the state the step started from, `report` what the step made.
  void record_step(const std::vector<RigidBody>& before, const StepReport& report);

  /// Records the last frame (`sim`'s current state) and writes RUN/ (`dir`) all or none; throws
  /// InputError naming the path on failure.
  void write(const std::string& dir, const RigidSimulation& sim, bool complete);

  int steps() const { return static_cast<int>(summaries_.size()); }

 private:
  struct FrameSummary {
    double kinetic = 0, potential = 0, merit = 0, initial_merit = 0;
    std::size_t contacts = 0, constraints = 0;
    int iterations = 0, rejected_sweeps = 0;
  };
  std::string frame_line(int frame, const std::vector<RigidBody>& bodies, const StepReport* report) const;
  FrameSummary energies(const std::vector<RigidBody>& bodies) const;

  Scene initial_;
  RunDescription description_;
  std::map<std::string, ParameterValue> method_parameters_;  // from the first step's ContactSet
  std::string frames_;
  std::string timings_;
  std::vector<FrameSummary> summaries_;  // one per recorded step (frame k = step k + 1)
  std::vector<double> masses_;
};

/// One frame of a run as read back: the state and the contacts generated from it.
struct RunFrame {
  double time = 0.0;
  std::vector<Vec3> positions;          ///< scene pose per body
  std::vector<Quat> orientations;       ///< scene pose per body
  ContactSet contacts;                  ///< the method's contacts at this frame (none at the last)
  std::vector<double> normal_impulses;  ///< λ_n per contact, N·s
};

/// A run folder read back (for `contactlab view RUN`).
struct SimulationRun {
  Scene scene;  ///< final-scene.json: the shapes, names, fixed flags (poses: the last frame's)
  std::string method;
  int steps = 0;
  bool complete = false;
  double time_step = 0.0;
  std::vector<RunFrame> frames;                          ///< steps + 1
  std::vector<double> kinetic_energy, potential_energy;  ///< per frame, J
};

/// Reads RUN/ (run.json, frames.ndjson, final-scene.json). Throws InputError naming the file and
/// the line (frames.ndjson) or field (run.json) for anything not in the format: a missing file, a
/// different format or version, a frame whose body count differs from the scene's, a body index out
/// of range, a non-finite number.
SimulationRun read_simulation_run(const std::string& dir);

}  // namespace contactlab
