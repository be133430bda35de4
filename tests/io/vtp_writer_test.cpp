// VTP export: the written XML is parsed back here with plain string handling; counts are
// consistent, the wall's bricks are where docs/suite.md's layout puts them, and 10^4 random contacts
// come back with bit-identical values.
#include "contactlab/io/vtp_writer.h"

#include "contactlab/contact/ground_truth_contacts.h"
#include "contactlab/core/error.h"
#include "contactlab/suite/builtin_scenes.h"
#include "core/scratch_dir.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <random>
#include <sstream>

namespace contactlab {
namespace {

namespace fs = std::filesystem;

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

/// Value of attribute `name` in the first tag that starts with `tag` (e.g. "<Piece").
std::string attribute(const std::string& xml, const std::string& tag, const std::string& name) {
  const std::size_t start = xml.find(tag);
  if (start == std::string::npos) return "";
  const std::size_t end = xml.find('>', start);
  const std::size_t at = xml.find(" " + name + "=\"", start);
  if (at == std::string::npos || at > end) return "";
  const std::size_t open = at + name.size() + 3;
  return xml.substr(open, xml.find('"', open) - open);
}

struct DataArray {
  std::string type;
  int components = 1;
  std::vector<std::string> values;  // as written, to check bit-exact parsing
};

/// The DataArray named `name` inside the element `section` (e.g. "<PointData").
DataArray data_array(const std::string& xml, const std::string& section, const std::string& name) {
  const std::size_t section_start = xml.find(section);
  EXPECT_NE(section_start, std::string::npos) << section;
  const std::size_t tag = xml.find("<DataArray type=\"", section_start);
  std::size_t at = tag;
  while (at != std::string::npos && xml.find("Name=\"" + name + "\"", at) != xml.find("Name=", at))
    at = xml.find("<DataArray", at + 1);
  EXPECT_NE(at, std::string::npos) << name;
  DataArray out;
  out.type = attribute(xml.substr(at), "<DataArray", "type");
  const std::string components = attribute(xml.substr(at), "<DataArray", "NumberOfComponents");
  out.components = components.empty() ? 1 : std::stoi(components);
  EXPECT_EQ(attribute(xml.substr(at), "<DataArray", "format"), "ascii");
  const std::size_t body = xml.find('>', at) + 1;
  std::istringstream values(xml.substr(body, xml.find("</DataArray>", body) - body));
  for (std::string v; values >> v;) out.values.push_back(v);
  return out;
}

std::vector<long long> integers(const DataArray& a) {
  std::vector<long long> out;
  for (const std::string& v : a.values) out.push_back(std::stoll(v));
  return out;
}

std::vector<double> doubles(const DataArray& a) {
  std::vector<double> out;
  for (const std::string& v : a.values) out.push_back(std::strtod(v.c_str(), nullptr));
  return out;
}

TEST(VtpWriter, WallSurfacesHaveConsistentCountsAndEachBrickWhereTheLayoutPutsIt) {
  testing::ScratchDir dir("vtp-test");
  const Scene scene = make_builtin_scene("wall");
  const std::string path = dir.file("wall.vtp");
  write_vtp_surfaces(path, scene);
  EXPECT_EQ(dir.entries(), 1u);
  const std::string xml = read_file(path);
  ASSERT_EQ(xml.rfind("<?xml", 0), 0u);
  EXPECT_EQ(attribute(xml, "<VTKFile", "type"), "PolyData");

  std::size_t expected_points = 0, expected_polys = 0;
  for (const Body& b : scene.bodies) {
    expected_points += b.shape->surface_map.surface_vertices.size();
    expected_polys += static_cast<std::size_t>(b.shape->surface_map.triangle_count());
  }
  const std::size_t points = std::stoul(attribute(xml, "<Piece", "NumberOfPoints"));
  const std::size_t polys = std::stoul(attribute(xml, "<Piece", "NumberOfPolys"));
  EXPECT_EQ(points, expected_points);
  EXPECT_EQ(polys, expected_polys);
  EXPECT_EQ(attribute(xml, "<Piece", "NumberOfVerts"), "0");

  const DataArray xyz = data_array(xml, "<Points", "Points");
  EXPECT_EQ(xyz.type, "Float64");
  EXPECT_EQ(xyz.components, 3);
  ASSERT_EQ(xyz.values.size(), 3 * points);
  const std::vector<double> coordinates = doubles(xyz);
  const std::vector<long long> connectivity = integers(data_array(xml, "<Polys", "connectivity"));
  const std::vector<long long> offsets = integers(data_array(xml, "<Polys", "offsets"));
  const DataArray body_array = data_array(xml, "<CellData", "body");
  EXPECT_EQ(body_array.type, "Int32");
  EXPECT_EQ(attribute(xml, "<CellData", "Scalars"), "body");
  const std::vector<long long> body = integers(body_array);
  ASSERT_EQ(connectivity.size(), 3 * polys);
  ASSERT_EQ(offsets.size(), polys);
  ASSERT_EQ(body.size(), polys);

  // World box of each body's cells, against docs/suite.md: brick 0.625 × 0.4 × 0.5, layer i centred at
  // y = (i + ½)·0.4, brick j at x = j·0.625 + (i mod 2)·0.3125, z = 0.
  std::map<long long, std::pair<Vec3, Vec3>> boxes;
  std::map<long long, long long> cells_per_body;
  for (std::size_t c = 0; c < polys; ++c) {
    EXPECT_EQ(offsets[c], static_cast<long long>(3 * (c + 1)));
    ASSERT_GE(body[c], 0);
    ASSERT_LT(body[c], static_cast<long long>(scene.bodies.size()));
    ++cells_per_body[body[c]];
    auto [it, inserted] = boxes.try_emplace(body[c], Vec3::Constant(1e300), Vec3::Constant(-1e300));
    for (int k = 0; k < 3; ++k) {
      const long long p = connectivity[3 * c + static_cast<std::size_t>(k)];
      ASSERT_GE(p, 0);
      ASSERT_LT(p, static_cast<long long>(points));
      const Vec3 x(coordinates[3 * static_cast<std::size_t>(p)], coordinates[3 * static_cast<std::size_t>(p) + 1],
                   coordinates[3 * static_cast<std::size_t>(p) + 2]);
      it->second.first = it->second.first.cwiseMin(x);
      it->second.second = it->second.second.cwiseMax(x);
    }
  }
  ASSERT_EQ(boxes.size(), scene.bodies.size());
  for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
    const Body& b = scene.bodies[i];
    EXPECT_EQ(cells_per_body[static_cast<long long>(i)], b.shape->surface_map.triangle_count());
    if (b.name == "ground") continue;
    int layer = -1, j = -1;
    ASSERT_EQ(std::sscanf(b.name.c_str(), "brick-%d-%d", &layer, &j), 2);
    const Vec3 centre(j * 0.625 + (layer % 2) * 0.3125, (layer + 0.5) * 0.4, 0.0), half(0.3125, 0.2, 0.25);
    EXPECT_LT((boxes[static_cast<long long>(i)].first - (centre - half)).norm(), 1e-12) << b.name;
    EXPECT_LT((boxes[static_cast<long long>(i)].second - (centre + half)).norm(), 1e-12) << b.name;
  }
}

TEST(VtpWriter, RandomContactsComeBackBitIdentical) {
  std::mt19937_64 rng(77);
  std::uniform_real_distribution<double> coordinate(-10.0, 10.0);
  std::normal_distribution<double> normal;
  ContactSet set;
  set.method = "random";
  constexpr int kContacts = 10000;
  for (int i = 0; i < kContacts; ++i) {
    Contact c;
    c.body_a = static_cast<Index>(rng() % 100);
    c.body_b = static_cast<Index>(rng() % 100);
    c.position = {coordinate(rng), coordinate(rng), coordinate(rng)};
    c.normal = Vec3(normal(rng), normal(rng), normal(rng)).normalized();
    // Degenerate-looking but valid values: exact zeros, negative zero, subnormal and huge gaps.
    switch (i % 10) {
      case 0:
        c.gap = 0.0;
        break;
      case 1:
        c.gap = -0.0;
        break;
      case 2:
        c.gap = std::numeric_limits<double>::denorm_min();
        break;
      case 3:
        c.gap = -1e300;
        break;
      case 4:
        c.position = Vec3::Zero();
        c.normal = Vec3::UnitY();
        break;
      default:
        c.gap = coordinate(rng) * 1e-3;
    }
    set.contacts.push_back(c);
  }
  testing::ScratchDir dir("vtp-test");
  const std::string path = dir.file("contacts.vtp");
  write_vtp_contacts(path, set);
  const std::string xml = read_file(path);
  ASSERT_EQ(attribute(xml, "<Piece", "NumberOfPoints"), std::to_string(kContacts));
  ASSERT_EQ(attribute(xml, "<Piece", "NumberOfVerts"), std::to_string(kContacts));
  ASSERT_EQ(attribute(xml, "<Piece", "NumberOfPolys"), "0");
  EXPECT_EQ(attribute(xml, "<PointData", "Normals"), "normal");
  EXPECT_EQ(attribute(xml, "<PointData", "Scalars"), "gap");
  const DataArray normals = data_array(xml, "<PointData", "normal");
  EXPECT_EQ(normals.type, "Float64");
  EXPECT_EQ(normals.components, 3);
  const std::vector<double> points = doubles(data_array(xml, "<Points", "Points"));
  const std::vector<double> n = doubles(normals);
  const std::vector<double> gaps = doubles(data_array(xml, "<PointData", "gap"));
  const DataArray a = data_array(xml, "<PointData", "body_a"), b = data_array(xml, "<PointData", "body_b");
  EXPECT_EQ(a.type, "Int32");
  const std::vector<long long> body_a = integers(a), body_b = integers(b);
  const std::vector<long long> connectivity = integers(data_array(xml, "<Verts", "connectivity"));
  const std::vector<long long> offsets = integers(data_array(xml, "<Verts", "offsets"));
  ASSERT_EQ(points.size(), 3u * kContacts);
  ASSERT_EQ(n.size(), 3u * kContacts);
  ASSERT_EQ(gaps.size(), static_cast<std::size_t>(kContacts));
  ASSERT_EQ(connectivity.size(), static_cast<std::size_t>(kContacts));
  ASSERT_EQ(offsets.size(), static_cast<std::size_t>(kContacts));
  for (std::size_t i = 0; i < static_cast<std::size_t>(kContacts); ++i) {
    const Contact& c = set.contacts[i];
    for (int k = 0; k < 3; ++k) {
      EXPECT_EQ(std::bit_cast<std::uint64_t>(points[3 * i + static_cast<std::size_t>(k)]),
                std::bit_cast<std::uint64_t>(c.position[k]));
      EXPECT_EQ(std::bit_cast<std::uint64_t>(n[3 * i + static_cast<std::size_t>(k)]),
                std::bit_cast<std::uint64_t>(c.normal[k]));
    }
    EXPECT_EQ(std::bit_cast<std::uint64_t>(gaps[i]), std::bit_cast<std::uint64_t>(c.gap)) << i;
    EXPECT_EQ(body_a[i], c.body_a);
    EXPECT_EQ(body_b[i], c.body_b);
    EXPECT_EQ(connectivity[i], static_cast<long long>(i));
    EXPECT_EQ(offsets[i], static_cast<long long>(i + 1));
  }
}

TEST(VtpWriter, EmptySetNonFiniteContactsAndUnwritablePaths) {
  testing::ScratchDir dir("vtp-test");
  const std::string path = dir.file("contacts.vtp");
  write_vtp_contacts(path, ContactSet{});
  const std::string xml = read_file(path);
  EXPECT_EQ(attribute(xml, "<Piece", "NumberOfPoints"), "0");
  EXPECT_TRUE(data_array(xml, "<PointData", "gap").values.empty());

  ContactSet bad = contacts_from_ground_truth(make_builtin_scene("pillar"));
  bad.contacts[7].normal.x() = std::numeric_limits<double>::quiet_NaN();
  try {
    write_vtp_contacts(path, bad);
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("contacts[7]"), std::string::npos) << e.what();
  }
  EXPECT_EQ(read_file(path), xml);  // the previous file is untouched
  EXPECT_EQ(dir.entries(), 1u);     // and no temporary is left
  EXPECT_THROW(write_vtp_surfaces(dir.file("missing/scene.vtp"), make_builtin_scene("slide-spike")), InputError);
  EXPECT_EQ(dir.entries(), 1u);
}

}  // namespace
}  // namespace contactlab
