// Scene JSON reader (format version 1, docs/scene-format.md).
//
// Every problem is an InputError(file, line, "<field path>: <what was wrong and what was
// expected>"), the field path written like "bodies[3].shape.size[1]". Unknown fields are errors
// (a misspelt optional field would otherwise be silently ignored) and come with the closest known
// name. Shapes are built once per distinct spec and TetGen switches — a shape named in the
// "shapes" table, or any two equal specs written inline — and shared by the bodies using them.
#include "contactlab/scene/scene_json.h"

#include "contactlab/core/error.h"
#include "contactlab/core/input_limits.h"
#include "contactlab/core/json_fields.h"
#include "contactlab/mesh/mesh_file.h"
#include "contactlab/mesh/shape_generators.h"
#include "contactlab/mesh/validate.h"
#include "scene_json_common.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <limits>
#include <map>
#include <vector>

namespace contactlab {
namespace {

using json::describe;
using json::element_path;
using json::field_path;
using json::Json;
using json::Names;
using json::suggest;

/// For number_within: why coordinates and generator sizes are bounded.
constexpr std::string_view kCoordinateLimit = "the coordinate limit, docs/errors-and-limits.md";

/// A file path is quoted longer than a name: a real path is often over kMaxQuotedLength.
constexpr std::size_t kMaxQuotedPath = 1024;

/// Exact identity of a double for shape-cache keys (1 and 1.0 are the same value).
void append_bits(std::string& key, double value) {
  char bytes[sizeof(double)];
  std::memcpy(bytes, &value, sizeof(double));
  key.append(bytes, sizeof(double));
}

/// A parsed shape spec: where the surface came from and the surface itself (not yet tetrahedralized).
struct ShapeSpec {
  ShapeSource source;
  TriMesh surface;
  std::optional<TetMesh> tets;          ///< a tet mesh given inline: used as it is, no TetGen run
  std::optional<std::string> switches;  ///< the spec's own "tetgen_switches"
  std::string key;                      ///< identity of the surface source, for the shape cache
  std::string path;                     ///< field path of the spec, for errors
};

class Reader : json::FieldReader {
 public:
  Reader(const std::string& source, std::string base_dir, const SceneReadOptions& options)
      : FieldReader(source), base_dir_(std::move(base_dir)), options_(options) {}

  Scene read(const Json& root) {
    if (!root.is_object()) fail("", "expected a JSON object at the top level, got " + describe(root));
    const Json& format = required(root, "", "format");
    if (!format.is_string() || format.get<std::string>() != scene_detail::kFormatName) {
      fail("format", std::string("expected \"") + scene_detail::kFormatName + "\", got " + describe(format));
    }
    const long long version = integer(required(root, "", "version"), "version", 0, std::numeric_limits<int>::max());
    if (version != kSceneFormatVersion) {
      fail("version", "version " + std::to_string(version) + " is not supported; this build reads version " +
                          std::to_string(kSceneFormatVersion));
    }
    check_fields(root, "",
                 {"format", "version", "name", "description", "gravity", "tetgen_switches", "shapes", "bodies",
                  "ground_truth", "sparsify"});

    Scene scene;
    scene.name = string(required(root, "", "name"), "name");
    if (const Json* v = optional(root, "description")) scene.description = string(*v, "description");
    if (const Json* v = optional(root, "gravity")) scene.gravity = coordinates(*v, "gravity");
    if (const Json* v = optional(root, "tetgen_switches")) scene.tetgen_switches = string(*v, "tetgen_switches");
    // The switches the shapes are actually built with become the scene's, so that writing the
    // scene back reproduces the same tet meshes.
    if (options_.tetgen_switches) scene.tetgen_switches = *options_.tetgen_switches;

    if (const Json* v = optional(root, "shapes")) {
      expect(*v, "shapes", v->is_object(), "an object mapping shape names to shape specs");
      for (const auto& [name, spec] : v->items()) table_.emplace(name, shape_spec(spec, field_path("shapes", name)));
    }

    const Json& bodies = required(root, "", "bodies");
    expect(bodies, "bodies", bodies.is_array(), "an array of bodies");
    std::map<std::string, std::size_t> seen;
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      const std::string path = element_path("bodies", i);
      scene.bodies.push_back(body(bodies[i], path, scene.tetgen_switches));
      const auto [it, inserted] = seen.emplace(scene.bodies.back().name, i);
      if (!inserted) {
        fail(field_path(path, "name"), "duplicate body name '" + quoted_excerpt(it->first) + "' (also " +
                                           element_path("bodies", it->second) + "); body names must be unique");
      }
    }

