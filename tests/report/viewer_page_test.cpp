// The self-contained viewer page and folder of `contactlab view` (viewer_page.h, viewer_folder.h):
// the page is the template with its two placeholders replaced by the data and the bundle, text
// for text (checked against the concatenation written out by hand); the bundle is read from a
// dist folder; the folder gets exactly index.html.
#include "contactlab/report/viewer_page.h"
#include "contactlab/report/viewer_folder.h"

#include "contactlab/core/error.h"
#include "core/scratch_dir.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace contactlab {
namespace {

namespace fs = std::filesystem;

const ViewerBundle kBundle{
    "<html><title>v</title>\n<script>/*CONTACTLAB_DATA*/</script>\n"
    "<script>/*CONTACTLAB_BUNDLE*/</script>\n</html>\n",
    "var s = '</div>'; /* a stand-in for viewer/dist/viewer.js */\n", "dist/template.html"};

std::string read(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(ViewerPage, ReplacesBothPlaceholdersWithScriptSafeText) {
  const std::string page = viewer_page(kBundle, R"({"a":"</script>"})");
  // "</" becomes "<\/" in the data and in the bundle; everything else is the template's.
  EXPECT_EQ(page,
            "<html><title>v</title>\n<script>window.CONTACTLAB_DATA = {\"a\":\"<\\/script>\"};</script>\n"
            "<script>var s = '<\\/div>'; /* a stand-in for viewer/dist/viewer.js */\n</script>\n</html>\n");
}

TEST(ViewerPage, ATemplateWithoutPlaceholdersInOrderIsRefusedNamingIt) {
  ViewerBundle bad = kBundle;
  bad.template_html = "<script>/*CONTACTLAB_BUNDLE*/</script><script>/*CONTACTLAB_DATA*/</script>";
  try {
    viewer_page(bad, "{}");
    FAIL() << "expected std::runtime_error";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), "dist/template.html lacks the data/bundle placeholders");
  }
  bad.template_html = "<script>/*CONTACTLAB_DATA*/</script>";
  EXPECT_THROW(viewer_page(bad, "{}"), std::runtime_error);
}

TEST(ReadViewerBundle, ReadsBothFilesOrNamesTheFirstMissingOne) {
  testing::ScratchDir dir("viewer-page-test", /*create=*/false);
  fs::create_directories(dir.path());
  const std::string dist = dir.path().string();
  ViewerBundleRead read_result = read_viewer_bundle(dist);
  EXPECT_FALSE(read_result.bundle);
  EXPECT_EQ(read_result.unreadable, (dir.path() / "template.html").string());
  std::ofstream(dir.path() / "template.html", std::ios::binary) << kBundle.template_html;
  read_result = read_viewer_bundle(dist);
  EXPECT_FALSE(read_result.bundle);
  EXPECT_EQ(read_result.unreadable, (dir.path() / "viewer.js").string());
  std::ofstream(dir.path() / "viewer.js", std::ios::binary) << kBundle.script;
  read_result = read_viewer_bundle(dist);
  ASSERT_TRUE(read_result.bundle);
  EXPECT_EQ(read_result.bundle->template_html, kBundle.template_html);
  EXPECT_EQ(read_result.bundle->script, kBundle.script);
  EXPECT_EQ(read_result.bundle->template_path, (dir.path() / "template.html").string());
  EXPECT_EQ(read_result.unreadable, "");
}

TEST(WriteViewerFolder, CreatesTheFolderAndWritesOnlyIndexHtml) {
  testing::ScratchDir dir("viewer-page-test", /*create=*/false);
  const fs::path folder = dir.path() / "a" / "b";
  const std::string page = write_viewer_folder({.dir = folder.string(), .bundle = kBundle, .data_json = "{}"});
  EXPECT_EQ(page, (folder / "index.html").string());
  EXPECT_EQ(read(page), viewer_page(kBundle, "{}"));
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(folder)) files += entry.is_regular_file() ? 1 : 0;
  EXPECT_EQ(files, 1u);  // no temporary file left behind
  // Written again with other data: replaced.
  write_viewer_folder({.dir = folder.string(), .bundle = kBundle, .data_json = "[1]"});
  EXPECT_EQ(read(page), viewer_page(kBundle, "[1]"));
}

TEST(WriteViewerFolder, ABadTemplateWritesNoPage) {
  testing::ScratchDir dir("viewer-page-test", /*create=*/false);
  ViewerBundle bad = kBundle;
  bad.template_html = "<html></html>";
  EXPECT_THROW(write_viewer_folder({.dir = dir.path().string(), .bundle = bad, .data_json = "{}"}), std::runtime_error);
  EXPECT_FALSE(fs::exists(dir.path() / "index.html"));
  EXPECT_FALSE(fs::exists(dir.path()));  // nor the folder it would have created
}

TEST(WriteViewerFolder, AnIndexHtmlThatIsAFolderStaysAndNothingIsWritten) {
  testing::ScratchDir dir("viewer-page-test");
  fs::create_directory(dir.path() / "index.html");
  try {
    write_viewer_folder({.dir = dir.path().string(), .bundle = kBundle, .data_json = "{}"});
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("index.html: is a folder"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(fs::is_empty(dir.path() / "index.html"));
  EXPECT_EQ(dir.entries(), 1u);  // no temporary
}

TEST(WriteViewerFolder, AFolderOnAFileIsAnInputErrorThatCreatesNothing) {
  testing::ScratchDir dir("viewer-page-test");
  std::ofstream(dir.path() / "file") << "kept";
  EXPECT_THROW(
      write_viewer_folder({.dir = (dir.path() / "file" / "page").string(), .bundle = kBundle, .data_json = "{}"}),
      InputError);
  EXPECT_EQ(read((dir.path() / "file").string()), "kept");
  EXPECT_EQ(dir.entries(), 1u);
}

}  // namespace
}  // namespace contactlab
