#include "io/formatregistry.h"
#include "iotest.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

using namespace spanforge;
using io::FormatInfo;
using io::FormatRegistry;
using spanforge::testing::TempDir;
using spanforge::testing::writeFile;

namespace {

std::string upper(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return s;
}

// One small file per readable format, all holding "Alice smiled" with Alice a
// PER. A new readable format needs a sample here (the test below insists).
const std::map<std::string, std::string>& samples() {
  static const std::map<std::string, std::string> s = {
      {"jsonl", R"({"text":"Alice smiled","spans":[{"start":0,"end":5,"label":"PER"}]})"
                "\n"},
      {"doccano", R"({"text":"Alice smiled","label":[[0,5,"PER"]]})"
                  "\n"},
      {"labelstudio",
       R"([{"data":{"text":"Alice smiled"},"annotations":[{"result":[{"value":{"start":0,)"
       R"("end":5,"labels":["PER"]},"from_name":"label","to_name":"text","type":"labels"}]}]}])"},
      {"conll", "Alice\tB-PER\nsmiled\tO\n\n"},
      {"text", "Alice smiled\n"},
  };
  return s;
}

text::Document alice() {
  text::Document d;
  d.text = "Alice smiled";
  d.spans = {{0, 5, "PER"}};
  d.status = text::DocStatus::Accepted;
  return d;
}

}  // namespace

TEST_CASE("format registry: ids, formats and names are unique and complete") {
  REQUIRE_FALSE(FormatRegistry::all().empty());
  std::set<std::string> ids;
  std::set<io::Format> formats;
  for (const FormatInfo& f : FormatRegistry::all()) {
    CAPTURE(f.id);
    CHECK(f.format != io::Format::Auto);
    CHECK(f.id != "auto");
    CHECK_FALSE(f.name.empty());
    CHECK_FALSE(f.displayName.empty());
    CHECK((f.canRead() || f.canWrite()));
    CHECK(ids.insert(f.id).second);
    CHECK(formats.insert(f.format).second);
    CHECK(FormatRegistry::find(f.format) == &f);
    CHECK(FormatRegistry::findById(f.id) == &f);
    // The id is the name on the command line and in toString().
    CHECK(io::parseFormat(f.id) == f.format);
    CHECK(io::toString(f.format) == f.id);
  }
  CHECK(FormatRegistry::find(io::Format::Auto) == nullptr);
  CHECK(FormatRegistry::findById("auto") == nullptr);
  CHECK(FormatRegistry::findById("csv") == nullptr);
  CHECK(io::parseFormat("auto") == io::Format::Auto);
  CHECK(std::string(io::toString(io::Format::Auto)) == "auto");
}

TEST_CASE("format registry: extensions are lower case, unique and found in any case") {
  std::map<std::string, const FormatInfo*> owner;
  for (const FormatInfo& f : FormatRegistry::all()) {
    for (const std::string& ext : f.extensions) {
      CAPTURE(f.id, ext);
      REQUIRE(ext.size() > 1);
      CHECK(ext.front() == '.');
      CHECK(std::none_of(ext.begin(), ext.end(), [](unsigned char c) { return std::isupper(c); }));
      CHECK(owner.emplace(ext, &f).second);  // auto could not choose between two rows
      CHECK(FormatRegistry::forExtension(ext) == &f);
      CHECK(FormatRegistry::forExtension(upper(ext)) == &f);
      CHECK(FormatRegistry::forExtension(ext.substr(1)) == &f);
      CHECK(FormatRegistry::forPath("/some/dir/file" + ext) == &f);
      CHECK(FormatRegistry::forPath("FILE" + upper(ext)) == &f);
    }
  }
  // A shared extension belongs to another row; the file dialogs list it for both.
  for (const FormatInfo& f : FormatRegistry::all()) {
    for (const std::string& ext : f.sharedExtensions) {
      CAPTURE(f.id, ext);
      REQUIRE(owner.count(ext) == 1);
      CHECK(owner[ext] != &f);
      const auto all = f.fileExtensions();
      CHECK(std::find(all.begin(), all.end(), ext) != all.end());
    }
  }
  CHECK(FormatRegistry::forExtension("") == nullptr);
  CHECK(FormatRegistry::forExtension(".xyz") == nullptr);
  CHECK(FormatRegistry::forPath("README") == nullptr);
  CHECK(FormatRegistry::forPath("archive.jsonl.gz") == nullptr);
}

