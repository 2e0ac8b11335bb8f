#include "store/projectstore.h"
#include "tempdir.h"
#include "train/data/corpusloader.h"
#include "traintestdata.h"

#include "catchapi.h"

#include <fstream>

using namespace spanforge;
using namespace spanforge::train;
using spanforge::testing::TempDir;

namespace {

using spanforge::testing::write;

text::Document doc(const std::string& textValue, std::vector<text::Span> spans) {
  text::Document d;
  d.text = textValue;
  d.spans = std::move(spans);
  d.status = text::DocStatus::Accepted;
  return d;
}

}  // namespace

TEST_CASE("corpus loader: CoNLL sentences with their token spans") {
  TempDir dir;
  const auto path = write(dir, "d.conll",
                          "Alice\tB-PER\nSmith\tI-PER\nflew\tO\nto\tO\nParis\tB-LOC\n\n"
                          "Hello\tO\n");
  const LoadedCorpus c = CorpusLoader::fromFile(path);
  REQUIRE(c.corpus.size() == 2);
  CHECK(c.skipped == 0);
  CHECK(c.corpus[0].tokens == std::vector<std::string>{"Alice", "Smith", "flew", "to", "Paris"});
  CHECK(c.corpus[0].spans == std::vector<text::TokenSpan>{{0, 2, "PER"}, {4, 5, "LOC"}});
  CHECK(c.corpus.words() == 6);
  CHECK(c.corpus.entities() == 2);
  CHECK(c.corpus.labels() == std::vector<std::string>{"LOC", "PER"});
}

TEST_CASE("corpus loader: JSONL is tokenized, misaligned spans are reported, not dropped") {
  TempDir dir;
  const auto path = write(
      dir, "d.jsonl",
      R"({"text":"Alice flew to Paris 😀 today","spans":[{"start":0,"end":5,"label":"PER"},{"start":14,"end":19,"label":"LOC"}]})"
      "\n"
      R"({"text":"Bob went to Berlin","spans":[{"start":0,"end":2,"label":"PER"}]})"
      "\n"
      R"({"text":"No annotation here"})"
      "\n"
      R"({"text":"Rejected Carol","spans":[],"answer":"reject"})"
      "\n");
  const LoadedCorpus c = CorpusLoader::fromFile(path);
  REQUIRE(c.corpus.size() == 1);
  CHECK(c.corpus[0].spans == std::vector<text::TokenSpan>{{0, 1, "PER"}, {3, 4, "LOC"}});
  CHECK(c.documents == 4);
  CHECK(c.skipped == 3);
  REQUIRE(c.warnings.size() == 2);
  CHECK(c.warnings[0].find("d.jsonl:2") != std::string::npos);
  CHECK(c.warnings[0].find("\"Bo\"") != std::string::npos);
  CHECK(c.warnings[0].find("skipped") != std::string::npos);
  CHECK(c.warnings[1].find("2 record(s) without accepted annotations") != std::string::npos);

  std::string problem;
  const auto e = CorpusLoader::toExample(doc("Bob went", {{0, 2, "PER"}}), problem);
  CHECK_FALSE(e);
  CHECK(problem.find("0..2 PER") != std::string::npos);
}

TEST_CASE("corpus loader: a project's dev split is seeded, marked dev wins, test is apart") {
  TempDir dir;
  auto project = store::ProjectStore::create(dir.file("p.sfproj"));
  project->labels().add("PER");
  for (int i = 0; i < 20; ++i)
    project->documents().add(doc("Person " + std::to_string(i) + " was here", {{0, 6, "PER"}}),
                             i < 2 ? store::Split::Test : store::Split::None);
  DataSettings settings;
  settings.devFraction = 0.25;
  settings.devSeed = 7;
  const ProjectCorpora a = CorpusLoader::fromProject(*project, settings);
  CHECK(a.documents == 20);
  CHECK(a.test.size() == 2);
  CHECK(a.dev.size() == 5);  // round(0.25 * 18)
  CHECK(a.train.size() == 13);
  CHECK_FALSE(a.devFromSplit);
  const ProjectCorpora b = CorpusLoader::fromProject(*project, settings);
  for (size_t i = 0; i < a.dev.size(); ++i) CHECK(a.dev[i].tokens == b.dev[i].tokens);
  settings.devSeed = 8;
  const ProjectCorpora c = CorpusLoader::fromProject(*project, settings);
  bool differs = false;
  for (size_t i = 0; i < a.dev.size(); ++i) differs |= a.dev[i].tokens != c.dev[i].tokens;
  CHECK(differs);

  // Documents marked Dev become the dev set.
  project->documents().add(doc("Zed is marked dev", {{0, 3, "PER"}}), store::Split::Dev);
  const ProjectCorpora d = CorpusLoader::fromProject(*project, settings);
  CHECK(d.devFromSplit);
  REQUIRE(d.dev.size() == 1);
  CHECK(d.dev[0].tokens.front() == "Zed");
  CHECK(d.train.size() == 18);
}
