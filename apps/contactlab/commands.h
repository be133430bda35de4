// Subcommands of the contactlab CLI. Each registers itself on the app; callbacks throw
// contactlab::InputError for bad input, which main() reports with exit status 2.
#pragma once

#include <CLI/CLI.hpp>

namespace contactlab::cli {

void add_mesh_commands(CLI::App& app);
void add_demo_command(CLI::App& app);
void add_scene_commands(CLI::App& app);
void add_contacts_command(CLI::App& app);
void add_view_command(CLI::App& app);
void add_assess_command(CLI::App& app);

}  // namespace contactlab::cli
