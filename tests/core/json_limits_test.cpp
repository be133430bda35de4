// JSON text limits of parse_json and read_json_text (issue 11): nesting deeper than kMaxJsonDepth
// and NUL bytes are refused with the line before any value is built; folders are named as such;
// the user's text (keys, tokens, suggested names) is quoted as an excerpt in every message.
#include "contactlab/core/error.h"
#include "contactlab/core/input_limits.h"
#include "contactlab/core/json_fields.h"
#include "contactlab/core/json_support.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace contactlab {
namespace {

std::string nested(const std::string& open, const std::string& close, int depth) {
  std::string out;
  out.reserve(static_cast<std::size_t>(depth) * (open.size() + close.size()) + 1);
  for (int i = 0; i < depth; ++i) out += open;
  out += "1";
  for (int i = 0; i < depth; ++i) out += close;
  return out;
}

std::string arrays(int depth) { return nested("[", "]", depth); }
std::string objects(int depth) { return nested("{\"a\":", "}", depth); }

/// The message of the InputError parse_json throws for `text` ("" if none).
std::string parse_error(const std::string& text) {
  try {
    json::parse_json(text, "f.json");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

const std::string kTooDeep = "arrays and objects nested deeper than 256 levels; expected at most 256";

TEST(JsonLimits, NestingDeeperThanTheLimitIsRefusedWithItsLine) {
  for (int depth : {100000, 1000000}) {
    SCOPED_TRACE(depth);
    for (const std::string& deep : {arrays(depth), objects(depth)}) {
      EXPECT_EQ(parse_error(deep), "f.json:1: " + kTooDeep + " (contactlab files nest 6)");
      // Inside a field, where the value used to be copied recursively (a stack overflow).
      EXPECT_EQ(parse_error("{\n\"description\": \"x\",\n\"gap\":\n" + deep + "\n}"),
                "f.json:4: " + kTooDeep + " (contactlab files nest 6)");
    }
  }
}

TEST(JsonLimits, DepthOfTheLimitIsReadAndOneMoreIsNot) {
  EXPECT_EQ(json::parse_json(arrays(kMaxJsonDepth), "f.json").dump().size(), 2u * kMaxJsonDepth + 1);
  EXPECT_NE(parse_error(arrays(kMaxJsonDepth + 1)).find(kTooDeep), std::string::npos);
  EXPECT_EQ(parse_error("{\"a\": " + objects(kMaxJsonDepth - 1) + "}"), "");
  EXPECT_NE(parse_error("{\"a\": " + objects(kMaxJsonDepth) + "}").find(kTooDeep), std::string::npos);
}

TEST(JsonLimits, BracketsInStringsAndEscapedQuotesDoNotCount) {
  const std::string brackets(100000, '[');
  const json::Json v = json::parse_json("{\"s\": \"" + brackets + "\\\"{[\", \"t\": \"\\\\\"}", "f.json");
  EXPECT_EQ(v["s"].get<std::string>(), brackets + "\"{[");
  EXPECT_EQ(v["t"].get<std::string>(), "\\");
}

TEST(JsonLimits, NulByteIsRefusedWithItsLine) {
  EXPECT_EQ(parse_error(std::string("{\n\"a\": 1\n\0}", 11)), "f.json:3: NUL byte; expected UTF-8 text (a JSON file)");
  EXPECT_EQ(parse_error(std::string("{\"a\": \"x\0\"}", 11)), "f.json:1: NUL byte; expected UTF-8 text (a JSON file)");
}

TEST(JsonLimits, FolderIsNamedAsSuch) {
  const std::string dir = std::filesystem::temp_directory_path().string();
  try {
    json::read_json_text(dir, "scene file");
    FAIL() << "a folder was read";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), dir + ": is a folder; expected a JSON file");
  }
}

TEST(JsonLimits, LongTokensInSyntaxErrorsAreCut) {
  const std::string literal(1 << 20, 't');
  const std::string message = parse_error("{\"a\": \"\x01" + literal + "\"}");
  EXPECT_LT(message.size(), 400u) << message.substr(0, 400);
  const std::string number = parse_error("[1" + std::string(1 << 20, '0') + "]");
  EXPECT_NE(number.find("parsing '1" + std::string(59, '0') + "…(1048577 bytes)'; expected a finite number"),
            std::string::npos)
      << number.substr(0, 400);
}

TEST(JsonLimits, KeysInFieldPathsAreExcerpts) {
  EXPECT_EQ(json::field_path("bodies[0]", std::string("a\x01\x1b", 3)), "bodies[0].a\\x01\\x1b");
  EXPECT_EQ(json::field_path("", std::string(1000, 'k')), std::string(60, 'k') + "…(1000 bytes)");
  // A duplicate key deep in the file names its path with every key quoted.
  EXPECT_EQ(parse_error("{\"\\u0001\": {\"b\": 1, \"b\": 2}}"),
            "f.json: \\x01.b: duplicate field (each field may appear once)");
  // Nested objects and arrays: each key once (the path used to double at every object level, so
  // 64 nested objects took minutes, found by fuzz_contacts_json).
  EXPECT_EQ(parse_error(R"({"a": {"b": [0, {"c": {"d": 1, "d": 2}}]}})"),
            "f.json: a.b[1].c.d: duplicate field (each field may appear once)");
  std::string deep;
  for (int i = 0; i < 64; ++i) deep += R"({"k": )";
  deep += R"({"x": 1, "x": 2})" + std::string(64, '}');
  std::string expected = "f.json: k";
  for (int i = 1; i < 64; ++i) expected += ".k";
  EXPECT_EQ(parse_error(deep), expected + ".x: duplicate field (each field may appear once)");
  // An unknown field of 400 control bytes.
  const json::Json v = json::parse_json("{\"" + std::string(400, '\x7f') + "\": 1}", "f.json");
  try {
    json::FieldReader("f.json").check_fields(v, "", {"format"});
    FAIL();
  } catch (const InputError& e) {
    std::string escaped;
    for (int i = 0; i < 60; ++i) escaped += "\\x7f";
    EXPECT_EQ(std::string(e.what()), "f.json: " + escaped + "…(400 bytes): unknown field; expected one of: format");
  }
}

TEST(JsonLimits, SuggestionsQuoteAndBoundTheKnownNames) {
  EXPECT_EQ(json::suggest("bx", {"box", "wedge"}), "; did you mean 'box'?");
  std::vector<std::string> names;
  for (int i = 0; i < 1000; ++i) names.push_back("body" + std::to_string(i) + std::string(1, '\x01'));
  const std::vector<std::string_view> known(names.begin(), names.end());
  const std::string hint = json::suggest("zzzzzzzzzzzzzzzzzzzz", known);
  EXPECT_EQ(hint.rfind("; expected one of: body0\\x01, body1\\x01, ", 0), 0u) << hint;
  EXPECT_NE(hint.find("body19\\x01, … (1000 in all)"), std::string::npos) << hint;
  EXPECT_EQ(hint.find("body20"), std::string::npos) << hint;
}

TEST(JsonLimits, NumberWithinNamesTheLimit) {
  const json::Json v = json::parse_json("[1e300, -1e50, 3]", "f.json");
  const json::FieldReader reader("f.json");
  EXPECT_EQ(reader.number_within(v[1], "x[1]", 1e50, "the coordinate limit"), -1e50);
  EXPECT_EQ(reader.number_within(v[2], "x[2]", 1e50, "the coordinate limit"), 3.0);
  try {
    reader.number_within(v[0], "x[0]", 1e50, "the coordinate limit");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "f.json: x[0]: expected a number within ±1e+50 (the coordinate limit), got 1e+300");
  }
}

}  // namespace
}  // namespace contactlab
