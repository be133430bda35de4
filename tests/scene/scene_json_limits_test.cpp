// Scene JSON limits (issue 11): positions, vertices, generator sizes and gravity beyond
// kMaxCoordinateMagnitude are refused with the field path; quaternions whose squared length
// overflows or underflows are the rotation they stand for; the user's names are quoted as excerpts.
#include "contactlab/core/error.h"
#include "contactlab/core/input_limits.h"
#include "contactlab/scene/scene_json.h"

#include <gtest/gtest.h>

#include <string>

namespace contactlab {
namespace {

std::string scene_text(const std::string& bodies) {
  return R"({"format": "contactlab-scene", "version": 1, "name": "s", "bodies": [)" + bodies + "]}";
}

std::string box_body(const std::string& name, const std::string& extra = "", const std::string& size = "[1, 2, 3]") {
  return R"({"name": ")" + name + R"(", "shape": {"generator": "box", "size": )" + size + "}" + extra + "}";
}

std::string read_error(const std::string& text) {
  try {
    parse_scene_json(text, "s.json", "");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

const std::string kBeyond = ": expected a number within ±1e+50 (the coordinate limit, docs/errors-and-limits.md), got ";

TEST(SceneJsonLimits, CoordinatesBeyondTheLimitAreRefusedWithTheFieldPath) {
  EXPECT_EQ(read_error(scene_text(box_body("b", "", "[1e300, 1, 1]"))),
            "s.json: bodies[0].shape.size[0]" + kBeyond + "1e+300");
  EXPECT_EQ(read_error(scene_text(box_body("b", R"(, "position": [0, -1e51, 0])"))),
            "s.json: bodies[0].position[1]" + kBeyond + "-1e+51");
  EXPECT_EQ(
      read_error(scene_text(
          R"({"name": "t", "shape": {"vertices": [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 2e50]], "triangles": [[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]]}})")),
      "s.json: bodies[0].shape.vertices[3][2]" + kBeyond + "2e+50");
  EXPECT_EQ(read_error(
                R"({"format": "contactlab-scene", "version": 1, "name": "s", "gravity": [0, -1e60, 0], "bodies": []})"),
            "s.json: gravity[1]" + kBeyond + "-1e+60");
  // At the limit itself: read. Velocities and densities are stored, not used by the geometry: any
  // finite value round-trips.
  EXPECT_EQ(read_error(scene_text(box_body("b", R"(, "position": [1e50, 0, 0], "angular_velocity": [0, 0, 1e308])"))),
            "");
}

TEST(SceneJsonLimits, QuaternionsOfHugeOrTinyComponentsAreTheirRotation) {
  for (const char* q : {"[1e300, 0, 1e300, 0]", "[1e-300, 0, 1e-300, 0]", "[1e-170, 0, 1e-170, 0]", "[1, 0, 1, 0]"}) {
    SCOPED_TRACE(q);
    const Scene scene =
        parse_scene_json(scene_text(box_body("b", std::string(R"(, "orientation": )") + q)), "s.json", "");
    // 90° about y: x ↦ -z, z ↦ x.
    const Transform pose = scene.bodies[0].pose();
    EXPECT_LT((pose.apply(Vec3(1, 0, 0)) - Vec3(0, 0, -1)).norm(), 1e-15);
    EXPECT_LT((pose.apply(Vec3(0, 0, 1)) - Vec3(1, 0, 0)).norm(), 1e-15);
  }
  // Kept as written (files round-trip); normalised on use (Body::pose).
  const Scene kept =
      parse_scene_json(scene_text(box_body("b", R"(, "orientation": [1e300, 0, 1e300, 0])")), "s.json", "");
  EXPECT_EQ(kept.bodies[0].orientation.w(), 1e300);
}

TEST(SceneJsonLimits, NamesInMessagesAreExcerpts) {
  const std::string long_name(1 << 20, 'n');
  EXPECT_EQ(read_error(scene_text(box_body(long_name) + ", " + box_body(long_name))),
            "s.json: bodies[1].name: duplicate body name '" + std::string(60, 'n') +
                "…(1048576 bytes)' (also bodies[0]); body names must be unique");
  EXPECT_EQ(read_error(scene_text(R"({"name": "b", "shape": "\u0001\u001b"})")),
            "s.json: bodies[0].shape: no shape named '\\x01\\x1b' in \"shapes\" (there is no \"shapes\" table)");
  EXPECT_EQ(read_error(scene_text(R"({"name": "b", "shape": {"generator": "b\u0000x"}})")),
            "s.json: bodies[0].shape.generator: unknown generator 'b\\x00x'; did you mean 'box'?");
}

}  // namespace
}  // namespace contactlab
