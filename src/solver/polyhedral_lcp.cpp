#include "contactlab/solver/polyhedral_lcp.h"

#include "contact_blocks.h"
#include "contactlab/core/error.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

namespace contactlab {
namespace {

constexpr const char* kPolyhedralLcpSource = "polyhedral_lcp";

/// The directions' cosines and sines, θ_j = 2π j / K.
struct Directions {
  std::vector<double> cos, sin;
  explicit Directions(int k) : cos(static_cast<std::size_t>(k)), sin(static_cast<std::size_t>(k)) {
    for (int j = 0; j < k; ++j) {
      const double theta = 2.0 * std::numbers::pi * j / k;
      cos[static_cast<std::size_t>(j)] = std::cos(theta);
      sin[static_cast<std::size_t>(j)] = std::sin(theta);
    }
  }
  int count() const { return static_cast<int>(cos.size()); }
};

/// G without γ's (zero) column: λ = G (λ_n, β_1…β_K).
Eigen::MatrixXd cone_map(const Directions& d) {
  Eigen::MatrixXd g = Eigen::MatrixXd::Zero(3, d.count() + 1);
  g(0, 0) = 1.0;
  for (int j = 0; j < d.count(); ++j) {
    g(1, 1 + j) = d.cos[static_cast<std::size_t>(j)];
    g(2, 1 + j) = d.sin[static_cast<std::size_t>(j)];
  }
  return g;
}

/// The LCP in velocity units (polyhedral_lcp.h "Units"): with c = W_nn of the contact, λ_n and β
/// become c λ_n and c β (m/s) and the γ row is multiplied by c, so every variable and row is a
/// velocity and every matrix entry a number. M' = D_r M D_c, q' = D_r q, x = D_c x'. In place on the
/// (K+2)-block of contact rows `row` and columns `column`.
void to_velocity_units(Eigen::Ref<Eigen::MatrixXd> block, int k, double c_row, double c_column) {
  block.leftCols(k + 1) /= c_column;
  block.row(k + 1) *= c_row;
}

/// A contact's own LCP matrix: Gᵀ W_kk G and the coupling entries of γ (polyhedral_lcp.h).
void add_coupling(Eigen::Ref<Eigen::MatrixXd> block, int k, double friction) {
  for (int j = 0; j < k; ++j) {
    block(1 + j, k + 1) = 1.0;
    block(k + 1, 1 + j) = -1.0;
  }
  block(k + 1, 0) = friction;
}

void validate_request(const PolyhedralLcpRequest& request, std::size_t contact_count) {
  solver_detail::validate_sweeps(kPolyhedralLcpSource, request.max_iterations, request.tolerance,
                                 request.merit_interval, request.initial_impulses, contact_count);
  const auto fail = [](const std::string& what) { throw InputError(kPolyhedralLcpSource, 0, what); };
  if (request.friction_directions < 3 || request.friction_directions > 360) {
    fail("friction_directions: expected 3 to 360, got " + std::to_string(request.friction_directions));
  }
  if (request.max_lemke_variables < 0) fail("max_lemke_variables: expected >= 0");
}

class PolyhedralSolve {
 public:
  PolyhedralSolve(const ContactProblem& problem, const PolyhedralLcpRequest& request)
      : directions_(request.friction_directions),
        k_(request.friction_directions),
        n_(request.friction_directions + 2),
        order_(solver_detail::sweep_order(problem)),
        blocks_(solver_detail::contact_blocks(problem, order_)),
        x_(static_cast<Eigen::Index>(blocks_.size()) * n_),
        impulses_(blocks_.size(), Vec3::Zero()),
        velocity_change_(problem.bodies.size(), BodyVelocity::Zero()),
        local_(static_cast<std::size_t>(n_ * n_) * blocks_.size()),
        local_q_(n_),
        lemke_(request.lemke) {
    x_.setZero();
    const Eigen::MatrixXd g = cone_map(directions_);
    for (std::size_t k = 0; k < blocks_.size(); ++k) {
      if (!blocks_[k].active()) continue;
      Eigen::Map<Eigen::MatrixXd> a(&local_[k * static_cast<std::size_t>(n_ * n_)], n_, n_);
      a.setZero();
      a.topLeftCorner(k_ + 1, k_ + 1) = g.transpose() * blocks_[k].delassus * g;
      add_coupling(a, k_, blocks_[k].friction);
      const double c = blocks_[k].delassus(0, 0);
      to_velocity_units(a, k_, c, c);
    }
  }

