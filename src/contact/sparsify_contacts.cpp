#include "contactlab/contact/sparsify_contacts.h"

#include "contactlab/core/error.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace contactlab {
namespace {

/// The same tet, or two tets sharing a face.
bool same_or_adjacent(const TetMesh& mesh, Index t, Index u) {
  return t == u || (t != kInvalidIndex && u != kInvalidIndex && tets_share_a_face(mesh, t, u));
}

double area_of(const Contact& c) { return c.has_area ? c.area : 0.0; }

}  // namespace

bool tets_share_a_face(const TetMesh& mesh, Index t, Index u) {
  const auto count = static_cast<Index>(mesh.tets.size());
  if (t < 0 || u < 0 || t >= count || u >= count || t == u) return false;
  const Tet& a = mesh.tets[static_cast<std::size_t>(t)];
  const Tet& b = mesh.tets[static_cast<std::size_t>(u)];
  int shared = 0;
  for (const Index v : a) shared += std::find(b.begin(), b.end(), v) != b.end() ? 1 : 0;
  return shared == 3;
}

void validate(const SparsifyOptions& options, const std::string& source) {
  const auto bad = [&source](const std::string& what) { throw InputError(source, 0, what); };
  if (!(options.threshold >= 0.0 && options.threshold <= 1.0)) bad("threshold must be in [0, 1]");
  if (!(options.minarea >= 0.0) || !std::isfinite(options.minarea)) bad("minarea must be a finite area ≥ 0");
  if (!(options.relative_mindist >= 0.0) || !std::isfinite(options.relative_mindist)) {
    bad("relative mindist must be finite and ≥ 0");
  }
  if (options.mindist && (!(*options.mindist >= 0.0) || !std::isfinite(*options.mindist))) {
    bad("mindist must be a finite distance ≥ 0");
  }
}

std::vector<Contact> sparsify_body_pair(const std::vector<Contact>& contacts, const TetMesh& tets_a,
                                        const TetMesh& tets_b, const SparsifyOptions& options, double length_scale,
                                        SparsifyCounts* counts) {
  const std::size_t n = contacts.size();
  const double mindist = options.mindist_for(length_scale);
  std::vector<char> deleted(n, 0);  // scheduled, applied after every contact is judged (dom.c)
  SparsifyCounts local;
  for (std::size_t i = 0; i < n; ++i) {
    const Contact& c = contacts[i];
    if (c.has_area && c.area < options.minarea) {  // line 2
      deleted[i] = 1;
      ++local.by_area;
      continue;
    }
    for (std::size_t j = 0; j < n && !deleted[i]; ++j) {
      if (j == i) continue;
      const Contact& d = contacts[j];
      // Line 4: much smaller than a topologically adjacent contact.
      if (c.has_area && d.has_area && c.area < options.threshold * d.area &&
          same_or_adjacent(tets_a, c.element_a, d.element_a) && same_or_adjacent(tets_b, c.element_b, d.element_b) &&
          !(c.element_a == d.element_a && c.element_b == d.element_b)) {
        deleted[i] = 1;
        ++local.by_threshold;
      } else if ((c.position - d.position).norm() < mindist) {  // line 5: the smaller of a close pair
        const double ai = area_of(c), aj = area_of(d);
        if (ai < aj || (ai == aj && i > j)) {
          deleted[i] = 1;
          ++local.by_distance;
        }
      }
    }
  }
  std::vector<Contact> kept;
  kept.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    if (!deleted[i]) kept.push_back(contacts[i]);
  }
  if (counts) {
    counts->by_area += local.by_area;
    counts->by_threshold += local.by_threshold;
    counts->by_distance += local.by_distance;
  }
  return kept;
}

}  // namespace contactlab
