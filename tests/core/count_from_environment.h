// How much a long test does, from an environment variable (the asan preset sets smaller values,
// CMakePresets.json): the variable's positive integer value, else `fallback`.
#pragma once

#include <cstdlib>

namespace contactlab::test {

inline int count_from_environment(const char* name, int fallback) {
  const char* text = std::getenv(name);
  if (text == nullptr || *text == '\0') return fallback;
  const int value = std::atoi(text);
  return value > 0 ? value : fallback;
}

}  // namespace contactlab::test