    if (const Json* v = optional(root, "ground_truth")) scene.ground_truth = ground_truth(*v, scene);
    if (const Json* v = optional(root, "sparsify")) scene.sparsify = sparsify(*v);
    return scene;
  }

 private:
  /// "sparsify": true (Solfec's defaults), false (none) or an object of the options.
  std::optional<SparsifyOptions> sparsify(const Json& v) const {
    if (v.is_boolean()) return v.get<bool>() ? std::optional<SparsifyOptions>(SparsifyOptions{}) : std::nullopt;
    expect(v, "sparsify", v.is_object(), "true, false or an object {threshold, minarea, mindist | relative_mindist}");
    check_fields(v, "sparsify", {"threshold", "minarea", "mindist", "relative_mindist"});
    SparsifyOptions out;
    if (const Json* x = optional(v, "threshold")) {
      out.threshold = number_at_least(*x, "sparsify.threshold", 0.0, false);
      if (out.threshold > 1.0) fail("sparsify.threshold", "expected an area ratio in [0, 1]");
    }
    if (const Json* x = optional(v, "minarea")) out.minarea = number_at_least(*x, "sparsify.minarea", 0.0, false);
    if (const Json* x = optional(v, "relative_mindist")) {
      out.relative_mindist = number_at_least(*x, "sparsify.relative_mindist", 0.0, false);
    }
    if (const Json* x = optional(v, "mindist")) {
      if (optional(v, "relative_mindist")) fail("sparsify", "give mindist (m) or relative_mindist, not both");
      out.mindist = number_at_least(*x, "sparsify.mindist", 0.0, false);
    }
    return out;
  }

  /// An array of exactly `n` numbers.
  std::vector<double> numbers(const Json& v, const std::string& path, std::size_t n) const {
    expect(v, path, v.is_array(), "an array of " + std::to_string(n) + " numbers");
    if (v.size() != n)
      fail(path, "expected an array of " + std::to_string(n) + " numbers, got " + std::to_string(v.size()));
    std::vector<double> out;
    for (std::size_t k = 0; k < n; ++k) out.push_back(number(v[k], element_path(path, k)));
    return out;
  }

  /// Three finite numbers (velocities: any finite value round-trips).
  Vec3 vec3(const Json& v, const std::string& path) const {
    const std::vector<double> x = numbers(v, path, 3);
    return {x[0], x[1], x[2]};
  }

  /// Three numbers within the coordinate limit (positions, vertices, gravity, normals, corners):
  /// beyond it the geometry's products overflow into inf and NaN (core/input_limits.h).
  Vec3 coordinates(const Json& v, const std::string& path) const {
    numbers(v, path, 3);  // the array's shape and finiteness, with their own messages
    Vec3 x;
    for (std::size_t k = 0; k < 3; ++k)
      x[static_cast<int>(k)] = number_within(v[k], element_path(path, k), kMaxCoordinateMagnitude, kCoordinateLimit);
    return x;
  }

  // --- shapes -------------------------------------------------------------------------------

  ShapeSpec shape_spec(const Json& v, const std::string& path) const {
    expect(v, path, v.is_object(),
           "a shape: an object with \"generator\", \"mesh\", \"vertices\" and \"triangles\", or \"tet_vertices\" "
           "and \"tets\"");
    const bool has_generator = v.contains("generator");
    const bool has_mesh = v.contains("mesh");
    const bool has_inline = v.contains("vertices") || v.contains("triangles");
    const bool has_tets = v.contains("tet_vertices") || v.contains("tets");
    const int kinds = int{has_generator} + int{has_mesh} + int{has_inline} + int{has_tets};
    if (kinds != 1) {
      std::string hint;
      if (kinds == 0) {
        for (const auto& [key, value] : v.items()) {
          if (key == "tetgen_switches") continue;
          hint = suggest(key, {"generator", "mesh", "vertices", "triangles", "tet_vertices", "tets"});
          if (hint.rfind("; did you mean", 0) == 0) {
            hint = " ('" + key + "'" + hint + ")";
            break;
          }
          hint.clear();
        }
      }
      fail(path, std::string(kinds == 0 ? "no shape given" : "more than one shape given") +
                     ": expected exactly one of \"generator\" (with its parameters), \"mesh\" (a file path), "
                     "\"vertices\" with \"triangles\" (a surface) or \"tet_vertices\" with \"tets\" (a tet mesh)" +
                     hint);
    }

    ShapeSpec spec;
    spec.path = path;
    if (const Json* s = v.contains("tetgen_switches") ? &v["tetgen_switches"] : nullptr) {
      spec.switches = string(*s, field_path(path, "tetgen_switches"));
    }
    if (has_generator) {
      generator_spec(v, path, spec);
    } else if (has_mesh) {
      mesh_file_spec(v, path, spec);
    } else if (has_inline) {
      inline_spec(v, path, spec);
    } else {
      tets_spec(v, path, spec);
    }
    return spec;
  }

