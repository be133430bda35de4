// CCD benchmark (issue 18): the inclusion method and the seed's cubic baseline on the public CCD
// benchmark's query files (data/ccd-sample-queries/, or the files given), same run. Per file and in
// total: queries, collisions of the exact ground truth, false negatives, false positives, the time
// per query (median of the repetitions' whole-file times / queries), and for the inclusion method the
// boxes it examined (mean, largest) and how often its box budget ran out. Plain runner:
//   ccd_bench [--repetitions N] [--quick] [FILE...]
// --quick: one repetition of the unit-tests set only (the CI smoke run).
#include "contactlab/ccd/cubic_ccd.h"
#include "contactlab/ccd/inclusion_ccd.h"
#include "contactlab/ccd/query_file.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace {

using namespace contactlab;
namespace fs = std::filesystem;

struct Row {
  std::size_t queries = 0, collisions = 0, fn = 0, fp = 0, boxes = 0, most_boxes = 0, exhausted = 0;
  double seconds = 0.0;
  std::vector<double> single;  ///< each query's own time (one timed call per query, after the repetitions)
};

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  return v[static_cast<std::size_t>(p * static_cast<double>(v.size() - 1))];
}

Row run(const std::vector<CcdQueryRecord>& records, bool cubic, int repetitions) {
  Row row;
  std::vector<double> times;
  std::vector<CcdResult> results(records.size());
  for (int rep = 0; rep < repetitions; ++rep) {
    const auto start = std::chrono::steady_clock::now();
    for (std::size_t q = 0; q < records.size(); ++q) {
      results[q] = cubic ? cubic_ccd(records[q].query) : inclusion_ccd(records[q].query);
    }
    times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(times.begin(), times.end());
  row.seconds = times[times.size() / 2];
  for (const CcdQueryRecord& r : records) {  // the distribution over queries: each timed alone
    const auto start = std::chrono::steady_clock::now();
    const CcdResult x = cubic ? cubic_ccd(r.query) : inclusion_ccd(r.query);
    row.single.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    if (x.toi < 0.0) std::abort();  // keeps the call
  }
  for (std::size_t q = 0; q < records.size(); ++q) {
    ++row.queries;
    row.collisions += records[q].collides ? 1 : 0;
    row.fn += records[q].collides && !results[q].collides ? 1 : 0;
    row.fp += !records[q].collides && results[q].collides ? 1 : 0;
    row.boxes += static_cast<std::size_t>(results[q].boxes);
    row.most_boxes = std::max(row.most_boxes, static_cast<std::size_t>(results[q].boxes));
    row.exhausted += results[q].exhausted ? 1 : 0;
  }
  return row;
}

void add(Row& total, const Row& r) {
  total.queries += r.queries;
  total.collisions += r.collisions;
  total.fn += r.fn;
  total.fp += r.fp;
  total.boxes += r.boxes;
  total.most_boxes = std::max(total.most_boxes, r.most_boxes);
  total.exhausted += r.exhausted;
  total.seconds += r.seconds;
  total.single.insert(total.single.end(), r.single.begin(), r.single.end());
}

void print(const std::string& name, const char* method, const Row& r) {
  std::printf("%-52s %-9s %7zu %5zu %4zu %5zu %10.3f %8.3f %8.3f %9.1f %9zu %5zu\n", name.c_str(), method, r.queries,
              r.collisions, r.fn, r.fp, r.queries ? 1e6 * r.seconds / static_cast<double>(r.queries) : 0.0,
              1e6 * percentile(r.single, 0.5), 1e6 * percentile(r.single, 0.9),
              r.queries ? static_cast<double>(r.boxes) / static_cast<double>(r.queries) : 0.0, r.most_boxes,
              r.exhausted);
}

}  // namespace

int main(int argc, char** argv) {
  int repetitions = 5;
  bool quick = false;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--repetitions" && i + 1 < argc) {
      repetitions = std::max(1, std::atoi(argv[++i]));
    } else if (a == "--quick") {
      quick = true;
    } else if (!a.empty() && a[0] == '-') {
      std::fprintf(stderr, "usage: ccd_bench [--repetitions N] [--quick] [FILE...]\n");
      return 2;
    } else {
      files.push_back(a);
    }
  }
  if (files.empty()) {
    const fs::path root = fs::path(CONTACTLAB_DATA_DIR) / "ccd-sample-queries" / (quick ? "unit-tests" : "");
    for (const auto& e : fs::recursive_directory_iterator(root)) {
      if (e.path().extension() == ".csv") files.push_back(e.path().string());
    }
    std::sort(files.begin(), files.end());
  }
  if (quick) repetitions = 1;
  try {
    std::printf(
        "ccd_bench: %d repetitions; us/query = median whole-file time / queries (the mean); p50, p90: "
        "percentiles of the queries' own times (each timed alone once); boxes: the inclusion method's (t, u, v) "
        "boxes per query, mean and largest; spent: box budget ran out (conservative hit)\n",
        repetitions);
    std::printf("%-52s %-9s %7s %5s %4s %5s %10s %8s %8s %9s %9s %5s\n", "file", "method", "queries", "hits", "FN",
                "FP", "us/query", "p50 us", "p90 us", "boxes", "max boxes", "spent");
    Row total_inclusion, total_cubic;
    for (const std::string& path : files) {
      const std::vector<CcdQueryRecord> records = read_ccd_queries(path, ccd_kind_from_path(path));
      const std::string name = fs::path(path).parent_path().parent_path().filename().string() + "/" +
                               fs::path(path).parent_path().filename().string() + "/" +
                               fs::path(path).filename().string();
      const Row inclusion = run(records, false, repetitions), cubic = run(records, true, repetitions);
      print(name, "inclusion", inclusion);
      print(name, "cubic", cubic);
      add(total_inclusion, inclusion);
      add(total_cubic, cubic);
    }
    print("total", "inclusion", total_inclusion);
    print("total", "cubic", total_cubic);
    return total_inclusion.fn == 0 ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ccd_bench: %s\n", e.what());
    return 2;
  }
}
