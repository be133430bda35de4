#include "contactlab/core/cubic_roots.h"

#include <algorithm>
#include <cmath>

namespace contactlab {

double evaluate_cubic(const std::array<double, 4>& k, double t) { return ((k[3] * t + k[2]) * t + k[1]) * t + k[0]; }

std::vector<double> cubic_roots_in_unit_interval(const std::array<double, 4>& k) {
  const auto f = [&](double t) { return evaluate_cubic(k, t); };
  std::vector<double> cuts{0.0};
  const double a = 3.0 * k[3], b = 2.0 * k[2], c = k[1];
  if (a != 0.0) {
    const double disc = b * b - 4.0 * a * c;
    if (disc >= 0.0) {
      const double r = std::sqrt(disc);
      for (const double x : {(-b - r) / (2.0 * a), (-b + r) / (2.0 * a)}) {
        if (x > 0.0 && x < 1.0) cuts.push_back(x);
      }
    }
  } else if (b != 0.0) {
    const double x = -c / b;
    if (x > 0.0 && x < 1.0) cuts.push_back(x);
  }
  cuts.push_back(1.0);
  std::sort(cuts.begin(), cuts.end());
  std::vector<double> roots;
  for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
    double lo = cuts[i], hi = cuts[i + 1];
    double flo = f(lo);
    const double fhi = f(hi);
    if (flo == 0.0) {
      roots.push_back(lo);
      continue;
    }
    if ((flo > 0.0) == (fhi > 0.0) && fhi != 0.0) continue;
    for (int it = 0; it < 200 && hi - lo > 0.0; ++it) {
      const double mid = 0.5 * (lo + hi);
      if (mid <= lo || mid >= hi) break;
      const double fm = f(mid);
      if ((fm > 0.0) == (flo > 0.0) && fm != 0.0) {
        lo = mid;
        flo = fm;
      } else {
        hi = mid;
      }
    }
    roots.push_back(hi);
  }
  if (f(1.0) == 0.0) roots.push_back(1.0);
  std::sort(roots.begin(), roots.end());
  roots.erase(std::unique(roots.begin(), roots.end()), roots.end());
  return roots;
}

}  // namespace contactlab
