// Round trips over real data: the WNUT-17 and wikigold CoNLL files are read
// into Documents, written in each format, read back and written again. The
// two outputs must be byte-identical and the Documents equal.

#include "iotest.h"

using namespace spanforge;
using spanforge::testing::readAll;
using spanforge::testing::TempDir;
using spanforge::testing::writeAll;
using spanforge::testing::writeFile;

namespace {

const std::vector<text::Document>& corpus() {
  static const std::vector<text::Document> docs = [] {
    std::vector<text::Document> all;
    const std::string demo = std::string(SPANFORGE_RESOURCES_DIR) + "/demo/";
    for (const std::string& path : {demo + "train.txt", demo + "dev.txt", demo + "test.txt",
                                    std::string(SPANFORGE_TEST_DATA_DIR) + "/wikigold.txt"}) {
      auto part = readAll(path, io::Format::Conll);
      all.insert(all.end(), part.begin(), part.end());
    }
    return all;
  }();
  return docs;
}

struct RoundTrip {
  std::string first;
  std::vector<text::Document> docs;
};

RoundTrip roundTrip(io::Format format, const std::string& name, const io::WriterOptions& wopts = {},
                    const io::ReaderOptions& ropts = {}) {
  TempDir dir;
  RoundTrip rt;
  rt.first = writeAll(corpus(), format, wopts);
  writeFile(dir.file(name), rt.first);
  rt.docs = readAll(dir.file(name), format, ropts);
  const std::string second = writeAll(rt.docs, format, wopts);
  REQUIRE(second.size() == rt.first.size());
  REQUIRE(second == rt.first);
  // Auto-detection finds the same format in what the writer produced.
  CHECK(io::detectFormat(dir.file(name)) == format);
  return rt;
}

}  // namespace

TEST_CASE("the CoNLL corpora load with their published counts") {
  const auto& docs = corpus();
  // WNUT-17 train/dev/test sentences, then wikigold's.
  REQUIRE(docs.size() == 3394 + 1009 + 1287 + 1696);
  size_t spans = 0;
  size_t tokens = 0;
  for (const auto& d : docs) {
    spans += d.spans.size();
    tokens += d.tokens.size();
    CHECK(d.status == text::DocStatus::Accepted);
  }
  CHECK(spans == 1975 + 836 + 1079 + 3558);
  CHECK(tokens == 62730 + 15733 + 23394 + 39007);
  // The first WNUT entity: "Empire State Building" (location).
  const auto& first = docs[0];
  REQUIRE(first.spans.size() >= 1);
  CHECK(first.spans[0].label == "location");
  CHECK(first.text.substr(first.spans[0].start, first.spans[0].end - first.spans[0].start) ==
        "Empire State Building");
}

TEST_CASE("round trip: CoNLL keeps tokens, spans and text in every tag scheme") {
  for (auto scheme : {io::TagScheme::Iob2, io::TagScheme::Iob1, io::TagScheme::Biluo}) {
    INFO("scheme " << io::toString(scheme));
    io::WriterOptions w;
    w.scheme = scheme;
    const auto rt = roundTrip(io::Format::Conll, "out.conll", w);
    spanforge::testing::requireSameDocs(corpus(), rt.docs, true);
    // The scheme named explicitly reads the same spans as Auto.
    TempDir dir;
    writeFile(dir.file("x.conll"), rt.first);
    io::ReaderOptions r;
    r.scheme = scheme;
    spanforge::testing::requireSameDocs(corpus(),
                                        readAll(dir.file("x.conll"), io::Format::Conll, r), true);
  }
}

TEST_CASE("round trip: the IOB2 CoNLL writer reproduces the source files byte for byte") {
  const std::string demo = std::string(SPANFORGE_RESOURCES_DIR) + "/demo/";
  for (const std::string& path : {demo + "train.txt", demo + "dev.txt", demo + "test.txt",
                                  std::string(SPANFORGE_TEST_DATA_DIR) + "/wikigold.txt"}) {
    INFO(path);
    const auto docs = readAll(path, io::Format::Conll);
    CHECK(writeAll(docs, io::Format::Conll) == spanforge::testing::readFile(path));
  }
}

TEST_CASE("round trip: Prodigy JSONL keeps tokens, spans and status") {
  const auto rt = roundTrip(io::Format::Jsonl, "out.jsonl");
  spanforge::testing::requireSameDocs(corpus(), rt.docs, true);
  // Prodigy's inclusive token indices are written for every span.
  CHECK(rt.first.find("\"token_start\":14,\"token_end\":16,\"label\":\"location\"") !=
        std::string::npos);
}

