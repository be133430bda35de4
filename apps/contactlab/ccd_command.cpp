// `contactlab ccd FILE... [--kind vf|ee] [--method inclusion|cubic|exact] [--min-separation δ]
// [--repetitions N]`: runs every query of the public CCD benchmark's files (ccd/query_file.h) and
// prints, per file and in total, the queries, the collisions of the ground truth, the false
// negatives and false positives, and the time per query (the median over the repetitions of the
// whole file's time, divided by its queries). The kind comes from the path (vertex-face/ or
// edge-edge/) unless --kind gives it. Bad rows: exit 2 with file and line, before any query runs.
// `--method exact` runs the rational-arithmetic oracle (ccd/exact_ccd.h): its FN and FP columns are
// its disagreements with the file's truth flags — a check of a file's ground truth.
#include "commands.h"
#include "option_checks.h"

#include "contactlab/ccd/cubic_ccd.h"
#include "contactlab/ccd/exact_ccd.h"
#include "contactlab/ccd/inclusion_ccd.h"
#include "contactlab/ccd/query_file.h"
#include "contactlab/core/error.h"

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace contactlab::cli {
namespace {

struct CcdArgs {
  std::vector<std::string> files;
  std::string kind, method = "inclusion";
  double min_separation = 0.0;
  int repetitions = 5;
};

struct Tally {
  std::size_t queries = 0, collisions = 0, false_negatives = 0, false_positives = 0;
  double seconds = 0.0;  ///< median time of one pass over the queries
};

void print(const std::string& what, const Tally& t) {
  fmt::print("{:<60} {:>7} {:>10} {:>6} {:>6} {:>12.3f}\n", what, t.queries, t.collisions, t.false_negatives,
             t.false_positives, t.queries ? 1e6 * t.seconds / static_cast<double>(t.queries) : 0.0);
}

void run_ccd(const CcdArgs& args) {
  if (args.method != "inclusion" && args.method != "cubic" && args.method != "exact") {
    throw InputError("--method", 0, "unknown method '" + args.method + "': expected inclusion, cubic or exact");
  }
  if (args.method != "inclusion" && args.min_separation != 0.0) {
    throw InputError("--min-separation", 0, "applies to the inclusion method only");
  }
  std::optional<CcdKind> kind;
  if (args.kind == "vf") kind = CcdKind::kVertexFace;
  if (args.kind == "ee") kind = CcdKind::kEdgeEdge;
  if (!args.kind.empty() && !kind) throw InputError("--kind", 0, "expected vf or ee, got '" + args.kind + "'");
  // Every file read (and checked) before any query runs.
  std::vector<std::vector<CcdQueryRecord>> all;
  for (const std::string& path : args.files)
    all.push_back(read_ccd_queries(path, kind ? *kind : ccd_kind_from_path(path)));
  CcdRequest request;
  request.min_separation = args.min_separation;
  const auto answer = [&](const CcdQuery& q) {
    if (args.method == "cubic") return cubic_ccd(q).collides;
    if (args.method == "exact") return exact_ccd(q);
    return inclusion_ccd(q, request).collides;
  };
  fmt::print("{:<60} {:>7} {:>10} {:>6} {:>6} {:>12}\n",
             fmt::format("{} (min separation {:g})", args.method, args.min_separation), "queries", "collisions", "FN",
             "FP", "us/query");
  Tally total;
  for (std::size_t f = 0; f < all.size(); ++f) {
    Tally t;
    std::vector<double> times;
    std::vector<bool> answers;
    for (int rep = 0; rep < args.repetitions; ++rep) {
      answers.clear();
      const auto start = std::chrono::steady_clock::now();
      for (const CcdQueryRecord& r : all[f]) {
        answers.push_back(answer(r.query));
      }
      times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(times.begin(), times.end());
    t.seconds = times[times.size() / 2];
    for (std::size_t q = 0; q < all[f].size(); ++q) {
      ++t.queries;
      t.collisions += all[f][q].collides ? 1 : 0;
      t.false_negatives += all[f][q].collides && !answers[q] ? 1 : 0;
      t.false_positives += !all[f][q].collides && answers[q] ? 1 : 0;
    }
    print(args.files[f], t);
    total.queries += t.queries;
    total.collisions += t.collisions;
    total.false_negatives += t.false_negatives;
    total.false_positives += t.false_positives;
    total.seconds += t.seconds;
  }
  if (all.size() > 1) print("total", total);
}

}  // namespace

void add_ccd_command(CLI::App& app) {
  auto args = std::make_shared<CcdArgs>();
  CLI::App* cmd = app.add_subcommand(
      "ccd", "Run continuous collision detection on CCD benchmark query files; count false negatives and positives");
  cmd->add_option("FILE", args->files, "query files of the public CCD benchmark's format (CSV of rationals)")
      ->required();
  cmd->add_option("--kind", args->kind, "vf (vertex-face) or ee (edge-edge); default: from the path");
  cmd->add_option("--method", args->method,
                  "inclusion (conservative, no false negatives; default), cubic (the seed's root finding) or exact "
                  "(rational arithmetic: checks the files' truth flags; slow)");
  cmd->add_option("--min-separation", args->min_separation,
                  "report features closer than this as colliding (inclusion only; default 0)")
      ->check(number_in(0.0, 1e300, "a distance >= 0"));
  cmd->add_option("--repetitions", args->repetitions, "timed passes over each file (time = median; default 5)")
      ->check(integer_in(1, 1000, "an integer from 1 to 1000"));
  cmd->callback([args] { run_ccd(*args); });
}

}  // namespace contactlab::cli
