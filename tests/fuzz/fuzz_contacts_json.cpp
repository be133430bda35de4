// Fuzz target: the contacts JSON reader (parse_contacts_json), from text, against the built-in
// scene "two-spikes" (its body names and mesh sizes bound the file's names and indices). Seeds are
// written by contacts_to_json: contact sets with every feature kind, areas, the three parameter
// types, an empty set. Accepted sets must be valid: finite numbers, unit normals (within the
// reader's 1e-6), two different bodies of the scene, feature and element indices from −1 up.
#include "fuzz_target.h"

#include "contactlab/io/contacts_json.h"
#include "contactlab/suite/builtin_scenes.h"

#include <cmath>

namespace contactlab::fuzz {

namespace {
const Scene& scene() {
  static const Scene s = make_builtin_scene("two-spikes");
  return s;
}

Contact make(Index a, Index b, const Vec3& p, const Vec3& n, double gap, FeatureType fa, Index ia, FeatureType fb,
             Index ib) {
  Contact c;
  c.body_a = a;
  c.body_b = b;
  c.position = p;
  c.normal = n.normalized();
  c.gap = gap;
  c.feature_a = {fa, ia};
  c.feature_b = {fb, ib};
  c.element_a = 0;
  c.element_b = 1;
  return c;
}
}  // namespace

std::vector<std::string> seed_inputs() {
  std::vector<std::string> seeds;
  ContactSet set;
  set.method = "volume-sat";
  seeds.push_back(contacts_to_json(set, scene()));  // no contacts
  set.method = "closest-points";
  set.parameters = {{"envelope", 0.01}, {"relative_tolerance", 1e-9}, {"label", std::string("x")}, {"flag", true}};
  set.contacts.push_back(make(0, 1, {0, 1, 0}, {0, 1, 0}, 0.0, FeatureType::kVertex, 0, FeatureType::kFace, 0));
  set.contacts.push_back(
      make(1, 0, {0.5, -0.25, 1e-3}, {0.6, 0.8, 0}, -1e-3, FeatureType::kEdge, 1, FeatureType::kEdge, 0));
  Contact with_area = make(0, 1, {1e-9, 2, -3}, {1, 1, 1}, 0.125, FeatureType::kTet, 0, FeatureType::kVertex, 2);
  with_area.area = 0.25;
  with_area.has_area = true;
  set.contacts.push_back(with_area);
  Contact unset = make(0, 1, {0, 0, 0}, {0, 0, -1}, 0.0, FeatureType::kFace, kInvalidIndex, FeatureType::kFace, 1);
  unset.element_a = kInvalidIndex;
  set.contacts.push_back(unset);
  seeds.push_back(contacts_to_json(set, scene()));
  set.contacts.resize(1);
  const std::string one = contacts_to_json(set, scene());
  seeds.push_back(one);
  // Issue 11 item 1: 10^5 levels of nesting inside a field (the method's parameters, "scene", a
  // gap) must be refused, not overflow the stack.
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  for (const std::string& field :
       {std::string("\"envelope\": "), std::string("\"scene\": "), std::string("\"gap\": ")}) {
    const std::size_t at = one.find(field);
    if (at == std::string::npos) continue;
    const std::size_t begin = at + field.size(), end = one.find_first_of(",\n}", begin);
    seeds.push_back(one.substr(0, begin) + deep + one.substr(end));
  }
  return seeds;
}
std::vector<std::string> subtargets() { return {}; }
void select_subtarget(const std::string&) {}

}  // namespace contactlab::fuzz

using namespace contactlab;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fuzz::scene();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  ContactSet set;
  if (!fuzz::guarded([&] { set = parse_contacts_json(text, "fuzz.json", fuzz::scene()); })) return 0;
  fuzz::outcome() = fuzz::Outcome::kAccepted;
  const Index bodies = static_cast<Index>(fuzz::scene().bodies.size());
  for (std::size_t i = 0; i < set.contacts.size(); ++i) {
    const Contact& c = set.contacts[i];
    const std::string what = "parse_contacts_json: contacts[" + std::to_string(i) + "]";
    if (!c.position.allFinite() || !c.normal.allFinite() || !std::isfinite(c.gap) || !std::isfinite(c.area)) {
      fuzz::report(fuzz::FindingKind::kNaN, what + ": a number is not finite");
      return 0;
    }
    if (std::abs(c.normal.norm() - 1.0) > 1e-6) {
      fuzz::report(fuzz::FindingKind::kInvariant, what + ": normal is not unit");
      return 0;
    }
    if (c.body_a < 0 || c.body_a >= bodies || c.body_b < 0 || c.body_b >= bodies || c.body_a == c.body_b) {
      fuzz::report(fuzz::FindingKind::kInvariant, what + ": bodies out of range or the same");
      return 0;
    }
    if (c.feature_a.index < -1 || c.feature_b.index < -1 || c.element_a < -1 || c.element_b < -1) {
      fuzz::report(fuzz::FindingKind::kInvariant, what + ": an index below -1");
      return 0;
    }
  }
  for (const auto& [name, value] : set.parameters) {
    if (const double* x = std::get_if<double>(&value); x && !std::isfinite(*x)) {
      fuzz::report(fuzz::FindingKind::kNaN, "parse_contacts_json: parameter '" + name + "' is not finite");
      return 0;
    }
  }
  return 0;
}
