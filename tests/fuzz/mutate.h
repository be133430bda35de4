// The mutations of the project's fuzz driver (fuzz_driver.cpp): byte-level edits (bit flips,
// inserts, deletes, copies, truncation), token edits (a number replaced by an extreme such as 1e308,
// -0, nan or a huge count; a token spliced from another seed; a dictionary word), line edits
// (duplicate, delete, swap), line-end and BOM variants (CRLF, CR only, a UTF-8 BOM) and deep
// nesting ([[[…]]] or {"a":{"a":…}} up to 10^5 levels). Deterministic for a given generator state.
#pragma once

#include <cstddef>
#include <random>
#include <string>
#include <vector>

namespace contactlab::fuzz {

/// A mutated copy of one of `seeds` (random bytes when there are none): 1 to 8 stacked mutations,
/// at most `max_len` bytes.
std::string mutated_input(const std::vector<std::string>& seeds, std::mt19937_64& rng, std::size_t max_len);

}  // namespace contactlab::fuzz
