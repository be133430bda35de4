// build_shape_features against definitions evaluated directly on the meshes: vertex neighbours are
// the other corners of the tets around a vertex (sets of pairs built here), surface vertices and
// surface tets are those of the boundary triangles.
#include "contactlab/contact/method.h"
#include "contactlab/suite/builtin_scenes.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <utility>

namespace contactlab {
namespace {

void expect_features_match_definitions(const Shape& shape) {
  const ShapeFeatures f = build_shape_features(shape);
  const TetMesh& mesh = shape.tets;
  std::set<std::pair<Index, Index>> edges;  // both directions
  for (const Tet& t : mesh.tets) {
    for (Index u : t) {
      for (Index w : t) {
        if (u != w) edges.insert({u, w});
      }
    }
  }
  ASSERT_EQ(f.vertex_neighbours.size(), mesh.vertices.size());
  std::size_t listed = 0;
  for (std::size_t v = 0; v < mesh.vertices.size(); ++v) {
    const std::vector<Index>& list = f.vertex_neighbours[v];
    EXPECT_TRUE(std::is_sorted(list.begin(), list.end())) << v;
    EXPECT_EQ(std::set<Index>(list.begin(), list.end()).size(), list.size()) << v;  // no repeats
    for (Index w : list) EXPECT_TRUE(edges.contains({static_cast<Index>(v), w})) << v << " " << w;
    listed += list.size();
  }
  EXPECT_EQ(listed, edges.size());  // and none missing

  std::set<Index> surface_vertices;
  for (const Triangle& t : shape.surface_map.surface.triangles) surface_vertices.insert(t.begin(), t.end());
  for (std::size_t v = 0; v < mesh.vertices.size(); ++v) {
    EXPECT_EQ(f.on_surface[v], surface_vertices.contains(static_cast<Index>(v))) << v;
  }
  std::set<Index> surface_tets;
  for (const TetFaceRef& face : shape.surface_map.triangle_to_tet_face) surface_tets.insert(face.tet);
  EXPECT_EQ(f.surface_tets, std::vector<Index>(surface_tets.begin(), surface_tets.end()));
}

TEST(ShapeFeatures, MatchTheirDefinitionsOnTheSuiteShapes) {
  // Coarse shapes (few interior vertices) and refined ones (most vertices interior).
  for (const auto& [name, refined] :
       {std::pair{"pillar", false}, std::pair{"arch", false}, std::pair{"crack-hole", false}, std::pair{"arch", true},
        std::pair{"internal-edge", true}}) {
    SCOPED_TRACE(std::string(name) + (refined ? " refined" : ""));
    const Scene scene = make_builtin_scene(name, {.refined = refined});
    std::set<const Shape*> done;
    for (const Body& body : scene.bodies) {
      if (done.insert(body.shape.get()).second) expect_features_match_definitions(*body.shape);
    }
  }
}

}  // namespace
}  // namespace contactlab

namespace contactlab {
namespace {

// A rigid body's tet planes are its rest-frame planes rotated (MethodBody::tet_planes): the same
// orientation, and normals equal to those of the posed corners (tet_planes of the world tet) to
// rounding, for random proper rotations; a pose that is not a proper rotation falls back to the
// world corners.
TEST(ShapeFeatures, RotatedRestPlanesAreThePosedTetsPlanes) {
  const Scene scene = make_builtin_scene("arch");
  const Shape& shape = *scene.bodies.back().shape;
  const ShapeFeatures features = build_shape_features(shape);
  ASSERT_EQ(features.rest_tet_planes.size(), shape.tets.tets.size());
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (int trial = 0; trial < 20; ++trial) {
    const Transform pose = Transform::from_axis_angle(Vec3(unit(rng), unit(rng), unit(rng)), 3.0 * unit(rng),
                                                      Vec3(unit(rng), unit(rng), unit(rng)) * 100.0);
    ASSERT_TRUE(is_proper_rotation(pose.rotation));
    std::vector<Vec3> world;
    for (const Vec3& v : shape.tets.vertices) world.push_back(pose.apply(v));
    const MethodBody body{0, &shape, &features, world, &pose.rotation};
    for (Index t = 0; t < shape.tets.tet_count(); ++t) {
      const TetPlanes cached = body.tet_planes(t), direct = tet_planes(body.tet(t));
      ASSERT_EQ(cached.orientation, direct.orientation) << t;
      for (int f = 0; f < 4; ++f) {
        ASSERT_EQ(cached.valid[f], direct.valid[f]) << t << " " << f;
        // The world corners carry rounding of ~1e-16 × |translation| (≤ 200 m here), i.e. ~1e-14 m,
        // on edges of ~0.1 m: the direct normals are good to ~1e-13; the rotated ones are better.
        EXPECT_LE((cached.normal[f] - direct.normal[f]).norm(), 1e-12) << t << " " << f;
      }
    }
  }
  Mat3 reflection = Mat3::Identity();
  reflection(0, 0) = -1.0;
  EXPECT_FALSE(is_proper_rotation(reflection));
  Mat3 shear = Mat3::Identity();
  shear(0, 1) = 1e-9;
  EXPECT_FALSE(is_proper_rotation(shear));
  EXPECT_FALSE(is_proper_rotation(Mat3::Identity() * 2.0));
}

}  // namespace
}  // namespace contactlab
