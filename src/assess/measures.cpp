// measure_contacts (measures.h): the measures of docs/suite.md "Measures" (Erleben 2018 §5).
//
// Stages:
//   1. Checks: the threshold, every interface's and every contact's bodies (InputError).
//   2. Assignment. A contact belongs to an interface of its body pair, in either order. A pair
//      normally has one interface; when it has several (a body in an L-shaped corner touches its
//      neighbour in two planes) the contact goes to the one whose true region is nearest (distances
//      within the scene tolerance count as equal), then to the one whose normals it matches best,
//      then to the first. A contact of a pair without interface is stray.
//   3. Normal quality. The contact normal is flipped when the contact lists the interface's bodies
//      as (B, A), so that it points from the interface's A to its B; its quality is the largest
//      n·n* over the interface's feasible normals n* (both normalised; sign-aware, so a reversed
//      normal scores −1 where the paper's Q of Eq. (2)/(7) would score 1). Correct: ≥ threshold.
//      Stray contacts score −1 and count as wrong in quality = correct / count.
//   4. Coverage: a feasible normal is matched when some contact of its interface has
//      n·n* ≥ threshold. coverage = Σ matched / Σ feasible normals over all interfaces.
//   5. Excess = count / Σ min_contacts (stray contacts included in the count).
//   6. Area coverage P (Eq. (3) summed over interfaces): for each planar interface, the area of the
//      convex hull of its contacts' positions projected on the plane ⊥ n* (its first feasible
//      normal), and that hull clipped to the projected true polygon; P = Σ hull / Σ true area.
//      Stray contacts are in no hull.
//   7. Position error: the distance of each assigned contact to its interface's true region (the
//      convex hull of the polygon corners: polygon, segment or point); the largest per interface
//      and overall. Interfaces without region corners contribute nothing.
#include "contactlab/assess/measures.h"

#include "contactlab/assess/contact_region.h"
#include "contactlab/core/error.h"
#include "contactlab/core/tolerance.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <string>
#include <utility>

