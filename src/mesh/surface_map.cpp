#include "contactlab/mesh/surface_map.h"

#include "contactlab/core/error.h"

#include <fmt/format.h>

#include <algorithm>

namespace contactlab {
namespace {

constexpr const char* kSurfaceMapSource = "build_surface_map";

/// A tet face keyed by its sorted vertex triple; sorting these groups coincident faces together
/// and orders groups deterministically (by vertices, then by tet and local face).
struct FaceRecord {
  std::array<Index, 3> key;
  Index tet;
  int face;

  friend bool operator<(const FaceRecord& a, const FaceRecord& b) {
    if (a.key != b.key) return a.key < b.key;
    if (a.tet != b.tet) return a.tet < b.tet;
    return a.face < b.face;
  }
};

std::array<Index, 3> sorted(Triangle t) {
  std::sort(t.begin(), t.end());
  return t;
}

/// +1 or −1: the parity of the permutation taking `t` to its sorted order (all indices distinct).
int permutation_parity(const Triangle& t) {
  int inversions = (t[0] > t[1]) + (t[0] > t[2]) + (t[1] > t[2]);
  return inversions % 2 == 0 ? 1 : -1;
}

void check_tets(const TetMesh& mesh) {
  const Index n = mesh.vertex_count();
  for (Index t = 0; t < mesh.tet_count(); ++t) {
    const Tet& tet = mesh.tets[t];
    for (int i = 0; i < 4; ++i) {
      if (tet[i] < 0 || tet[i] >= n) {
        throw GeometryError(kSurfaceMapSource, 0,
                            fmt::format("tet {} has vertex index {} out of range [0, {})", t, tet[i], n));
      }
      for (int j = 0; j < i; ++j) {
        if (tet[i] == tet[j]) {
          throw GeometryError(kSurfaceMapSource, 0, fmt::format("tet {} repeats vertex index {}", t, tet[i]));
        }
      }
    }
  }
}

}  // namespace

SurfaceMap build_surface_map(const TetMesh& mesh) {
  check_tets(mesh);
  const Index tet_count = mesh.tet_count();

  std::vector<FaceRecord> records;
  records.reserve(mesh.tets.size() * 4);
  for (Index t = 0; t < tet_count; ++t) {
    for (int f = 0; f < 4; ++f) records.push_back({sorted(mesh.face(t, f)), t, f});
  }
  std::sort(records.begin(), records.end());

  // Mark boundary faces: a group of one record. Groups of two must see the face with opposite
  // orientations (two positively oriented tets on either side); more than two is non-manifold.
  std::vector<std::array<bool, 4>> boundary(tet_count, {false, false, false, false});
  for (std::size_t begin = 0; begin < records.size();) {
    std::size_t end = begin + 1;
    while (end < records.size() && records[end].key == records[begin].key) ++end;
    const auto& key = records[begin].key;
    const std::size_t size = end - begin;
    if (size == 1) {
      boundary[records[begin].tet][records[begin].face] = true;
    } else if (size == 2) {
      const FaceRecord& a = records[begin];
      const FaceRecord& b = records[begin + 1];
      if (permutation_parity(mesh.face(a.tet, a.face)) == permutation_parity(mesh.face(b.tet, b.face))) {
        throw GeometryError(kSurfaceMapSource, 0,
                            fmt::format("face ({}, {}, {}) is shared by tets {} and {} with the same orientation "
                                        "(overlapping or inverted tets)",
                                        key[0], key[1], key[2], a.tet, b.tet));
      }
    } else {
      std::string tets;
      for (std::size_t i = begin; i < end; ++i) {
        tets += (i == begin ? "" : ", ") + std::to_string(records[i].tet);
      }
      throw GeometryError(kSurfaceMapSource, 0,
                          fmt::format("face ({}, {}, {}) is shared by {} tets ({}); a face may be "
                                      "shared by at most two (non-manifold tet mesh)",
                                      key[0], key[1], key[2], size, tets));
    }
    begin = end;
  }

  SurfaceMap map;
  map.surface.vertices = mesh.vertices;
  map.tet_face_to_triangle.assign(tet_count, {kInvalidIndex, kInvalidIndex, kInvalidIndex, kInvalidIndex});
  map.surface_face_count.assign(tet_count, 0);
  std::vector<bool> used(mesh.vertices.size(), false);
  for (Index t = 0; t < tet_count; ++t) {
    for (int f = 0; f < 4; ++f) {
      if (!boundary[t][f]) continue;
      const Triangle tri = mesh.face(t, f);  // outward for a positively oriented tet (kTetFaces)
      map.tet_face_to_triangle[t][f] = map.surface.triangle_count();
      map.surface.triangles.push_back(tri);
      map.triangle_to_tet_face.push_back({t, f});
      ++map.surface_face_count[t];
      for (Index v : tri) used[v] = true;
    }
  }
  for (Index v = 0; v < mesh.vertex_count(); ++v) {
    if (used[v]) map.surface_vertices.push_back(v);
  }
  return map;
}

}  // namespace contactlab
