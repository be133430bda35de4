// Solfec-1.0's volumetric contact (seed 004; docs/methods.md "solfec"): per tet pair, the contact of
// the two tets' convex intersection — its surface's area-weighted centroid, the area²-weighted
// normal, its area, and the gap refined by GJK. See src/contact/methods/solfec.cpp.
#pragma once

#include "contactlab/contact/method.h"

#include <memory>
#include <optional>

namespace contactlab {

/// The method's own parameter: Solfec's geometric epsilon (GEOMETRIC_EPSILON).
struct SolfecParameters {
  /// ε relative to the body pair's length (pair_length_scale): tets within ε are in contact (GJK),
  /// and a face plane closer than ε to the intersection's interior point is taken at ε (the
  /// regularisation that gives exactly touching tets their contact). Solfec's default is 1e-6 m
  /// on models of metre size, the value used here relative to the pair; Solfec advises 1e-4 to
  /// 1e-2 of the smallest feature for robustness. Never below the touching band.
  double relative_epsilon = 1e-6;
  /// When set, ε in metres for every pair instead.
  std::optional<double> epsilon = std::nullopt;
};

/// The registry's "solfec" method with the default parameters (a static instance).
const ContactMethod& solfec_method();

/// A "solfec" method with the given parameters; InputError unless the epsilon given is finite and > 0.
std::unique_ptr<ContactMethod> make_solfec_method(const SolfecParameters& parameters);

}  // namespace contactlab
