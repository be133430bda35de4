// One entry to the contact solvers, for callers that let their user choose (the simulator,
// `contactlab simulate --solver`): the same constraint data in, ContactSolution out.
//
//   prox       PGS on proximal maps, the friction disk (pgs_prox.h): the paper's, the default
//   lcp        LCP with a polyhedral cone of K directions, block projected Gauss–Seidel (polyhedral_lcp.h)
//   lcp-lemke  the same LCP by Lemke's method on the whole problem (small problems only)
//   blcp       boxed LCP, the friction square ±μ λ_n, projected Gauss–Seidel (boxed_lcp.h)
//
// The sweep limit, the tolerance and the warm start of PgsProxRequest apply to every kind (Lemke
// ignores the first two and the warm start); its r-factor settings to prox only.
#pragma once

#include "contactlab/solver/contact_problem.h"
#include "contactlab/solver/pgs_prox.h"

#include <optional>
#include <string>
#include <string_view>

namespace contactlab {

enum class ContactSolverKind { prox, lcp, lcp_lemke, blcp };

/// "prox", "lcp", "lcp-lemke", "blcp".
std::string to_string(ContactSolverKind kind);
/// The kind of a name of to_string; nullopt for any other.
std::optional<ContactSolverKind> contact_solver_from_name(std::string_view name);
/// "prox, lcp, lcp-lemke, blcp" (for messages and help).
std::string contact_solver_names();
/// The name a run or study file records, saying the method too: "pgs-prox", "lcp-block-pgs",
/// "lcp-lemke", "blcp-pgs".
std::string solver_record_name(ContactSolverKind kind);

struct ContactSolverRequest {
  ContactSolverKind kind = ContactSolverKind::prox;
  /// Sweeps, tolerance, warm start (all kinds); r-factors and merit checks (prox).
  PgsProxRequest sweeps;
  /// K of the polyhedral cone (lcp, lcp-lemke).
  int friction_directions = 8;
};

/// Solves `problem` with the chosen solver (each validates its input: InputError).
ContactSolution solve_contacts(const ContactProblem& problem, const ContactSolverRequest& request);

}  // namespace contactlab
