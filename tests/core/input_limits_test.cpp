#include "contactlab/core/input_limits.h"

#include <gtest/gtest.h>

#include <string>

namespace contactlab {
namespace {

TEST(QuotedExcerpt, PrintableTextIsUnchanged) { EXPECT_EQ(quoted_excerpt("v 1 2 3"), "v 1 2 3"); }

TEST(QuotedExcerpt, ControlAndHighBytesAreEscaped) {
  EXPECT_EQ(quoted_excerpt(std::string("a\0b\x1b\x7f\xef", 6)), "a\\x00b\\x1b\\x7f\\xef");
}

TEST(QuotedExcerpt, LongTextIsCutWithItsLength) {
  const std::string name(1 << 20, 'n');
  EXPECT_EQ(quoted_excerpt(name, 4), "nnnn…(1048576 bytes)");
  EXPECT_EQ(quoted_excerpt(name).size(), kMaxQuotedLength + std::string("…(1048576 bytes)").size());
}

TEST(QuotedExcerpt, TextOfExactlyTheLimitIsNotCut) { EXPECT_EQ(quoted_excerpt("abcd", 4), "abcd"); }

}  // namespace
}  // namespace contactlab
