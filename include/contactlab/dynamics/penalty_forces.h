// Penalty contact forces (issue 19; seed 001: Tang, Manocha, Otaduy, Tong, "Continuous Penalty
// Forces", SIGGRAPH 2012, supplementary material). Instead of impulses that keep a constraint, a
// force k × (penetration) pushes penetrating features apart; the time integrator sees it as one
// more force.
//
// Two ways of integrating it over a step of length h:
//   penalty  symplectic Euler (§C eqs. 24–25): the force of the state at the step's start, times h;
//   cpf      continuous penalty forces (§C eq. 27, §B): the force integrated over the step along the
//            features' linear trajectories to their predicted end-of-step positions (velocities
//            without the contact forces, as §C predicts v* = v), so a contact that opens or closes
//            within the step gets the part of the step it was penetrating.
// Seed §C: on a linear spring (a particle on a plane) symplectic Euler is stable for
// h < 2 √(m/k), CPF for h < √(2 m/k) — and CPF damps (the update's determinant is 1 − h² k / 2m).
//
// A vertex–face or edge–edge pair's normal turns during the step when its features move: Theorems 1
// and 2 of the seed give the unit normal of a triangle (or of two edges) whose corners move linearly
// as a quadratic Bernstein polynomial over a quartic's square root (ContinuousNormal).
#pragma once

#include "contactlab/core/types.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace contactlab {

/// How a contact's force scales (docs/penalty.md "Force laws").
enum class PenaltyLaw {
  per_contact,  ///< every contact a spring k (N/m) and dashpot c (N·s/m)
  /// a pressure k (−g) on the contact's area A (Contact::area): k in N/m³ and c in N·s/m³, each
  /// contact's spring k A and dashpot c A — an elastic foundation, the rounded-triangle model's law
  per_area,
};

std::string to_string(PenaltyLaw law);  ///< "per-contact", "per-area"
std::optional<PenaltyLaw> penalty_law_from_name(std::string_view name);

struct PenaltySettings {
  /// k, N/m per contact (N/m³ under per_area): the force per metre of penetration. Finite and > 0.
  double stiffness = 0.0;
  /// c, N·s/m per contact (N·s/m³ under per_area): a dashpot on the normal velocity while
  /// penetrating (≥ 0; 0: none).
  double damping = 0.0;
  PenaltyLaw law = PenaltyLaw::per_contact;
};

/// Throws InputError (source "penalty") for a stiffness that is not finite and > 0 or a damping
/// that is not finite and ≥ 0.
void validate(const PenaltySettings& settings);

/// Symplectic Euler's normal impulse over a step h for a contact with gap g (negative: penetrating)
/// and normal velocity v_n (positive: separating): h · max(0, k (−g) − c v_n) when g < 0, else 0
/// (one-sided: a penalty force pushes, it never pulls).
double penalty_impulse(double gap, double normal_velocity, const PenaltySettings& settings, double h);

/// The continuous penalty impulse of a point contact with a fixed normal (seed §C eq. 27, one-sided):
/// the gap moves linearly over the step with the predicted normal velocity v*, g(τ) = g + τ v*, and
/// the impulse is ∫ max(0, k (−g(τ)) − c v*) dτ over the part of [0, h] where g(τ) < 0, in closed
/// form. Fully penetrating, without damping: h k (−g − h v*/2), eq. 27's average force times h.
double continuous_penalty_impulse(double gap, double predicted_normal_velocity, const PenaltySettings& settings,
                                  double h);

/// A unit normal that varies over the step's normalised time s ∈ [0, 1] (seed §A, Theorems 1–2):
///   n(s) = (n0 B0²(s) + n1 B1²(s) + n2 B2²(s)) / L(s),   L(s)² = Σ L_i B_i⁴(s),
/// B_i^d the Bernstein polynomials of degree d. m(s), the numerator, is the exact (unnormalised)
/// normal of the moving features; L(s) = |m(s)|.
struct ContinuousNormal {
  Vec3 n0 = Vec3::Zero(), n1 = Vec3::Zero(), n2 = Vec3::Zero();
  std::array<double, 5> l{};  ///< L_0 … L_4

  Vec3 unnormalised(double s) const;  ///< m(s)
  double length(double s) const;      ///< L(s), from the L_i
  Vec3 at(double s) const;            ///< m(s) / L(s); zero where L(s) = 0
  /// The same normal pointing the other way (n_i → −n_i; the L_i are unchanged).
  ContinuousNormal flipped() const;
};

/// Theorem 1: the normal (b − a) × (c − a) of a triangle whose corners a, b, c move linearly from
/// `start` to `end` over the step.
ContinuousNormal triangle_normal(const std::array<Vec3, 3>& start, const std::array<Vec3, 3>& end);

/// Theorem 2: the normal (b − a) × (c − d) of edges ab and dc whose ends move linearly.
ContinuousNormal edge_pair_normal(const std::array<Vec3, 4>& start, const std::array<Vec3, 4>& end);

/// The continuous penalty impulse on feature B of a vertex–face or edge–edge pair (seed §B). The
/// pair's separation D(s) = x_B(s) − x_A(s) (the points of the two features at fixed weights — a
/// vertex and the face's point, or the edges' points) moves linearly from `separation_start` to
/// `separation_end`; with the normal n(s) pointing from A to B, the signed distance is
/// d(s) = n(s) · D(s), and the impulse is −k h ∫ d(s) n(s) ds over the parts of [0, 1] where
/// d(s) < 0 (A gets its opposite). As the seed does, L(s) is frozen on each penetrating interval
/// (at its midpoint) so that the integrand is a polynomial of degree 5: a 3-point Gauss–Legendre
/// rule integrates it exactly (the seed expands the same integral into a degree-6 antiderivative).
/// Where L varies over an interval (a deforming face, whose area changes), the interval is cut into
/// up to 64 pieces with about 0.1 % of variation each, each frozen at its own midpoint: the seed's
/// approximation made accurate (for rigid motion L is constant and one piece is exact).
/// The penetrating intervals are the sign intervals of the cubic m(s) · D(s), from its roots.
/// No damping (PenaltySettings::damping is not used here).
Vec3 continuous_penalty_pair_impulse(const ContinuousNormal& normal, const Vec3& separation_start,
                                     const Vec3& separation_end, const PenaltySettings& settings, double h);

}  // namespace contactlab