  Eigen::Ref<Eigen::VectorXd> x(std::size_t k) { return x_.segment(static_cast<Eigen::Index>(k) * n_, n_); }
  Eigen::Ref<const Eigen::VectorXd> x(std::size_t k) const { return x_.segment(static_cast<Eigen::Index>(k) * n_, n_); }

  /// Sets contact k's variables and moves the bodies by its impulse change.
  void set(std::size_t k, const Eigen::Ref<const Eigen::VectorXd>& value) {
    x(k) = value;
    const Vec3 impulse = polyhedral_impulse(value, k_);
    solver_detail::apply_impulse(blocks_[k], impulse - impulses_[k], velocity_change_);
    impulses_[k] = impulse;
  }

  /// Warm start (in the problem's order): each impulse on the two directions around its tangent part.
  void start_from(const std::vector<Vec3>& initial) {
    Eigen::VectorXd value(n_);
    const double sector = 2.0 * std::numbers::pi / k_;
    for (std::size_t k = 0; k < blocks_.size(); ++k) {
      if (!blocks_[k].active()) continue;
      const Vec3& lambda = initial[order_[k]];
      value.setZero();
      value[0] = std::max(0.0, lambda.x());
      const double t = lambda.y(), b = lambda.z();
      if (t != 0.0 || b != 0.0) {
        double phi = std::atan2(b, t);
        if (phi < 0) phi += 2.0 * std::numbers::pi;
        const int j = std::min(k_ - 1, static_cast<int>(phi / sector));
        const int j2 = (j + 1) % k_;
        const double c1 = directions_.cos[static_cast<std::size_t>(j)],
                     s1 = directions_.sin[static_cast<std::size_t>(j)];
        const double c2 = directions_.cos[static_cast<std::size_t>(j2)],
                     s2 = directions_.sin[static_cast<std::size_t>(j2)];
        const double det = c1 * s2 - s1 * c2;  // sin(2π/K) > 0
        double beta1 = std::max(0.0, (t * s2 - b * c2) / det), beta2 = std::max(0.0, (c1 * b - s1 * t) / det);
        const double bound = blocks_[k].friction * value[0];
        if (beta1 + beta2 > bound) {
          const double scale = beta1 + beta2 > 0 ? bound / (beta1 + beta2) : 0.0;
          beta1 *= scale;
          beta2 *= scale;
        }
        value[1 + j] = beta1;
        value[1 + j2] = beta2;
      }
      set(k, value);
    }
    // γ, the sliding speed, from the velocities of all the impulses: the fastest slip against a
    // direction (0 when sticking) — what the LCP's β rows ask of it.
    for (std::size_t k = 0; k < blocks_.size(); ++k) {
      if (!blocks_[k].active()) continue;
      const Vec3 w = solver_detail::contact_velocity(blocks_[k], velocity_change_);
      double gamma = 0.0;
      for (int j = 0; j < k_; ++j) {
        gamma = std::max(gamma, -(directions_.cos[static_cast<std::size_t>(j)] * w.y() +
                                  directions_.sin[static_cast<std::size_t>(j)] * w.z()));
      }
      x(k)[k_ + 1] = gamma;
    }
  }

  /// The whole LCP's solution (in the problem's order of contacts).
  void set_from_lcp(const Eigen::VectorXd& z) {
    for (std::size_t k = 0; k < blocks_.size(); ++k) {
      if (blocks_[k].active()) set(k, z.segment(static_cast<Eigen::Index>(order_[k]) * n_, n_));
    }
  }

  /// One block Gauss–Seidel sweep (polyhedral_lcp.h "Methods").
  void sweep() {
    for (std::size_t k = 0; k < blocks_.size(); ++k) {
      if (!blocks_[k].active()) continue;
      const solver_detail::ContactBlock& c = blocks_[k];
      // The contact's velocity without its own impulse.
      const Vec3 free = solver_detail::contact_velocity(c, velocity_change_) - c.delassus * impulses_[k];
      for (int j = 0; j < k_; ++j) {
        local_q_[1 + j] = directions_.cos[static_cast<std::size_t>(j)] * free.y() +
                          directions_.sin[static_cast<std::size_t>(j)] * free.z();
      }
      local_q_[0] = free.x();
      local_q_[k_ + 1] = 0.0;
      if (free.x() >= 0) {
        // Separating: λ = 0, and γ the fastest sliding speed against a direction.
        local_result_.z.setZero(n_);
        local_result_.z[k_ + 1] = std::max(0.0, -local_q_.segment(1, k_).minCoeff());
      } else {
        const Eigen::Map<const Eigen::MatrixXd> a(&local_[k * static_cast<std::size_t>(n_ * n_)], n_, n_);
        lemke_.solve(a, local_q_, local_result_);
        if (local_result_.status != LemkeStatus::solved && local_result_.status != LemkeStatus::inaccurate) {
          ++unsolved_;
          continue;  // keep the contact's impulse
        }
      }
      // Back from velocity units: λ_n and β divided by c (γ is a velocity already).
      local_result_.z.head(k_ + 1) /= c.delassus(0, 0);
      set(k, local_result_.z);
    }
  }

