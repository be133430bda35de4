// Basic numeric types shared by every contactlab module (docs/design.md "Conventions"):
// double scalars, Eigen 3.4 fixed-size vectors and matrices, 32-bit element indices.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>

#include <array>
#include <cstdint>

namespace contactlab {

using Scalar = double;
using Vec2 = Eigen::Vector2d;
using Vec3 = Eigen::Vector3d;
using Vec4 = Eigen::Vector4d;
using Mat3 = Eigen::Matrix3d;
using Quat = Eigen::Quaterniond;

/// The 2-D cross product a × b = a.x b.y − a.y b.x: the z of (a, 0) × (b, 0), twice the signed area
/// of the triangle (0, a, b) — positive when b lies counter-clockwise of a. Rounded, not exact
/// (geometry/predicates.h decides signs exactly).
inline double cross2d(const Vec2& a, const Vec2& b) { return a.x() * b.y() - a.y() * b.x(); }

/// Index of a vertex, edge, triangle or tetrahedron within one mesh.
using Index = std::int32_t;
inline constexpr Index kInvalidIndex = -1;

using Triangle = std::array<Index, 3>;  ///< vertex indices, counter-clockwise seen from outside
using Tet = std::array<Index, 4>;       ///< vertex indices, positive orientation (see mesh/tet_mesh.h)
using Edge = std::array<Index, 2>;      ///< vertex indices, smaller first

/// The y axis is up (docs/design.md); default gravity in m/s².
inline const Vec3 kDefaultGravity{0.0, -9.81, 0.0};

}  // namespace contactlab
