// The real roots in [0, 1] of a cubic k0 + k1 t + k2 t² + k3 t³ in plain floating point: the
// interval is cut at the real roots of the derivative (a quadratic), and each piece whose end values
// differ in sign (or vanish) is bisected to the last bit. Shared by the seed's CCD baseline
// (ccd/cubic_ccd.h: the coplanarity cubic) and the continuous penalty forces (dynamics: the sign
// intervals of a pair's distance). A double root that does not change sign is found only where the
// derivative's root lands on it exactly.
#pragma once

#include <array>
#include <vector>

namespace contactlab {

/// The cubic's value at t (Horner).
double evaluate_cubic(const std::array<double, 4>& k, double t);

/// Its roots in [0, 1], increasing, without repeats (a root at 0 or 1 included).
std::vector<double> cubic_roots_in_unit_interval(const std::array<double, 4>& k);

}  // namespace contactlab
