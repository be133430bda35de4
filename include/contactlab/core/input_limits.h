// Limits on what contactlab accepts as input (docs/errors-and-limits.md). Inputs beyond them are
// refused with an InputError naming the file and line or field, instead of being turned into inf,
// NaN, an allocation failure or a stack overflow somewhere downstream.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace contactlab {

/// Largest magnitude of a coordinate, a translation or a scaled position, in metres. The geometry
/// evaluates polynomials of degree up to 6 in coordinates (exact orientation predicates, squared
/// areas, the inertia integrals of mass_properties); with |x| ≤ 1e50 every such term stays below
/// 1e300 and finite in double. No physical scene comes near it.
inline constexpr double kMaxCoordinateMagnitude = 1e50;

/// Deepest nesting of JSON arrays and objects in any contactlab JSON file. The deepest valid file
/// (a scene) nests 6 levels; 256 leaves room for extensions and keeps every recursive walk of a
/// value (parse, copy, destruction) far from the stack's limit.
inline constexpr int kMaxJsonDepth = 256;

/// At most this many characters of a user's text (a token, a name) are quoted in a message.
inline constexpr std::size_t kMaxQuotedLength = 60;

/// `text` as it may appear inside a message: control bytes and bytes ≥ 0x7f written as \xNN, and
/// cut after kMaxQuotedLength characters with "…" and the total length, e.g. `abc\x00d` or
/// `aaaa…(1048576 bytes)`. Never throws.
std::string quoted_excerpt(std::string_view text, std::size_t max_length = kMaxQuotedLength);

}  // namespace contactlab
