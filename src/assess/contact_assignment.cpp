// assign_contacts (contact_assignment.h): stages 2–3 of the measures (docs/suite.md "Measures").
#include "contactlab/assess/contact_assignment.h"

#include "contactlab/assess/contact_region.h"
#include "contactlab/core/error.h"
#include "contactlab/core/tolerance.h"
#include "contactlab/geometry/unit_or_zero.h"
#include "measure_checks.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <utility>

namespace contactlab {
namespace {

using assess_detail::kMeasureSource;

std::string range_text(std::size_t count) { return "[0, " + std::to_string(count) + ")"; }

void check_bodies(Index a, Index b, std::size_t body_count, const std::string& what) {
  auto valid = [&](Index i) { return i >= 0 && static_cast<std::size_t>(i) < body_count; };
  if (!valid(a) || !valid(b)) {
    throw InputError(kMeasureSource, 0,
                     what + " names body " + std::to_string(valid(a) ? b : a) + "; expected a body index in " +
                         range_text(body_count) + " (the scene has " + std::to_string(body_count) + " bodies)");
  }
  if (a == b) {
    throw InputError(kMeasureSource, 0,
                     what + " names body " + std::to_string(a) + " twice; expected two different bodies");
  }
}

/// Largest n·n* over `normals` (−1 when there are none or n has no direction), clamped to [−1, 1].
double best_alignment(const Vec3& n, const std::vector<Vec3>& normals) {
  double best = -1.0;
  if (n.isZero(0.0)) return best;
  for (const Vec3& m : normals) best = std::max(best, n.dot(m));
  return std::clamp(best, -1.0, 1.0);
}

}  // namespace

std::vector<int> ContactAssignment::contacts_per_interface() const {
  std::vector<int> counts(feasible_normals.size(), 0);
  for (const AssignedContact& c : contacts) {
    if (c.interface_index) ++counts[*c.interface_index];
  }
  return counts;
}

ContactAssignment assign_contacts(const Scene& scene, const GroundTruth& truth, const ContactSet& contacts) {
  const std::size_t body_count = scene.bodies.size();
  for (std::size_t k = 0; k < truth.interfaces.size(); ++k) {
    check_bodies(truth.interfaces[k].body_a, truth.interfaces[k].body_b, body_count,
                 "ground-truth interface " + std::to_string(k));
  }
  for (std::size_t i = 0; i < contacts.contacts.size(); ++i) {
    check_bodies(contacts.contacts[i].body_a, contacts.contacts[i].body_b, body_count, "contact " + std::to_string(i));
  }
  const double tolerance = Tolerance{}.absolute(scene.length_scale());

  ContactAssignment out;
  out.feasible_normals.resize(truth.interfaces.size());
  out.regions.resize(truth.interfaces.size());
  std::map<std::pair<Index, Index>, std::vector<std::size_t>> by_pair;  // unordered pair → interfaces
  for (std::size_t k = 0; k < truth.interfaces.size(); ++k) {
    const ContactInterface& in = truth.interfaces[k];
    for (const Vec3& n : in.feasible_normals) out.feasible_normals[k].push_back(unit_or_zero(n));
    for (const PolygonCorner& c : in.polygon) out.regions[k].push_back(c.position);
    by_pair[std::minmax(in.body_a, in.body_b)].push_back(k);
  }

  out.contacts.reserve(contacts.contacts.size());
  for (const Contact& c : contacts.contacts) {
    AssignedContact& assigned = out.contacts.emplace_back();
    assigned.position = c.position;
    const Vec3 n = unit_or_zero(c.normal);
    assigned.normal = n;
    const auto found = by_pair.find(std::minmax(c.body_a, c.body_b));
    if (found == by_pair.end()) continue;  // stray
    std::size_t chosen = found->second.front();
    bool have = false;
    double chosen_distance = std::numeric_limits<double>::infinity();
    double chosen_alignment = -1.0;
    Vec3 chosen_normal = n;
    // Nearer region first (a known region beats an unknown one), then better alignment.
    auto better = [&](double distance, double alignment) {
      if (!have) return true;
      const bool known = std::isfinite(distance), chosen_known = std::isfinite(chosen_distance);
      if (known != chosen_known) return known;
      if (known && distance < chosen_distance - tolerance) return true;
      if (known && distance > chosen_distance + tolerance) return false;
      return alignment > chosen_alignment;
    };
    for (std::size_t k : found->second) {
      const Vec3 oriented = c.body_a == truth.interfaces[k].body_a ? n : Vec3(-n);
      const double distance = out.regions[k].empty() ? std::numeric_limits<double>::infinity()
                                                     : distance_to_contact_region(c.position, out.regions[k]);
      const double alignment = best_alignment(oriented, out.feasible_normals[k]);
      if (better(distance, alignment)) {
        have = true;
        chosen = k;
        chosen_distance = distance;
        chosen_alignment = alignment;
        chosen_normal = oriented;
      }
    }
    assigned.interface_index = chosen;
    assigned.normal = chosen_normal;
    assigned.alignment = chosen_alignment;
    assigned.distance = chosen_distance;
  }
  return out;
}

}  // namespace contactlab
