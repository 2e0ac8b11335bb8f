#include "model/vectors.h"
#include "project/datachecks.h"
#include "store/projectstore.h"
#include "tempdir.h"
#include "testdocument.h"

#include "catchapi.h"

using spanforge::project::DataChecks;
using spanforge::project::Severity;
using spanforge::store::ProjectStore;
using spanforge::store::Split;
using spanforge::testing::TempDir;
using spanforge::testing::testDocument;
namespace text = spanforge::text;

namespace {
const spanforge::project::CheckResult& check(const spanforge::project::DataReport& r,
                                             const std::string& id) {
  for (const auto& c : r.checks) {
    if (c.id == id) return c;
  }
  FAIL("no check " << id);
  throw;
}
}  // namespace

TEST_CASE("debug-data finds each kind of problem") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  p->labels().add("PER");
  p->labels().add("ORG");
  // "Ann  Lee" with a span that includes a trailing space and one mid-token.
  p->documents().add(testDocument("Ann Lee ran", {{"Ann", 0, 3}, {"Lee", 4, 7}, {"ran", 8, 11}},
                                  {{0, 4, "PER"}, {9, 11, "ORG"}}),
                     Split::Train);
  p->documents().add(
      testDocument("Same text here", {{"Same", 0, 4}, {"text", 5, 9}, {"here", 10, 14}}, {}),
      Split::Train);
  p->documents().add(
      testDocument("same  TEXT here", {{"same", 0, 4}, {"TEXT", 6, 10}, {"here", 11, 15}}, {}),
      Split::Dev);
  p->documents().add(testDocument("   ", {}, {}), Split::Train);

  const auto report = DataChecks(*p).run();
  CHECK(report.documents == 4);
  CHECK(report.spans == 2);
  CHECK(check(report, "rare_labels").count == 2);
  CHECK(check(report, "rare_labels").severity == Severity::Warning);
  CHECK(check(report, "train_dev_overlap").count == 1);
  CHECK(check(report, "span_whitespace").count == 1);
  CHECK(check(report, "span_misaligned").count == 2);  // trailing space, and "an" in "ran"
  CHECK(check(report, "empty_documents").count == 1);
}

TEST_CASE("debug-data on clean data reports no warnings") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  p->labels().add("PER");
  for (int i = 0; i < 60; ++i) {
    const std::string t = "Ann" + std::to_string(i) + " ran";
    const int64_t n = static_cast<int64_t>(t.size()) - 4;
    p->documents().add(
        testDocument(t, {{t.substr(0, n), 0, n}, {"ran", n + 1, n + 4}}, {{0, n, "PER"}}));
  }
  const auto report = DataChecks(*p).run();
  for (const auto& c : report.checks) {
    CAPTURE(c.id, c.message);
    CHECK(c.severity != Severity::Warning);
  }
}

TEST_CASE("debug-data reports the word vectors' coverage of every document") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  p->labels().add("PER");
  p->documents().add(
      testDocument("Ann saw Bob", {{"Ann", 0, 3}, {"saw", 4, 7}, {"Bob", 8, 11}}, {}));
  text::Document pool =
      testDocument("Bob saw Zed", {{"Bob", 0, 3}, {"saw", 4, 7}, {"Zed", 8, 11}}, {});
  pool.status = text::DocStatus::Unlabelled;  // counted too: the model reads it
  p->documents().add(pool);
  // Lower-case words, as GloVe has them: "Ann" is found as "ann".
  const spanforge::model::Vectors vectors({"ann", "zed"}, std::vector<float>(4, 0.5f), 2);

  for (const auto& c : DataChecks(*p).run().checks) CHECK(c.id != "vectors_coverage");
  const auto report = DataChecks(*p).withVectors(vectors, "v.txt").run();
  const auto c = check(report, "vectors_coverage");  // a copy: GCC 14 warns of a reference
  CHECK(c.severity == Severity::Warning);            // 2 of 6 words: under kMinVectorsCoverage
  CHECK(c.count == 4);
  CHECK(c.message ==
        "word vectors v.txt (2 words, 2 dimensions) cover 33.3% of the project's 6 words "
        "(50.0% of 4 distinct words); the most frequent without a vector: 'Bob' (2), 'saw' (2): "
        "too few for vectors of the project's language and tokenisation");

  const spanforge::model::Vectors more({"ann", "saw", "bob"}, std::vector<float>(6, 0.5f), 2);
  const auto good = check(DataChecks(*p).withVectors(more, "v.txt").run(), "vectors_coverage");
  CHECK(good.severity == Severity::Info);
  CHECK(good.count == 1);  // "Zed"
}