TEST_CASE("format registry: the read and write lists follow the factories") {
  for (auto access : {FormatRegistry::Access::Read, FormatRegistry::Access::Write}) {
    const bool read = access == FormatRegistry::Access::Read;
    std::vector<std::string> expected;
    for (const FormatInfo& f : FormatRegistry::all()) {
      if (read ? f.canRead() : f.canWrite()) expected.push_back(f.id);
    }
    CHECK(FormatRegistry::ids(access) == expected);
    CHECK(FormatRegistry::supporting(access).size() == expected.size());
  }
  const std::string summary = FormatRegistry::extensionSummary(FormatRegistry::Access::Write);
  CHECK(summary.find(".jsonl = JSONL") != std::string::npos);
  CHECK(summary.find(".conll .iob .bio .tsv = CoNLL") != std::string::npos);
}

TEST_CASE("format registry: every reader opens a small file, auto too") {
  TempDir dir;
  for (const FormatInfo* f : FormatRegistry::supporting(FormatRegistry::Access::Read)) {
    CAPTURE(f->id);
    REQUIRE(samples().count(f->id) == 1);
    const auto ext = f->fileExtensions();
    const std::string path = dir.file("sample-" + f->id + (ext.empty() ? ".data" : ext.front()));
    writeFile(path, samples().at(f->id));

    auto reader = f->reader(path, io::ReaderOptions{});
    REQUIRE(reader);
    text::Document doc;
    REQUIRE(reader->next(doc));
    CHECK(doc.text == "Alice smiled");
    if (f->format != io::Format::Text) CHECK(doc.spans == std::vector<text::Span>{{0, 5, "PER"}});
    CHECK_FALSE(reader->next(doc));

    // openReader goes through the same row, and auto recognises the sample.
    CHECK(spanforge::testing::readAll(path, f->format).size() == 1);
    CHECK(io::detectFormat(path) == f->format);
  }
}

TEST_CASE("format registry: every writer writes, and its own reader reads it back") {
  TempDir dir;
  for (const FormatInfo* f : FormatRegistry::supporting(FormatRegistry::Access::Write)) {
    CAPTURE(f->id);
    std::ostringstream out;
    auto writer = f->writer(out, io::WriterOptions{});
    REQUIRE(writer);
    writer->write(alice());
    writer->finish();
    CHECK_FALSE(out.str().empty());
    CHECK(spanforge::testing::writeAll({alice()}, f->format) == out.str());
    if (!f->canRead()) continue;
    const std::string path = dir.file("written-" + f->id);
    writeFile(path, out.str());
    const auto docs = spanforge::testing::readAll(path, f->format);
    REQUIRE(docs.size() == 1);
    CHECK(docs[0].text == "Alice smiled");
  }
  std::ostringstream out;
  CHECK_THROWS_AS(io::openWriter(out, io::Format::Auto), std::invalid_argument);
}

TEST_CASE("format registry: detectFormat falls back on the registry's extensions") {
  TempDir dir;
  for (const FormatInfo* f : FormatRegistry::supporting(FormatRegistry::Access::Read)) {
    for (const std::string& ext : f->extensions) {
      CAPTURE(f->id, ext);
      // An empty file has no content to go by: the extension alone decides.
      writeFile(dir.file("empty" + ext), "");
      CHECK(io::detectFormat(dir.file("empty" + ext)) == f->format);
      writeFile(dir.file("EMPTY" + upper(ext)), "");
      CHECK(io::detectFormat(dir.file("EMPTY" + upper(ext))) == f->format);
    }
  }
}
