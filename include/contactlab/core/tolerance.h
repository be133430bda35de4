// Length tolerances. Distance thresholds are relative to the scene's (or mesh's) length scale,
// never bare absolute constants (docs/design.md "Conventions"). `relative` is dimensionless.
#pragma once

#include <algorithm>

namespace contactlab {

/// Default relative tolerance for "touching": gaps below this times the length scale count as 0
/// (docs/suite.md: 1e-9 × the scene's diameter).
inline constexpr double kDefaultRelativeTolerance = 1e-9;

struct Tolerance {
  double relative = kDefaultRelativeTolerance;
  /// Absolute length tolerance for a scene or mesh of the given length scale (e.g. its diameter).
  double absolute(double length_scale) const { return relative * std::max(length_scale, 0.0); }
};

}  // namespace contactlab
