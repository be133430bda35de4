#include "contactlab/solver/solve_contacts.h"

#include "contactlab/solver/boxed_lcp.h"
#include "contactlab/solver/polyhedral_lcp.h"

#include <array>
#include <utility>

namespace contactlab {
namespace {

constexpr std::array<std::pair<ContactSolverKind, const char*>, 4> kNames{{
    {ContactSolverKind::prox, "prox"},
    {ContactSolverKind::lcp, "lcp"},
    {ContactSolverKind::lcp_lemke, "lcp-lemke"},
    {ContactSolverKind::blcp, "blcp"},
}};

}  // namespace

std::string to_string(ContactSolverKind kind) {
  for (const auto& [k, name] : kNames) {
    if (k == kind) return name;
  }
  return "unknown";
}

std::optional<ContactSolverKind> contact_solver_from_name(std::string_view name) {
  for (const auto& [k, n] : kNames) {
    if (name == n) return k;
  }
  return std::nullopt;
}

std::string contact_solver_names() {
  std::string out;
  for (const auto& [k, name] : kNames) out += (out.empty() ? "" : ", ") + std::string(name);
  return out;
}

std::string solver_record_name(ContactSolverKind kind) {
  switch (kind) {
    case ContactSolverKind::prox:
      return "pgs-prox";
    case ContactSolverKind::lcp:
      return "lcp-block-pgs";
    case ContactSolverKind::lcp_lemke:
      return "lcp-lemke";
    case ContactSolverKind::blcp:
      return "blcp-pgs";
  }
  return "unknown";
}

ContactSolution solve_contacts(const ContactProblem& problem, const ContactSolverRequest& request) {
  switch (request.kind) {
    case ContactSolverKind::prox:
      return solve_pgs_prox(problem, request.sweeps);
    case ContactSolverKind::lcp:
    case ContactSolverKind::lcp_lemke: {
      PolyhedralLcpRequest lcp;
      lcp.friction_directions = request.friction_directions;
      lcp.method =
          request.kind == ContactSolverKind::lcp ? PolyhedralLcpMethod::block_gauss_seidel : PolyhedralLcpMethod::lemke;
      lcp.max_iterations = request.sweeps.max_iterations;
      lcp.tolerance = request.sweeps.tolerance;
      lcp.merit_interval = request.sweeps.merit_interval;
      lcp.initial_impulses = request.sweeps.initial_impulses;
      return solve_polyhedral_lcp(problem, lcp);
    }
    case ContactSolverKind::blcp: {
      BoxedLcpRequest blcp;
      blcp.max_iterations = request.sweeps.max_iterations;
      blcp.tolerance = request.sweeps.tolerance;
      blcp.merit_interval = request.sweeps.merit_interval;
      blcp.initial_impulses = request.sweeps.initial_impulses;
      return solve_boxed_lcp(problem, blcp);
    }
  }
  return solve_pgs_prox(problem, request.sweeps);
}

}  // namespace contactlab
