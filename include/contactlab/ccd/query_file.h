// The public CCD benchmark's query files (Wang et al. 2021, "Sample-Queries"; data/ccd/ and the
// shared data's ccd-sample-queries/): CSV, 8 rows per query — the 4 points at t = 0, then at t = 1,
// in the order of CcdKind — each row 7 integers: numerator and denominator of x, y and z, then the
// ground truth (1: the features collide in [0, 1], computed exactly by the benchmark's authors),
// the same on all 8 rows. The file does not say the kind: vertex–face and edge–edge queries are kept
// in separate files (folders vertex-face/ and edge-edge/).
//
// Reading is exact: each coordinate must be a rational that a double holds exactly (the benchmark's
// denominators are powers of two and its values doubles); anything else — a malformed or missing
// number, a zero or negative denominator, a value a double cannot hold exactly, a truth flag other
// than 0 or 1 or differing within a query, a row count not a multiple of 8 — is an InputError
// naming the file and the 1-based line.
#pragma once

#include "contactlab/ccd/ccd_query.h"

#include <string>
#include <vector>

namespace contactlab {

struct CcdQueryRecord {
  CcdQuery query;
  bool collides = false;  ///< the file's ground truth
  int line = 0;           ///< the query's first line in the file
};

/// Every query of the file, as `kind`.
std::vector<CcdQueryRecord> read_ccd_queries(const std::string& path, CcdKind kind);

/// The kind a benchmark path names: a path with "vertex-face" or "edge-edge" in it (the folders of
/// the benchmark and of data/ccd/); InputError when it names neither or both.
CcdKind ccd_kind_from_path(const std::string& path);

/// Writes queries in the same format (each double as an exact fraction with a power-of-two
/// denominator). InputError when the file cannot be written.
void write_ccd_queries(const std::string& path, const std::vector<CcdQueryRecord>& records);

}  // namespace contactlab
