// Univariate polynomials with rational (GMP) coefficients and the exact real-root machinery the
// exact CCD oracle needs (exact_ccd.cpp): Euclid's gcd, square-free parts, Sturm sequences, root
// isolation in [0, 1], and the sign of a polynomial at a real algebraic number. Degrees stay small
// (≤ 4 in the oracle), so dense coefficient vectors and plain Euclidean remainder sequences are the
// simplest correct choice; no library on Debian offers these on mpq (FLINT's fmpq_poly would, but is
// a heavy dependency for five routines on quartics).
#pragma once

#include <gmpxx.h>

#include <vector>

namespace contactlab::exact {

/// Σ c[i] tⁱ with no trailing zero coefficient: the zero polynomial has no coefficients.
struct Polynomial {
  std::vector<mpq_class> c;

  Polynomial() = default;
  explicit Polynomial(std::vector<mpq_class> coefficients);
  static Polynomial linear(const mpq_class& c0, const mpq_class& c1) { return Polynomial({c0, c1}); }

  int degree() const { return static_cast<int>(c.size()) - 1; }  ///< −1 for the zero polynomial
  bool is_zero() const { return c.empty(); }
};

Polynomial operator+(const Polynomial& a, const Polynomial& b);
Polynomial operator-(const Polynomial& a, const Polynomial& b);
Polynomial operator*(const Polynomial& a, const Polynomial& b);

mpq_class evaluate(const Polynomial& p, const mpq_class& t);
int sign_at(const Polynomial& p, const mpq_class& t);
Polynomial derivative(const Polynomial& p);
/// The monic greatest common divisor (zero when both are zero).
Polynomial gcd(Polynomial a, Polynomial b);
/// p with every repeated factor once: p / gcd(p, p′) (p itself when of degree ≤ 0).
Polynomial square_free(const Polynomial& p);

/// A real root in [0, 1] of a square-free polynomial: either a rational (lo == hi, `rational`), or
/// the only root of `p` in the open interval (lo, hi), where p does not vanish at lo or hi.
struct RealRoot {
  Polynomial p;
  mpq_class lo, hi;
  bool rational = false;
};

/// The distinct real roots of p (not zero) in the closed [0, 1], increasing.
std::vector<RealRoot> roots_in_unit_interval(const Polynomial& p);

/// The sign (−1, 0, 1) of h at the root; refines the root's interval as needed (hence non-const).
int sign_at(const Polynomial& h, RealRoot& root);

/// The sign of h just to the right (or left) of the root: that of the first derivative of h not
/// vanishing there, negated for odd orders on the left. 0 only for the zero polynomial.
int side_sign(const Polynomial& h, RealRoot& root, bool right);

}  // namespace contactlab::exact
