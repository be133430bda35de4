#include "contact_blocks.h"

#include "contactlab/core/error.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <utility>

namespace contactlab::solver_detail {

std::vector<std::size_t> sweep_order(const ContactProblem& problem) {
  std::map<std::pair<Index, Index>, std::size_t> seen;
  std::vector<std::pair<std::size_t, std::size_t>> rank_and_index;
  rank_and_index.reserve(problem.contacts.size());
  for (std::size_t k = 0; k < problem.contacts.size(); ++k) {
    const ContactConstraint& c = problem.contacts[k];
    rank_and_index.emplace_back(seen[{std::min(c.body_a, c.body_b), std::max(c.body_a, c.body_b)}]++, k);
  }
  std::sort(rank_and_index.begin(), rank_and_index.end());
  std::vector<std::size_t> order;
  order.reserve(rank_and_index.size());
  for (const auto& [rank, k] : rank_and_index) order.push_back(k);
  return order;
}

void validate_sweeps(const char* source, int max_iterations, double tolerance, int merit_interval,
                     const std::vector<Vec3>& initial_impulses, std::size_t contact_count) {
  const auto fail = [&](const std::string& what) { throw InputError(source, 0, what); };
  if (max_iterations < 0) fail("max_iterations: expected >= 0, got " + std::to_string(max_iterations));
  if (!std::isfinite(tolerance) || tolerance < 0) {
    fail("tolerance: expected a finite number >= 0, got " + std::to_string(tolerance));
  }
  if (merit_interval < 1) fail("merit_interval: expected >= 1, got " + std::to_string(merit_interval));
  if (!initial_impulses.empty() && initial_impulses.size() != contact_count) {
    fail("initial_impulses: expected one per contact (" + std::to_string(contact_count) + ") or none, got " +
         std::to_string(initial_impulses.size()));
  }
  for (std::size_t k = 0; k < initial_impulses.size(); ++k) {
    if (!initial_impulses[k].allFinite()) fail("initial_impulses[" + std::to_string(k) + "]: expected finite entries");
  }
}

std::vector<ContactBlock> contact_blocks(const ContactProblem& problem, const std::vector<std::size_t>& order) {
  std::vector<ContactBlock> blocks(order.size());
  for (std::size_t k = 0; k < blocks.size(); ++k) {
    ContactBlock& block = blocks[k];
    const ContactConstraint& c = problem.contacts[order[k]];
    block.jacobian_a = c.jacobian_a;
    block.jacobian_b = c.jacobian_b;
    block.free_velocity = c.free_velocity;
    block.friction = c.friction;
    block.body_a = c.body_a;
    block.body_b = c.body_b;
    block.moves_a = !problem.bodies[c.body_a].fixed();
    block.moves_b = !problem.bodies[c.body_b].fixed();
    block.response_a = inverse_mass_times_transpose(problem.bodies[c.body_a], c.jacobian_a);
    block.response_b = inverse_mass_times_transpose(problem.bodies[c.body_b], c.jacobian_b);
    block.delassus = c.jacobian_a * block.response_a + c.jacobian_b * block.response_b;  // delassus_block
  }
  return blocks;
}

}  // namespace contactlab::solver_detail
