#include "contactlab/solver/friction_contact_error.h"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace contactlab {

Eigen::Vector3d project_on_friction_cone(const Eigen::Vector3d& r, double mu) {
  const double normal = r.x(), tangent = std::hypot(r.y(), r.z());
  if (tangent <= mu * normal) return r;                         // inside the cone
  if (mu * tangent <= -normal) return Eigen::Vector3d::Zero();  // inside the polar cone
  // Onto the cone's surface, in the plane of the normal and r's tangent part.
  const double projected_normal = (mu * tangent + normal) / (mu * mu + 1.0);
  const double scale = mu * projected_normal / tangent;
  return {projected_normal, scale * r.y(), scale * r.z()};
}

double friction_contact_error(const Eigen::SparseMatrix<double>& W, const Eigen::VectorXd& q, const Eigen::VectorXd& mu,
                              const Eigen::VectorXd& r) {
  const Eigen::Index n = q.size();
  if (W.rows() != n || W.cols() != n || r.size() != n || 3 * mu.size() != n) {
    throw std::invalid_argument("friction_contact_error: W, q, r of size 3m and mu of size m expected");
  }
  const Eigen::VectorXd u = W * r + q;
  double sum = 0.0;
  for (Eigen::Index a = 0; a < mu.size(); ++a) {
    const Eigen::Vector3d ra = r.segment<3>(3 * a), ua = u.segment<3>(3 * a);
    const Eigen::Vector3d modified(ua.x() + mu[a] * std::hypot(ua.y(), ua.z()), ua.y(), ua.z());
    sum += (ra - project_on_friction_cone(ra - modified, mu[a])).squaredNorm();
  }
  const double error = std::sqrt(sum), norm = q.norm();
  return norm > std::numeric_limits<double>::epsilon() ? error / norm : error;
}

}  // namespace contactlab
