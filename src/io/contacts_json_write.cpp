// Contacts JSON writer (format version 1, docs/contacts-format.md). The output is a function of
// the ContactSet's values and the scene's body names alone; numbers are nlohmann's shortest
// round-trip text (Grisu2), so reading a written file gives back the same doubles.
#include "contactlab/io/contacts_json.h"

#include "contactlab/core/error.h"
#include "contactlab/core/json_fields.h"
#include "contactlab/core/output_files.h"
#include "contacts_json_value.h"

namespace contactlab {
namespace io_detail {
namespace {

using json::element_path;
using json::field_path;
using json::Json;

/// What the writer's errors name.
std::string source_of(const ContactSet& contacts) { return "contacts of method '" + contacts.method + "'"; }

class Writer : json::FieldWriter {
 public:
  Writer(const ContactSet& contacts, const Scene& scene)
      : FieldWriter(source_of(contacts)), contacts_(contacts), scene_(scene) {}

  Json write() const {
    Json root = Json::object();
    root["format"] = kContactsFormatName;
    root["version"] = kContactsFormatVersion;
    root["scene"] = scene_.name;
    Json parameters = Json::object();
    for (const auto& [name, value] : contacts_.parameters) {
      const std::string path = field_path("method.parameters", name);
      if (const double* x = std::get_if<double>(&value)) {
        parameters[name] = number(*x, path);
      } else if (const std::string* s = std::get_if<std::string>(&value)) {
        parameters[name] = *s;
      } else {
        parameters[name] = std::get<bool>(value);
      }
    }
    Json method = Json::object();
    method["name"] = contacts_.method;
    method["parameters"] = std::move(parameters);
    root["method"] = std::move(method);
    Json list = Json::array();
    for (std::size_t i = 0; i < contacts_.contacts.size(); ++i) {
      list.push_back(contact(contacts_.contacts[i], element_path("contacts", i)));
    }
    root["contacts"] = std::move(list);
    return root;
  }

 private:
  const std::string& body_name(Index body, const std::string& path) const {
    if (body < 0 || static_cast<std::size_t>(body) >= scene_.bodies.size()) {
      fail(path, "body index " + std::to_string(body) + " is not a body of scene '" + scene_.name + "' (" +
                     std::to_string(scene_.bodies.size()) + " bodies)");
    }
    return scene_.bodies[static_cast<std::size_t>(body)].name;
  }

  static Json feature(const FeatureRef& f) {
    Json out = Json::object();
    out["kind"] = feature_type_name(f.type);
    out["index"] = f.index;
    return out;
  }

  Json contact(const Contact& c, const std::string& path) const {
    Json out = Json::object();
    out["body_a"] = body_name(c.body_a, field_path(path, "body_a"));
    out["body_b"] = body_name(c.body_b, field_path(path, "body_b"));
    out["position"] = vec3(c.position, field_path(path, "position"));
    out["normal"] = vec3(c.normal, field_path(path, "normal"));
    out["gap"] = number(c.gap, field_path(path, "gap"));
    out["feature_a"] = feature(c.feature_a);
    out["feature_b"] = feature(c.feature_b);
    out["element_a"] = c.element_a;
    out["element_b"] = c.element_b;
    if (c.has_area) out["area"] = number(c.area, field_path(path, "area"));
    return out;
  }

  const ContactSet& contacts_;
  const Scene& scene_;
};

}  // namespace

Json contacts_json_value(const ContactSet& contacts, const Scene& scene) { return Writer(contacts, scene).write(); }

}  // namespace io_detail

std::string contacts_to_json(const ContactSet& contacts, const Scene& scene) {
  return json::pretty_json(io_detail::contacts_json_value(contacts, scene), io_detail::source_of(contacts));
}

void write_contacts_json(const std::string& path, const ContactSet& contacts, const Scene& scene) {
  const std::string text = contacts_to_json(contacts, scene);  // fails before anything touches the disk
  write_file_atomically(path, text);
}

}  // namespace contactlab
