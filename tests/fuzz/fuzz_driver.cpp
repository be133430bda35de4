// The project's own fuzz engine: a seeded mutation driver for the libFuzzer entry point of a
// target (fuzz_target.h), built with any compiler and run under the asan preset (ASan + UBSan) by
// CTest (label `fuzz`) and by scripts/fuzz_long.sh. docs/errors-and-limits.md "Fuzzing".
//
//   fuzz_<target> [--inputs N] [--first I] [--seed S] [--timeout CPU_SECONDS] [--wall-timeout SECONDS]
//                 [--findings DIR] [--max-len BYTES] [--progress SECONDS] [--inputs-per-child N]
//                 [--corpus FILE_OR_DIR]... [--subtarget NAME] [--allow-findings]
//   fuzz_<target> --list-subtargets
//   fuzz_<target> [--subtarget NAME] FILE...   replays reproducers in this process (findings abort)
//
// Input i of a run is a function of (seed, i) only: the seeds themselves first, then mutations of
// them (mutate.h). A run covers inputs [first, inputs) (--first, default 0), so that one long run
// can be split across machines or sessions into ranges that add up to exactly the same inputs. The inputs run in a child process (its own process group) that writes each
// input into shared memory before running it, so that when the child crashes (a signal, an ASan or
// UBSan report) or an input runs longer than the timeout (a hang: more than --timeout CPU seconds,
// default 1, spent by the child and the processes it starts — TetGen runs in one, see
// src/mesh/run_program.h — or no CPU time at all for --wall-timeout wall seconds, default 60 ×
// timeout: an input that blocks; a busy machine slows an input down but never stops its clock;
// the child's group is killed), the
// driver runs that input again alone in a fresh child; if it is over the limit there too it is a
// suspect and a new child goes on at the next input. After the run each suspect runs alone up to 3
// more times, a second apart: only one over the limit every time is a hang, saved under the
// findings folder (CPU time inflates on an oversubscribed virtual machine); every suspect is
// listed in <findings>/suspects.txt when found, so a stopped run still names them. (An ASan process
// grows input by input, and when the scene target forked TetGen each fork cost CPU in proportion to
// that memory, so an input could be over the limit only in a long-lived child; TetGen is now a
// started program, but a child still runs at most --inputs-per-child inputs, default 1000, and a fresh one
// goes on: a long run keeps the speed of a short one.) A crash is saved at once. NaN,
// broken invariants and exceptions other than InputError are reported by the target and recorded
// without a restart. Findings are grouped by signature (kind + message with digits removed; for a
// crash, the sanitizer's SUMMARY line); the first 3 inputs of each group are saved. Prints, per
// (sub)target: inputs run, accepted, refused, skipped, crashes, hangs, retried, NaN, invariant violations,
// exceptions, time and the slowest input. Exit status 1 when anything was found (0 with
// --allow-findings), 2 for a usage error.
#include "fuzz_target.h"
#include "mutate.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace fs = std::filesystem;
using namespace contactlab::fuzz;

