// `contactlab methods` and `contactlab contacts SCENE --method M [-o contacts.json] [--csv]`.
// Besides the registered methods there is `ground-truth`: a contact at every corner of every planar
// ground-truth contact polygon, with the true normal — the reference the viewer and the assessment
// are checked against.
#include "commands.h"
#include "option_checks.h"

#include "contactlab/contact/generate_contacts.h"
#include "contactlab/contact/ground_truth_contacts.h"
#include "contactlab/core/error.h"
#include "contactlab/core/input_limits.h"
#include "contactlab/core/output_files.h"
#include "contactlab/io/contacts_csv.h"
#include "contactlab/io/contacts_json.h"
#include "contactlab/suite/load_scene.h"

#include <fmt/core.h>

#include <limits>
#include <memory>
#include <optional>

namespace contactlab::cli {
namespace {

struct ContactsArgs {
  std::string scene, method, output, sparsify_text;
  bool refined = false, csv = false, stages = false;
  int threads = 0;
  std::optional<SparsifyOptions> sparsify;
};

std::string method_names() {
  std::string names = "ground-truth";
  for (const ContactMethod* m : contact_methods()) names += ", " + m->name();
  return names;
}

void run_contacts(const ContactsArgs& args) {
  const ContactMethod* method = find_contact_method(args.method);
  if (!method && args.method != "ground-truth") {
    throw InputError("--method", 0,
                     "unknown method '" + quoted_excerpt(args.method) + "': expected one of " + method_names());
  }
  const Scene scene = load_scene(args.scene, {.refined = args.refined});
  ContactSet set;
  if (method) {
    GenerateStatistics stats;
    // --sparsify overrides the scene's own "sparsify".
    const std::optional<SparsifyOptions> sparsify = args.sparsify ? args.sparsify : scene.sparsify;
    set = generate_contacts(scene, *method,
                            {.settings = {}, .threads = args.threads, .sparsify = sparsify, .time_stages = args.stages},
                            &stats);
    fmt::print(stderr, "{} on {}: {} contacts from {} tet pairs of {} body pairs in {:.3f} ms\n", method->name(),
               scene.name, set.contacts.size(), stats.element_pairs, stats.body_pairs, stats.seconds * 1e3);
    if (args.stages) {
      const GenerateStageSeconds& s = stats.stages;
      fmt::print(stderr,
                 "stages (ms; tet pairs, kernels and merge summed over the body pairs): posing {:.3f}, checks {:.3f}, "
                 "shape data {:.3f}, bodies {:.3f}, tet pairs {:.3f}, planes {:.3f}, kernels {:.3f}, merge {:.3f}, "
                 "output {:.3f}\n",
                 s.posing * 1e3, s.checks * 1e3, s.shape_data * 1e3, s.bodies * 1e3, s.tet_pairs * 1e3, s.planes * 1e3,
                 s.kernels * 1e3, s.merge * 1e3, s.output * 1e3);
    }
    if (sparsify) {
      fmt::print(stderr,
                 "sparsified: {} deleted ({} by area < minarea, {} by area < threshold × a topologically adjacent "
                 "contact's, {} within mindist of a larger one)\n",
                 stats.sparsified.total(), stats.sparsified.by_area, stats.sparsified.by_threshold,
                 stats.sparsified.by_distance);
    }
  } else {
    if (!scene.ground_truth) throw InputError(args.scene, 0, "the scene has no ground truth");
    set = contacts_from_ground_truth(scene);
  }
  if (!args.output.empty()) {
    write_contacts_json(args.output, set, scene);
    fmt::print(stderr, "wrote {} contacts to {}\n", set.contacts.size(), args.output);
  }
  if (args.csv) {
    fmt::print("{}", contacts_to_csv(set, scene));
  } else if (args.output.empty()) {
    fmt::print("{}\n", contacts_to_json(set, scene));
  }
}

}  // namespace

void add_contacts_command(CLI::App& app) {
  auto args = std::make_shared<ContactsArgs>();
  CLI::App* cmd = app.add_subcommand("contacts", "Generate contacts for a scene (JSON as the viewer reads it, or CSV)");
  cmd->add_option("SCENE", args->scene, "built-in scene name or scene JSON path")->required();
  cmd->add_option("--method", args->method, "contact method (see `contactlab methods`) or ground-truth")->required();
  cmd->add_option("--threads", args->threads, "worker threads (0: all cores)")
      ->check(integer_in(0, std::numeric_limits<int>::max(), "an integer ≥ 0 (0: all cores)"));
  cmd->add_flag("--refined", args->refined, "refined tet meshes");
  CLI::Option* output =
      cmd->add_option("-o,--output", args->output, "write the contacts JSON here (else it goes to stdout)");
  cmd->add_flag("--csv", args->csv, "print the contacts as CSV on stdout");
  cmd->add_flag("--stages", args->stages,
                "print where the call's time went, by the driver's stages (GenerateStageSeconds), on stderr");
  add_sparsify_option(cmd, args->sparsify_text);
  cmd->callback([args, output, cmd] {
    args->sparsify = sparsify_from_option(cmd, args->sparsify_text);
    // Before the contacts are generated, not after; and `-o ""` is a bad path, not "no -o".
    if (output->count() > 0) check_output_file(args->output);
    run_contacts(*args);
  });

  CLI::App* list = app.add_subcommand("methods", "List the contact methods");
  list->callback([] {
    for (const ContactMethod* m : contact_methods()) fmt::print("{:<18} {}\n", m->name(), m->summary());
    fmt::print("{:<18} {}\n", "ground-truth",
               "a contact at each corner of each planar ground-truth polygon (reference)");
  });
}

}  // namespace contactlab::cli
