// `contactlab view SCENE|RUN [--contacts FILE …] [-o DIR] [--png FILE] [--tets] [--vtp PREFIX]`:
// writes DIR/index.html — the viewer bundle (viewer/, built with npm) with the scene, its ground
// truth and the contact sets inlined, so the page works offline from a file — and optionally a
// screenshot through headless Chromium (viewer/tools/screenshot.mjs) and VTK .vtp files.
#include "commands.h"
#include "viewer_location.h"

#include "contactlab/core/error.h"
#include "contactlab/core/output_files.h"
#include "contactlab/io/contacts_json.h"
#include "contactlab/io/simulation_run.h"
#include "contactlab/io/viewer_data.h"
#include "contactlab/io/vtp_writer.h"
#include "contactlab/report/viewer_folder.h"
#include "contactlab/suite/load_scene.h"

#include <fmt/core.h>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <stdexcept>

extern char** environ;

namespace contactlab::cli {
namespace {

namespace fs = std::filesystem;

struct ViewArgs {
  std::string scene, output, png, vtp;
  std::vector<std::string> contacts;
  bool refined = false, tets = false;
};

/// viewer/dist's template and bundle; without them there is no page to write.
ViewerBundle load_viewer() {
  ViewerBundleRead read = read_viewer_bundle((viewer_dir() / "dist").string());
  if (!read.bundle) {
    throw std::runtime_error("cannot read " + read.unreadable +
                             " — build the viewer first (scripts/setup.sh installs npm packages; "
                             "`cmake --build --preset default` runs `npm run build` in viewer/)");
  }
  return std::move(*read.bundle);
}

/// Runs `node viewer/tools/screenshot.mjs PAGE PNG` (no shell involved). The tool's own "wrote PNG"
/// line goes to /dev/null: PNG is a temporary the user never sees (render_png says why).
void screenshot(const fs::path& page, const fs::path& png) {
  const std::string tool = (viewer_dir() / "tools" / "screenshot.mjs").string();
  std::vector<std::string> args = {"node", tool, page.string(), png.string()};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, "node", &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) throw std::runtime_error("cannot run node for the screenshot (is Node.js installed?)");
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) throw std::runtime_error("waiting for the screenshot tool failed");
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    throw std::runtime_error("the screenshot tool failed (see its message above); is Debian's chromium installed?");
  }
}