  void generator_spec(const Json& v, const std::string& path, ShapeSpec& spec) const {
    spec.source.kind = ShapeSource::Kind::kGenerator;
    const std::string generator_path = field_path(path, "generator");
    spec.source.generator = string(v["generator"], generator_path);
    Names generator_names;
    for (const GeneratorInfo& info : shape_generators()) generator_names.push_back(info.name);
    if (std::find(generator_names.begin(), generator_names.end(), spec.source.generator) == generator_names.end()) {
      fail(generator_path, "unknown generator '" + quoted_excerpt(spec.source.generator) + "'" +
                               suggest(spec.source.generator, generator_names));
    }
    for (const auto& [key, value] : v.items()) {
      if (key == "generator" || key == "tetgen_switches") continue;
      const std::string param_path = field_path(path, key);
      std::vector<double>& values = spec.source.params[key];
      if (value.is_array()) {
        // Sizes, heights and counts alike: a parameter beyond the coordinate limit makes vertices
        // beyond it (a 1e300 box gave "height -nan").
        for (std::size_t k = 0; k < value.size(); ++k) {
          values.push_back(
              number_within(value[k], element_path(param_path, k), kMaxCoordinateMagnitude, kCoordinateLimit));
        }
      } else {
        expect(value, param_path, value.is_number(), "a number or an array of numbers (a generator parameter)");
        values.push_back(number_within(value, param_path, kMaxCoordinateMagnitude, kCoordinateLimit));
      }
    }
    // The generator checks the parameters (unknown, missing, counts, ranges); its error names
    // `where` + the parameter ("bodies[3].shape.size: ..."), re-anchored here to the scene file.
    try {
      spec.surface = generate_surface(spec.source.generator, spec.source.params, path);
    } catch (const InputError& e) {
      throw InputError(source(), 0, e.what());
    }
    spec.key = "generator\n" + spec.source.generator;
    for (const auto& [name, values] : spec.source.params) {
      spec.key += "\n" + name + "\n";
      for (double x : values) append_bits(spec.key, x);
    }
  }

  void mesh_file_spec(const Json& v, const std::string& path, ShapeSpec& spec) const {
    check_fields(v, path, {"mesh", "tetgen_switches"});
    spec.source.kind = ShapeSource::Kind::kFile;
    const std::string mesh_path = field_path(path, "mesh");
    spec.source.path = string(v["mesh"], mesh_path);
    if (spec.source.path.empty()) fail(mesh_path, "expected a mesh file path (.obj or .off), got an empty string");
    namespace fs = std::filesystem;
    fs::path resolved(spec.source.path);
    if (resolved.is_relative()) resolved = fs::path(base_dir_.empty() ? "." : base_dir_) / resolved;
    resolved = resolved.lexically_normal();
    std::error_code error;
    if (!fs::is_regular_file(resolved, error)) {
      fail(mesh_path, "mesh file not found: '" + quoted_excerpt(resolved.string(), kMaxQuotedPath) + "'" +
                          (fs::path(spec.source.path).is_relative()
                               ? " (relative paths are resolved against the scene file's folder)"
                               : ""));
    }
    // The mesh reader's own errors name the mesh file and line; they propagate unchanged. So do
    // the mesh's geometric defects, checked here where the lines of its faces are known.
    std::vector<int> lines;
    spec.surface = read_surface_mesh(resolved.string(), &lines);
    require_valid(spec.surface, resolved.string(), lines);
    spec.key = "file\n" + resolved.string();
  }

