// Subcommands of the contactlab CLI. Each registers itself on the app; callbacks throw
// contactlab::InputError for bad input, which main() reports with exit status 2, and Interrupted
// when Ctrl-C stopped them (exit status 130).
#pragma once

#include <CLI/CLI.hpp>

namespace contactlab::cli {

void add_mesh_commands(CLI::App& app);
void add_demo_command(CLI::App& app);
void add_scene_commands(CLI::App& app);
void add_contacts_command(CLI::App& app);
void add_view_command(CLI::App& app);
void add_assess_command(CLI::App& app);
void add_simulate_command(CLI::App& app);
void add_study_command(CLI::App& app);
void add_fclib_command(CLI::App& app);
void add_ccd_command(CLI::App& app);

/// Thrown by a command stopped by Ctrl-C after it has left its output in order; main() exits 130
/// (128 + SIGINT, what a shell reports for a process the signal ended).
struct Interrupted {};

}  // namespace contactlab::cli
