#include "option_checks.h"

#include "contactlab/core/error.h"
#include "contactlab/core/input_limits.h"
#include "contactlab/core/tolerance.h"

#include <fmt/core.h>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

namespace contactlab::cli {

CLI::Validator integer_in(long long low, long long high, const std::string& expected) {
  return CLI::Validator(
      [low, high, expected](std::string& text) -> std::string {
        errno = 0;
        char* end = nullptr;
        const long long value = text.empty() ? 0 : std::strtoll(text.c_str(), &end, 10);
        if (text.empty() || *end != '\0' || errno == ERANGE || value < low || value > high) {
          return "expected " + expected + ", got '" + quoted_excerpt(text) + "'";
        }
        return "";
      },
      fmt::format("INT in [{}, {}]", low, high));
}

CLI::Validator unsigned_integer(const std::string& expected) {
  return CLI::Validator(
      [expected](std::string& text) -> std::string {
        const bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
        errno = 0;
        if (digits) std::strtoull(text.c_str(), nullptr, 10);
        if (!digits || errno == ERANGE) return "expected " + expected + ", got '" + quoted_excerpt(text) + "'";
        return "";
      },
      "UINT64");
}

CLI::Validator number_in(double low, double high, const std::string& expected) {
  return CLI::Validator(
      [low, high, expected](std::string& text) -> std::string {
        char* end = nullptr;
        const double value = text.empty() ? 0.0 : std::strtod(text.c_str(), &end);
        // A denormal such as 1e-320 parses (strtod sets ERANGE) and is then out of range.
        if (text.empty() || *end != '\0' || !std::isfinite(value) || value < low || value > high) {
          return "expected " + expected + ", got '" + quoted_excerpt(text) + "'";
        }
        return "";
      },
      fmt::format("NUMBER in [{:g}, {:g}]", low, high));
}

std::vector<std::string> split_names(const std::vector<std::string>& values, const char* option) {
  std::vector<std::string> names;
  for (const std::string& value : values) {
    std::size_t begin = 0;
    while (true) {
      const std::size_t comma = value.find(',', begin);
      const std::string name = value.substr(begin, comma == std::string::npos ? std::string::npos : comma - begin);
      if (name.empty()) {
        throw InputError(option, 0,
                         "empty name in '" + quoted_excerpt(value) + "'; expected names separated by commas");
      }
      if (name.front() == '-') {
        throw InputError(option, 0,
                         "expects names, got '" + quoted_excerpt(name) +
                             "', which looks like an option (write a file name that starts with '-' as ./-name)");
      }
      names.push_back(name);
      if (comma == std::string::npos) break;
      begin = comma + 1;
    }
  }
  return names;
}

void add_stepping_options(CLI::App* command, int& steps, const std::string& steps_help, double& time_step,
                          int& iterations) {
  command->add_option("--steps", steps, steps_help)->check(integer_in(1, 10'000'000, "an integer in [1, 10000000]"));
  command->add_option("--dt", time_step, "time step in seconds (default 0.01, the paper's)")
      ->check(number_in(1e-9, 1.0, "a time step in [1e-9, 1] s"));
  command
      ->add_option("--iterations", iterations,
                   "solver sweeps per step at most (default 1000, the paper's; Lemke ignores it)")
      ->check(integer_in(1, 100'000'000, "an integer in [1, 100000000]"));
}

void add_band_option(CLI::App* command, double& relative) {
  command
      ->add_option("--band", relative,
                   fmt::format("touching band of contact generation, relative to each body pair's length scale "
                               "(default {:g}; docs/methods.md \"The kernel contract\")",
                               kDefaultRelativeTolerance))
      ->check(number_in(0.0, 0.1, "a relative band in [0, 0.1]"));
}

void add_sparsify_option(CLI::App* command, std::string& text) {
  command
      ->add_option("--sparsify", text,
                   "Solfec's contact sparsification (docs/methods.md \"Sparsification\"), optionally "
                   "THRESHOLD[,MINAREA[,MINDIST]] (defaults 0.01, 0 m², 1e-6 of each body pair's length; "
                   "MINDIST in m)")
      ->expected(0, 1);
}

std::optional<SparsifyOptions> sparsify_from_option(const CLI::App* command, const std::string& text) {
  if (command->count("--sparsify") == 0) return std::nullopt;
  SparsifyOptions options;
  if (!text.empty()) {
    std::vector<double> values;
    std::size_t begin = 0;
    while (begin <= text.size()) {
      const std::size_t end = std::min(text.find(',', begin), text.size());
      const std::string item = text.substr(begin, end - begin);
      std::size_t used = 0;
      double value = 0.0;
      try {
        value = std::stod(item, &used);
      } catch (const std::exception&) {
        used = 0;
      }
      if (item.empty() || used != item.size() || !std::isfinite(value)) {
        throw InputError("--sparsify", 0,
                         fmt::format("expected THRESHOLD[,MINAREA[,MINDIST]] (numbers), got '{}'", text));
      }
      values.push_back(value);
      begin = end + 1;
    }
    if (values.size() > 3) {
      throw InputError("--sparsify", 0,
                       fmt::format("expected at most 3 values, THRESHOLD,MINAREA,MINDIST; got '{}'", text));
    }
    options.threshold = values[0];
    if (values.size() > 1) options.minarea = values[1];
    if (values.size() > 2) options.mindist = values[2];
  }
  validate(options, "--sparsify");
  return options;
}

}  // namespace contactlab::cli
