// Checks of command-line values whose messages say what is accepted: CLI11's range validators
// print the range of a double (a 300-digit number) and the same text for every failure.
#pragma once

#include "contactlab/contact/sparsify_contacts.h"

#include <CLI/CLI.hpp>

#include <optional>

#include <string>
#include <vector>

namespace contactlab::cli {

/// An integer in [low, high]; else "<option>: expected <expected>, got <value>", e.g.
/// integer_in(0, INT_MAX, "an integer ≥ 0 (0: all cores)").
CLI::Validator integer_in(long long low, long long high, const std::string& expected);

/// A whole number in [0, 2^64 − 1] written in decimal digits only (a seed): CLI11 reads "-1" into
/// a std::uint64_t as 2^64 − 1 without a word. Else "<option>: expected <expected>, got <value>".
CLI::Validator unsigned_integer(const std::string& expected);

/// A finite number in [low, high]; else "<option>: expected <expected>, got <value>".
CLI::Validator number_in(double low, double high, const std::string& expected);

/// The comma-separated names of a list option (--methods a,b --methods c): each value split at
/// commas. InputError naming `option` for an empty name ("a,,b", ",") and for a name that looks
/// like an option ("--methods"): CLI11 takes the next option as the value when one is missing.
std::vector<std::string> split_names(const std::vector<std::string>& values, const char* option);

/// The stepping options shared by `simulate` and `study`, with their checks: --steps N (1 to 10⁷;
/// `steps_help` says its default), --dt H (1e-9 to 1 s, default 0.01) and --iterations K (1 to 10⁸
/// PGS prox sweeps, default 1000).
void add_stepping_options(CLI::App* command, int& steps, const std::string& steps_help, double& time_step,
                          int& iterations);

/// --band REL: the touching band of contact generation, relative to each body pair's length scale
/// (MethodSettings::tolerance.relative; default 1e-9, core/tolerance.h), in [0, 0.1]. The paper's
/// "numerical threshold" (§7.1): gaps within it count as touching, so a method that only reports
/// touching features (intersection) keeps its contacts while bodies sink that far into each other.
void add_band_option(CLI::App* command, double& relative);

/// --sparsify [THRESHOLD[,MINAREA[,MINDIST]]]: Solfec's contact sparsification after the merge
/// (contact/sparsify_contacts.h), with its defaults (threshold 0.01, minarea 0 m², mindist 1e-6 of
/// each body pair's length) for the values not given; MINDIST in metres. `text` receives the raw
/// value; call sparsify_from_option after parsing.
void add_sparsify_option(CLI::App* command, std::string& text);

/// The options --sparsify asked for (unset when it was not given). InputError naming --sparsify
/// for a value that is not 1 to 3 comma-separated numbers in range.
std::optional<SparsifyOptions> sparsify_from_option(const CLI::App* command, const std::string& text);

}  // namespace contactlab::cli
