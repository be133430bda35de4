// Small helpers the benchmark runners share (bench/*_bench.cpp).
#pragma once

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace contactlab::bench {

/// The median of `values` (the mean of the two middle ones for an even count); NaN when empty.
inline double median(std::vector<double> values) {
  if (values.empty()) return NAN;
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 == 1 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

/// The median of the ratios numerators[i] / denominators[i], over the common length: for times taken
/// in pairs (one run of each side right after the other), so that a host whose speed drifts moves
/// both sides of each ratio alike.
inline double median_ratio(const std::vector<double>& numerators, const std::vector<double>& denominators) {
  std::vector<double> ratios;
  for (std::size_t i = 0; i < std::min(numerators.size(), denominators.size()); ++i)
    ratios.push_back(numerators[i] / denominators[i]);
  return median(std::move(ratios));
}

/// "a,b,,c" → {"a", "b", "c"}: a comma-separated option's items, empty ones dropped.
inline std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> items;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    if (!item.empty()) items.push_back(item);
  }
  return items;
}

}  // namespace contactlab::bench
