// Contacts JSON reader (format version 1, docs/contacts-format.md). Every problem is an
// InputError(source, line, "<field path>: <what was wrong and what was expected>"), the path
// written like "contacts[12].feature_a.kind"; unknown fields come with the closest known name.
#include "contactlab/io/contacts_json.h"

#include "contactlab/core/error.h"
#include "contactlab/core/input_limits.h"
#include "contactlab/core/json_fields.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <sstream>
#include <utility>

namespace contactlab {

namespace {

/// For number_within: why positions and gaps are bounded.
constexpr std::string_view kCoordinateLimit = "the coordinate limit, docs/errors-and-limits.md";

using json::describe;
using json::element_path;
using json::field_path;
using json::Json;
using json::Names;
using json::suggest;

/// Normals must be unit within this (relative) amount; they are kept as written.
constexpr double kUnitLengthTolerance = 1e-6;

/// Index ranges of one shape's meshes, for checking feature and element indices.
struct MeshSizes {
  long long vertices = 0;   // tet mesh vertices
  long long tets = 0;       // tet mesh tets
  long long triangles = 0;  // surface_map triangles
  long long edges = -1;     // unique surface edges; computed on first use
};

class Reader : json::FieldReader {
 public:
  Reader(const std::string& source, const Scene& scene) : FieldReader(source), scene_(scene) {
    for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
      body_index_.emplace(scene.bodies[i].name, static_cast<Index>(i));
      body_names_.push_back(scene.bodies[i].name);
    }
  }

  ContactSet read(const Json& root) {
    if (!root.is_object()) fail("", "expected a JSON object at the top level, got " + describe(root));
    const Json& format = required(root, "", "format");
    if (!format.is_string() || format.get<std::string>() != kContactsFormatName) {
      fail("format", std::string("expected \"") + kContactsFormatName + "\", got " + describe(format));
    }
    const long long version = integer(required(root, "", "version"), "version", 0, std::numeric_limits<int>::max());
    if (version != kContactsFormatVersion) {
      fail("version", "version " + std::to_string(version) + " is not supported; this build reads version " +
                          std::to_string(kContactsFormatVersion));
    }
    check_fields(root, "", {"format", "version", "scene", "method", "contacts"});
    string(required(root, "", "scene"), "scene");  // informational

    ContactSet out;
    const Json& method = required(root, "", "method");
    expect(method, "method", method.is_object(), "an object with \"name\" and \"parameters\"");
    check_fields(method, "method", {"name", "parameters"});
    out.method = string(required(method, "method", "name"), "method.name");
    const Json& parameters = required(method, "method", "parameters");
    expect(parameters, "method.parameters", parameters.is_object(), "an object mapping names to values");
    for (const auto& [name, value] : parameters.items()) {
      const std::string path = field_path("method.parameters", name);
      if (value.is_number()) {
        out.parameters.emplace(name, number(value, path));
      } else if (value.is_string()) {
        out.parameters.emplace(name, value.get<std::string>());
      } else if (value.is_boolean()) {
        out.parameters.emplace(name, value.get<bool>());
      } else {
        fail(path, "expected a number, a string or a boolean, got " + describe(value));
      }
    }

    const Json& contacts = required(root, "", "contacts");
    expect(contacts, "contacts", contacts.is_array(), "an array of contacts");
    out.contacts.reserve(contacts.size());
    for (std::size_t i = 0; i < contacts.size(); ++i)
      out.contacts.push_back(contact(contacts[i], element_path("contacts", i)));
    return out;
  }

 private:
  Vec3 vec3(const Json& v, const std::string& path) const {
    if (!v.is_array() || v.size() != 3 || !std::all_of(v.begin(), v.end(), [](const Json& x) {
          return x.is_number() && std::isfinite(x.get<double>());
        })) {
      std::string got = describe(v);
      if (v.is_array()) got = "an array of " + std::to_string(v.size()) + (v.size() == 1 ? " value" : " values");
      if (v.is_array() && v.size() == 3) {
        for (std::size_t k = 0; k < 3; ++k) {
          if (!v[k].is_number()) {
            got = describe(v[k]) + " at [" + std::to_string(k) + "]";
            break;
          }
        }
      }
      fail(path, "expected 3 finite numbers, got " + got);
    }
    return {v[0].get<double>(), v[1].get<double>(), v[2].get<double>()};
  }

  Index body(const Json& v, const std::string& path) const {
    const std::string name = string(v, path);
    const auto it = body_index_.find(name);
    if (it == body_index_.end()) {
      Names known(body_names_.begin(), body_names_.end());
      // The full list of a large scene would drown the message; suggest only a close name.
      const std::string hint = suggest(name, known);
      fail(path, "unknown body '" + quoted_excerpt(name) + "' in scene '" + quoted_excerpt(scene_.name) + "'" +
                     (hint.rfind("; did you mean", 0) == 0 || known.size() <= 12 ? hint : ""));
    }
    return it->second;
  }

  MeshSizes& sizes(Index body) {
    const Shape* shape = scene_.bodies[static_cast<std::size_t>(body)].shape.get();
    auto [it, inserted] = sizes_.try_emplace(shape);
    if (inserted && shape) {
      it->second.vertices = shape->tets.vertex_count();
      it->second.tets = shape->tets.tet_count();
      it->second.triangles = shape->surface_map.triangle_count();
    }
    return it->second;
  }

