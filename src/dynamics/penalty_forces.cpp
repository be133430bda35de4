#include "contactlab/dynamics/penalty_forces.h"

#include "contactlab/core/cubic_roots.h"
#include "contactlab/core/error.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace contactlab {
namespace {

/// Bernstein polynomials of degree 2 and 4 at s.
std::array<double, 3> bernstein2(double s) {
  const double r = 1.0 - s;
  return {r * r, 2.0 * s * r, s * s};
}
std::array<double, 5> bernstein4(double s) {
  const double r = 1.0 - s;
  return {r * r * r * r, 4.0 * s * r * r * r, 6.0 * s * s * r * r, 4.0 * s * s * s * r, s * s * s * s};
}

/// Theorems 1–2 share the construction: m(s) = (P + s P′) × (Q + s Q′) for edge vectors P, Q with
/// rates P′, Q′; n0 = m(0), n2 = m(1), ω = P′ × Q′, n1 = (n0 + n2 − ω) / 2 (the Bernstein
/// coefficient of degree 2), and the L_i of |m|² (eq. 11).
ContinuousNormal normal_of(const Vec3& p0, const Vec3& p1, const Vec3& q0, const Vec3& q1) {
  ContinuousNormal n;
  n.n0 = p0.cross(q0);
  n.n2 = p1.cross(q1);
  const Vec3 omega = (p1 - p0).cross(q1 - q0);
  n.n1 = 0.5 * (n.n0 + n.n2 - omega);
  n.l = {n.n0.dot(n.n0), n.n0.dot(n.n1), (2.0 * n.n1.dot(n.n1) + n.n0.dot(n.n2)) / 3.0, n.n1.dot(n.n2), n.n2.dot(n.n2)};
  return n;
}

}  // namespace

std::string to_string(PenaltyLaw law) { return law == PenaltyLaw::per_contact ? "per-contact" : "per-area"; }

std::optional<PenaltyLaw> penalty_law_from_name(std::string_view name) {
  if (name == "per-contact") return PenaltyLaw::per_contact;
  if (name == "per-area") return PenaltyLaw::per_area;
  return std::nullopt;
}

void validate(const PenaltySettings& settings) {
  if (!std::isfinite(settings.stiffness) || settings.stiffness <= 0.0) {
    throw InputError("penalty", 0,
                     "stiffness: expected a finite number > 0 (N/m), got " + std::to_string(settings.stiffness));
  }
  if (!std::isfinite(settings.damping) || settings.damping < 0.0) {
    throw InputError("penalty", 0,
                     "damping: expected a finite number >= 0 (N s/m), got " + std::to_string(settings.damping));
  }
}

double penalty_impulse(double gap, double normal_velocity, const PenaltySettings& settings, double h) {
  if (!(gap < 0.0)) return 0.0;
  return h * std::max(0.0, settings.stiffness * (-gap) - settings.damping * normal_velocity);
}

double continuous_penalty_impulse(double gap, double predicted_normal_velocity, const PenaltySettings& settings,
                                  double h) {
  const double k = settings.stiffness, c = settings.damping, v = predicted_normal_velocity;
  // The part [τa, τb] of [0, h] where g + τ v < 0 (an interval: g(τ) is linear).
  double ta = 0.0, tb = h;
  if (v == 0.0) {
    if (!(gap < 0.0)) return 0.0;
  } else {
    const double crossing = -gap / v;  // g(τ) = 0
    if (v > 0.0) {
      tb = std::min(h, crossing);  // opening: penetrating until the crossing
    } else {
      ta = std::max(0.0, crossing);  // closing: penetrating from the crossing on
    }
    if (!(tb > ta)) return 0.0;
  }
  // The force k (−g − τ v) − c v is linear in τ; where it would pull (a fast-opening contact with a
  // dashpot) it is cut at 0: integrate max(0, α + β τ) over [ta, tb].
  const double alpha = -k * gap - c * v, beta = -k * v;
  const auto force = [&](double t) { return alpha + beta * t; };
  double lo = ta, hi = tb;
  if (beta != 0.0) {
    const double zero = -alpha / beta;
    if (beta > 0.0) {
      lo = std::max(lo, zero);
    } else {
      hi = std::min(hi, zero);
    }
  } else if (!(alpha > 0.0)) {
    return 0.0;
  }
  if (!(hi > lo)) return 0.0;
  return 0.5 * (force(lo) + force(hi)) * (hi - lo);  // the trapezoid: exact for a linear force
}