  /// The LCP's natural-map residual in velocity units (polyhedral_lcp.h "Merit").
  double merit() const {
    double sum = 0.0;
    for (std::size_t k = 0; k < blocks_.size(); ++k) {
      if (!blocks_[k].active()) continue;
      const solver_detail::ContactBlock& c = blocks_[k];
      const Vec3 w = solver_detail::contact_velocity(c, velocity_change_);
      const auto xk = x(k);
      const double w_nn = c.delassus(0, 0);
      const double gamma = xk[k_ + 1];
      double r = std::min(w_nn * xk[0], w.x());
      sum += r * r;
      double beta_sum = 0.0;
      for (int j = 0; j < k_; ++j) {
        const double cj = directions_.cos[static_cast<std::size_t>(j)],
                     sj = directions_.sin[static_cast<std::size_t>(j)];
        double a_j =
            cj * cj * c.delassus(1, 1) + cj * sj * (c.delassus(1, 2) + c.delassus(2, 1)) + sj * sj * c.delassus(2, 2);
        if (!(a_j > 0)) a_j = w_nn;
        r = std::min(a_j * xk[1 + j], cj * w.y() + sj * w.z() + gamma);
        sum += r * r;
        beta_sum += xk[1 + j];
      }
      r = std::min(gamma, w_nn * (c.friction * xk[0] - beta_sum));
      sum += r * r;
    }
    return std::sqrt(sum);
  }

  int unsolved() const { return unsolved_; }
  std::vector<Vec3> impulses_in_input_order() const { return solver_detail::in_input_order(impulses_, order_); }
  std::vector<BodyVelocity>& velocity_change() { return velocity_change_; }

