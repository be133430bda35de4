// Warm start across steps (SimulationSettings::warm_start; off by default: the paper's solver
// starts every step from zero, §7). A contact that persists from one step to the next — the same
// body pair, nearly the same place on body A, nearly the same normal — starts the next solve from
// the impulse it had, projected onto its new frame. PGS then spends its sweeps on what changed
// instead of rebuilding a stack's load from zero every step; with a fixed sweep count the residual
// left each step (the drift of a resting stack) falls accordingly (docs/semi-local.md).
//
// Matching: each contact of the new step takes the impulse of the nearest contact of the previous
// step with the same (body_a, body_b), its position in A's body frame within
// `kMatchRadius` × the pair's length (the smaller of the two bodies' bounding radii) and its normal
// in A's frame within `kMatchCosine` of the new one; nothing (zero) otherwise. Positions, normals
// and the length are taken in body frames, so the matches are the same in any frame and at any
// scale. The impulse carried is the old world impulse vector (λ_n n + λ_t t + λ_b b) expressed in
// A's frame; its components along the new contact frame start the solve (a contact frame's
// tangents are arbitrary, so only the vector is meaningful).
#pragma once

#include "contactlab/contact/contact.h"
#include "contactlab/core/types.h"
#include "contactlab/dynamics/rigid_body.h"

#include <map>
#include <utility>
#include <vector>

namespace contactlab {

class ContactImpulseMemory {
 public:
  /// Relative match radius and normal cosine (see the file comment).
  static constexpr double kMatchRadius = 1e-2;
  static constexpr double kMatchCosine = 0.99;

  /// `lengths`: per body, its size (bounding radius of the rest mesh about the centre of mass).
  explicit ContactImpulseMemory(std::vector<double> lengths) : lengths_(std::move(lengths)) {}

  /// The starting impulses (contact frames n, t, b) of the constraints `constrained` of `contacts`
  /// at the bodies' current poses: empty when nothing is remembered (a cold start).
  std::vector<Vec3> initial_impulses(const ContactSet& contacts, const std::vector<std::size_t>& constrained,
                                     const std::vector<RigidBody>& bodies) const;

  /// Keeps a step's solution (impulses per constraint, contact frames) for the next step, at the
  /// poses the contacts were generated at (`bodies` before the step moves them).
  void remember(const ContactSet& contacts, const std::vector<std::size_t>& constrained,
                const std::vector<Vec3>& impulses, const std::vector<RigidBody>& bodies);

 private:
  struct Record {
    Vec3 position;  ///< in A's body frame (relative to its centre of mass)
    Vec3 normal;    ///< in A's body frame
    Vec3 impulse;   ///< world impulse vector, in A's body frame
  };
  std::vector<double> lengths_;
  std::map<std::pair<Index, Index>, std::vector<Record>> records_;  ///< by (body_a, body_b)
};

}  // namespace contactlab
