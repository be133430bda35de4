// Small helpers the benchmark runners share (bench/*_bench.cpp).
#pragma once

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

namespace contactlab::bench {

/// The median of `values` (the mean of the two middle ones for an even count); NaN when empty.
inline double median(std::vector<double> values) {
  if (values.empty()) return NAN;
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 == 1 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
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
