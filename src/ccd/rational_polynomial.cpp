#include "rational_polynomial.h"

#include <algorithm>
#include <utility>

namespace contactlab::exact {
namespace {

void trim(std::vector<mpq_class>& c) {
  while (!c.empty() && sgn(c.back()) == 0) c.pop_back();
}

/// a = q b + r with deg r < deg b (b not zero): Euclidean division over the rationals.
void divide(const Polynomial& a, const Polynomial& b, Polynomial& quotient, Polynomial& remainder) {
  std::vector<mpq_class> r = a.c;
  std::vector<mpq_class> q(a.degree() >= b.degree() ? static_cast<std::size_t>(a.degree() - b.degree() + 1) : 0);
  const mpq_class& lead = b.c.back();
  for (int k = a.degree() - b.degree(); k >= 0; --k) {
    const std::size_t top = static_cast<std::size_t>(k + b.degree());
    if (sgn(r[top]) == 0) continue;
    const mpq_class factor = r[top] / lead;
    q[static_cast<std::size_t>(k)] = factor;
    for (std::size_t i = 0; i < b.c.size(); ++i) r[static_cast<std::size_t>(k) + i] -= factor * b.c[i];
  }
  trim(q);
  trim(r);
  quotient.c = std::move(q);
  remainder.c = std::move(r);
}

/// Sign changes of the Sturm sequence at x, zeros skipped.
int variations(const std::vector<Polynomial>& sturm, const mpq_class& x) {
  int count = 0, last = 0;
  for (const Polynomial& s : sturm) {
    const int v = sign_at(s, x);
    if (v == 0) continue;
    if (last != 0 && v != last) ++count;
    last = v;
  }
  return count;
}

/// p, p′, then the negated remainders: for square-free p, variations(a) − variations(b) is the
/// number of roots in (a, b) when neither a nor b is a root (Sturm's theorem).
std::vector<Polynomial> sturm_sequence(const Polynomial& p) {
  std::vector<Polynomial> s{p, derivative(p)};
  while (!s.back().is_zero() && s.back().degree() > 0) {
    Polynomial q, r;
    divide(s[s.size() - 2], s.back(), q, r);
    s.push_back(Polynomial() - r);
  }
  if (s.back().is_zero()) s.pop_back();
  return s;
}

Polynomial divide_out_root(const Polynomial& p, const mpq_class& root) {
  Polynomial q, r;
  divide(p, Polynomial::linear(-root, 1), q, r);
  return q;  // r is zero: root is a root of p
}

}  // namespace

Polynomial::Polynomial(std::vector<mpq_class> coefficients) : c(std::move(coefficients)) { trim(c); }

Polynomial operator+(const Polynomial& a, const Polynomial& b) {
  std::vector<mpq_class> c(std::max(a.c.size(), b.c.size()));
  for (std::size_t i = 0; i < a.c.size(); ++i) c[i] += a.c[i];
  for (std::size_t i = 0; i < b.c.size(); ++i) c[i] += b.c[i];
  return Polynomial(std::move(c));
}

Polynomial operator-(const Polynomial& a, const Polynomial& b) {
  std::vector<mpq_class> c(std::max(a.c.size(), b.c.size()));
  for (std::size_t i = 0; i < a.c.size(); ++i) c[i] += a.c[i];
  for (std::size_t i = 0; i < b.c.size(); ++i) c[i] -= b.c[i];
  return Polynomial(std::move(c));
}

Polynomial operator*(const Polynomial& a, const Polynomial& b) {
  if (a.is_zero() || b.is_zero()) return {};
  std::vector<mpq_class> c(a.c.size() + b.c.size() - 1);
  for (std::size_t i = 0; i < a.c.size(); ++i) {
    for (std::size_t j = 0; j < b.c.size(); ++j) c[i + j] += a.c[i] * b.c[j];
  }
  return Polynomial(std::move(c));
}

mpq_class evaluate(const Polynomial& p, const mpq_class& t) {
  mpq_class value = 0;
  for (std::size_t i = p.c.size(); i-- > 0;) value = value * t + p.c[i];
  return value;
}

int sign_at(const Polynomial& p, const mpq_class& t) { return sgn(evaluate(p, t)); }

Polynomial derivative(const Polynomial& p) {
  std::vector<mpq_class> c;
  for (std::size_t i = 1; i < p.c.size(); ++i) c.push_back(p.c[i] * static_cast<unsigned long>(i));
  return Polynomial(std::move(c));
}

Polynomial gcd(Polynomial a, Polynomial b) {
  while (!b.is_zero()) {
    Polynomial q, r;
    divide(a, b, q, r);
    a = std::move(b);
    b = std::move(r);
  }
  if (a.is_zero()) return a;
  const mpq_class lead = a.c.back();
  for (mpq_class& x : a.c) x /= lead;
  return a;
}

Polynomial square_free(const Polynomial& p) {
  if (p.degree() <= 0) return p;
  Polynomial q, r;
  divide(p, gcd(p, derivative(p)), q, r);
  return q;
}

std::vector<RealRoot> roots_in_unit_interval(const Polynomial& p) {
  std::vector<RealRoot> roots;
  Polynomial q = square_free(p);
  // Rational roots met on the way (the ends, a bisection point) are recorded and divided out, and
  // the isolation restarts on the smaller polynomial: every interval end is then a non-root.
  for (const mpq_class& end : {mpq_class(0), mpq_class(1)}) {
    if (q.degree() >= 1 && sign_at(q, end) == 0) {
      roots.push_back({Polynomial(), end, end, true});
      q = divide_out_root(q, end);
    }
  }
  bool restart = true;
  std::vector<RealRoot> isolated;
  while (restart) {
    restart = false;
    isolated.clear();
    if (q.degree() < 1) break;
    const std::vector<Polynomial> sturm = sturm_sequence(q);
    std::vector<std::pair<mpq_class, mpq_class>> pending{{mpq_class(0), mpq_class(1)}};
    while (!pending.empty() && !restart) {
      const auto [a, b] = pending.back();
      pending.pop_back();
      const int count = variations(sturm, a) - variations(sturm, b);
      if (count == 0) continue;
      if (count == 1) {
        isolated.push_back({q, a, b, false});
        continue;
      }
      const mpq_class m = (a + b) / 2;
      if (sign_at(q, m) == 0) {
        roots.push_back({Polynomial(), m, m, true});
        q = divide_out_root(q, m);
        restart = true;
        break;
      }
      pending.emplace_back(a, m);
      pending.emplace_back(m, b);
    }
  }
  roots.insert(roots.end(), isolated.begin(), isolated.end());
  std::sort(roots.begin(), roots.end(), [](const RealRoot& x, const RealRoot& y) { return x.lo < y.lo; });
  return roots;
}

int sign_at(const Polynomial& h, RealRoot& root) {
  if (h.is_zero()) return 0;
  if (root.rational) return sign_at(h, root.lo);
  // h vanishes at the root exactly when gcd(p, h) does; a divisor of the square-free p has at most
  // this one root in (lo, hi), a simple one, so it vanishes there exactly when it changes sign.
  const Polynomial g = gcd(root.p, h);
  if (g.degree() >= 1 && sign_at(g, root.lo) != sign_at(g, root.hi)) return 0;
  // h(root) ≠ 0: halve the interval until h has no root in its closure; h's sign there is the sign.
  const Polynomial hs = square_free(h);
  const std::vector<Polynomial> sturm = hs.degree() >= 1 ? sturm_sequence(hs) : std::vector<Polynomial>{};
  const int p_lo = sign_at(root.p, root.lo);
  for (;;) {
    const int h_lo = sign_at(h, root.lo);
    if (h_lo != 0 && sign_at(h, root.hi) != 0 &&
        (sturm.empty() || variations(sturm, root.lo) == variations(sturm, root.hi))) {
      return h_lo;
    }
    const mpq_class m = (root.lo + root.hi) / 2;
    const int p_m = sign_at(root.p, m);
    if (p_m == 0) {  // the root is m, a rational
      root.lo = root.hi = m;
      root.rational = true;
      return sign_at(h, m);
    }
    (p_m == p_lo ? root.lo : root.hi) = m;
  }
}

int side_sign(const Polynomial& h, RealRoot& root, bool right) {
  Polynomial d = h;
  for (int order = 0; !d.is_zero(); ++order, d = derivative(d)) {
    const int s = sign_at(d, root);
    if (s != 0) return right || order % 2 == 0 ? s : -s;
  }
  return 0;
}

}  // namespace contactlab::exact