  /// An inline mesh: `vertices_field` (an array of [x, y, z]) and `cells_field` (an array of
  /// N-index arrays, each index a vertex), both required — a surface's triangles (N = 3) or a tet
  /// mesh's tets (N = 4). `cells_what` names the array in errors ("an array of [i, j, k] triangles").
  /// Appends the vertices and cells, and their bits to `key` (the shape cache's identity).
  template <std::size_t N>
  void inline_cells(const Json& v, const std::string& path, const char* vertices_field, const char* cells_field,
                    const char* cells_what, std::vector<Vec3>& vertices_out,
                    std::vector<std::array<Index, N>>& cells_out, std::string& key) const {
    const std::string vertices_path = field_path(path, vertices_field);
    const std::string cells_path = field_path(path, cells_field);
    const Json& vertices = required(v, path, vertices_field);
    const Json& cells = required(v, path, cells_field);
    expect(vertices, vertices_path, vertices.is_array(), "an array of [x, y, z] vertices");
    expect(cells, cells_path, cells.is_array(), cells_what);
    for (std::size_t i = 0; i < vertices.size(); ++i)
      vertices_out.push_back(coordinates(vertices[i], element_path(vertices_path, i)));
    const long long last = static_cast<long long>(vertices.size()) - 1;
    const std::string arity = "an array of " + std::to_string(N) + " vertex indices";
    for (std::size_t t = 0; t < cells.size(); ++t) {
      const std::string t_path = element_path(cells_path, t);
      const Json& cell = cells[t];
      expect(cell, t_path, cell.is_array(), arity);
      if (cell.size() != N) fail(t_path, "expected " + arity + ", got " + std::to_string(cell.size()));
      std::array<Index, N> indices;
      for (std::size_t k = 0; k < N; ++k) {
        const std::string k_path = element_path(t_path, k);
        if (last < 0) fail(k_path, std::string("vertex index given but \"") + vertices_field + "\" is empty");
        indices[k] = static_cast<Index>(integer(cell[k], k_path, 0, last));
      }
      cells_out.push_back(indices);
    }
    for (const Vec3& x : vertices_out) {
      for (int k = 0; k < 3; ++k) append_bits(key, x[k]);
    }
    key += "\n";
    for (const auto& c : cells_out) key.append(reinterpret_cast<const char*>(c.data()), sizeof(c));
  }

  void inline_spec(const Json& v, const std::string& path, ShapeSpec& spec) const {
    check_fields(v, path, {"vertices", "triangles", "tetgen_switches"});
    spec.source.kind = ShapeSource::Kind::kInline;
    spec.key = "inline\n";
    inline_cells(v, path, "vertices", "triangles", "an array of [i, j, k] triangles", spec.surface.vertices,
                 spec.surface.triangles, spec.key);
  }

  void tets_spec(const Json& v, const std::string& path, ShapeSpec& spec) const {
    check_fields(v, path, {"tet_vertices", "tets"});
    spec.source.kind = ShapeSource::Kind::kTets;
    spec.key = "tets\n";
    TetMesh mesh;
    inline_cells(v, path, "tet_vertices", "tets", "an array of [i, j, k, l] tets", mesh.vertices, mesh.tets, spec.key);
    spec.tets = std::move(mesh);
  }

  /// The tetrahedralized shape of `spec` with the effective switches (options, else the spec's own,
  /// else the scene's), built once per (spec, switches).
  std::shared_ptr<const Shape> build(const ShapeSpec& spec, const std::string& body_path, const std::string& body_name,
                                     const std::string& scene_switches) {
    const std::string switches =
        options_.tetgen_switches ? *options_.tetgen_switches : spec.switches.value_or(scene_switches);
    const std::string key = (spec.tets ? std::string() : switches) + '\0' + spec.key;
    if (const auto it = cache_.find(key); it != cache_.end()) return it->second;
    const std::string where =
        field_path(body_path, "shape") + (spec.path.rfind("shapes.", 0) == 0 ? " (" + spec.path + ")" : "");
    std::shared_ptr<const Shape> shape;
    try {
      if (spec.tets) {
        auto made =
            std::make_shared<Shape>(*make_shape_from_tets(*spec.tets, "body '" + quoted_excerpt(body_name) + "'"));
        made->source = spec.source;
        shape = std::move(made);
      } else {
        shape = make_shape(spec.source, spec.surface, switches, "body '" + quoted_excerpt(body_name) + "'");
      }
    } catch (const GeometryError& e) {
      throw GeometryError(source(), 0, where + ": " + e.what());
    } catch (const InputError& e) {  // e.g. switches TetGen cannot take
      throw InputError(source(), 0, where + ": " + e.what());
    }
    cache_.emplace(key, shape);
    return shape;
  }

