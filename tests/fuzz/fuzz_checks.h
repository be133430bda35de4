// Invariants of what a reader accepted (fuzz targets): finite coordinates within the documented
// limit (kMaxCoordinateMagnitude), indices in range, at least one element. A violation is reported
// as a finding (NaN/Inf as kNaN, everything else as kInvariant); returns whether all held.
#pragma once

#include "fuzz_target.h"

#include "contactlab/core/input_limits.h"
#include "contactlab/mesh/tet_mesh.h"
#include "contactlab/mesh/tri_mesh.h"

#include <cmath>
#include <string>
#include <vector>

namespace contactlab::fuzz {

inline bool check_vertices(const std::vector<Vec3>& vertices, const std::string& what) {
  for (std::size_t i = 0; i < vertices.size(); ++i) {
    const Vec3& v = vertices[i];
    if (!v.allFinite()) {
      report(FindingKind::kNaN, what + ": vertex " + std::to_string(i) + " is not finite");
      return false;
    }
    if (v.cwiseAbs().maxCoeff() > kMaxCoordinateMagnitude) {
      report(FindingKind::kInvariant,
             what + ": vertex " + std::to_string(i) + " beyond kMaxCoordinateMagnitude accepted");
      return false;
    }
  }
  return true;
}

template <class Elements>
bool check_indices(const Elements& elements, std::size_t vertex_count, const std::string& what) {
  for (std::size_t e = 0; e < elements.size(); ++e) {
    for (const Index i : elements[e]) {
      if (i < 0 || static_cast<std::size_t>(i) >= vertex_count) {
        report(FindingKind::kInvariant, what + ": element " + std::to_string(e) + " has vertex index out of range");
        return false;
      }
    }
  }
  return true;
}

inline bool check_tri_mesh(const TriMesh& mesh, const std::string& what) {
  if (!check_vertices(mesh.vertices, what) || !check_indices(mesh.triangles, mesh.vertices.size(), what)) return false;
  if (mesh.triangles.empty()) {
    report(FindingKind::kInvariant, what + ": a mesh without triangles accepted");
    return false;
  }
  return true;
}

inline bool check_tet_mesh(const TetMesh& mesh, const std::string& what) {
  if (!check_vertices(mesh.vertices, what) || !check_indices(mesh.tets, mesh.vertices.size(), what)) return false;
  if (mesh.tets.empty()) {
    report(FindingKind::kInvariant, what + ": a mesh without tets accepted");
    return false;
  }
  return true;
}

/// The files of `folder` (recursively) whose names end with one of `extensions`, sorted.
std::vector<std::string> files_in(const std::string& folder, const std::vector<std::string>& extensions);

}  // namespace contactlab::fuzz
