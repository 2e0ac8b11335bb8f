#include "io/formatregistry.h"
#include "project/exporter.h"
#include "project/importer.h"
#include "store/projectstore.h"
#include "tempdir.h"

#include "catchapi.h"

#include <filesystem>
#include <fstream>
#include <sstream>

using spanforge::io::Format;
using spanforge::project::Exporter;
using spanforge::project::ExportOptions;
using spanforge::project::Importer;
using spanforge::project::ImportOptions;
using spanforge::store::ProjectStore;
using spanforge::testing::TempDir;

namespace {
std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}
}  // namespace

// export -> import into a fresh project -> export must give identical bytes,
// for every format, on the real corpora.
TEST_CASE("every format round-trips through a project on WNUT-17 and wikigold") {
  const auto corpus = GENERATE(std::string(SPANFORGE_RESOURCES_DIR "/demo/dev.txt"),
                               std::string(SPANFORGE_TEST_DATA_DIR "/wikigold.txt"));
  const auto format = GENERATE(Format::Jsonl, Format::Doccano, Format::LabelStudio, Format::Conll);
  CAPTURE(corpus, spanforge::io::toString(format));
  TempDir dir;
  auto first = ProjectStore::create(dir.file("first.sfproj"));
  ImportOptions in;
  in.format = Format::Conll;
  const auto r0 = Importer(*first).run({corpus}, in);
  REQUIRE(r0.committed);
  REQUIRE(r0.imported > 1000);

  ExportOptions out;
  out.format = format;
  const auto a = dir.file("a.out");
  REQUIRE(Exporter(*first).run(a, out).documents == r0.imported);

  auto second = ProjectStore::create(dir.file("second.sfproj"));
  ImportOptions back;
  back.format = format;
  const auto r1 = Importer(*second).run({a}, back);
  REQUIRE(r1.errors.empty());
  REQUIRE(r1.committed);
  CHECK(r1.imported == r0.imported);
  CHECK(second->documents().spanCountByLabel() == first->documents().spanCountByLabel());

  const auto b = dir.file("b.out");
  Exporter(*second).run(b, out);
  CHECK(slurp(a) == slurp(b));
}

TEST_CASE("export of plain text writes one line per document and respects --status") {
  TempDir dir;
  auto project = ProjectStore::create(dir.file("p.sfproj"));
  std::ofstream(dir.file("in.txt")) << "first\nsecond\n";
  ImportOptions in;
  REQUIRE(Importer(*project).run({dir.file("in.txt")}, in).committed);
  ExportOptions out;
  out.acceptedOnly = true;
  CHECK(Exporter(*project).run(dir.file("none.txt"), out).documents == 0);
  out.acceptedOnly = false;
  CHECK(Exporter(*project).run(dir.file("all.txt"), out).documents == 2);
  CHECK(slurp(dir.file("all.txt")) == "first\nsecond\n");
}

TEST_CASE("a failed export leaves no partial file behind") {
  TempDir dir;
  auto project = ProjectStore::create(dir.file("p.sfproj"));
  std::ofstream(dir.file("in.jsonl"))
      << R"({"text":"Alice smiled","spans":[{"start":1,"end":4,"label":"PER"}],"answer":"accept"})"
      << "\n";
  REQUIRE(Importer(*project).run({dir.file("in.jsonl")}, ImportOptions{}).committed);
  // The span "lic" does not align to tokens, so CoNLL cannot express it.
  CHECK_THROWS(Exporter(*project).run(dir.file("out.conll"), ExportOptions{}));
  CHECK_FALSE(std::filesystem::exists(dir.file("out.conll")));
  CHECK_FALSE(std::filesystem::exists(dir.file("out.conll.part")));
}

TEST_CASE("the export format follows the file extension") {
  CHECK(Exporter::formatForPath("x.jsonl") == Format::Jsonl);
  CHECK(Exporter::formatForPath("x.json") == Format::LabelStudio);
  CHECK(Exporter::formatForPath("x.conll") == Format::Conll);
  CHECK(Exporter::formatForPath("x.txt") == Format::Text);
  CHECK_THROWS_WITH(Exporter::formatForPath("x.xyz"), ContainsSubstring("--format"));
  CHECK_THROWS_WITH(Exporter::formatForPath("x.xyz"),
                    ContainsSubstring("cannot tell the format from the extension '.xyz'"));
  CHECK_THROWS_WITH(Exporter::formatForPath("README"), ContainsSubstring("--format"));
}

TEST_CASE("the export format ignores the extension's case") {
  CHECK(Exporter::formatForPath("X.JSONL") == Format::Jsonl);
  CHECK(Exporter::formatForPath("x.Json") == Format::LabelStudio);
  CHECK(Exporter::formatForPath("/data/Train.CONLL") == Format::Conll);
  CHECK(Exporter::formatForPath("notes.TXT") == Format::Text);
}

// Export and import read the same extension table, so a file exported under a
// name is imported back as the same format.
TEST_CASE("the exporter and detectFormat agree on every registry extension") {
  TempDir dir;
  for (const auto* f :
       spanforge::io::FormatRegistry::supporting(spanforge::io::FormatRegistry::Access::Write)) {
    for (const std::string& ext : f->extensions) {
      CAPTURE(f->id, ext);
      CHECK(Exporter::formatForPath("out" + ext) == f->format);
      if (!f->canRead()) continue;
      std::ofstream(dir.file("empty" + ext)).flush();  // no content: the extension decides
      CHECK(spanforge::io::detectFormat(dir.file("empty" + ext)) == f->format);
    }
  }
}