namespace {

constexpr std::size_t kMaxGroups = 256;
constexpr std::size_t kSavedPerGroup = 3;
constexpr std::size_t kMessageLength = 200;
constexpr int kJudgements = 3;  // runs alone after the run that a hang suspect must all be over the limit in

enum Kind { kCrash, kHang, kNaN, kInvariant, kException, kKinds };
const char* kKindNames[kKinds] = {"crash", "hang", "nan", "invariant", "exception"};

struct Group {
  std::uint64_t hash = 0;
  int kind = 0;
  std::uint64_t count = 0;
  char message[kMessageLength] = {};
  char first_path[512] = {};
};

/// State shared with the child (an anonymous shared mapping), followed by the input buffer.
struct Shared {
  std::atomic<std::uint64_t> index;      // input being run (or next to run)
  std::atomic<std::int64_t> started_ns;  // steady clock at its start; 0 between inputs
  std::atomic<std::uint64_t> size;       // its size
  std::atomic<std::uint64_t> done;       // inputs finished (read by the parent for progress)
  std::uint64_t outcomes[3] = {};        // accepted, refused, skipped
  std::uint64_t kinds[kKinds] = {};
  double slowest = 0;
  std::uint64_t slowest_index = 0;
  std::uint64_t group_count = 0;
  Group groups[kMaxGroups];
};

struct Options {
  std::uint64_t inputs = 10000;
  std::uint64_t seed = 1;
  double timeout = 1.0;                   // CPU seconds of the fuzzed process
  double wall_timeout = 0;                // wall seconds without CPU progress (an input that blocks); 0: 60 × timeout
  std::uint64_t first = 0;                // the first input of the range [first, inputs)
  double progress = 60;                   // seconds between progress lines on stderr (0: none)
  std::uint64_t inputs_per_child = 1000;  // a fresh child after this many inputs
  std::size_t max_len = 1 << 20;
  std::string findings;
  std::vector<std::string> corpus;
  std::vector<std::string> replay;
  std::string subtarget;
  bool allow_findings = false;
};

Shared* g_shared = nullptr;
volatile sig_atomic_t g_stop = 0;  // SIGINT/SIGTERM: stop after killing the child, print the figures
void on_stop(int) { g_stop = 1; }
char* g_buffer = nullptr;
std::string g_findings_dir;  // of the (sub)target being run
std::string g_label;

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

std::int64_t cpu_ns(clockid_t clock) {
  timespec t{};
  if (::clock_gettime(clock, &t) != 0) return 0;
  return static_cast<std::int64_t>(t.tv_sec) * 1000000000 + t.tv_nsec;
}

/// CPU time spent by the fuzzed process `pid`, its reaped children and its live children, in ns.
/// The live children are what makes this differ from the process's own clock: the scene loader runs
/// TetGen in its helper program, whose CPU time is invisible to the parent's clock until it is reaped,
/// so a wall-clock limit alone would call a slow-but-busy machine a hang. Read from /proc (clock
/// ticks); -1 when the process is gone.
std::int64_t stat_ticks(const std::string& stat_path, bool with_reaped_children) {
  std::ifstream in(stat_path);
  std::string line;
  if (!std::getline(in, line)) return -1;
  const std::size_t close = line.rfind(')');  // the command name may hold spaces and parentheses
  if (close == std::string::npos) return -1;
  std::istringstream fields(line.substr(close + 2));
  std::string field;
  std::int64_t ticks = 0;
  // Fields after the name, from 3 (state): utime is field 14, stime 15, cutime 16, cstime 17.
  for (int index = 3; index <= 17 && fields >> field; ++index) {
    if (index == 14 || index == 15 || (with_reaped_children && (index == 16 || index == 17)))
      ticks += std::stoll(field);
  }
  return ticks;
}

std::int64_t group_cpu_ns(pid_t pid) {
  static const std::int64_t ns_per_tick = 1000000000 / std::max<long>(1, ::sysconf(_SC_CLK_TCK));
  const std::string root = "/proc/" + std::to_string(pid);
  std::int64_t ticks = stat_ticks(root + "/stat", true);
  if (ticks < 0) return -1;
  std::error_code error;
  for (const auto& task : std::filesystem::directory_iterator(root + "/task", error)) {
    std::ifstream children(task.path() / "children");
    for (pid_t child = 0; children >> child;)
      ticks += std::max<std::int64_t>(0, stat_ticks("/proc/" + std::to_string(child) + "/stat", false));
  }
  return ticks * ns_per_tick;
}

std::uint64_t mix(std::uint64_t x) {  // splitmix64
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

/// The message without digits and hex addresses, for grouping.
std::uint64_t signature(int kind, std::string_view message) {
  std::uint64_t h = 1469598103934665603ull ^ static_cast<std::uint64_t>(kind);
  std::size_t used = 0;
  for (char c : message) {
    if (c == '\n') break;
    if (std::isdigit(static_cast<unsigned char>(c))) continue;
    h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    if (++used == 120) break;
  }
  return h;
}

void write_bytes(const std::string& path, const char* data, std::size_t size) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(data, static_cast<std::streamsize>(size));
}

/// Counts a finding on the current input; saves the input (and `log`, if any) when its group has
/// fewer than kSavedPerGroup saved. Runs in the child (soft findings) or the parent (crash, hang).
void record(int kind, std::string_view message, const std::string& log = {}) {
  Shared& s = *g_shared;
  ++s.kinds[kind];
  const std::uint64_t hash = signature(kind, message);
  Group* group = nullptr;
  for (std::uint64_t i = 0; i < s.group_count; ++i)
    if (s.groups[i].hash == hash) group = &s.groups[i];
  if (!group && s.group_count < kMaxGroups) {
    group = &s.groups[s.group_count++];
    group->hash = hash;
    group->kind = kind;
    const std::size_t n = std::min({message.size(), message.find('\n'), kMessageLength - 1});
    std::memcpy(group->message, message.data(), n);
    group->message[n] = '\0';
  }
  const std::uint64_t count = group ? ++group->count : kSavedPerGroup + 1;
  if (count > kSavedPerGroup) return;
  fs::create_directories(g_findings_dir);
  const std::string base = g_findings_dir + "/" + kKindNames[kind] + "-" + std::to_string(s.index.load());
  write_bytes(base + ".input", g_buffer, s.size.load());
  {
    std::ofstream note(base + ".txt");
    note << g_label << " input " << s.index.load() << ": " << kKindNames[kind] << ": " << message << "\n";
    if (!log.empty()) note << "\n" << log;
  }
  if (count == 1) std::snprintf(group->first_path, sizeof group->first_path, "%s.input", base.c_str());
}

void soft_finding(FindingKind kind, std::string_view message) {
  record(kind == FindingKind::kNaN ? kNaN : kind == FindingKind::kInvariant ? kInvariant : kException, message);
}

std::vector<std::string> load_seeds(const Options& options) {
  std::vector<std::string> seeds = seed_inputs();
  for (const std::string& path : options.corpus) {
    if (fs::is_directory(path)) {
      std::vector<fs::path> files;
      for (const auto& entry : fs::recursive_directory_iterator(path))
        if (entry.is_regular_file()) files.push_back(entry.path());
      std::sort(files.begin(), files.end());
      for (const fs::path& f : files) seeds.push_back(read_file(f.string()));
    } else {
      seeds.push_back(read_file(path));
    }
  }
  return seeds;
}

/// The child: runs inputs [first, end), publishing each before it runs.
[[noreturn]] void child_loop(const Options& options, const std::vector<std::string>& seeds, std::uint64_t first,
                             std::uint64_t end, int log_fd) {
  ::setpgid(0, 0);
#if !defined(__SANITIZE_ADDRESS__)
  // Without ASan (which reserves terabytes of shadow), a 4 GiB address-space limit makes a huge
  // allocation fail with std::bad_alloc, as max_allocation_size_mb does with ASan.
  const rlimit limit{std::uint64_t{4} << 30, std::uint64_t{4} << 30};
  ::setrlimit(RLIMIT_AS, &limit);
#endif
  ::dup2(log_fd, STDERR_FILENO);
  ::close(log_fd);
  if (const int null_fd = ::open("/dev/null", O_WRONLY); null_fd >= 0) {  // TetGen's chatter
    ::dup2(null_fd, STDOUT_FILENO);
    ::close(null_fd);
  }
  set_finding_handler(soft_finding);
  const rlimit no_core{0, 0};  // a crash is recorded, not dumped
  ::setrlimit(RLIMIT_CORE, &no_core);
  // Seeds over 64 KiB (e.g. JSON nested 10^5 deep) run as they are but are not mutated: their
  // mutants would be slow and mostly repeat the seed's finding.
  std::vector<std::string> pool;
  for (const std::string& seed : seeds)
    if (seed.size() <= 65536) pool.push_back(seed);
  if (pool.empty()) pool = seeds;
  Shared& s = *g_shared;
  for (std::uint64_t i = first; i < end; ++i) {
    std::string input;
    if (i < seeds.size()) {
      input = seeds[i].substr(0, options.max_len);
    } else {
      std::mt19937_64 rng(mix(options.seed * 0x100000001b3ull + i));
      input = mutated_input(pool, rng, options.max_len);
    }
    std::memcpy(g_buffer, input.data(), input.size());
    s.size = input.size();
    s.index = i;
    const std::int64_t start = now_ns(), start_cpu = cpu_ns(CLOCK_PROCESS_CPUTIME_ID);
    s.started_ns = start;
    outcome() = Outcome::kSkipped;
    // libFuzzer hands the target a buffer of exactly `size` bytes; so does a fresh copy here, so
    // that ASan sees reads past the end.
    std::vector<std::uint8_t> exact(input.begin(), input.end());
    LLVMFuzzerTestOneInput(exact.data(), exact.size());
    const double seconds = static_cast<double>(cpu_ns(CLOCK_PROCESS_CPUTIME_ID) - start_cpu) * 1e-9;
    (void)start;
    s.started_ns = 0;
    ++s.outcomes[static_cast<int>(outcome())];
    if (seconds > s.slowest) {
      s.slowest = seconds;
      s.slowest_index = i;
    }
    s.done = i + 1;
  }
  std::fflush(nullptr);
  std::exit(0);  // a normal exit: LeakSanitizer checks the child
}

/// The last ASan/UBSan SUMMARY line (or the last line) of a child's stderr log, and the log's tail.
std::pair<std::string, std::string> crash_summary(const std::string& log_path) {
  const std::string log = read_file(log_path);
  std::string summary;
  for (std::size_t at = log.rfind("SUMMARY:"); at != std::string::npos;) {
    summary = log.substr(at, log.find('\n', at) - at);
    break;
  }
  if (summary.empty()) {
    std::size_t end = log.find_last_not_of('\n');
    if (end != std::string::npos) {
      const std::size_t begin = log.rfind('\n', end);
      summary = log.substr(begin == std::string::npos ? 0 : begin + 1,
                           end + 1 - (begin == std::string::npos ? 0 : begin + 1));
    }
  }
  return {summary, log.size() > 20000 ? log.substr(log.size() - 20000) : log};
}

std::string describe_status(int status) {
  if (WIFSIGNALED(status))
    return "signal " + std::to_string(WTERMSIG(status)) + " (" + strsignal(WTERMSIG(status)) + ")";
  return "exit status " + std::to_string(WEXITSTATUS(status));
}

/// How one child ended: its wait status, whether the driver killed it, and whether the kill was
/// for the input it was running (over the CPU limit, or blocked).
struct ChildEnd {
  int status = 0;
  bool killed = false, hung = false, blocked = false;
};

/// What every child of a (sub)target's run shares: limits, the stderr log, the progress clock.
struct ChildContext {
  const Options& options;
  const std::vector<std::string>& seeds;
  const std::string& label;
  std::string log_path;
  std::int64_t timeout_ns = 0, wall_timeout_ns = 0;
  std::chrono::steady_clock::time_point start;
  std::int64_t next_progress = 0;
};

/// Forks a child that runs inputs [first, end) and watches it until it exits, is stopped (Ctrl-C)
/// or runs an input past the limits (then its process group is killed).
ChildEnd run_child(ChildContext& context, std::uint64_t first, std::uint64_t end) {
  const Options& options = context.options;
  const int log_fd = ::open(context.log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (log_fd < 0) {
    std::perror("fuzz: child log");
    std::exit(2);
  }
  g_shared->done = first;
  g_shared->index = first;
  g_shared->started_ns = 0;
  std::fflush(nullptr);
  const pid_t pid = ::fork();
  if (pid < 0) {
    std::perror("fuzz: fork");
    std::exit(2);
  }
  if (pid == 0) child_loop(options, context.seeds, first, end, log_fd);
  ::close(log_fd);
  ::setpgid(pid, pid);
  ChildEnd result;
  // The input being timed, the group's CPU at its start, and when the group's CPU last moved.
  std::int64_t seen_start = 0, start_group_cpu = 0, last_cpu = -1, last_cpu_change = 0;
  for (int poll = 0;; ++poll) {
    const pid_t waited = ::waitpid(pid, &result.status, WNOHANG);
    if (waited == pid) break;
    if (g_stop) {
      ::kill(-pid, SIGKILL);
      ::kill(pid, SIGKILL);
      while (::waitpid(pid, &result.status, 0) < 0 && errno == EINTR) {}
      break;
    }
    const std::int64_t now = now_ns();
    if (options.progress > 0 && now >= context.next_progress) {
      context.next_progress = now + static_cast<std::int64_t>(options.progress * 1e9);
      std::fprintf(stderr, "%s: %llu of inputs [%llu, %llu) done, %.0f s\n", context.label.c_str(),
                   static_cast<unsigned long long>(g_shared->done.load() - options.first),
                   static_cast<unsigned long long>(options.first), static_cast<unsigned long long>(options.inputs),
                   std::chrono::duration<double>(std::chrono::steady_clock::now() - context.start).count());
    }
    const std::int64_t started = g_shared->started_ns.load();
    // A hang: more CPU time than the timeout in the fuzzed process and the processes it started
    // (so a loaded machine does not make one), or no CPU progress at all for the wall timeout
    // (an input that blocks: a starved process still gets some CPU within seconds). The group's
    // CPU is read from /proc at each new input and every 10th poll (20 ms).
    bool over = false;
    if (started != 0 && (started != seen_start || poll % 10 == 0)) {
      const std::int64_t cpu = group_cpu_ns(pid);
      if (started != seen_start) {
        // First seen up to 2 ms after the input began: the baseline misses at most that much.
        seen_start = started;
        start_group_cpu = cpu;
        last_cpu = cpu;
        last_cpu_change = now;
      } else if (cpu >= 0 && start_group_cpu >= 0) {
        if (cpu != last_cpu) last_cpu = cpu, last_cpu_change = now;
        result.blocked = now - last_cpu_change > context.wall_timeout_ns;
        over = cpu - start_group_cpu > context.timeout_ns || result.blocked;
      }
    }
    if (over) {
      ::kill(-pid, SIGKILL);
      ::kill(pid, SIGKILL);
      while (::waitpid(pid, &result.status, 0) < 0 && errno == EINTR) {}
      result.killed = true;
      result.hung = g_shared->started_ns.load() == started;  // not the next input, just begun
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return result;
}

/// Runs one (sub)target for options.inputs inputs; prints its line; returns the number of findings.
std::uint64_t run_target(const Options& options, const std::string& label, const std::string& findings_dir) {
  const std::vector<std::string> seeds = load_seeds(options);
  std::memset(static_cast<void*>(g_shared), 0, sizeof(Shared));
  g_findings_dir = findings_dir;
  g_label = label;
  ChildContext context{
      options,
      seeds,
      label,
      scratch_dir() + "/child-stderr.log",
      static_cast<std::int64_t>(options.timeout * 1e9),
      static_cast<std::int64_t>((options.wall_timeout > 0 ? options.wall_timeout : 60 * options.timeout) * 1e9),
      std::chrono::steady_clock::now(),
      now_ns() + static_cast<std::int64_t>(options.progress * 1e9)};
  const auto& start = context.start;
  std::uint64_t first = options.first;
  // An input over the limit in a long-lived child runs again alone (retrying). One over it alone
  // too is a suspect: CPU time inflates when the machine is oversubscribed (a virtual machine's
  // steal time, shared caches), so suspects are judged again at the end of the run, each up to
  // kJudgements times alone in a fresh child, and only one over the limit every time is a hang.
  // Inputs over the limit once but not on a later run are counted as retried.
  bool retrying = false;
  std::uint64_t retried = 0;
  std::vector<std::uint64_t> suspects;
  while (first < options.inputs) {
    const std::uint64_t end =
        retrying ? first + 1 : std::min(options.inputs, first + std::max<std::uint64_t>(1, options.inputs_per_child));
    const ChildEnd child = run_child(context, first, end);
    const int status = child.status;
    Shared& s = *g_shared;
    if (g_stop) break;
    if (child.hung && !retrying) {  // run it again, alone in a fresh child
      retrying = true;
      first = s.index;
      continue;
    }
    if (child.hung) {  // over the limit alone too: judged again at the end
      retrying = false;
      suspects.push_back(s.index);
      // Listed at once, so that a run stopped (or a machine lost) before the judgement still
      // names them: each can be judged later with --first I --inputs I+1.
      fs::create_directories(findings_dir);
      std::ofstream list(findings_dir + "/suspects.txt", std::ios::app);
      if (suspects.size() == 1) {  // a header per run: the file gathers the runs into one folder
        list << "# " << label << " --seed " << options.seed << " inputs [" << options.first << ", " << options.inputs
             << ")\n";
      }
      list << s.index << "\n";
      first = s.index + 1;
      s.done = first;
      continue;
    }
    if (child.killed) {  // the slow input ended just before the kill: run the next one again
      if (retrying && s.done.load() > first) ++retried;
      retrying = false;
      first = s.started_ns.load() != 0 ? s.index.load() : s.done.load();
      continue;
    }
    if (s.started_ns.load() == 0 && s.done >= end) {           // the child ran its inputs and exited
      if (!(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {  // e.g. LeakSanitizer at exit
        const auto [summary, log] = crash_summary(context.log_path);
        std::fprintf(stderr, "%s: child ended with %s after its last input: %s\n", label.c_str(),
                     describe_status(status).c_str(), summary.c_str());
        ++s.kinds[kCrash];
      }
      if (retrying) ++retried;  // over the limit only in a long-lived child
      retrying = false;
      first = end;
      continue;
    }
    retrying = false;
    if (s.started_ns.load() != 0) {  // died inside an input
      const auto [summary, log] = crash_summary(context.log_path);
      record(kCrash, describe_status(status) + ": " + summary, log);
      first = s.index + 1;
    } else {  // died between inputs (in the driver): retry from the next input
      const auto [summary, log] = crash_summary(context.log_path);
      std::fprintf(stderr, "%s: child ended with %s between inputs: %s\n", label.c_str(),
                   describe_status(status).c_str(), summary.c_str());
      ++s.kinds[kCrash];
      first = s.done + 1;
    }
  }
  // The suspects' second judgement, after the run (when a parallel run on the machine may have
  // ended too); a second apart so that a burst of load does not decide all of them.
  const std::uint64_t done_before_judging = g_shared->done.load();
  std::size_t judged = 0;
  for (const std::uint64_t suspect : suspects) {
    if (g_stop) break;
    ChildEnd child;
    for (int judgement = 0; judgement < kJudgements && !g_stop; ++judgement) {
      std::this_thread::sleep_for(std::chrono::seconds(1));
      child = run_child(context, suspect, suspect + 1);
      if (!child.hung) break;
    }
    if (g_stop) break;
    if (!child.hung && !child.killed && g_shared->started_ns.load() != 0) {  // died inside it this time
      const auto [summary, log] = crash_summary(context.log_path);
      record(kCrash, describe_status(child.status) + ": " + summary, log);
    } else if (child.hung)
      record(kHang, child.blocked ? "blocked: its processes used no CPU for the wall timeout, each time it ran alone"
                                  : "used more CPU time than the timeout (with the processes it started), each time "
                                    "it ran alone");
    else
      ++retried;
    ++judged;
  }
  g_shared->done = done_before_judging;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const Shared& s = *g_shared;
  std::uint64_t findings = 0;
  for (int k = 0; k < kKinds; ++k) findings += s.kinds[k];
  // The range run, when it is not [0, inputs): [first, last done + 1).
  const std::string range = options.first == 0 ? std::string()
                                               : " [" + std::to_string(options.first) + ", " +
                                                     std::to_string(g_stop ? s.done.load() : options.inputs) + ")";
  std::printf(
      "%-28s inputs %llu%s%s  accepted %llu  refused %llu  skipped %llu  crashes %llu  hangs %llu  retried %llu  nan "
      "%llu  "
      "invariant %llu  exceptions %llu  time %.1f s  slowest %.3f s cpu (input %llu)\n",
      label.c_str(), static_cast<unsigned long long>((g_stop ? s.done.load() : options.inputs) - options.first),
      range.c_str(), g_stop ? " (stopped)" : "", static_cast<unsigned long long>(s.outcomes[0]),
      static_cast<unsigned long long>(s.outcomes[1]), static_cast<unsigned long long>(s.outcomes[2]),
      static_cast<unsigned long long>(s.kinds[kCrash]), static_cast<unsigned long long>(s.kinds[kHang]),
      static_cast<unsigned long long>(retried), static_cast<unsigned long long>(s.kinds[kNaN]),
      static_cast<unsigned long long>(s.kinds[kInvariant]), static_cast<unsigned long long>(s.kinds[kException]),
      seconds, s.slowest, static_cast<unsigned long long>(s.slowest_index));
  if (judged < suspects.size()) {
    std::printf("  hang suspects not judged (stopped): %zu, listed in %s/suspects.txt\n", suspects.size() - judged,
                findings_dir.c_str());
  }
  for (std::uint64_t i = 0; i < s.group_count; ++i) {
    const Group& g = s.groups[i];
    std::printf("  finding %-9s x%-7llu %s\n    reproducer: %s\n", kKindNames[g.kind],
                static_cast<unsigned long long>(g.count), g.message, g.first_path);
  }
  std::fflush(stdout);
  return findings;
}

}  // namespace

// Sanitizer defaults (ASAN_OPTIONS from the environment may override them): an allocation beyond
// 2 GiB fails at once (ASan reports out-of-memory instead of minutes of paging), and reports are
// not symbolized — symbolizing the 10^5 frames of a stack overflow takes longer than the hang
// timeout; replay the saved input with ASAN_OPTIONS=symbolize=1 for a symbolized report.
extern "C" const char* __asan_default_options() {
  return "max_allocation_size_mb=2048:allocator_may_return_null=1:symbolize=0";
}

namespace {

int usage(const char* argv0) {
  std::fprintf(stderr,
               "usage: %s [--inputs N] [--first I] [--seed S] [--timeout CPU_SECONDS] [--wall-timeout SECONDS]\n"
               "          [--findings DIR] [--max-len BYTES] [--progress SECONDS] [--inputs-per-child N]\n"
               "          [--corpus FILE_OR_DIR]... [--subtarget NAME] [--allow-findings]\n"
               "       %s --list-subtargets\n"
               "       %s [--subtarget NAME] FILE...   (replay reproducers)\n",
               argv0, argv0, argv0);
  return 2;
}

int replay(const std::vector<std::string>& files) {
  int bad = 0;
  for (const std::string& path : files) {
    const std::string data = read_file(path);
    std::vector<std::uint8_t> exact(data.begin(), data.end());
    outcome() = Outcome::kSkipped;
    LLVMFuzzerTestOneInput(exact.data(), exact.size());
    static const char* names[] = {"accepted", "refused", "skipped"};
    std::printf("%s: %s\n", path.c_str(), names[static_cast<int>(outcome())]);
  }
  return bad;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  const std::string name = fs::path(argv[0]).filename().string();
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::exit(usage(argv[0]));
      }
      return argv[++i];
    };
    try {
      if (arg == "--inputs")
        options.inputs = std::stoull(value());
      else if (arg == "--first")
        options.first = std::stoull(value());
      else if (arg == "--progress")
        options.progress = std::stod(value());
      else if (arg == "--seed")
        options.seed = std::stoull(value());
      else if (arg == "--timeout")
        options.timeout = std::stod(value());
      else if (arg == "--wall-timeout")
        options.wall_timeout = std::stod(value());
      else if (arg == "--inputs-per-child")
        options.inputs_per_child = std::stoull(value());
      else if (arg == "--max-len")
        options.max_len = std::stoull(value());
      else if (arg == "--findings")
        options.findings = value();
      else if (arg == "--corpus")
        options.corpus.push_back(fs::absolute(value()).string());
      else if (arg == "--subtarget")
        options.subtarget = value();
      else if (arg == "--allow-findings")
        options.allow_findings = true;
      else if (arg == "--list-subtargets") {
        for (const std::string& sub : subtargets()) std::printf("%s\n", sub.c_str());
        return 0;
      } else if (arg.rfind("--", 0) == 0)
        return usage(argv[0]);
      else
        options.replay.push_back(fs::absolute(arg).string());
    } catch (const std::exception&) {
      return usage(argv[0]);
    }
  }
  if (options.findings.empty()) options.findings = "fuzz-findings/" + name;
  options.findings = fs::absolute(options.findings).string();
  int argc_copy = argc;
  char** argv_copy = argv;
  LLVMFuzzerInitialize(&argc_copy, &argv_copy);
  std::error_code ignored;
  if (!options.replay.empty()) {
    if (!options.subtarget.empty()) select_subtarget(options.subtarget);
    const int status = replay(options.replay);
    if (!std::getenv("CONTACTLAB_FUZZ_SCRATCH")) fs::remove_all(scratch_dir(), ignored);
    return status;
  }

  // Without --subtarget the target runs as it is (fuzz_methods: every method on each input).
  std::vector<std::string> labels = {""};
  if (!options.subtarget.empty()) {
    const std::vector<std::string> subs = subtargets();
    if (std::find(subs.begin(), subs.end(), options.subtarget) == subs.end()) {
      std::fprintf(stderr, "%s: no subtarget '%s'\n", name.c_str(), options.subtarget.c_str());
      return 2;
    }
    labels = {options.subtarget};
  }

  const std::size_t bytes = sizeof(Shared) + options.max_len;
  void* mapping = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (mapping == MAP_FAILED) {
    std::perror("fuzz: mmap");
    return 2;
  }
  g_shared = new (mapping) Shared();
  ::signal(SIGINT, on_stop);
  ::signal(SIGTERM, on_stop);
  g_buffer = static_cast<char*>(mapping) + sizeof(Shared);

  std::uint64_t findings = 0;
  for (const std::string& sub : labels) {
    if (!sub.empty()) select_subtarget(sub);
    const std::string label = sub.empty() ? name : name + " " + sub;
    findings += run_target(options, label, sub.empty() ? options.findings : options.findings + "/" + sub);
  }
  if (!std::getenv("CONTACTLAB_FUZZ_SCRATCH")) fs::remove_all(scratch_dir(), ignored);
  return findings == 0 || options.allow_findings ? 0 : 1;
}
