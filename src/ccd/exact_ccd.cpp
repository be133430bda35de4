#include "contactlab/ccd/exact_ccd.h"

#include "rational_polynomial.h"

#include <cmath>
#include <stdexcept>
#include <vector>

namespace contactlab {
namespace {

using exact::Polynomial;
using exact::RealRoot;

/// A vector whose components are polynomials in t.
struct PolyVec {
  Polynomial x, y, z;
};

PolyVec operator-(const PolyVec& a, const PolyVec& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
Polynomial dot(const PolyVec& a, const PolyVec& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
PolyVec cross(const PolyVec& a, const PolyVec& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

/// The point moving linearly from `from` (t = 0) to `to` (t = 1), exactly: x(t) = from + t (to − from).
PolyVec trajectory(const Vec3& from, const Vec3& to) {
  PolyVec p;
  Polynomial* axes[3] = {&p.x, &p.y, &p.z};
  for (int i = 0; i < 3; ++i) {
    const mpq_class a(from[i]), b(to[i]);  // exact: every finite double is a rational
    *axes[i] = Polynomial::linear(a, b - a);
  }
  return p;
}

/// A conjunction of sign conditions on polynomials in t: every `zero` vanishes, every `nonnegative`
/// is ≥ 0, every `positive` is > 0.
struct Conjunction {
  std::vector<Polynomial> zero, nonnegative, positive;
};

/// The signs demanded at a point, given a way to get each polynomial's sign there.
template <class SignOf>
bool satisfied(const Conjunction& c, SignOf&& sign_of) {
  for (const Polynomial& p : c.nonnegative) {
    if (sign_of(p) < 0) return false;
  }
  for (const Polynomial& p : c.positive) {
    if (sign_of(p) <= 0) return false;
  }
  return true;
}

/// Whether the conjunction holds at some t in [0, 1] (see the header for why the points tried
/// suffice).
bool holds_somewhere(const Conjunction& c) {
  Polynomial equations;  // the gcd of the equations that are not identically zero
  bool constrained = false;
  for (const Polynomial& p : c.zero) {
    if (p.is_zero()) continue;
    equations = constrained ? exact::gcd(equations, p) : p;
    constrained = true;
  }
  if (constrained) {
    if (equations.degree() < 1) return false;  // no common root at all
    for (RealRoot& root : exact::roots_in_unit_interval(equations)) {
      if (satisfied(c, [&](const Polynomial& p) { return exact::sign_at(p, root); })) return true;
    }
    return false;
  }
  std::vector<RealRoot> candidates{{Polynomial(), 0, 0, true}, {Polynomial(), 1, 1, true}};
  for (const auto* list : {&c.nonnegative, &c.positive}) {
    for (const Polynomial& p : *list) {
      if (p.degree() < 1) continue;
      for (const RealRoot& root : exact::roots_in_unit_interval(p)) candidates.push_back(root);
    }
  }
  for (RealRoot& root : candidates) {
    if (satisfied(c, [&](const Polynomial& p) { return exact::sign_at(p, root); })) return true;
    const bool at_start = root.rational && root.lo == 0, at_end = root.rational && root.lo == 1;
    if (!at_end && satisfied(c, [&](const Polynomial& p) { return exact::side_sign(p, root, true); })) return true;
    if (!at_start && satisfied(c, [&](const Polynomial& p) { return exact::side_sign(p, root, false); })) return true;
  }
  return false;
}

/// (s − x)(y − s) ≥ 0: s lies between x and y (either order).
Polynomial between(const Polynomial& s, const Polynomial& x, const Polynomial& y) { return (s - x) * (y - s); }

bool collides(const PolyVec& r, const PolyVec& e1, const PolyVec& e2, bool triangle) {
  const PolyVec n = cross(e1, e2);
  const Polynomial area = dot(n, n);  // N = |e1 × e2|²
  const Polynomial u = dot(cross(r, e2), n), v = dot(cross(e1, r), n);

  // 1. A proper parallelogram frame: coplanar, and (u, v) = (U, V) / N in the domain.
  Conjunction proper{{dot(r, n)}, {u, v}, {area}};
  if (triangle) {
    proper.nonnegative.push_back(area - u - v);
  } else {
    proper.nonnegative.push_back(area - u);
    proper.nonnegative.push_back(area - v);
  }
  if (holds_somewhere(proper)) return true;

  // 2. Collapsed frame, e1 ≠ 0: e2 = λ e1, r = s e1 with s in the hull of the corners' images.
  const Polynomial e1e1 = dot(e1, e1), e2e2 = dot(e2, e2), lambda = dot(e1, e2), s = dot(r, e1);
  const PolyVec r_e1 = cross(r, e1);
  std::vector<Polynomial> corners{Polynomial(), e1e1, lambda};  // 0, 1, λ, scaled by |e1|²
  if (!triangle) corners.push_back(e1e1 + lambda);
  for (std::size_t i = 0; i < corners.size(); ++i) {
    for (std::size_t j = i + 1; j < corners.size(); ++j) {
      const Conjunction segment{{n.x, n.y, n.z, r_e1.x, r_e1.y, r_e1.z}, {between(s, corners[i], corners[j])}, {e1e1}};
      if (holds_somewhere(segment)) return true;
    }
  }

  // 3. e1 = 0, e2 ≠ 0: the image is the segment {v e2 : v ∈ [0, 1]}.
  const PolyVec r_e2 = cross(r, e2);
  const Polynomial s2 = dot(r, e2);
  if (holds_somewhere({{e1.x, e1.y, e1.z, r_e2.x, r_e2.y, r_e2.z}, {s2, e2e2 - s2}, {e2e2}})) return true;

  // 4. Both collapsed: the image is the origin.
  return holds_somewhere({{e1.x, e1.y, e1.z, e2.x, e2.y, e2.z, r.x, r.y, r.z}, {}, {}});
}

}  // namespace

bool exact_ccd(const CcdQuery& query) {
  std::array<PolyVec, 4> x;
  for (std::size_t k = 0; k < 4; ++k) {
    if (!query.start[k].allFinite() || !query.end[k].allFinite()) {
      throw std::invalid_argument("exact ccd: a point is not finite");
    }
    x[k] = trajectory(query.start[k], query.end[k]);
  }
  if (query.kind == CcdKind::kVertexFace) return collides(x[0] - x[1], x[2] - x[1], x[3] - x[1], true);
  return collides(x[2] - x[0], x[1] - x[0], x[2] - x[3], false);
}

}  // namespace contactlab
