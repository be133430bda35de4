// Scene JSON writer (format version 1, docs/scene-format.md). Every field is written explicitly,
// defaults included. Shapes used by two or more bodies (equal specs, which includes bodies sharing
// one Shape object) go into the top-level "shapes" table and bodies refer to them by name, so that
// reading the file back builds each of them once and shares it again. The output is a function of
// the scene's values alone, so scene_to_json(parse(scene_to_json(s))) == scene_to_json(s).
#include "contactlab/scene/scene_json.h"

#include "contactlab/core/error.h"
#include "contactlab/core/json_fields.h"
#include "contactlab/core/output_files.h"
#include "scene_json_common.h"

#include <filesystem>
#include <map>

namespace contactlab {
namespace {

using json::element_path;
using json::field_path;
using json::Json;

/// What the writer's errors name.
std::string source_of(const Scene& scene) { return "scene '" + scene.name + "'"; }

class Writer : json::FieldWriter {
 public:
  explicit Writer(const Scene& scene) : FieldWriter(source_of(scene)), scene_(scene) {}

  Json write() {
    Json root = Json::object();
    root["format"] = scene_detail::kFormatName;
    root["version"] = kSceneFormatVersion;
    root["name"] = scene_.name;
    root["description"] = scene_.description;
    root["gravity"] = vec3(scene_.gravity, "gravity");
    root["tetgen_switches"] = scene_.tetgen_switches;
    if (scene_.sparsify) {
      const SparsifyOptions& o = *scene_.sparsify;
      Json sparsify = Json::object();
      sparsify["threshold"] = number(o.threshold, "sparsify.threshold");
      sparsify["minarea"] = number(o.minarea, "sparsify.minarea");
      if (o.mindist) {
        sparsify["mindist"] = number(*o.mindist, "sparsify.mindist");
      } else {
        sparsify["relative_mindist"] = number(o.relative_mindist, "sparsify.relative_mindist");
      }
      root["sparsify"] = sparsify;
    }

    // Shape specs of all bodies; a spec used twice or more goes into the table.
    std::vector<Json> specs;
    std::map<std::string, int> uses;  // spec text -> number of bodies
    for (std::size_t i = 0; i < scene_.bodies.size(); ++i) {
      const std::string path = field_path(element_path("bodies", i), "shape");
      const Body& body = scene_.bodies[i];
      if (!body.shape) fail(path, "body '" + body.name + "' has no shape");
      specs.push_back(shape_spec(*body.shape, path));
      ++uses[specs.back().dump()];
    }
    Json shapes = Json::object();
    std::map<std::string, std::string> table_name;  // spec text -> name in the table
    for (const Json& spec : specs) {
      const std::string text = spec.dump();
      if (uses[text] < 2 || table_name.count(text)) continue;
      const std::string name = unique_shape_name(spec, shapes);
      table_name[text] = name;
      shapes[name] = spec;
    }
    if (!shapes.empty()) root["shapes"] = std::move(shapes);

    Json bodies = Json::array();
    for (std::size_t i = 0; i < scene_.bodies.size(); ++i) {
      const auto it = table_name.find(specs[i].dump());
      bodies.push_back(
          body(scene_.bodies[i], element_path("bodies", i), it != table_name.end() ? Json(it->second) : specs[i]));
    }
    root["bodies"] = std::move(bodies);
    if (scene_.ground_truth) root["ground_truth"] = ground_truth(*scene_.ground_truth);
    return root;
  }

 private:
  Json shape_spec(const Shape& shape, const std::string& path) const {
    Json spec = Json::object();
    switch (shape.source.kind) {
      case ShapeSource::Kind::kGenerator:
        spec["generator"] = shape.source.generator;
        for (const auto& [name, values] : shape.source.params) {
          const std::string param_path = field_path(path, name);
          if (values.size() == 1) {
            spec[name] = number(values[0], param_path);
          } else {
            Json list = Json::array();
            for (std::size_t k = 0; k < values.size(); ++k)
              list.push_back(number(values[k], element_path(param_path, k)));
            spec[name] = std::move(list);
          }
        }
        break;
      case ShapeSource::Kind::kFile:
        spec["mesh"] = shape.source.path;
        break;
      case ShapeSource::Kind::kInline: {
        Json vertices = Json::array();
        for (std::size_t v = 0; v < shape.surface.vertices.size(); ++v) {
          vertices.push_back(vec3(shape.surface.vertices[v], element_path(field_path(path, "vertices"), v)));
        }
        Json triangles = Json::array();
        for (const Triangle& t : shape.surface.triangles) triangles.push_back(Json::array({t[0], t[1], t[2]}));
        spec["vertices"] = std::move(vertices);
        spec["triangles"] = std::move(triangles);
        break;
      }
      case ShapeSource::Kind::kTets: {
        Json vertices = Json::array();
        for (std::size_t v = 0; v < shape.tets.vertices.size(); ++v) {
          vertices.push_back(vec3(shape.tets.vertices[v], element_path(field_path(path, "tet_vertices"), v)));
        }
        Json tets = Json::array();
        for (const Tet& t : shape.tets.tets) tets.push_back(Json::array({t[0], t[1], t[2], t[3]}));
        spec["tet_vertices"] = std::move(vertices);
        spec["tets"] = std::move(tets);
        return spec;  // no TetGen run, no switches
      }
    }
    // The override is written only where it differs from the scene's switches, so that changing
    // the scene's switches in the file changes every shape that did not ask for its own.
    if (shape.tetgen_switches != scene_.tetgen_switches) spec["tetgen_switches"] = shape.tetgen_switches;
    return spec;
  }