TEST_CASE("round trip: doccano keeps spans and status") {
  const auto rt = roundTrip(io::Format::Doccano, "out.jsonl");
  spanforge::testing::requireSameDocs(corpus(), rt.docs, false);
  for (const auto& d : rt.docs) REQUIRE(d.tokens.empty());
}

TEST_CASE("round trip: Label Studio keeps spans and status") {
  const auto rt = roundTrip(io::Format::LabelStudio, "out.json");
  spanforge::testing::requireSameDocs(corpus(), rt.docs, false);
  CHECK(rt.first.rfind("[\n{\"id\":1,\"data\":{\"text\":", 0) == 0);
  CHECK(rt.first.size() > 4);
  CHECK(rt.first.substr(rt.first.size() - 3) == "\n]\n");
}

TEST_CASE("round trip: plain text keeps the text") {
  const auto rt = roundTrip(io::Format::Text, "out.txt");
  REQUIRE(rt.docs.size() == corpus().size());
  for (size_t i = 0; i < rt.docs.size(); ++i) {
    REQUIRE(rt.docs[i].text == corpus()[i].text);
    REQUIRE(rt.docs[i].status == text::DocStatus::Unlabelled);
    REQUIRE(rt.docs[i].spans.empty());
  }
}

TEST_CASE("round trip: statuses, metadata and predictions survive the formats that carry them") {
  text::Document a;
  a.text = "Alice met Bob in Paris.";
  a.spans = {{0, 5, "PER"}, {10, 13, "PER"}, {17, 22, "LOC"}};
  a.status = text::DocStatus::Accepted;
  a.metaJson = R"({"id":7,"source":"x"})";
  a.predictions = {{"crf-1", {{{0, 5, "PER"}, 0.875}, {{17, 22, "LOC"}, 0.5}}}};
  text::Document r = a;
  r.status = text::DocStatus::Rejected;
  r.predictions.clear();
  text::Document g = r;
  g.status = text::DocStatus::Ignored;
  text::Document u;
  u.text = "Nothing to see here.";
  const std::vector<text::Document> docs{a, r, g, u};

  TempDir dir;
  SECTION("JSONL: all four statuses and metadata") {
    writeFile(dir.file("s.jsonl"), writeAll(docs, io::Format::Jsonl));
    const auto back = readAll(dir.file("s.jsonl"), io::Format::Jsonl);
    REQUIRE(back.size() == 4);
    for (size_t i = 0; i < 4; ++i) {
      CHECK(back[i].status == docs[i].status);
      CHECK(back[i].spans == docs[i].spans);
      CHECK(back[i].metaJson == docs[i].metaJson);
    }
    CHECK(back[3].metaJson == "{}");
  }
  SECTION("doccano: metadata keys at the top level; rejected reads back as accepted") {
    const std::string out = writeAll(docs, io::Format::Doccano);
    CHECK(out.rfind(R"({"text":"Alice met Bob in Paris.","label":[[0,5,"PER"],[10,13,"PER"],)"
                    R"([17,22,"LOC"]],"id":7,"source":"x"})",
                    0) == 0);
    writeFile(dir.file("s.jsonl"), out);
    const auto back = readAll(dir.file("s.jsonl"), io::Format::Doccano);
    REQUIRE(back.size() == 4);
    CHECK(back[0].metaJson == a.metaJson);
    CHECK(back[1].status == text::DocStatus::Accepted);
    CHECK(back[3].status == text::DocStatus::Unlabelled);
  }
  SECTION("Label Studio: predictions with model and scores; cancelled reads back unlabelled") {
    writeFile(dir.file("s.json"), writeAll(docs, io::Format::LabelStudio));
    const auto back = readAll(dir.file("s.json"), io::Format::LabelStudio);
    REQUIRE(back.size() == 4);
    CHECK(back[0].status == text::DocStatus::Accepted);
    CHECK(back[0].metaJson == a.metaJson);
    REQUIRE(back[0].predictions.size() == 1);
    CHECK(back[0].predictions[0].model == "crf-1");
    REQUIRE(back[0].predictions[0].spans.size() == 2);
    CHECK(back[0].predictions[0].spans[0].span == a.predictions[0].spans[0].span);
    CHECK(back[0].predictions[0].spans[0].score == 0.875);
    CHECK(back[1].status == text::DocStatus::Unlabelled);
    CHECK(back[1].spans.empty());
    CHECK(back[3].status == text::DocStatus::Unlabelled);
    CHECK(writeAll(back, io::Format::LabelStudio) ==
          writeAll(readAll(dir.file("s.json"), io::Format::LabelStudio), io::Format::LabelStudio));
  }
}
