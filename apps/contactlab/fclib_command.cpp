// `contactlab fclib FILE...`: what an FCLIB file holds (io/fclib.h) — contacts, W's size and
// non-zeros, the friction coefficients, ‖q‖ — and, when it stores a solution, that solution's error
// in Siconos' measure (solver/friction_contact_error.h) and whether its u equals W r + q. For
// problems exported by `contactlab simulate --export-fclib` and for FCLIB's own collection. A file
// that is not a valid FCLIB local problem: exit status 2, the file and the problem named, and the
// files before it already printed.
#include "commands.h"

#include "contactlab/io/fclib.h"
#include "contactlab/solver/friction_contact_error.h"

#include <fmt/core.h>

#include <memory>
#include <string>
#include <vector>

namespace contactlab::cli {
namespace {

void describe(const std::string& path) {
  const FclibProblem p = read_fclib(path);
  fmt::print("{}: {} contacts, W {}x{} with {} non-zeros, mu {:.3g} to {:.3g}, |q| {:.6g}\n", path, p.contact_count(),
             p.delassus.rows(), p.delassus.cols(), p.delassus.nonZeros(),
             p.friction.size() ? p.friction.minCoeff() : 0.0, p.friction.size() ? p.friction.maxCoeff() : 0.0,
             p.free_velocity.norm());
  if (!p.title.empty()) fmt::print("  title: {}\n", p.title);
  if (!p.impulses) {
    fmt::print("  no solution stored\n");
    return;
  }
  const Eigen::VectorXd u = p.delassus * *p.impulses + p.free_velocity;
  fmt::print("  solution: fc3d error {:.6g} (Siconos' measure, relative to |q|), |u - (W r + q)| {:.3g}\n",
             friction_contact_error(p.delassus, p.free_velocity, p.friction, *p.impulses), (u - *p.velocities).norm());
}

}  // namespace

void add_fclib_command(CLI::App& app) {
  auto files = std::make_shared<std::vector<std::string>>();
  CLI::App* cmd =
      app.add_subcommand("fclib", "Describe FCLIB files (HDF5 contact problems) and their stored solutions");
  cmd->add_option("FILE", *files, "FCLIB local problem files (.hdf5)")->required();
  cmd->callback([files] {
    for (const std::string& path : *files) describe(path);
  });
}

}  // namespace contactlab::cli