  /// Table name for a shared spec: the generator name, the mesh file's stem or "mesh", made unique
  /// with a suffix "_2", "_3", … in order of first use.
  static std::string unique_shape_name(const Json& spec, const Json& table) {
    std::string base = "mesh";
    if (spec.contains("generator")) {
      base = spec["generator"].get<std::string>();
    } else if (spec.contains("mesh")) {
      base = std::filesystem::path(spec["mesh"].get<std::string>()).stem().string();
      if (base.empty()) base = "mesh";
    }
    std::string name = base;
    for (int k = 2; table.contains(name); ++k) name = base + "_" + std::to_string(k);
    return name;
  }

  Json body(const Body& b, const std::string& path, Json shape) const {
    Json out = Json::object();
    out["name"] = b.name;
    out["shape"] = std::move(shape);
    out["position"] = vec3(b.position, field_path(path, "position"));
    const std::string q_path = field_path(path, "orientation");
    const Quat& q = b.orientation;
    out["orientation"] = Json::array({number(q.w(), element_path(q_path, 0)), number(q.x(), element_path(q_path, 1)),
                                      number(q.y(), element_path(q_path, 2)), number(q.z(), element_path(q_path, 3))});
    out["linear_velocity"] = vec3(b.linear_velocity, field_path(path, "linear_velocity"));
    out["angular_velocity"] = vec3(b.angular_velocity, field_path(path, "angular_velocity"));
    out["density"] = number(b.density, field_path(path, "density"));
    out["friction"] = number(b.friction, field_path(path, "friction"));
    out["fixed"] = b.fixed;
    return out;
  }

  std::string body_name(Index index, const std::string& path) const {
    if (index < 0 || static_cast<std::size_t>(index) >= scene_.bodies.size()) {
      fail(path,
           "body index " + std::to_string(index) + " out of range [0, " + std::to_string(scene_.bodies.size()) + ")");
    }
    return scene_.bodies[static_cast<std::size_t>(index)].name;
  }

  Json feature(const FeatureRef& f, const std::string& path) const {
    // A corner of a contact region lies on the surface: the format has no tet features.
    if (f.type == FeatureType::kTet)
      fail(field_path(path, "kind"), "a tet feature; a contact region's corner lies on a vertex, edge or face");
    Json out = Json::object();
    out["kind"] = feature_type_name(f.type);
    out["index"] = f.index;
    return out;
  }

  Json ground_truth(const GroundTruth& truth) const {
    Json interfaces = Json::array();
    for (std::size_t i = 0; i < truth.interfaces.size(); ++i) {
      const ContactInterface& in = truth.interfaces[i];
      const std::string path = element_path("ground_truth.interfaces", i);
      Json out = Json::object();
      out["body_a"] = body_name(in.body_a, field_path(path, "body_a"));
      out["body_b"] = body_name(in.body_b, field_path(path, "body_b"));
      Json normals = Json::array();
      for (std::size_t k = 0; k < in.feasible_normals.size(); ++k) {
        normals.push_back(vec3(in.feasible_normals[k], element_path(field_path(path, "normals"), k)));
      }
      out["normals"] = std::move(normals);
      out["min_contacts"] = in.min_contacts;
      out["planar"] = in.planar;
      out["area"] = number(in.area, field_path(path, "area"));
      Json polygon = Json::array();
      for (std::size_t k = 0; k < in.polygon.size(); ++k) {
        const PolygonCorner& corner = in.polygon[k];
        Json c = Json::object();
        const std::string corner_path = element_path(field_path(path, "polygon"), k);
        c["position"] = vec3(corner.position, field_path(corner_path, "position"));
        c["on_a"] = feature(corner.on_a, field_path(corner_path, "on_a"));
        c["on_b"] = feature(corner.on_b, field_path(corner_path, "on_b"));
        polygon.push_back(std::move(c));
      }
      out["polygon"] = std::move(polygon);
      interfaces.push_back(std::move(out));
    }
    Json out = Json::object();
    out["interfaces"] = std::move(interfaces);
    return out;
  }

  const Scene& scene_;
};

}  // namespace

std::string scene_to_json(const Scene& scene) {
  // The pretty printer keeps arrays of scalars on one line ("position": [0.0, 1.5, 0.0]) and short
  // flat objects too ({"generator": "box", "size": [1.0, 1.0, 1.0]}); a name that is not valid
  // UTF-8 is an InputError.
  return json::pretty_json(Writer(scene).write(), source_of(scene), json::LibraryPrefix::kKeep);
}

void write_scene_json(const std::string& path, const Scene& scene) {
  const std::string text = scene_to_json(scene);  // fails before anything touches the disk
  write_file_atomically(path, text);
}

}  // namespace contactlab
