// Contact problems in FCLIB's format (V. Acary, M. Brémond, T. Koziara, F. Pérignon, "FCLIB: a
// collection of discrete 3D frictional contact problems", INRIA RT-0444, 2014): an HDF5 file with
// one "local" 3-D friction-contact problem — W (the Delassus operator, compressed columns), q (the
// free velocity), μ per contact — and optionally its solution (r, the impulses; u = W r + q). The
// standard exchange format of the field: Siconos' test collection and benchmarks use it.
//
// contactlab's ContactProblem (solver/contact_problem.h) maps onto it directly: W = J M⁻¹ Jᵀ
// (delassus_matrix), q = b, μ per contact, rows (n, t, b) per contact as FCLIB's (normal first),
// r = λ. Writing goes through the FCLIB library (libfclib 3.1, Debian's libfclib-dev) into a
// temporary beside the target, renamed into place (core/output_files.h: a reader sees the whole
// file or none; an existing regular file is replaced). Reading checks the file before handing it
// to libfclib — an HDF5 file, the datasets a local problem needs, their sizes consistent (libfclib
// reads as many entries as the stored sizes say and trusts them) — and after: compressed column
// pointers non-decreasing, row indices in range, every number finite, μ ≥ 0. A file that fails
// any check is an InputError naming the path and what is wrong (the CLI: exit status 2).
#pragma once

#include "contactlab/solver/contact_problem.h"

#include <Eigen/Core>
#include <Eigen/SparseCore>

#include <optional>
#include <string>

namespace contactlab {

struct FclibProblem {
  Eigen::SparseMatrix<double> delassus;  ///< W, 3m × 3m
  Eigen::VectorXd free_velocity;         ///< q, 3m
  Eigen::VectorXd friction;              ///< μ, m
  std::string title;                     ///< FCLIB's info: free text
  std::string description;
  std::string math_info;
  /// The solution stored with the problem, if any: r (3m) and u = W r + q (3m).
  std::optional<Eigen::VectorXd> impulses;
  std::optional<Eigen::VectorXd> velocities;
  Eigen::Index contact_count() const { return friction.size(); }
};

/// The FCLIB form of `problem`; with `impulses` (one per contact, (n, t, b)) also its solution,
/// velocities u = W r + q computed here.
FclibProblem fclib_problem(const ContactProblem& problem, const std::vector<Vec3>* impulses = nullptr);

/// Writes `problem` (and its solution, if any) to `path` through libfclib, atomically. InputError
/// naming the path when it cannot be written or the problem has no contacts (libfclib cannot hold
/// one: it ends the process); std::invalid_argument when the sizes disagree.
void write_fclib(const FclibProblem& problem, const std::string& path);

/// Reads a local problem (and its solution, if the file has one). InputError naming the path and
/// the problem for a file that is missing, not HDF5, not an FCLIB local 3-D problem or inconsistent.
FclibProblem read_fclib(const std::string& path);

}  // namespace contactlab
