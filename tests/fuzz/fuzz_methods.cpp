// Fuzz target: the contact methods' kernels (every method of contact_methods(), one sub-target
// each: `fuzz_methods --subtarget growth`; under libFuzzer CONTACTLAB_FUZZ_METHOD=growth, or every
// method on each input when unset) on one degenerate tet pair per input. The input's bytes choose
// the pair, as in the contract test (tests/contact/method_contract_test.cpp): corners on a small
// grid, B translated from A (touching), sharing a face, an edge or a vertex, mirrored through a
// point, slivers, a flat tet, a corner moved by a few ulps, or free 16-bit corners; interior faces
// glued on; then mapped by x ↦ s·R·x + t with s from 2^-80 to 2^80 (or 1e-300, 1e45), a random
// rotation (inexact: near-coplanar rather than coplanar) and a translation up to 1e49, keeping
// every coordinate within kMaxCoordinateMagnitude. Pairs that are no valid bodies (repeated corners
// after rounding, inverted glued tets) are skipped. Checked, both ways round: every contact finite
// (no NaN), unit normal, the right bodies and elements, feature indices in range, positions within
// the bodies' boxes grown by the candidate margin, and the A↔B swap symmetry of the kernel contract
// (docs/methods.md), bit for bit; and that the run kernel (generate_run) on the one-pair run gives
// what generate gives.
#include "fuzz_target.h"

#include "contactlab/contact/method.h"
#include "contactlab/core/aabb.h"
#include "contactlab/core/input_limits.h"
#include "contactlab/geometry/predicates.h"
#include "contactlab/geometry/tetrahedron_tables.h"
#include "contactlab/scene/shape.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <random>
#include <span>
#include <sstream>
#include <tuple>