 private:
  Directions directions_;
  int k_, n_;
  std::vector<std::size_t> order_;
  std::vector<solver_detail::ContactBlock> blocks_;
  Eigen::VectorXd x_;  // (λ_n, β_1…β_K, γ) per contact, sweep order
  std::vector<Vec3> impulses_;
  std::vector<BodyVelocity> velocity_change_;
  std::vector<double> local_;  // each contact's (K+2)² LCP matrix, column-major
  Eigen::VectorXd local_q_;
  LemkeSolver lemke_;
  LemkeResult local_result_;
  int unsolved_ = 0;
};

}  // namespace

Vec3 polyhedral_impulse(const Eigen::Ref<const Eigen::VectorXd>& x, int friction_directions) {
  const Directions d(friction_directions);
  Vec3 lambda(x[0], 0.0, 0.0);
  for (int j = 0; j < friction_directions; ++j) {
    lambda.y() += d.cos[static_cast<std::size_t>(j)] * x[1 + j];
    lambda.z() += d.sin[static_cast<std::size_t>(j)] * x[1 + j];
  }
  return lambda;
}

PolyhedralLcp polyhedral_lcp(const ContactProblem& problem, int friction_directions) {
  validate_contact_problem(problem, kPolyhedralLcpSource);
  PolyhedralLcpRequest check;
  check.friction_directions = friction_directions;
  validate_request(check, problem.contacts.size());
  const int k = friction_directions, n = k + 2;
  const auto m = static_cast<Eigen::Index>(problem.contacts.size());
  std::vector<std::size_t> identity(problem.contacts.size());
  for (std::size_t i = 0; i < identity.size(); ++i) identity[i] = i;
  const std::vector<solver_detail::ContactBlock> blocks = solver_detail::contact_blocks(problem, identity);
  const Eigen::MatrixXd g = cone_map(Directions(k));

  PolyhedralLcp lcp;
  lcp.friction_directions = k;
  lcp.matrix = Eigen::MatrixXd::Zero(m * n, m * n);
  lcp.offset = Eigen::VectorXd::Zero(m * n);
  // A's (k, l) block is Gᵀ W_kl G, for the blocks of W that are not zero.
  const Eigen::SparseMatrix<double> w = delassus_matrix(problem);
  for (Eigen::Index column = 0; column < w.outerSize(); ++column) {
    for (Eigen::SparseMatrix<double>::InnerIterator it(w, column); it; ++it) {
      const Eigen::Index k = it.row() / 3, l = it.col() / 3;
      // Each entry W(3k + i, 3l + j) adds W_ij G_iᵀ G_j to the block.
      lcp.matrix.block(k * n, l * n, static_cast<Eigen::Index>(friction_directions) + 1,
                       static_cast<Eigen::Index>(friction_directions) + 1) +=
          it.value() * g.row(it.row() % 3).transpose() * g.row(it.col() % 3);
    }
  }
  for (Eigen::Index c = 0; c < m; ++c) {
    const solver_detail::ContactBlock& block = blocks[static_cast<std::size_t>(c)];
    if (!(block.delassus(0, 0) > 0)) {
      // Both bodies fixed: x = 0 is its only solution (the row is e_i, q_i = 0).
      lcp.matrix.middleRows(c * n, n).setZero();
      lcp.matrix.block(c * n, c * n, n, n).setIdentity();
      continue;
    }
    add_coupling(lcp.matrix.block(c * n, c * n, n, n), k, block.friction);
    lcp.offset.segment(c * n, k + 1) = g.transpose() * block.free_velocity;
  }
  return lcp;
}

ContactSolution solve_polyhedral_lcp(const ContactProblem& problem, const PolyhedralLcpRequest& request) {
  validate_contact_problem(problem, kPolyhedralLcpSource);
  validate_request(request, problem.contacts.size());
  PolyhedralSolve solve(problem, request);
  ContactSolution result;

  if (request.method == PolyhedralLcpMethod::lemke) {
    const auto variables = static_cast<long long>(problem.contacts.size()) * (request.friction_directions + 2);
    if (variables > request.max_lemke_variables) {
      throw InputError(kPolyhedralLcpSource, 0,
                       "method lemke: the LCP has " + std::to_string(variables) +
                           " variables, more than max_lemke_variables (" + std::to_string(request.max_lemke_variables) +
                           "): its dense tableau would not fit; use block_gauss_seidel");
    }
    result.initial_merit = solve.merit();
    // In velocity units (polyhedral_lcp.h "Units"), contact by contact, in place.
    PolyhedralLcp scaled = polyhedral_lcp(problem, request.friction_directions);
    const int n = request.friction_directions + 2;
    const auto m = static_cast<Eigen::Index>(problem.contacts.size());
    Eigen::VectorXd c(m);
    // c = A's (λ_n, λ_n) entry: W_nn (G's first row is the normal), or 1 for an inactive contact,
    // whose rows polyhedral_lcp made e_i.
    for (Eigen::Index k = 0; k < m; ++k) c[k] = scaled.matrix(k * n, k * n);
    for (Eigen::Index row = 0; row < m; ++row) {
      for (Eigen::Index column = 0; column < m; ++column) {
        to_velocity_units(scaled.matrix.block(row * n, column * n, n, n), request.friction_directions, c[row],
                          c[column]);
      }
      scaled.offset[row * n + n - 1] *= c[row];
    }
    LemkeResult lemke = solve_lemke(scaled.matrix, scaled.offset, request.lemke);
    for (Eigen::Index k = 0; k < m; ++k) lemke.z.segment(k * n, n - 1) /= c[k];
    if (lemke.status == LemkeStatus::solved || lemke.status == LemkeStatus::inaccurate) solve.set_from_lcp(lemke.z);
    result.iterations = lemke.pivots;
    result.status = "Lemke: " + to_string(lemke.status) + " after " + std::to_string(lemke.pivots) + " pivots (" +
                    std::to_string(lemke.degenerate_pivots) + " degenerate)";
  } else {
    if (!request.initial_impulses.empty()) solve.start_from(request.initial_impulses);
    solver_detail::run_sweeps(solve, request.max_iterations, request.tolerance, request.merit_interval, result);
    result.status = solve.unsolved() == 0 ? "block Gauss-Seidel: every one-contact LCP solved"
                                          : "block Gauss-Seidel: " + std::to_string(solve.unsolved()) +
                                                " one-contact LCPs without a Lemke solution (impulse kept)";
  }
  result.merit = solve.merit();
  result.converged = request.tolerance > 0 ? result.merit <= request.tolerance : result.merit == 0.0;
  result.impulses = solve.impulses_in_input_order();
  result.velocity_change = std::move(solve.velocity_change());
  return result;
}

}  // namespace contactlab