  long long edge_count(Index body) {
    MeshSizes& s = sizes(body);
    const Shape* shape = scene_.bodies[static_cast<std::size_t>(body)].shape.get();
    if (s.edges < 0 && shape) {
      std::vector<std::pair<Index, Index>> edges;
      for (const Triangle& t : shape->surface_map.surface.triangles) {
        for (int k = 0; k < 3; ++k) edges.emplace_back(std::minmax(t[k], t[(k + 1) % 3]));
      }
      std::sort(edges.begin(), edges.end());
      s.edges = static_cast<long long>(std::unique(edges.begin(), edges.end()) - edges.begin());
    }
    return s.edges;
  }

  /// -1 or an index below `count` (`what`: "vertices", … for the message).
  Index index(const Json& v, const std::string& path, long long count, const std::string& what, Index body) const {
    const long long i = integer(v, path, -1, std::numeric_limits<Index>::max());
    if (i >= count) {
      fail(path, "index " + std::to_string(i) + " is out of range: body '" +
                     quoted_excerpt(scene_.bodies[static_cast<std::size_t>(body)].name) + "' has " +
                     std::to_string(count) + " " + what + " (-1 means unknown)");
    }
    return static_cast<Index>(i);
  }

  FeatureRef feature(const Json& v, const std::string& path, Index body) {
    expect(v, path, v.is_object(), "an object {\"kind\": ..., \"index\": ...}");
    check_fields(v, path, {"kind", "index"});
    const std::string kind_path = field_path(path, "kind");
    const std::string kind = string(required(v, path, "kind"), kind_path);
    FeatureRef f;
    long long count = 0;
    std::string what;
    const std::optional<FeatureType> parsed = feature_type_from_name(kind);
    if (!parsed)
      fail(kind_path,
           "unknown feature kind '" + quoted_excerpt(kind) + "'" + suggest(kind, {"vertex", "edge", "face", "tet"}));
    f.type = *parsed;
    switch (f.type) {
      case FeatureType::kVertex:
        count = sizes(body).vertices, what = "tet-mesh vertices";
        break;
      case FeatureType::kEdge:
        count = edge_count(body), what = "surface edges";
        break;
      case FeatureType::kFace:
        count = sizes(body).triangles, what = "surface triangles";
        break;
      case FeatureType::kTet:
        count = sizes(body).tets, what = "tets";
        break;
    }
    f.index = index(required(v, path, "index"), field_path(path, "index"), count, what, body);
    return f;
  }

  Index element(const Json& v, const std::string& path, Index body) {
    const MeshSizes& s = sizes(body);
    return index(v, path, std::max(s.tets, s.triangles), "elements (tets or surface triangles)", body);
  }

  Contact contact(const Json& v, const std::string& path) {
    expect(v, path, v.is_object(), "a contact object");
    check_fields(
        v, path,
        {"body_a", "body_b", "position", "normal", "gap", "feature_a", "feature_b", "element_a", "element_b", "area"});
    Contact c;
    c.body_a = body(required(v, path, "body_a"), field_path(path, "body_a"));
    c.body_b = body(required(v, path, "body_b"), field_path(path, "body_b"));
    if (c.body_a == c.body_b) {
      fail(field_path(path, "body_b"), "the same body as body_a ('" +
                                           quoted_excerpt(scene_.bodies[static_cast<std::size_t>(c.body_a)].name) +
                                           "'); a contact is between two different bodies");
    }
    const std::string position_path = field_path(path, "position");
    const Json& position = required(v, path, "position");
    c.position = vec3(position, position_path);
    // The coordinate limit of scenes (core/input_limits.h): beyond it measures and the viewer's
    // geometry overflow into inf and NaN.
    for (std::size_t k = 0; k < 3; ++k)
      number_within(position[k], element_path(position_path, k), kMaxCoordinateMagnitude, kCoordinateLimit);
    const std::string normal_path = field_path(path, "normal");
    c.normal = vec3(required(v, path, "normal"), normal_path);
    const double length = c.normal.norm();
    if (length == 0.0) fail(normal_path, "zero normal; expected a unit vector");
    if (!(std::abs(length - 1.0) <= kUnitLengthTolerance)) {
      std::ostringstream message;
      message.precision(17);
      message << "expected a unit vector (length 1 within 1e-6), got length " << length;
      fail(normal_path, message.str());
    }
    c.gap = number_within(required(v, path, "gap"), field_path(path, "gap"), kMaxCoordinateMagnitude, kCoordinateLimit);
    c.feature_a = feature(required(v, path, "feature_a"), field_path(path, "feature_a"), c.body_a);
    c.feature_b = feature(required(v, path, "feature_b"), field_path(path, "feature_b"), c.body_b);
    c.element_a = element(required(v, path, "element_a"), field_path(path, "element_a"), c.body_a);
    c.element_b = element(required(v, path, "element_b"), field_path(path, "element_b"), c.body_b);
    if (const Json* area = optional(v, "area")) {
      c.area = number_at_least(*area, field_path(path, "area"), 0.0, false);
      c.has_area = true;
    }
    return c;
  }

  const Scene& scene_;
  std::map<std::string, Index> body_index_;
  std::vector<std::string> body_names_;
  std::map<const Shape*, MeshSizes> sizes_;
};

}  // namespace

ContactSet parse_contacts_json(const std::string& text, const std::string& source, const Scene& scene) {
  return Reader(source, scene).read(json::parse_json(text, source));
}

ContactSet read_contacts_json(const std::string& path, const Scene& scene) {
  return parse_contacts_json(json::read_json_text(path, "contacts file"), path, scene);
}

}  // namespace contactlab
