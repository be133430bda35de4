// Contacts JSON: bit-exact and byte-identical round trips of random contact sets (awkward doubles
// included), atomic file writes, and every reader error with its field path.
#include "contactlab/io/contacts_json.h"

#include "contactlab/contact/ground_truth_contacts.h"
#include "contactlab/core/error.h"
#include "contactlab/core/input_limits.h"
#include "contactlab/suite/builtin_scenes.h"
#include "core/scratch_dir.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <random>
#include <sstream>

namespace contactlab {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

const Scene& pillar() {
  static const Scene scene = make_builtin_scene("pillar");
  return scene;
}

/// A fresh empty directory under the system temp dir, removed at the end of the test.
std::uint64_t bits(double x) { return std::bit_cast<std::uint64_t>(x); }

/// A finite double with a random bit pattern, or one of the awkward ones (±0, subnormals, extremes,
/// integers, short decimals).
double awkward_double(std::mt19937_64& rng) {
  static const double special[] = {0.0,
                                   -0.0,
                                   1.0,
                                   -1.0,
                                   0.1,
                                   1e-300,
                                   std::numeric_limits<double>::denorm_min(),
                                   -std::numeric_limits<double>::denorm_min(),
                                   std::numeric_limits<double>::min(),
                                   std::numeric_limits<double>::max(),
                                   -std::numeric_limits<double>::max(),
                                   std::numeric_limits<double>::epsilon(),
                                   1e16,
                                   123456789012345678.0,
                                   0.3125,
                                   2.0 / 3.0};
  if (rng() % 4 == 0) return special[rng() % std::size(special)];
  for (;;) {
    const double x = std::bit_cast<double>(rng());
    if (std::isfinite(x)) return x;
  }
}

/// awkward_double within the coordinate limit that positions and gaps are read under (±1e50).
double awkward_length(std::mt19937_64& rng) {
  const double x = awkward_double(rng);
  return std::abs(x) <= kMaxCoordinateMagnitude ? x : std::copysign(kMaxCoordinateMagnitude, x);
}

/// A unit vector (direction uniform on the sphere), sometimes an exact axis.
Vec3 unit_vector(std::mt19937_64& rng) {
  if (rng() % 5 == 0) {
    Vec3 axis = Vec3::Zero();
    axis[static_cast<int>(rng() % 3)] = rng() % 2 ? 1.0 : -1.0;
    return axis;
  }
  std::normal_distribution<double> normal;
  for (;;) {
    const Vec3 v(normal(rng), normal(rng), normal(rng));
    if (v.norm() > 1e-3) return v.normalized();
  }
}

/// A random valid contact of two different bodies of `scene`, indices within the bodies' meshes.
Contact random_contact(const Scene& scene, std::mt19937_64& rng) {
  const auto n = static_cast<Index>(scene.bodies.size());
  Contact c;
  c.body_a = static_cast<Index>(rng() % static_cast<std::uint64_t>(n));
  c.body_b = static_cast<Index>((c.body_a + 1 + static_cast<Index>(rng() % static_cast<std::uint64_t>(n - 1))) % n);
  c.position = {awkward_length(rng), awkward_length(rng), awkward_length(rng)};
  c.normal = unit_vector(rng);
  c.gap = awkward_length(rng);
  auto feature = [&](Index body) {
    const Shape& shape = *scene.bodies[static_cast<std::size_t>(body)].shape;
    FeatureRef f;
    f.type = static_cast<FeatureType>(rng() % 4);
    Index count = 0;
    switch (f.type) {
      case FeatureType::kVertex:
        count = shape.tets.vertex_count();
        break;
      case FeatureType::kEdge:
        count = shape.surface_map.triangle_count() * 3 / 2;
        break;  // closed surface
      case FeatureType::kFace:
        count = shape.surface_map.triangle_count();
        break;
      case FeatureType::kTet:
        count = shape.tets.tet_count();
        break;
    }
    f.index = rng() % 8 == 0 ? kInvalidIndex : static_cast<Index>(rng() % static_cast<std::uint64_t>(count));
    return f;
  };
  c.feature_a = feature(c.body_a);
  c.feature_b = feature(c.body_b);
  c.element_a =
      rng() % 8 == 0
          ? kInvalidIndex
          : static_cast<Index>(rng() % static_cast<std::uint64_t>(
                                           scene.bodies[static_cast<std::size_t>(c.body_a)].shape->tets.tet_count()));
  c.element_b =
      rng() % 8 == 0
          ? kInvalidIndex
          : static_cast<Index>(rng() % static_cast<std::uint64_t>(
                                           scene.bodies[static_cast<std::size_t>(c.body_b)].shape->tets.tet_count()));
  c.has_area = rng() % 2 == 0;
  if (c.has_area) c.area = std::abs(awkward_double(rng));
  return c;
}

void expect_bit_identical(const ContactSet& expected, const ContactSet& actual) {
  EXPECT_EQ(actual.method, expected.method);
  ASSERT_EQ(actual.parameters.size(), expected.parameters.size());
  for (const auto& [name, value] : expected.parameters) {
    ASSERT_TRUE(actual.parameters.count(name)) << name;
    const ParameterValue& got = actual.parameters.at(name);
    ASSERT_EQ(got.index(), value.index()) << name;
    if (const double* x = std::get_if<double>(&value)) {
      EXPECT_EQ(bits(std::get<double>(got)), bits(*x)) << name;
    } else {
      EXPECT_TRUE(got == value) << name;
    }
  }
  ASSERT_EQ(actual.contacts.size(), expected.contacts.size());
  for (std::size_t i = 0; i < expected.contacts.size(); ++i) {
    const Contact& e = expected.contacts[i];
    const Contact& a = actual.contacts[i];
    EXPECT_EQ(a.body_a, e.body_a);
    EXPECT_EQ(a.body_b, e.body_b);
    for (int k = 0; k < 3; ++k) {
      EXPECT_EQ(bits(a.position[k]), bits(e.position[k])) << "contact " << i << " position " << k;
      EXPECT_EQ(bits(a.normal[k]), bits(e.normal[k])) << "contact " << i << " normal " << k;
    }
    EXPECT_EQ(bits(a.gap), bits(e.gap)) << "contact " << i;
    EXPECT_TRUE(a.feature_a == e.feature_a) << "contact " << i;
    EXPECT_TRUE(a.feature_b == e.feature_b) << "contact " << i;
    EXPECT_EQ(a.element_a, e.element_a);
    EXPECT_EQ(a.element_b, e.element_b);
    EXPECT_EQ(a.has_area, e.has_area);
    if (e.has_area) {
      EXPECT_EQ(bits(a.area), bits(e.area)) << "contact " << i;
    }
  }
}

TEST(ContactsJson, RandomSetsRoundTripBitExactlyAndRewriteByteIdentically) {
  std::mt19937_64 rng(20240611);
  constexpr int kContacts = 10000;
  ContactSet set;
  set.method = "volume-sat";
  set.parameters = {{"relative_tolerance", 1e-9},
                    {"max_iterations", 1000.0},
                    {"odd", -0.0},
                    {"smallest", std::numeric_limits<double>::denorm_min()},
                    {"flag", true},
                    {"off", false},
                    {"mode", std::string("sémi-local \"quoted\"\n")}};
  for (int i = 0; i < kContacts; ++i) set.contacts.push_back(random_contact(pillar(), rng));

  const std::string text = contacts_to_json(set, pillar());
  const ContactSet read = parse_contacts_json(text, "<string>", pillar());
  expect_bit_identical(set, read);
  EXPECT_EQ(contacts_to_json(read, pillar()), text);

  // The text is the documented format: members in order, bodies by name, area only when set.
  const Json root = Json::parse(text);
  EXPECT_EQ(root["format"], "contactlab-contacts");
  EXPECT_EQ(root["version"], 1);
  EXPECT_EQ(root["scene"], "pillar");
  EXPECT_EQ(root["method"]["name"], "volume-sat");
  ASSERT_EQ(root["contacts"].size(), static_cast<std::size_t>(kContacts));
  for (std::size_t i = 0; i < 50; ++i) {
    const Json& c = root["contacts"][i];
    EXPECT_EQ(c["body_a"], pillar().bodies[static_cast<std::size_t>(set.contacts[i].body_a)].name);
    EXPECT_EQ(c.contains("area"), set.contacts[i].has_area);
  }
}

TEST(ContactsJson, EmptySetAndGroundTruthRoundTrip) {
  ContactSet empty;
  empty.method = "none";
  const std::string text = contacts_to_json(empty, pillar());
  expect_bit_identical(empty, parse_contacts_json(text, "<string>", pillar()));

  const ContactSet truth = contacts_from_ground_truth(pillar());
  const std::string truth_text = contacts_to_json(truth, pillar());
  expect_bit_identical(truth, parse_contacts_json(truth_text, "<string>", pillar()));
  // The documented example's layout: small objects and vectors stay on one line.
  EXPECT_NE(truth_text.find("\"feature_a\": {\"kind\": \"vertex\", \"index\": "), std::string::npos)
      << truth_text.substr(0, 600);
  EXPECT_NE(truth_text.find("\"normal\": [0.0, 1.0, 0.0]"), std::string::npos);
}

TEST(ContactsJson, FilesAreWrittenAtomicallyAndReadBack) {
  testing::ScratchDir dir("io-test");
  const std::string path = dir.file("contacts.json");
  const ContactSet truth = contacts_from_ground_truth(pillar());
  write_contacts_json(path, truth, pillar());
  expect_bit_identical(truth, read_contacts_json(path, pillar()));
  std::ifstream in(path, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  EXPECT_EQ(bytes.str(), contacts_to_json(truth, pillar()));
  EXPECT_EQ(fs::status(path).permissions() & fs::perms::others_read, fs::perms::others_read);

  // Overwriting replaces the file; a failed write (non-finite value) leaves the old one and no
  // temporary file.
  ContactSet bad = truth;
  bad.contacts[3].gap = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(write_contacts_json(path, bad, pillar()), InputError);
  expect_bit_identical(truth, read_contacts_json(path, pillar()));
  EXPECT_EQ(dir.entries(), 1u);

  // A directory that does not exist: InputError naming the path, nothing created.
  const std::string missing = dir.file("no-such-dir/contacts.json");
  try {
    write_contacts_json(missing, truth, pillar());
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(e.source(), missing);
  }
  EXPECT_EQ(dir.entries(), 1u);
  EXPECT_THROW(read_contacts_json(dir.file("absent.json"), pillar()), InputError);
}

TEST(ContactsJson, WriterRejectsNonFiniteNumbersAndUnknownBodies) {
  ContactSet set = contacts_from_ground_truth(pillar());
  auto message = [&](const ContactSet& s) {
    try {
      contacts_to_json(s, pillar());
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  ContactSet nan_position = set;
  nan_position.contacts[2].position.y() = std::numeric_limits<double>::infinity();
  EXPECT_NE(message(nan_position).find("contacts[2].position[1]: non-finite number"), std::string::npos)
      << message(nan_position);
  ContactSet bad_body = set;
  bad_body.contacts[5].body_b = 99;
  EXPECT_NE(message(bad_body).find("contacts[5].body_b: body index 99 is not a body of scene 'pillar'"),
            std::string::npos)
      << message(bad_body);
  ContactSet bad_parameter = set;
  bad_parameter.parameters["epsilon"] = std::numeric_limits<double>::quiet_NaN();
  EXPECT_NE(message(bad_parameter).find("method.parameters.epsilon: non-finite"), std::string::npos)
      << message(bad_parameter);
  ContactSet bad_utf8 = set;
  bad_utf8.method = "bad\xff";
  EXPECT_NE(message(bad_utf8).find("cannot write as JSON"), std::string::npos) << message(bad_utf8);
}

/// A valid document of 3 contacts to mutate.
Json valid_document() {
  ContactSet set = contacts_from_ground_truth(pillar());
  set.contacts.resize(3);
  set.contacts[1].has_area = true;
  set.contacts[1].area = 0.5;
  return Json::parse(contacts_to_json(set, pillar()));
}

std::string error_of(const std::string& text) {
  try {
    parse_contacts_json(text, "bad.json", pillar());
  } catch (const InputError& e) {
    EXPECT_EQ(e.source(), "bad.json");
    return e.what();
  }
  return "no error";
}

std::string error_of(const std::function<void(Json&)>& mutate) {
  Json document = valid_document();
  mutate(document);
  return error_of(document.dump(2));
}

TEST(ContactsJson, EveryReaderErrorNamesTheFileAndTheFieldPath) {
  // The unmutated document is valid.
  EXPECT_EQ(error_of([](Json&) {}), "no error");
  struct Case {
    std::function<void(Json&)> mutate;
    std::string expected;  // substring of the message
  };
  const std::vector<Case> cases = {
      {[](Json& d) { d["contact"] = 1; }, "contact: unknown field; did you mean 'contacts'?"},
      {[](Json& d) { d["contacts"][1]["normals"] = d["contacts"][1]["normal"]; },
       "contacts[1].normals: unknown field; did you mean 'normal'?"},
      {[](Json& d) { d["contacts"][2]["feature_a"]["indx"] = 0; },
       "contacts[2].feature_a.indx: unknown field; did you mean 'index'?"},
      {[](Json& d) { d["method"]["paramters"] = Json::object(); },
       "method.paramters: unknown field; did you mean 'parameters'?"},
      {[](Json& d) { d.erase("format"); }, "format: missing required field"},
      {[](Json& d) { d.erase("scene"); }, "scene: missing required field"},
      {[](Json& d) { d["method"].erase("name"); }, "method.name: missing required field"},
      {[](Json& d) { d["contacts"][1].erase("gap"); }, "contacts[1].gap: missing required field"},
      {[](Json& d) { d["contacts"][0].erase("element_b"); }, "contacts[0].element_b: missing required field"},
      {[](Json& d) { d["contacts"][0]["feature_b"].erase("kind"); },
       "contacts[0].feature_b.kind: missing required field"},
      {[](Json& d) { d["format"] = "contactlab-scene"; },
       "format: expected \"contactlab-contacts\", got a string (\"contactlab-scene\")"},
      {[](Json& d) { d["version"] = 2; }, "version: version 2 is not supported; this build reads version 1"},
      {[](Json& d) { d["version"] = "1"; }, "version: expected an integer, got a string"},
      {[](Json& d) { d["version"] = 1.0; }, "version: expected an integer, got a number (1.0)"},
      {[](Json& d) { d["method"] = "x"; }, "method: expected an object"},
      {[](Json& d) { d["method"]["parameters"]["k"] = Json::array({1}); },
       "method.parameters.k: expected a number, a string or a boolean, got an array"},
      {[](Json& d) { d["method"]["parameters"]["k"] = nullptr; },
       "method.parameters.k: expected a number, a string or a boolean, got null"},
      {[](Json& d) { d["contacts"] = Json::object(); }, "contacts: expected an array of contacts, got an object"},
      {[](Json& d) { d["contacts"][1] = 7; }, "contacts[1]: expected a contact object, got a number (7)"},
      {[](Json& d) { d["contacts"][1]["body_a"] = "shaft"; },
       "contacts[1].body_a: unknown body 'shaft' in scene 'pillar'; did you mean 'shaft-0'?"},
      {[](Json& d) { d["contacts"][1]["body_b"] = 3; }, "contacts[1].body_b: expected a string, got a number (3)"},
      {[](Json& d) { d["contacts"][1]["body_b"] = d["contacts"][1]["body_a"]; },
       "contacts[1].body_b: the same body as body_a"},
      {[](Json& d) {
         d["contacts"][1]["normal"] = Json::array({0, 0, 0});
       },
       "contacts[1].normal: zero normal; expected a unit vector"},
      {[](Json& d) {
         d["contacts"][1]["normal"] = Json::array({0.0, -0.0, 0.0});
       },
       "contacts[1].normal: zero normal"},
      {[](Json& d) {
         d["contacts"][1]["normal"] = Json::array({1, 1, 0});
       },
       "contacts[1].normal: expected a unit vector (length 1 within 1e-6), got length 1.414"},
      {[](Json& d) {
         d["contacts"][1]["normal"] = Json::array({1, 0});
       },
       "contacts[1].normal: expected 3 finite numbers, got an array of 2 values"},
      {[](Json& d) {
         d["contacts"][1]["normal"] = Json::array({1, "0", 0});
       },
       "contacts[1].normal: expected 3 finite numbers, got a string (\"0\") at [1]"},
      {[](Json& d) { d["contacts"][1]["position"] = 0.5; },
       "contacts[1].position: expected 3 finite numbers, got a number (0.5)"},
      {[](Json& d) { d["contacts"][1]["gap"] = "0"; }, "contacts[1].gap: expected a number, got a string (\"0\")"},
      {[](Json& d) { d["contacts"][1]["gap"] = -1e51; },
       "contacts[1].gap: expected a number within ±1e+50 (the coordinate limit, docs/errors-and-limits.md), got"},
      {[](Json& d) { d["contacts"][0]["position"][2] = 1e300; },
       "contacts[0].position[2]: expected a number within ±1e+50 (the coordinate limit"},
      {[](Json& d) { d["contacts"][1]["gap"] = true; }, "contacts[1].gap: expected a number, got a boolean (true)"},
      {[](Json& d) { d["contacts"][1]["area"] = -1.0; }, "contacts[1].area: expected a number >= 0, got -1.0"},
      {[](Json& d) { d["contacts"][1]["feature_a"] = "vertex"; }, "contacts[1].feature_a: expected an object"},
      {[](Json& d) { d["contacts"][1]["feature_a"]["kind"] = "edg"; },
       "contacts[1].feature_a.kind: unknown feature kind 'edg'; did you mean 'edge'?"},
      {[](Json& d) { d["contacts"][1]["feature_a"]["kind"] = "polygon"; },
       "contacts[1].feature_a.kind: unknown feature kind 'polygon'; expected one of: vertex, edge, face, tet"},
      {[](Json& d) { d["contacts"][1]["feature_b"]["index"] = -2; },
       "contacts[1].feature_b.index: expected an integer in [-1, 2147483647], got -2"},
      {[](Json& d) { d["contacts"][1]["feature_b"]["index"] = 1.5; },
       "contacts[1].feature_b.index: expected an integer, got a number (1.5)"},
      {[](Json& d) {
         d["contacts"][0]["feature_b"] = {{"kind", "face"}, {"index", 100000}};
       },
       "contacts[0].feature_b.index: index 100000 is out of range: body 'base' has 12 surface triangles"},
      {[](Json& d) {
         d["contacts"][0]["feature_b"] = {{"kind", "edge"}, {"index", 18}};
       },
       "contacts[0].feature_b.index: index 18 is out of range: body 'base' has 18 surface edges"},
      {[](Json& d) { d["contacts"][0]["element_a"] = 4000000000LL; },
       "contacts[0].element_a: expected an integer in [-1, 2147483647], got 4000000000"},
      {[](Json& d) { d["contacts"][0]["element_a"] = 100000; },
       "contacts[0].element_a: index 100000 is out of range: body 'ground' has"},
  };
  for (const Case& c : cases) {
    const std::string message = error_of(c.mutate);
    EXPECT_NE(message.find("bad.json"), std::string::npos) << message;
    EXPECT_NE(message.find(c.expected), std::string::npos) << "expected: " << c.expected << "\n     got: " << message;
  }
}

TEST(ContactsJson, TextLevelErrorsCarryLinesOrPaths) {
  const std::string text = valid_document().dump(2);
  // Syntax error at the start of line 3.
  std::string broken = text;
  const std::size_t line3 = broken.find('\n', broken.find('\n') + 1) + 1;
  broken.insert(line3, ",,");
  EXPECT_NE(error_of(broken).find("bad.json:3"), std::string::npos) << error_of(broken);
  EXPECT_NE(error_of(broken).find("JSON syntax error"), std::string::npos);
  // A number beyond double: non-finite, with its line.
  std::string overflow = text;
  const std::size_t gap = overflow.find("\"gap\": 0.0");
  ASSERT_NE(gap, std::string::npos);
  overflow.replace(gap, 10, "\"gap\": 1e400");
  EXPECT_NE(error_of(overflow).find("non-finite number"), std::string::npos) << error_of(overflow);
  // A duplicate field.
  std::string duplicate = text;
  duplicate.replace(gap, 10, "\"gap\": 0.0, \"gap\": 1.0");
  EXPECT_NE(error_of(duplicate).find("contacts[0].gap: duplicate field"), std::string::npos) << error_of(duplicate);
  // Not an object.
  EXPECT_NE(error_of("[1, 2]").find("expected a JSON object at the top level, got an array"), std::string::npos);
  EXPECT_NE(error_of("").find("JSON syntax error"), std::string::npos);
}

// JSON nested 10^5 or 10^6 deep inside a field (the method's parameters, "scene", a gap) overflowed
// the stack when the value was copied; it is refused at its line before any value is built.
TEST(ContactsJson, DeepNestingInsideAFieldIsRefusedWithItsLine) {
  const std::string text = valid_document().dump(2);
  for (const char* field : {"\"gap\": 0.0", "\"scene\": \"pillar\"", "\"parameters\": {}"}) {
    for (const std::size_t depth : {std::size_t{100000}, std::size_t{1000000}}) {
      for (const bool arrays : {true, false}) {
        SCOPED_TRACE(std::string(field) + " " + std::to_string(depth) + (arrays ? " arrays" : " objects"));
        std::string deep;
        for (std::size_t i = 0; i < depth; ++i) deep += arrays ? "[" : "{\"a\": ";
        deep += "1";
        deep += std::string(depth, arrays ? ']' : '}');
        std::string hostile = text;
        const std::size_t at = hostile.find(field);
        ASSERT_NE(at, std::string::npos);
        const std::string key = std::string(field).substr(0, std::string(field).find(':') + 2);
        hostile.replace(at, std::strlen(field), key + deep);
        const int line =
            1 + static_cast<int>(std::count(hostile.begin(), hostile.begin() + static_cast<long>(at), '\n'));
        EXPECT_EQ(
            error_of(hostile).rfind("bad.json:" + std::to_string(line) +
                                        ": arrays and objects nested deeper than 256 levels; expected at most 256",
                                    0),
            0u)
            << error_of(hostile).substr(0, 300);
      }
    }
  }
}

TEST(ContactsJson, ReadingAcceptsIntegersForNumbersAndKeepsNearUnitNormalsExactly) {
  Json document = valid_document();
  document["contacts"][0]["position"] = Json::array({1, -2, 3});
  const double almost = 1.0 + 5e-7;
  document["contacts"][0]["normal"] = Json::array({0, almost, 0});
  document["method"]["parameters"]["iterations"] = 7;
  const ContactSet set = parse_contacts_json(document.dump(), "<string>", pillar());
  EXPECT_EQ(set.contacts[0].position, Vec3(1, -2, 3));
  EXPECT_EQ(bits(set.contacts[0].normal.y()), bits(almost));
  EXPECT_EQ(std::get<double>(set.parameters.at("iterations")), 7.0);
}

}  // namespace
}  // namespace contactlab