namespace contactlab {
namespace {

constexpr const char* kSource = "measure_contacts";

/// n / |n|, or zero when n has no direction (a zero or non-finite normal then matches nothing).
Vec3 unit_or_zero(const Vec3& n) {
  const double length = n.norm();
  return std::isfinite(length) && length > 0.0 ? Vec3(n / length) : Vec3::Zero();
}

/// What the measures need of one interface, prepared once.
struct PreparedInterface {
  std::vector<Vec3> normals;  ///< feasible normals, normalised (zero when unusable)
  std::vector<Vec3> region;   ///< true region corners (empty: unknown)
};

std::string range_text(std::size_t count) { return "[0, " + std::to_string(count) + ")"; }

void check_bodies(Index a, Index b, std::size_t body_count, const std::string& what) {
  auto valid = [&](Index i) { return i >= 0 && static_cast<std::size_t>(i) < body_count; };
  if (!valid(a) || !valid(b)) {
    throw InputError(kSource, 0,
                     what + " names body " + std::to_string(valid(a) ? b : a) + "; expected a body index in " +
                         range_text(body_count) + " (the scene has " + std::to_string(body_count) + " bodies)");
  }
  if (a == b)
    throw InputError(kSource, 0, what + " names body " + std::to_string(a) + " twice; expected two different bodies");
}

/// Largest n·n* over `normals` (−1 when there are none or n has no direction), clamped to [−1, 1].
double best_alignment(const Vec3& n, const std::vector<Vec3>& normals) {
  double best = -1.0;
  if (n.isZero(0.0)) return best;
  for (const Vec3& m : normals) best = std::max(best, n.dot(m));
  return std::clamp(best, -1.0, 1.0);
}

}  // namespace

Measures measure_contacts(const Scene& scene, const GroundTruth& truth, const ContactSet& contacts,
                          const MeasureOptions& options) {
  // 1. Checks.
  if (!std::isfinite(options.normal_threshold) || options.normal_threshold < -1.0 || options.normal_threshold > 1.0) {
    throw InputError(kSource, 0,
                     "normal_threshold must be a number in [-1, 1], got " + std::to_string(options.normal_threshold));
  }
  const std::size_t body_count = scene.bodies.size();
  for (std::size_t k = 0; k < truth.interfaces.size(); ++k) {
    check_bodies(truth.interfaces[k].body_a, truth.interfaces[k].body_b, body_count,
                 "ground-truth interface " + std::to_string(k));
  }
  for (std::size_t i = 0; i < contacts.contacts.size(); ++i) {
    check_bodies(contacts.contacts[i].body_a, contacts.contacts[i].body_b, body_count, "contact " + std::to_string(i));
  }
  const double tolerance = Tolerance{}.absolute(scene.length_scale());

  Measures m;
  m.count = static_cast<int>(contacts.contacts.size());
  std::vector<PreparedInterface> prepared(truth.interfaces.size());
  std::map<std::pair<Index, Index>, std::vector<std::size_t>> by_pair;  // unordered pair → interfaces
  m.interfaces.resize(truth.interfaces.size());
  for (std::size_t k = 0; k < truth.interfaces.size(); ++k) {
    const ContactInterface& in = truth.interfaces[k];
    InterfaceScore& score = m.interfaces[k];
    score.body_a = in.body_a;
    score.body_b = in.body_b;
    score.feasible_normals = static_cast<int>(in.feasible_normals.size());
    score.min_contacts = in.min_contacts;
    score.planar = in.planar;
    score.true_area = in.planar ? in.area : 0.0;
    for (const Vec3& n : in.feasible_normals) prepared[k].normals.push_back(unit_or_zero(n));
    for (const PolygonCorner& c : in.polygon) prepared[k].region.push_back(c.position);
    by_pair[std::minmax(in.body_a, in.body_b)].push_back(k);
  }

  // 2.–3. Assignment and normal quality, per contact.
  std::vector<std::vector<Vec3>> positions(truth.interfaces.size());
  std::vector<std::vector<bool>> matched(truth.interfaces.size());
  for (std::size_t k = 0; k < truth.interfaces.size(); ++k) matched[k].assign(prepared[k].normals.size(), false);
  m.normal_quality.reserve(contacts.contacts.size());
  m.abs_normal_y.reserve(contacts.contacts.size());
  for (const Contact& c : contacts.contacts) {
    const Vec3 n = unit_or_zero(c.normal);
    m.abs_normal_y.push_back(std::abs(n.y()));
    const auto found = by_pair.find(std::minmax(c.body_a, c.body_b));
    if (found == by_pair.end()) {
      ++m.stray;
      m.normal_quality.push_back(-1.0);
      continue;
    }
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
      const double distance = prepared[k].region.empty() ? std::numeric_limits<double>::infinity()
                                                         : distance_to_contact_region(c.position, prepared[k].region);
      const double alignment = best_alignment(oriented, prepared[k].normals);
      if (better(distance, alignment)) {
        have = true;
        chosen = k;
        chosen_distance = distance;
        chosen_alignment = alignment;
        chosen_normal = oriented;
      }
    }
    InterfaceScore& score = m.interfaces[chosen];
    ++score.contacts;
    m.normal_quality.push_back(chosen_alignment);
    if (chosen_alignment >= options.normal_threshold) ++score.correct;
    // 4. Coverage: every feasible normal this contact matches.
    for (std::size_t j = 0; j < prepared[chosen].normals.size(); ++j) {
      if (!chosen_normal.isZero(0.0) && chosen_normal.dot(prepared[chosen].normals[j]) >= options.normal_threshold) {
        matched[chosen][j] = true;
      }
    }
    // 7. Position error.
    if (!prepared[chosen].region.empty() && std::isfinite(chosen_distance)) {
      score.position_error = std::max(score.position_error, chosen_distance);
    }
    positions[chosen].push_back(c.position);
  }

  // Totals and the per-interface areas (6.).
  int feasible = 0, normals_matched = 0, min_contacts = 0;
  double hull_area = 0.0, hull_area_clipped = 0.0, true_area = 0.0;
  bool any_planar = false, any_region = false;
  double position_error = 0.0;
  for (std::size_t k = 0; k < truth.interfaces.size(); ++k) {
    InterfaceScore& score = m.interfaces[k];
    score.normals_matched = static_cast<int>(std::count(matched[k].begin(), matched[k].end(), true));
    m.correct += score.correct;
    feasible += score.feasible_normals;
    normals_matched += score.normals_matched;
    min_contacts += score.min_contacts;
    if (score.planar && !prepared[k].normals.empty()) {
      const Vec3& normal = prepared[k].normals.front();
      score.hull_area = projected_hull_area(positions[k], normal);
      score.hull_area_clipped = projected_hull_area_clipped(positions[k], prepared[k].region, normal);
      hull_area += score.hull_area;
      hull_area_clipped += score.hull_area_clipped;
      true_area += score.true_area;
      any_planar = true;
    }
    if (!prepared[k].region.empty()) {
      any_region = true;
      position_error = std::max(position_error, score.position_error);
    }
  }
  m.quality_percent = m.count > 0 ? 100.0 * m.correct / m.count : 0.0;
  m.coverage_percent = feasible > 0 ? 100.0 * normals_matched / feasible : 0.0;
  m.excess = min_contacts > 0 ? static_cast<double>(m.count) / min_contacts : 0.0;
  if (any_planar && true_area > 0.0) {
    m.area_coverage = hull_area / true_area;
    m.area_coverage_clipped = hull_area_clipped / true_area;
  }
  if (any_region) m.position_error = position_error;
  return m;
}

}  // namespace contactlab