/// A private folder under the system's temporary folder (mkdtemp: no one else's link or file can be
/// in its place), removed with everything in it when the run ends, however it ends.
class ScratchFolder {
 public:
  ScratchFolder() {
    std::string path = (fs::temp_directory_path() / "contactlab-view-XXXXXX").string();
    if (::mkdtemp(path.data()) == nullptr) {
      throw std::runtime_error("cannot create a folder under " + fs::temp_directory_path().string());
    }
    path_ = path;
  }
  ~ScratchFolder() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

/// Renders `page` and writes the PNG to `png` by the rule for output paths (core/output_files.h):
/// Chromium writes into the scratch folder, and the bytes are then written beside `png` and renamed
/// into place, so that Chromium never opens the user's path (a link, a FIFO) and a failed render
/// leaves no partial PNG.
void render_png(const fs::path& page, const std::string& png, const ScratchFolder& scratch) {
  const fs::path rendered = scratch.path() / "screenshot.png";
  screenshot(page, rendered);
  std::ifstream in(rendered, std::ios::binary);
  const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (!in.good() && !in.eof()) throw std::runtime_error("cannot read the screenshot " + rendered.string());
  write_file_atomically(png, bytes);
}

/// PREFIX_surfaces.vtp, then PREFIX_contacts_N.vtp for each of `sets` contact sets.
std::vector<std::string> vtp_paths(const std::string& prefix, std::size_t sets) {
  std::vector<std::string> paths = {prefix + "_surfaces.vtp"};
  for (std::size_t i = 0; i < sets; ++i) paths.push_back(fmt::format("{}_contacts_{}.vtp", prefix, i));
  return paths;
}

/// Which output options were given: a value of "" given is a bad path, not a missing option.
struct ViewOutputs {
  bool folder = false, png = false, vtp = false;
};

/// Every path view writes, checked before anything is built, rendered or written.
void check_view_outputs(const ViewArgs& args, const ViewOutputs& given) {
  if (!given.folder && !given.png && !given.vtp) {
    throw InputError("-o", 0, "expected -o DIR, --png FILE or --vtp PREFIX");
  }
  if (given.folder) check_output_folder(args.output);
  if (given.png) check_output_file(args.png);
  if (given.vtp) {
    check_file_name(args.vtp);
    for (const std::string& path : vtp_paths(args.vtp, args.contacts.size())) check_output_file(path);
  }
}

void write_page(const ViewArgs& args, const std::string& data);

/// A run folder of `contactlab simulate` (docs/simulation-format.md) rather than a scene.
bool is_run_folder(const std::string& path) {
  std::error_code error;
  return fs::is_directory(path, error) && fs::exists(fs::path(path) / "run.json", error);
}

/// The page data of a run: the scene at frame 0, every frame's poses and contacts, and plots of the
/// energies and the contact count.
std::string run_viewer_data(const ViewArgs& args) {
  if (!args.contacts.empty()) {
    throw InputError("--contacts", 0, "a run brings its own contacts, one set per frame; give no --contacts with it");
  }
  if (!args.vtp.empty()) throw InputError("--vtp", 0, "not available for a run (a scene's .vtp files are)");
  SimulationRun run = read_simulation_run(args.scene);
  Scene scene = std::move(run.scene);
  ViewerDataOptions options;
  options.include_tets = args.tets;
  std::vector<double> total, counts;
  for (std::size_t f = 0; f < run.frames.size(); ++f) {
    RunFrame& frame = run.frames[f];
    ViewerFrame out;
    out.time = frame.time;
    out.positions = frame.positions;
    out.orientations = frame.orientations;
    out.contact_sets.emplace_back(run.method, std::move(frame.contacts));
    options.frames.push_back(std::move(out));
    total.push_back(run.kinetic_energy[f] + run.potential_energy[f]);
    counts.push_back(static_cast<double>(options.frames.back().contact_sets[0].second.contacts.size()));
  }
  for (std::size_t i = 0; i < scene.bodies.size(); ++i) {  // the page opens at frame 0
    scene.bodies[i].position = options.frames[0].positions[i];
    scene.bodies[i].orientation = options.frames[0].orientations[i];
  }
  options.plots.push_back({"Energy (relative to frame 0)",
                           "J",
                           {{"kinetic", run.kinetic_energy}, {"potential", run.potential_energy}, {"total", total}}});
  for (auto& [label, values] : options.plots[0].curves) {
    const double start = values.empty() ? 0.0 : values[0];
    for (double& v : values) v -= start;
  }
  options.plots.push_back({"Contacts", "", {{run.method, counts}}});
  fmt::print(stderr, "run of {} with {}: {} frames{}\n", scene.name, run.method, run.frames.size(),
             run.complete ? "" : " (incomplete)");
  return viewer_data_json(scene, {}, options);
}

void run_view(const ViewArgs& args) {
  if (is_run_folder(args.scene)) {
    const std::string data = run_viewer_data(args);
    write_page(args, data);
    return;
  }
  const Scene scene = load_scene(args.scene, {.refined = args.refined});
  std::vector<std::pair<std::string, ContactSet>> sets;
  for (const std::string& file : args.contacts) {
    ContactSet set = read_contacts_json(file, scene);
    std::string label = set.method.empty() ? fs::path(file).stem().string() : set.method;
    for (const auto& [existing, unused] : sets) {
      if (existing == label) label += " (" + fs::path(file).filename().string() + ")";
    }
    sets.emplace_back(label, std::move(set));
  }
  ViewerDataOptions options;
  options.include_tets = args.tets;
  const std::string data = viewer_data_json(scene, sets, options);
  write_page(args, data);
  if (!args.vtp.empty()) {
    const std::vector<std::string> paths = vtp_paths(args.vtp, sets.size());
    AtomicFileSet files;  // the surfaces and every contact set, all or none
    files.add(paths[0], vtp_surfaces(scene, paths[0]));
    for (std::size_t i = 0; i < sets.size(); ++i) files.add(paths[i + 1], vtp_contacts(sets[i].second, paths[i + 1]));
    files.commit();
    fmt::print("wrote {}\n", paths[0]);
    for (std::size_t i = 0; i < sets.size(); ++i) fmt::print("wrote {} ({})\n", paths[i + 1], sets[i].first);
  }
}

/// The page (-o) and the screenshot (--png) of `data`.
void write_page(const ViewArgs& args, const std::string& data) {
  std::optional<ScratchFolder> scratch;
  if (!args.png.empty()) scratch.emplace();
  if (!args.output.empty() || scratch) {
    // Without -o the page only serves the screenshot: it goes to the scratch folder.
    const fs::path dir = args.output.empty() ? scratch->path() / "page" : fs::path(args.output);
    const fs::path page = write_viewer_folder({.dir = dir.string(), .bundle = load_viewer(), .data_json = data});
    if (!args.output.empty()) fmt::print("wrote {}\n", page.string());
    if (scratch) {
      render_png(page, args.png, *scratch);
      fmt::print("wrote {}\n", args.png);
    }
  }
}

}  // namespace

void add_view_command(CLI::App& app) {
  auto args = std::make_shared<ViewArgs>();
  CLI::App* cmd = app.add_subcommand(
      "view", "Write a 3-D viewer page (and optionally a PNG or .vtp files) for a scene and contact sets");
  cmd->add_option("SCENE", args->scene,
                  "built-in scene name, scene JSON path, or a run folder of `contactlab simulate` (played)")
      ->required();
  cmd->add_option("--contacts", args->contacts, "contacts JSON file(s) to show (docs/contacts-format.md)");
  CLI::Option* output = cmd->add_option("-o,--output", args->output, "folder for index.html (created if missing)");
  CLI::Option* png = cmd->add_option("--png", args->png, "render a screenshot through headless Chromium");
  CLI::Option* vtp =
      cmd->add_option("--vtp", args->vtp, "also write PREFIX_surfaces.vtp and PREFIX_contacts_N.vtp for ParaView");
  cmd->add_flag("--refined", args->refined, "refined tet meshes");
  cmd->add_flag("--tets", args->tets, "include the tets (the page can show them)");
  cmd->callback([args, output, png, vtp] {
    check_view_outputs(*args, {.folder = output->count() > 0, .png = png->count() > 0, .vtp = vtp->count() > 0});
    run_view(*args);
  });
}

}  // namespace contactlab::cli