  Body body(const Json& v, const std::string& path, const std::string& scene_switches) {
    expect(v, path, v.is_object(), "a body (an object)");
    check_fields(v, path,
                 {"name", "shape", "position", "orientation", "linear_velocity", "angular_velocity", "density",
                  "friction", "fixed"});
    Body b;
    b.name = string(required(v, path, "name"), field_path(path, "name"));
    if (b.name.empty()) fail(field_path(path, "name"), "expected a non-empty body name");

    const std::string shape_path = field_path(path, "shape");
    const Json& shape = required(v, path, "shape");
    if (shape.is_string()) {
      const std::string name = shape.get<std::string>();
      const auto it = table_.find(name);
      if (it == table_.end()) {
        Names names;
        for (const auto& [table_name, spec] : table_) names.push_back(table_name);
        fail(shape_path, "no shape named '" + quoted_excerpt(name) + "' in \"shapes\"" +
                             (names.empty() ? std::string(" (there is no \"shapes\" table)") : suggest(name, names)));
      }
      b.shape = build(it->second, path, b.name, scene_switches);
    } else {
      b.shape = build(shape_spec(shape, shape_path), path, b.name, scene_switches);
    }

    if (const Json* x = optional(v, "position")) b.position = coordinates(*x, field_path(path, "position"));
    if (const Json* x = optional(v, "orientation")) {
      const std::string q_path = field_path(path, "orientation");
      const std::vector<double> q = numbers(*x, q_path, 4);
      if (q[0] == 0.0 && q[1] == 0.0 && q[2] == 0.0 && q[3] == 0.0) {
        fail(q_path, "zero quaternion; expected a rotation quaternion [w, x, y, z] (normalised on use)");
      }
      b.orientation = Quat(q[0], q[1], q[2], q[3]);
    }
    if (const Json* x = optional(v, "linear_velocity"))
      b.linear_velocity = vec3(*x, field_path(path, "linear_velocity"));
    if (const Json* x = optional(v, "angular_velocity"))
      b.angular_velocity = vec3(*x, field_path(path, "angular_velocity"));
    if (const Json* x = optional(v, "density")) b.density = number_at_least(*x, field_path(path, "density"), 0.0, true);
    if (const Json* x = optional(v, "friction"))
      b.friction = number_at_least(*x, field_path(path, "friction"), 0.0, false);
    if (const Json* x = optional(v, "fixed")) b.fixed = boolean(*x, field_path(path, "fixed"));
    return b;
  }

  // --- ground truth -------------------------------------------------------------------------

  Index body_index(const Json& v, const std::string& path, const Scene& scene) const {
    const std::string name = string(v, path);
    const Index index = scene.find_body(name);
    if (index == kInvalidIndex) {
      Names names;
      for (const Body& b : scene.bodies) names.push_back(b.name);
      fail(path, "no body named '" + quoted_excerpt(name) + "'" + suggest(name, names));
    }
    return index;
  }

  FeatureRef feature(const Json& v, const std::string& path, const Body& body) const {
    expect(v, path, v.is_object(), "a feature {\"kind\": \"vertex\"|\"edge\"|\"face\", \"index\": i}");
    check_fields(v, path, {"kind", "index"});
    FeatureRef f;
    const std::string kind_path = field_path(path, "kind");
    const std::string kind = string(required(v, path, "kind"), kind_path);
    const std::optional<FeatureType> parsed = feature_type_from_name(kind);
    if (!parsed || *parsed == FeatureType::kTet)
      fail(kind_path,
           "unknown feature kind '" + quoted_excerpt(kind) + "'" + suggest(kind, {"vertex", "edge", "face"}));
    f.type = *parsed;
    // Counts of the surface the features index: the tet mesh's boundary (surface_map.surface, over
    // all tet-mesh vertices), which has more vertices and triangles than the input surface when
    // TetGen may split boundary faces (refined switches). Closed and manifold: 3T/2 edges.
    const TriMesh& surface = body.shape->surface_map.surface;
    const long long count = f.type == FeatureType::kVertex ? surface.vertex_count()
                            : f.type == FeatureType::kFace ? surface.triangle_count()
                                                           : 3LL * surface.triangle_count() / 2;
    // -1 (kInvalidIndex) is accepted: "feature not recorded".
    f.index = static_cast<Index>(integer(required(v, path, "index"), field_path(path, "index"), -1, count - 1));
    return f;
  }

