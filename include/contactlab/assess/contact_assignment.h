// Which ground-truth interface each contact belongs to — the step before every measure
// (docs/suite.md "Measures"; stages 2–3 of measure_contacts, measures.h). The per-measure
// functions (measure_quality.h … measure_abs_normal_y.h) read this and know nothing of scenes.
//
// A contact belongs to an interface of its body pair, in either order. A pair normally has one
// interface; when it has several (a body in an L-shaped corner touches its neighbour in two
// planes) the contact goes to the one whose true region is nearest (distances within the scene's
// tolerance, 1e-9 × Scene::length_scale(), count as equal; a known region beats an unknown one),
// then to the one whose feasible normals it matches best, then to the first. A contact of a pair
// without interface is stray.
#pragma once

#include "contactlab/contact/contact.h"
#include "contactlab/scene/scene.h"

#include <cstddef>
#include <limits>
#include <optional>
#include <vector>

namespace contactlab {

/// One contact as the measures see it.
struct AssignedContact {
  std::optional<std::size_t> interface_index;  ///< index into GroundTruth::interfaces; absent: stray
  Vec3 position = Vec3::Zero();                ///< the contact's position, m
  /// The contact's normal made unit (zero when it has no direction, unit_or_zero) and, when the
  /// contact lists its interface's bodies as (B, A), flipped to point from the interface's A to B.
  Vec3 normal = Vec3::Zero();
  /// Sign-aware quality: max over the interface's unit feasible normals n* of n·n*, clamped to
  /// [−1, 1]; −1 for a stray contact, a contact without direction or an interface without normals.
  double alignment = -1.0;
  /// Distance from the position to the interface's true region, m; +∞ when stray or unknown.
  double distance = std::numeric_limits<double>::infinity();
};

struct ContactAssignment {
  std::vector<AssignedContact> contacts;  ///< in the contact set's order
  /// Per interface, in ground-truth order: its feasible normals made unit (zero when unusable).
  std::vector<std::vector<Vec3>> feasible_normals;
  /// Per interface: its true region's corners (PolygonCorner positions; empty: region unknown).
  std::vector<std::vector<Vec3>> regions;

  /// The number of contacts assigned to each interface (stray ones to none).
  std::vector<int> contacts_per_interface() const;
};

/// Assigns every contact of `contacts` to an interface of `truth` (see the file comment). Throws
/// InputError (source "measure_contacts") when an interface or a contact names a body outside the
/// scene or the same body twice — interfaces are checked first, then contacts, in order.
ContactAssignment assign_contacts(const Scene& scene, const GroundTruth& truth, const ContactSet& contacts);

}  // namespace contactlab
