#include "contactlab/io/viewer_data.h"

#include "contactlab/core/json_fields.h"
#include "contacts_json_value.h"

namespace contactlab {
namespace {

using json::element_path;
using json::field_path;
using json::Json;

/// What the writer's errors name.
std::string source_of(const Scene& scene) { return "viewer data of scene '" + scene.name + "'"; }

class Writer : json::FieldWriter {
 public:
  explicit Writer(const Scene& scene) : FieldWriter(source_of(scene)), scene_(scene) {}

  Json write(const std::vector<std::pair<std::string, ContactSet>>& labelled_sets,
             const ViewerDataOptions& options) const {
    Json root = Json::object();
    root["format"] = kViewerDataFormatName;
    root["version"] = kViewerDataVersion;
    Json scene = Json::object();
    scene["name"] = scene_.name;
    scene["length_scale"] = number(scene_.bodies.empty() ? 0.0 : scene_.length_scale(), "scene.length_scale");
    root["scene"] = std::move(scene);

    Json bodies = Json::array();
    for (std::size_t i = 0; i < scene_.bodies.size(); ++i) {
      bodies.push_back(body(scene_.bodies[i], element_path("bodies", i), options));
    }
    root["bodies"] = std::move(bodies);
    root["ground_truth"] = scene_.ground_truth ? ground_truth(*scene_.ground_truth) : Json(nullptr);

    root["contact_sets"] = labelled(labelled_sets);
    if (!options.frames.empty()) {
      Json frames = Json::array();
      for (std::size_t f = 0; f < options.frames.size(); ++f) frames.push_back(frame(options.frames[f], f));
      root["frames"] = std::move(frames);
      Json plots = Json::array();
      for (std::size_t p = 0; p < options.plots.size(); ++p) {
        plots.push_back(plot(options.plots[p], element_path("plots", p), options.frames.size()));
      }
      root["plots"] = std::move(plots);
    }
    return root;
  }

 private:
  Json labelled(const std::vector<std::pair<std::string, ContactSet>>& labelled_sets) const {
    Json sets = Json::array();
    for (const auto& [label, contacts] : labelled_sets) {
      Json set = Json::object();
      set["label"] = label;
      Json body = io_detail::contacts_json_value(contacts, scene_);
      for (auto& [key, value] : body.items()) set[key] = std::move(value);
      sets.push_back(std::move(set));
    }
    return sets;
  }

  Json quaternion(const Quat& q, const std::string& path) const {
    return Json::array({number(q.w(), path), number(q.x(), path), number(q.y(), path), number(q.z(), path)});
  }

  Json frame(const ViewerFrame& f, std::size_t index) const {
    const std::string path = element_path("frames", index);
    if (f.positions.size() != scene_.bodies.size() || f.orientations.size() != scene_.bodies.size()) {
      fail(path, std::to_string(f.positions.size()) + " poses for " + std::to_string(scene_.bodies.size()) +
                     " bodies; expected one per body");
    }
    Json out = Json::object();
    out["time"] = number(f.time, field_path(path, "time"));
    Json poses = Json::array();
    for (std::size_t i = 0; i < f.positions.size(); ++i) {
      const std::string pose_path = element_path(field_path(path, "poses"), i);
      Json pose = Json::object();
      pose["position"] = vec3(f.positions[i], field_path(pose_path, "position"));
      pose["orientation"] = quaternion(f.orientations[i], field_path(pose_path, "orientation"));
      poses.push_back(std::move(pose));
    }
    out["poses"] = std::move(poses);
    out["contact_sets"] = labelled(f.contact_sets);
    return out;
  }

  Json plot(const ViewerPlot& p, const std::string& path, std::size_t frames) const {
    Json out = Json::object();
    out["title"] = p.title;
    out["unit"] = p.unit;
    Json curves = Json::array();
    for (std::size_t c = 0; c < p.curves.size(); ++c) {
      const std::string curve_path = element_path(field_path(path, "curves"), c);
      const auto& [label, values] = p.curves[c];
      if (values.size() != frames) {
        fail(curve_path, std::to_string(values.size()) + " values for " + std::to_string(frames) +
                             " frames; expected one per frame");
      }
      Json curve = Json::object();
      curve["label"] = label;
      Json list = Json::array();
      for (const double v : values) list.push_back(number(v, field_path(curve_path, "values")));
      curve["values"] = std::move(list);
      curves.push_back(std::move(curve));
    }
    out["curves"] = std::move(curves);
    return out;
  }

  /// [x, y, z] with a non-finite component reported at `path` itself: the viewer's paths name the
  /// field ("bodies[2].vertices"), not the element or component.
  Json vec3(const Vec3& v, const std::string& path) const {
    Json out = Json::array();
    for (int k = 0; k < 3; ++k) out.push_back(number(v[k], path));
    return out;
  }

  Json body(const Body& b, const std::string& path, const ViewerDataOptions& options) const {
    Json out = Json::object();
    out["name"] = b.name;
    out["fixed"] = b.fixed;
    Json vertices = Json::array(), triangles = Json::array(), tets = Json::array();
    if (b.shape) {
      for (const Vec3& v : b.shape->tets.vertices) vertices.push_back(vec3(v, field_path(path, "vertices")));
      for (const Triangle& t : b.shape->surface_map.surface.triangles)
        triangles.push_back(Json::array({t[0], t[1], t[2]}));
      if (options.include_tets) {
        for (const Tet& t : b.shape->tets.tets) tets.push_back(Json::array({t[0], t[1], t[2], t[3]}));
      }
    }
    out["vertices"] = std::move(vertices);
    out["triangles"] = std::move(triangles);
    if (options.include_tets) out["tets"] = std::move(tets);
    out["position"] = vec3(b.position, field_path(path, "position"));
    out["orientation"] = quaternion(b.orientation, field_path(path, "orientation"));
    return out;
  }

  Json ground_truth(const GroundTruth& truth) const {
    Json interfaces = Json::array();
    for (std::size_t i = 0; i < truth.interfaces.size(); ++i) {
      const ContactInterface& in = truth.interfaces[i];
      const std::string path = element_path("ground_truth.interfaces", i);
      Json out = Json::object();
      out["body_a"] = in.body_a;
      out["body_b"] = in.body_b;
      Json normals = Json::array();
      for (const Vec3& n : in.feasible_normals) normals.push_back(vec3(n, field_path(path, "normals")));
      out["normals"] = std::move(normals);
      out["min_contacts"] = in.min_contacts;
      out["planar"] = in.planar;
      out["area"] = number(in.area, field_path(path, "area"));
      Json polygon = Json::array();
      for (const PolygonCorner& corner : in.polygon)
        polygon.push_back(vec3(corner.position, field_path(path, "polygon")));
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

std::string viewer_data_json(const Scene& scene, const std::vector<std::pair<std::string, ContactSet>>& labelled_sets,
                             const ViewerDataOptions& options) {
  const std::string text =
      json::compact_json(Writer(scene).write(labelled_sets, options), source_of(scene), json::LibraryPrefix::kKeep);
  // "</" can only occur inside JSON strings, where "<\/" denotes the same text: this keeps a body
  // or method name like "</script>" from ending the page's <script> element.
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    out += text[i];
    if (text[i] == '<' && i + 1 < text.size() && text[i + 1] == '/') out += '\\';
  }
  return out;
}

}  // namespace contactlab
