// Penalty stepping of rigid bodies (issue 19): the contacts of a step become forces instead of a
// contact problem (dynamics/penalty_forces.h for the forces and the seed). Symplectic Euler as the
// impulse stepping: u⁺ = u_free + M⁻¹ Σ Jᵀ I (I the contacts' impulses over the step, applied at
// their points), then q⁺ = q + h H(q) u⁺ (moreau_step.h).
//
//   penalty  I = penalty_impulse(g, v_n) n at the contact position p, from the gap g and the normal
//            velocity v_n = n · (v_B(p) − v_A(p)) of the state at the step's start.
//   cpf      a contact between a face and a vertex (either way round) or two edges — the features
//            the surface methods report (closest-points, intersection) — is integrated as the seed's
//            pair: its features' corners move linearly from their positions at the step's start to
//            those the free motion (velocities without contact forces) gives at its end, the weights
//            (barycentric, or the edges' parameters) are those of the closest points at the start,
//            and its normal turns with them (Theorems 1–2, oriented as the contact's normal at the
//            start); the impulse acts on B at its feature's point and on A, opposite, at its own.
//            The pair's separation is moved along the start normal so that its signed distance at
//            the start is the contact's gap (a method's gap may differ from the features' distance:
//            closest-points subtracts its envelopes); it then changes as the features move.
//            Any other contact (other features, parallel edges) is a point with a fixed normal:
//            continuous_penalty_impulse(g, v*_n) with v*_n from the free velocities.
// Contacts between two fixed bodies do nothing. Friction is not modelled (normal forces only).
#pragma once

#include "contactlab/contact/contact.h"
#include "contactlab/dynamics/penalty_forces.h"
#include "contactlab/dynamics/rigid_body.h"
#include "contactlab/scene/scene.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace contactlab {

enum class PenaltyIntegrator { penalty, cpf };

std::string to_string(PenaltyIntegrator integrator);  ///< "penalty", "cpf"
std::optional<PenaltyIntegrator> penalty_integrator_from_name(std::string_view name);

struct PenaltyStepCounts {
  std::size_t pairs = 0;   ///< contacts integrated as vertex–face or edge–edge pairs (cpf)
  std::size_t points = 0;  ///< contacts integrated as points with a fixed normal
  std::size_t active = 0;  ///< contacts whose impulse is not zero
};

/// CPF's own pairs (seed 001): instead of the contact method's contacts, the vertex–face and
/// edge–edge pairs of two bodies' surfaces that penetrate during the step. A surface vertex and a
/// surface triangle of the other body are a pair when the vertex is behind the triangle's plane at
/// the step's start or end (its positions there: the free motion's), by less than the thickness,
/// over the triangle (its projection inside, at the end where it is deeper); weights: its closest
/// point on the triangle at the start; one pair per vertex and body (a vertex over the edge two
/// triangles share takes the first). Two sharp surface edges (their two faces not coplanar; the
/// diagonals of a flat face are no edges) are a pair when their closest points at the start are
/// inside both and B's edge is behind A's along their common normal — oriented outward of A, by
/// the sum of A's two faces' normals — at the start or the end, by less than the thickness. Each
/// pair's impulse is continuous_penalty_pair_impulse with the geometric distance (no gap shift).
struct PenaltyPairSearch {
  /// The deepest a pair may be, relative to the thinner body's thickness (the smallest side of its
  /// rest surface's box): a vertex deeper behind a face, or an edge deeper behind an edge, is on the
  /// far side of the other body, not in contact with that face or edge.
  double relative_thickness = 0.5;
};

/// The velocity change of CPF over the searched pairs (above), per body.
std::vector<BodyVelocity> searched_pairs_velocity_change(const Scene& scene, const std::vector<RigidBody>& bodies,
                                                         const std::vector<BodyVelocity>& free,
                                                         const PenaltySettings& settings, double h,
                                                         const PenaltyPairSearch& search = {},
                                                         PenaltyStepCounts* counts = nullptr);

/// Per body (scene order), the velocity change the contacts' penalty forces give over the step h:
/// M⁻¹ Σ Jᵀ I. `free`: the bodies' velocities without contact forces (free_velocity), which cpf
/// predicts the end of the step with. `counts`, when given, is filled.
std::vector<BodyVelocity> penalty_velocity_change(const Scene& scene, const ContactSet& contacts,
                                                  const std::vector<RigidBody>& bodies,
                                                  const std::vector<BodyVelocity>& free, PenaltyIntegrator integrator,
                                                  const PenaltySettings& settings, double h,
                                                  PenaltyStepCounts* counts = nullptr);

}  // namespace contactlab