namespace contactlab::fuzz {

namespace {

std::vector<const ContactMethod*> g_methods;  // the methods each input runs

/// The input's bytes, read in order; zeros once they run out.
class Bytes {
 public:
  Bytes(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  unsigned u8() { return at_ < size_ ? data_[at_++] : 0u; }
  unsigned below(unsigned n) { return u8() % n; }
  int s16() { return static_cast<std::int16_t>(static_cast<std::uint16_t>(u8() | (u8() << 8))); }

 private:
  const std::uint8_t* data_;
  std::size_t size_, at_ = 0;
};

using Corners = std::array<Vec3, 4>;

Vec3 grid(Bytes& in, double unit) { return Vec3(in.below(5), in.below(5), in.below(5)) * unit; }

std::pair<Corners, Corners> degenerate_pair(Bytes& in) {
  Corners a, b;
  for (Vec3& v : a) v = grid(in, 0.5);
  const unsigned kind = in.below(10);
  if (in.below(8) == 0) a[3] = a[0] + (a[1] - a[0]) - (a[2] - a[0]);  // flat
  switch (kind) {
    case 0: {  // translated by a grid vector: touching, coplanar faces, parallel edges
      const Vec3 t = grid(in, 0.5) - Vec3(1, 1, 1);
      for (int i = 0; i < 4; ++i) b[i] = a[i] + t;
      break;
    }
    case 1:  // shares face (0, 1, 2), apex anywhere
      b = {a[0], a[1], a[2], grid(in, 0.5)};
      break;
    case 2: {  // mirrored through a point
      const Vec3 c = grid(in, 0.25);
      for (int i = 0; i < 4; ++i) b[i] = 2 * c - a[i];
      break;
    }
    case 3:  // slivers: both nearly flat
      for (Vec3& v : a) v.z() = 0;
      a[3].z() = std::ldexp(1.0, -10 - static_cast<int>(in.below(40)));
      for (Vec3& v : b) v = grid(in, 0.5);
      for (Vec3& v : b) v.z() = 0;
      b[3].z() = std::ldexp(1.0, -10 - static_cast<int>(in.below(40))) * (static_cast<double>(in.below(3)) - 1.0);
      break;
    case 4:  // shares an edge or a vertex
      b = {a[0], a[1], grid(in, 0.5), grid(in, 0.5)};
      if (in.below(2)) b[1] = grid(in, 0.5);
      break;
    case 5: {  // shares face f, apex mirrored beyond it
      const auto& face = kTetFaces[in.below(4)];
      const int f = 6 - face[0] - face[1] - face[2];
      b = {a[face[0]], a[face[1]], a[face[2]], a[face[0]] + a[face[1]] + a[face[2]] - 2.0 * a[f]};
      break;
    }
    case 6: {  // point reflection through an edge's midpoint
      const auto& edge = kTetEdges[in.below(6)];
      for (int i = 0; i < 4; ++i) b[i] = a[edge[0]] + a[edge[1]] - a[i];
      break;
    }
    case 7: {  // a copy of A with one corner moved by a few ulps of the grid
      b = a;
      Vec3& v = b[in.below(4)];
      const double step = std::ldexp(1.0, -20 - static_cast<int>(in.below(33)));
      v += step * (grid(in, 1.0) - Vec3(2, 2, 2));
      break;
    }
    case 8:  // free 16-bit corners (fractions of 1/256)
      for (Vec3& v : a) v = Vec3(in.s16(), in.s16(), in.s16()) / 256.0;
      for (Vec3& v : b) v = Vec3(in.s16(), in.s16(), in.s16()) / 256.0;
      break;
    default:  // generic grid tets: many coplanar coincidences
      for (Vec3& v : b) v = grid(in, 0.5);
  }
  return {a, b};
}

/// x ↦ s·R·x + t, chosen by the input.
void map_pair(Bytes& in, Corners& a, Corners& b) {
  const unsigned mode = in.u8();
  double s = 1.0;
  if (mode & 1) {
    const unsigned e = in.u8();
    s = e == 255 ? 1e45 : e == 254 ? 1e-300 : std::ldexp(1.0, static_cast<int>(e % 161) - 80);
  }
  Mat3 r = Mat3::Identity();
  if (mode & 2) {
    const Quat q(in.s16(), in.s16(), in.s16(), in.s16());
    if (q.coeffs().squaredNorm() > 0) r = q.normalized().toRotationMatrix();
  }
  Vec3 t = Vec3::Zero();
  if (mode & 4) {
    for (int k = 0; k < 3; ++k) {
      const int e = static_cast<int>(in.u8() % 263) - 100;  // up to 2^162 ≈ 6e48
      const double m = 1.0 + static_cast<double>(in.u8()) / 256.0;
      t[k] = (in.u8() & 1 ? -1.0 : 1.0) * std::ldexp(m, e) * static_cast<double>(in.below(2));
    }
  }
  for (Vec3& v : a) v = s * (r * v) + t;
  for (Vec3& v : b) v = s * (r * v) + t;
}

bool usable(Corners& c) {
  for (const Vec3& v : c)
    if (!v.allFinite() || v.cwiseAbs().maxCoeff() > kMaxCoordinateMagnitude) return false;
  for (int i = 0; i < 4; ++i)
    for (int j = i + 1; j < 4; ++j)
      if (c[i] == c[j]) return false;
  if (signed_volume_sign(c[0], c[1], c[2], c[3]) < 0) std::swap(c[2], c[3]);
  return true;
}

struct Body {
  std::shared_ptr<const Shape> shape;
  ShapeFeatures features;
  std::vector<Vec3> world;
  Aabb box;
  MethodBody view(Index index) const { return MethodBody{index, shape.get(), &features, world}; }
};

/// Tet 0 with the given corners, and a tet glued on face `glued` (0..3) when it is positive.
Body make_body(const Corners& c, int glued) {
  TetMesh m;
  m.vertices.assign(c.begin(), c.end());
  m.tets = {{0, 1, 2, 3}};
  if (glued >= 0 && signed_volume_sign(c[0], c[1], c[2], c[3]) > 0) {
    const auto& face = kTetFaces[glued];
    const Vec3 apex = c[face[0]] + c[face[1]] + c[face[2]] - 2.0 * c[glued];
    if (apex.allFinite() && apex.cwiseAbs().maxCoeff() <= kMaxCoordinateMagnitude &&
        signed_volume_sign(c[face[0]], c[face[1]], c[face[2]], apex) > 0) {
      m.vertices.push_back(apex);
      m.tets.push_back({face[0], face[1], face[2], 4});
    }
  }
  Body body;
  body.world = m.vertices;
  for (const Vec3& v : body.world) body.box.extend(v);
  body.shape = make_shape_from_tets(std::move(m), "fuzz body");
  body.features = build_shape_features(*body.shape);
  return body;
}

auto key(const Contact& c) {
  return std::tuple(c.body_a, c.body_b, c.element_a, c.element_b, c.feature_a, c.feature_b, c.position.x(),
                    c.position.y(), c.position.z(), c.normal.x(), c.normal.y(), c.normal.z(), c.gap, c.area,
                    c.has_area);
}

std::string describe(const Corners& a, const Corners& b) {
  std::ostringstream s;
  s.precision(17);
  s << "A";
  for (const Vec3& v : a) s << " (" << v.x() << ", " << v.y() << ", " << v.z() << ")";
  s << " B";
  for (const Vec3& v : b) s << " (" << v.x() << ", " << v.y() << ", " << v.z() << ")";
  return s.str();
}

bool feature_in_range(const FeatureRef& f, const Body& body) {
  const auto n = [](const auto& v) { return static_cast<Index>(v.size()); };
  switch (f.type) {
    case FeatureType::kVertex:
      return f.index >= 0 && f.index < n(body.world);
    case FeatureType::kEdge:
      return f.index >= 0 && f.index < n(body.features.surface_topology.edges);
    case FeatureType::kFace:
      return f.index >= 0 && f.index < n(body.shape->surface_map.surface.triangles);
    case FeatureType::kTet:
      return f.index >= 0 && f.index < n(body.shape->tets.tets);
  }
  return false;
}

/// How far p lies outside the box (0 inside).
double outside(const Aabb& box, const Vec3& p) {
  return (box.min - p).cwiseMax(p - box.max).cwiseMax(Vec3::Zero()).norm();
}

/// Checks one direction's contacts (first = the body playing A); returns false after a finding.
/// Messages: "method: what was wrong" (the finding's group), then the pair on the next line.
// `pair` describes the input; it is called only for a finding (formatting 17-digit text for every
// contact cost most of a run's time under ASan).
bool check_contacts(const ContactMethod& method, const std::vector<Contact>& contacts, const Body& first,
                    Index first_index, const Body& second, Index second_index, const MethodSettings& settings,
                    const std::function<std::string()>& pair) {
  for (const Contact& c : contacts) {
    const std::string name = method.name() + ": ";
    const auto details = [&] {
      std::ostringstream text;
      text.precision(17);
      text << "\n"
           << pair() << "\ncontact at " << c.position.transpose() << " normal " << c.normal.transpose() << " gap "
           << c.gap << " length scale " << settings.length_scale;
      return text;
    };
    if (!c.position.allFinite() || !c.normal.allFinite() || !std::isfinite(c.gap) || !std::isfinite(c.area)) {
      report(FindingKind::kNaN, name + "a contact is not finite" + details().str());
      return false;
    }
    if (std::abs(c.normal.norm() - 1.0) > 1e-9) {
      report(FindingKind::kInvariant, name + "normal is not unit" + details().str());
      return false;
    }
    if (c.body_a != first_index || c.body_b != second_index || c.element_a != 0 || c.element_b != 0) {
      report(FindingKind::kInvariant, name + "wrong bodies or elements" + details().str());
      return false;
    }
    if (!feature_in_range(c.feature_a, first) || !feature_in_range(c.feature_b, second)) {
      report(FindingKind::kInvariant, name + "feature index out of range" + details().str());
      return false;
    }
    // Positions near the pair: within the candidate margin plus one length scale of either tet's
    // box (a bound on garbage, not on where each method places its points).
    const double slack = method.candidate_margin(settings) + settings.length_scale;
    if (std::min(outside(first.box, c.position), outside(second.box, c.position)) > slack) {
      report(FindingKind::kInvariant, name + "position far from both tets" + details().str());
      return false;
    }
  }
  return true;
}

void run_method(const ContactMethod& method, const Body& a, const Body& b, const MethodSettings& settings,
                const Corners& ca, const Corners& cb) {
  std::vector<Contact> ab, ba;
  method.generate(a.view(0), 0, b.view(1), 0, settings, ab);
  method.generate(b.view(1), 0, a.view(0), 0, settings, ba);
  if (!check_contacts(method, ab, a, 0, b, 1, settings, [&] { return "(A, B): " + describe(ca, cb); })) return;
  if (!check_contacts(method, ba, b, 1, a, 0, settings, [&] { return "(B, A): " + describe(ca, cb); })) return;
  // The run kernel the driver calls (generate_run) on the one-pair run: the same contacts, in the
  // same order, bit for bit (its contract in contact/method.h).
  std::vector<Contact> run;
  const ElementPair only{0, 0};
  method.generate_run(a.view(0), b.view(1), std::span(&only, 1), settings, run);
  const bool run_same =
      run.size() == ab.size() && std::equal(run.begin(), run.end(), ab.begin(),
                                            [](const Contact& x, const Contact& y) { return key(x) == key(y); });
  if (!run_same) {
    report(FindingKind::kInvariant, method.name() + ": generate_run on the one pair differs from generate\n" +
                                        std::to_string(run.size()) + " vs " + std::to_string(ab.size()) +
                                        " contacts: " + describe(ca, cb));
    return;
  }
  for (Contact& c : ba) {
    std::swap(c.body_a, c.body_b);
    std::swap(c.feature_a, c.feature_b);
    std::swap(c.element_a, c.element_b);
    c.normal = -c.normal;
  }
  const auto less = [](const Contact& x, const Contact& y) { return key(x) < key(y); };
  std::sort(ab.begin(), ab.end(), less);
  std::sort(ba.begin(), ba.end(), less);
  const bool same =
      ab.size() == ba.size() &&
      std::equal(ab.begin(), ab.end(), ba.begin(), [](const Contact& x, const Contact& y) { return key(x) == key(y); });
  if (!same) {
    report(FindingKind::kInvariant, method.name() + ": swapping A and B changes more than the normals\n" +
                                        std::to_string(ab.size()) + " vs " + std::to_string(ba.size()) +
                                        " contacts: " + describe(ca, cb));
  }
}

}  // namespace

std::vector<std::string> seed_inputs() {
  // Random byte strings: every byte of the decoding is meaningful, so random bytes are valid pairs.
  std::mt19937_64 rng(2026);
  std::vector<std::string> seeds(64);
  for (std::string& s : seeds) {
    s.resize(96);
    for (char& c : s) c = static_cast<char>(rng());
  }
  return seeds;
}

std::vector<std::string> subtargets() {
  std::vector<std::string> names;
  for (const ContactMethod* m : contact_methods()) names.push_back(m->name());
  return names;
}

void select_subtarget(const std::string& name) {
  if (const ContactMethod* method = find_contact_method(name)) g_methods = {method};
}

}  // namespace contactlab::fuzz

using namespace contactlab;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  const char* name = std::getenv("CONTACTLAB_FUZZ_METHOD");
  if (name && *name && find_contact_method(name)) {
    fuzz::select_subtarget(name);
  } else {
    fuzz::g_methods = contact_methods();
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Bytes in(data, size);
  auto [ca, cb] = fuzz::degenerate_pair(in);
  fuzz::map_pair(in, ca, cb);
  const int glue_a = in.below(4) == 0 ? static_cast<int>(in.below(4)) : -1;
  const int glue_b = in.below(4) == 0 ? static_cast<int>(in.below(4)) : -1;
  if (!fuzz::usable(ca) || !fuzz::usable(cb)) return 0;  // skipped
  fuzz::Body a, b;
  if (!fuzz::guarded([&] {
        a = fuzz::make_body(ca, glue_a);
        b = fuzz::make_body(cb, glue_b);
      }))
    return 0;
  // The length scale as the driver has it: a sphere about the mean vertex holding them all, doubled.
  Vec3 mean = Vec3::Zero();
  const double count = static_cast<double>(a.world.size() + b.world.size());
  for (const Vec3& v : a.world) mean += v / count;
  for (const Vec3& v : b.world) mean += v / count;
  double radius = 0;
  for (const Vec3& v : a.world) radius = std::max(radius, (v - mean).norm());
  for (const Vec3& v : b.world) radius = std::max(radius, (v - mean).norm());
  MethodSettings settings;
  settings.length_scale = 2 * radius;
  if (!(settings.length_scale > 0) || !std::isfinite(settings.length_scale)) return 0;  // skipped
  for (const ContactMethod* method : fuzz::g_methods) fuzz::run_method(*method, a, b, settings, ca, cb);
  fuzz::outcome() = fuzz::Outcome::kAccepted;
  return 0;
}
