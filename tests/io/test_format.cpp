#include "io/format.h"
#include "iotest.h"

#include <stdexcept>

using namespace spanforge;
using spanforge::testing::TempDir;
using spanforge::testing::writeFile;

TEST_CASE("format and tag scheme names round-trip") {
  for (auto f : {io::Format::Auto, io::Format::Jsonl, io::Format::Doccano, io::Format::LabelStudio,
                 io::Format::Conll, io::Format::Text}) {
    CHECK(io::parseFormat(io::toString(f)) == f);
  }
  CHECK(io::parseFormat("labelstudio") == io::Format::LabelStudio);
  CHECK_FALSE(io::parseFormat("csv").has_value());
  for (auto s :
       {io::TagScheme::Auto, io::TagScheme::Iob2, io::TagScheme::Iob1, io::TagScheme::Biluo}) {
    CHECK(io::parseTagScheme(io::toString(s)) == s);
  }
  CHECK_FALSE(io::parseTagScheme("bio").has_value());
}

TEST_CASE("detectFormat: content first, then the extension") {
  TempDir dir;
  const auto detect = [&](const std::string& name, const std::string& content) {
    writeFile(dir.file(name), content);
    return io::detectFormat(dir.file(name));
  };
  CHECK(detect("a.jsonl", "\n{\"text\":\"x\",\"spans\":[]}\n") == io::Format::Jsonl);
  CHECK(detect("a.jsonl", "{\"text\":\"x\",\"label\":[[0,1,\"X\"]]}\n") == io::Format::Doccano);
  CHECK(detect("a.jsonl", "{\"text\":\"x\",\"label\":[]}\n") == io::Format::Doccano);
  CHECK(detect("a.jsonl", "{\"text\":\"x\",\"label\":\"POSITIVE\"}\n") == io::Format::Jsonl);
  CHECK(detect("a.data", "{\"text\":\"x\",\"labels\":[[0,1,\"X\"]],\"id\":2}\n") ==
        io::Format::Doccano);
  CHECK(detect("a.jsonl", "{\"text\": \"truncated\n") == io::Format::Jsonl);
  CHECK(detect("a.json", "[{\"data\":{\"text\":\"x\"}}]") == io::Format::LabelStudio);
  CHECK(detect("a.txt", "\xEF\xBB\xBF  [\n") == io::Format::LabelStudio);
  CHECK(detect("a.json", "") == io::Format::LabelStudio);
  CHECK(detect("a.txt", "EU\tB-ORG\nrejects\tO\n\nGerman\tB-MISC\n") == io::Format::Conll);
  CHECK(detect("a.data", "-DOCSTART- -X- -X- O\n\nEU NNP B-NP B-ORG\n") == io::Format::Conll);
  CHECK(detect("a.data", "Peter B-PER\nBlack L-PER\n") == io::Format::Conll);
  CHECK(detect("a.tsv", "not\tconll\tat all\n") == io::Format::Conll);
  CHECK(detect("a.bio", "") == io::Format::Conll);
  CHECK(detect("a.iob", "x") == io::Format::Conll);
  CHECK(detect("a.conll", "x") == io::Format::Conll);
  CHECK(detect("a.txt", "Just a sentence.\nAnother one.\n") == io::Format::Text);
  // One line ending in a tag-like word is not enough evidence for CoNLL.
  CHECK(detect("a.txt", "Meet me at B-52\nThanks, see you there\n") == io::Format::Text);
  CHECK(detect("README", "Some notes\n") == io::Format::Text);
  CHECK(detect("a.TXT", "x O\ny O\n") == io::Format::Conll);

  CHECK(io::detectFormat(std::string(SPANFORGE_RESOURCES_DIR) + "/demo/train.txt") ==
        io::Format::Conll);
  CHECK(io::detectFormat(std::string(SPANFORGE_TEST_DATA_DIR) + "/wikigold.txt") ==
        io::Format::Conll);

  writeFile(dir.file("empty"), "\n\n");
  CHECK_THROWS_WITH(io::detectFormat(dir.file("empty")),
                    ContainsSubstring("empty; cannot tell its format"));
  writeFile(dir.file("odd.jsonl"), "{\"id\":1}\n");
  CHECK_THROWS_AS(io::detectFormat(dir.file("odd.jsonl")), io::InputError);
  CHECK_THROWS_WITH(io::detectFormat(dir.file("missing.jsonl")), ContainsSubstring("cannot open"));
}

TEST_CASE("openReader with Auto reads each format, openWriter needs a concrete one") {
  TempDir dir;
  writeFile(dir.file("a.txt"), "EU\tB-ORG\nrejects\tO\n");
  auto docs = spanforge::testing::readAll(dir.file("a.txt"), io::Format::Auto);
  REQUIRE(docs.size() == 1);
  CHECK(docs[0].spans == std::vector<text::Span>{{0, 2, "ORG"}});
  writeFile(dir.file("b.jsonl"), "{\"text\":\"EU\",\"label\":[[0,2,\"ORG\"]]}\n");
  docs = spanforge::testing::readAll(dir.file("b.jsonl"), io::Format::Auto);
  REQUIRE(docs.size() == 1);
  CHECK(docs[0].metaJson == "{}");
  CHECK(docs[0].spans == std::vector<text::Span>{{0, 2, "ORG"}});
  CHECK_THROWS_AS(io::openReader(dir.file("nope.txt"), io::Format::Text), io::InputError);
  std::ostringstream out;
  CHECK_THROWS_AS(io::openWriter(out, io::Format::Auto), std::invalid_argument);
}
