#include "store/projectstore.h"
#include "tempdir.h"
#include "train/data/corpusloader.h"
#include "train/data/devdocuments.h"

#include "catchapi.h"

using namespace spanforge;
using spanforge::testing::TempDir;
using text::DocStatus;

namespace {

int64_t add(store::ProjectStore& p, const std::string& t, std::vector<text::Span> spans,
            DocStatus status = DocStatus::Accepted, store::Split split = store::Split::None) {
  text::Document d;
  d.text = t;
  d.spans = std::move(spans);
  d.status = status;
  return p.documents().add(d, split).id;
}

std::vector<std::string> tokensOf(const train::DevDocument& d) {
  std::vector<std::string> out;
  for (const auto& t : d.tokens) out.push_back(t.text);
  return out;
}

}  // namespace

TEST_CASE("dev documents: the same documents CorpusLoader holds out for dev") {
  TempDir dir;
  auto p = store::ProjectStore::create(dir.file("p.sfproj"));
  p->labels().add("X");
  for (int i = 0; i < 40; ++i)
    add(*p, "sentence number " + std::to_string(i) + " about Xavier", {{0, 8, "X"}});
  add(*p, "misaligned span", {{0, 3, "X"}});  // skipped by both
  add(*p, "a test sentence", {}, DocStatus::Accepted, store::Split::Test);
  add(*p, "an unlabelled one", {}, DocStatus::Unlabelled);

  for (const int64_t seed : {0, 3}) {
    train::DataSettings settings;
    settings.devFraction = 0.25;
    settings.devSeed = seed;
    const auto corpora = train::CorpusLoader::fromProject(*p, settings);
    const auto dev = train::DevDocuments::select(*p, settings);
    CHECK_FALSE(dev.fromSplit);
    CHECK(dev.skipped == corpora.skipped);
    REQUIRE(dev.documents.size() == corpora.dev.size());
    REQUIRE(dev.documents.size() == 10);
    for (size_t i = 0; i < dev.documents.size(); ++i) {
      CHECK(tokensOf(dev.documents[i]) == corpora.dev[i].tokens);
      CHECK(dev.documents[i].gold == corpora.dev[i].spans);
      CHECK(dev.documents[i].text.rfind("sentence number", 0) == 0);
    }
  }
}

TEST_CASE("dev documents: documents marked dev are the dev set") {
  TempDir dir;
  auto p = store::ProjectStore::create(dir.file("p.sfproj"));
  p->labels().add("X");
  add(*p, "train one", {});
  const int64_t dev = add(*p, "dev one", {{0, 3, "X"}}, DocStatus::Accepted, store::Split::Dev);
  add(*p, "dev but unlabelled", {}, DocStatus::Unlabelled, store::Split::Dev);
  const auto selection = train::DevDocuments::select(*p, {});
  CHECK(selection.fromSplit);
  REQUIRE(selection.documents.size() == 1);
  CHECK(selection.documents[0].id == dev);
  CHECK(selection.documents[0].gold == std::vector<text::TokenSpan>{{0, 1, "X"}});
}