Vec3 ContinuousNormal::unnormalised(double s) const {
  const std::array<double, 3> b = bernstein2(s);
  return b[0] * n0 + b[1] * n1 + b[2] * n2;
}

double ContinuousNormal::length(double s) const {
  const std::array<double, 5> b = bernstein4(s);
  double sum = 0.0;
  for (std::size_t i = 0; i < 5; ++i) sum += l[i] * b[i];
  return std::sqrt(std::max(0.0, sum));
}

Vec3 ContinuousNormal::at(double s) const {
  const double length_at = length(s);
  return length_at > 0.0 ? Vec3(unnormalised(s) / length_at) : Vec3::Zero();
}

ContinuousNormal ContinuousNormal::flipped() const {
  ContinuousNormal f = *this;
  f.n0 = -n0;
  f.n1 = -n1;
  f.n2 = -n2;
  return f;
}

ContinuousNormal triangle_normal(const std::array<Vec3, 3>& start, const std::array<Vec3, 3>& end) {
  return normal_of(start[1] - start[0], end[1] - end[0], start[2] - start[0], end[2] - end[0]);
}

ContinuousNormal edge_pair_normal(const std::array<Vec3, 4>& start, const std::array<Vec3, 4>& end) {
  return normal_of(start[1] - start[0], end[1] - end[0], start[2] - start[3], end[2] - end[3]);
}

Vec3 continuous_penalty_pair_impulse(const ContinuousNormal& normal, const Vec3& separation_start,
                                     const Vec3& separation_end, const PenaltySettings& settings, double h) {
  // m(s) = c0 + c1 s + c2 s² (power basis of the Bernstein form), D(s) = d0 + d1 s.
  const Vec3 c0 = normal.n0, c1 = 2.0 * (normal.n1 - normal.n0), c2 = normal.n0 - 2.0 * normal.n1 + normal.n2;
  const Vec3 d0 = separation_start, d1 = separation_end - separation_start;
  // q(s) = m(s) · D(s), a cubic with d(s) = q(s) / L(s): they share their signs.
  const std::array<double, 4> q{c0.dot(d0), c0.dot(d1) + c1.dot(d0), c1.dot(d1) + c2.dot(d0), c2.dot(d1)};
  std::vector<double> cuts{0.0};
  for (const double r : cubic_roots_in_unit_interval(q)) {
    if (r > 0.0 && r < 1.0) cuts.push_back(r);
  }
  cuts.push_back(1.0);
  // 3-point Gauss–Legendre on [−1, 1]: nodes 0, ±√(3/5), weights 8/9, 5/9.
  const double node = std::sqrt(0.6);
  const std::array<double, 3> nodes{-node, 0.0, node}, weights{5.0 / 9.0, 8.0 / 9.0, 5.0 / 9.0};
  Vec3 integral = Vec3::Zero();
  for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
    const double a = cuts[i], b = cuts[i + 1];
    if (!(b > a) || !(evaluate_cubic(q, 0.5 * (a + b)) < 0.0)) continue;  // not penetrating on this interval
    // The seed freezes L on the interval. Where the features' size changes within it (a deforming
    // triangle: L is the doubled area), the interval is cut into pieces over which L varies by
    // about 0.1 % or less, each with its own L_k; a rigid motion keeps L constant: one piece.
    const double la = normal.length(a), lm = normal.length(0.5 * (a + b)), lb = normal.length(b);
    const double variation = (std::max({la, lm, lb}) - std::min({la, lm, lb})) / std::max(lm, 1e-300);
    const int pieces = std::clamp(static_cast<int>(std::ceil(variation / 1e-3)), 1, 64);
    for (int piece = 0; piece < pieces; ++piece) {
      const double pa = a + (b - a) * piece / pieces, pb = a + (b - a) * (piece + 1) / pieces;
      const double mid = 0.5 * (pa + pb), half = 0.5 * (pb - pa);
      const double frozen = normal.length(mid);  // L_k
      if (!(frozen > 0.0)) continue;
      for (std::size_t g = 0; g < 3; ++g) {
        const double s = mid + half * nodes[g];
        const Vec3 m = c0 + s * (c1 + s * c2);
        // (n · D) n with n = m / L_k: degree 5 in s.
        integral += weights[g] * half * (m.dot(d0 + s * d1) / (frozen * frozen)) * m;
      }
    }
  }
  return -settings.stiffness * h * integral;
}

}  // namespace contactlab