  GroundTruth ground_truth(const Json& v, const Scene& scene) const {
    const std::string path = "ground_truth";
    expect(v, path, v.is_object(), "an object with \"interfaces\"");
    check_fields(v, path, {"interfaces"});
    const std::string list_path = field_path(path, "interfaces");
    const Json& list = required(v, path, "interfaces");
    expect(list, list_path, list.is_array(), "an array of contact interfaces");
    GroundTruth truth;
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::string p = element_path(list_path, i);
      const Json& item = list[i];
      expect(item, p, item.is_object(), "a contact interface (an object)");
      check_fields(item, p, {"body_a", "body_b", "normals", "min_contacts", "planar", "area", "polygon"});
      ContactInterface in;
      in.body_a = body_index(required(item, p, "body_a"), field_path(p, "body_a"), scene);
      in.body_b = body_index(required(item, p, "body_b"), field_path(p, "body_b"), scene);
      if (in.body_a == in.body_b)
        fail(field_path(p, "body_b"), "the same body as body_a; expected two different bodies");

      const std::string normals_path = field_path(p, "normals");
      const Json& normals = required(item, p, "normals");
      expect(normals, normals_path, normals.is_array() && !normals.empty(), "a non-empty array of [x, y, z] normals");
      for (std::size_t k = 0; k < normals.size(); ++k) {
        const std::string n_path = element_path(normals_path, k);
        const Vec3 n = coordinates(normals[k], n_path);
        if (n.x() == 0.0 && n.y() == 0.0 && n.z() == 0.0)
          fail(n_path, "zero normal; expected a unit vector from body_a to body_b");
        in.feasible_normals.push_back(n);  // kept as given (not normalised), so files round-trip
      }
      in.min_contacts = static_cast<int>(integer(required(item, p, "min_contacts"), field_path(p, "min_contacts"), 0,
                                                 std::numeric_limits<int>::max()));
      if (const Json* x = optional(item, "planar")) in.planar = boolean(*x, field_path(p, "planar"));
      if (const Json* x = optional(item, "area")) in.area = number_at_least(*x, field_path(p, "area"), 0.0, false);
      if (const Json* x = optional(item, "polygon")) {
        const std::string polygon_path = field_path(p, "polygon");
        expect(*x, polygon_path, x->is_array(), "an array of polygon corners");
        for (std::size_t k = 0; k < x->size(); ++k) {
          const std::string c_path = element_path(polygon_path, k);
          const Json& c = (*x)[k];
          expect(c, c_path, c.is_object(), "a polygon corner {\"position\", \"on_a\", \"on_b\"}");
          check_fields(c, c_path, {"position", "on_a", "on_b"});
          PolygonCorner corner;
          corner.position = coordinates(required(c, c_path, "position"), field_path(c_path, "position"));
          corner.on_a = feature(required(c, c_path, "on_a"), field_path(c_path, "on_a"),
                                scene.bodies[static_cast<std::size_t>(in.body_a)]);
          corner.on_b = feature(required(c, c_path, "on_b"), field_path(c_path, "on_b"),
                                scene.bodies[static_cast<std::size_t>(in.body_b)]);
          in.polygon.push_back(corner);
        }
      }
      truth.interfaces.push_back(std::move(in));
    }
    return truth;
  }

  std::string base_dir_;
  SceneReadOptions options_;
  std::map<std::string, ShapeSpec> table_;
  std::map<std::string, std::shared_ptr<const Shape>> cache_;
};

}  // namespace

Scene parse_scene_json(const std::string& text, const std::string& source, const std::string& base_dir,
                       const SceneReadOptions& options) {
  return Reader(source, base_dir, options).read(json::parse_json(text, source));
}

Scene read_scene_json(const std::string& path, const SceneReadOptions& options) {
  const std::string text = json::read_json_text(path, "scene file");
  return parse_scene_json(text, path, std::filesystem::path(path).parent_path().string(), options);
}

}  // namespace contactlab
