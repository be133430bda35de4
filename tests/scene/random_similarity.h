// Random similarity transforms for frame-independence tests (issue 12; docs/methods.md "Frame
// independence"): a rotation uniform over SO(3), a uniform scale 10^U(−3, 3) and a translation
// uniform in [−reach, reach]³ × scale (reach 5 unless asked), drawn from a seed so that a failure
// names the move that caused it.
#pragma once

#include "contactlab/core/transform.h"

#include <cmath>
#include <random>
#include <sstream>
#include <string>

namespace contactlab::test {

struct SimilarityMove {
  Transform motion;
  double scale = 1.0;
  std::string text;  ///< the seed and the move, to 17 digits
};

/// The move of `seed`: a random unit quaternion (four normal deviates, normalised: uniform over
/// SO(3)), scale and translation as above.
inline SimilarityMove random_similarity(unsigned seed, double reach = 5.0) {
  std::mt19937_64 rng(0x5eed0000u + seed);
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  Quat q(normal(rng), normal(rng), normal(rng), normal(rng));
  q.normalize();
  SimilarityMove m;
  m.scale = std::pow(10.0, 3.0 * unit(rng));
  const Vec3 t = reach * m.scale * Vec3(unit(rng), unit(rng), unit(rng));
  m.motion = Transform::from_quaternion(q, t);
  std::ostringstream text;
  text.precision(17);
  text << "seed " << seed << ": rotation (w x y z) " << q.w() << " " << q.x() << " " << q.y() << " " << q.z()
       << ", scale " << m.scale << ", translation " << t.transpose();
  m.text = text.str();
  return m;
}

}  // namespace contactlab::test
