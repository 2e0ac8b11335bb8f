#include "project/importer.h"
#include "store/projectstore.h"
#include "tempdir.h"

#include "catchapi.h"

#include <fstream>

using spanforge::project::Importer;
using spanforge::project::ImportOptions;
using spanforge::store::ProjectStore;
using spanforge::testing::TempDir;
namespace text = spanforge::text;

namespace {
using spanforge::testing::write;
}  // namespace

TEST_CASE("a valid JSONL file imports documents, labels and tokens") {
  TempDir dir;
  auto project = ProjectStore::create(dir.file("p.sfproj"));
  const auto f = write(
      dir, "a.jsonl",
      R"({"text":"Alice met Bob in Paris.","spans":[{"start":0,"end":5,"label":"PER"},{"start":17,"end":22,"label":"LOC"}],"answer":"accept"})"
      "\n"
      R"({"text":"Nothing here."})"
      "\n");
  const auto report = Importer(*project).run({f}, ImportOptions{});
  REQUIRE(report.committed);
  CHECK(report.imported == 2);
  CHECK(report.labelsAdded == std::vector<std::string>{"PER", "LOC"});
  CHECK(project->labels().all().size() == 2);

  spanforge::store::DocumentFilter accepted;
  accepted.status = text::DocStatus::Accepted;
  const auto page = project->documents().page(accepted, 0, 10);
  REQUIRE(page.size() == 1);
  const auto doc = project->documents().get(page[0].id);
  REQUIRE(doc);
  CHECK(doc->doc.spans.size() == 2);
  CHECK(doc->doc.tokens.size() == 6);  // tokenized on import
  CHECK(doc->doc.source == "a.jsonl");
}

TEST_CASE("one bad record refuses the whole import and leaves the project unchanged") {
  TempDir dir;
  auto project = ProjectStore::create(dir.file("p.sfproj"));
  project->labels().add("PER");
  const auto f = write(dir, "bad.jsonl",
                       R"({"text":"Alice is here.","spans":[{"start":0,"end":5,"label":"PER"}]})"
                       "\n"
                       R"({"text":"Bob too.","spans":[{"start":0,"end":30,"label":"PER"}]})"
                       "\n"
                       R"({"text":"Carol","spans":[{"start":0,"end":5,"label":"ORG"}]})"
                       "\n");
  const auto report = Importer(*project).run({f}, ImportOptions{});
  CHECK_FALSE(report.committed);
  REQUIRE(report.errors.size() == 2);
  CHECK(report.errors[0].line() == 2);
  CHECK(report.errors[0].field() == "spans[0].end");
  CHECK(report.errors[1].line() == 3);
  CHECK(report.errors[1].field() == "spans[0].label");
  CHECK(std::string(report.errors[1].what()).find("unknown label 'ORG'") != std::string::npos);
  CHECK(project->documents().count({}) == 0);
  CHECK(project->labels().all().size() == 1);
}

TEST_CASE("skip-invalid imports the valid records and reports every skipped one") {
  TempDir dir;
  auto project = ProjectStore::create(dir.file("p.sfproj"));
  const auto f =
      write(dir, "mixed.jsonl",
            "{\"text\":\"one\"}\n{\"text\":\"two\"\n{\"text\":\"\"}\n{\"text\":\"three\"}\n"
            "{\"text\":\"one\"}\n");
  ImportOptions opts;
  opts.skipInvalid = true;
  const auto report = Importer(*project).run({f}, opts);
  REQUIRE(report.committed);
  CHECK(report.imported == 2);
  CHECK(report.duplicates == 1);
  CHECK(report.skipped == 2);
  REQUIRE(report.errors.size() == 2);
  CHECK(report.errors[0].line() == 2);
  CHECK(report.errors[1].line() == 3);
  CHECK(project->documents().count({}) == 2);
}

TEST_CASE("a label created by a skipped record is not left behind") {
  TempDir dir;
  auto project = ProjectStore::create(dir.file("p.sfproj"));
  const auto f = write(
      dir, "x.jsonl",
      R"({"text":"Alice and Bob","spans":[{"start":0,"end":5,"label":"PER"},{"start":2,"end":9,"label":"ORG"}]})"
      "\n"
      R"({"text":"Bob","spans":[{"start":0,"end":3,"label":"PER"}]})"
      "\n");
  ImportOptions opts;
  opts.skipInvalid = true;
  const auto report = Importer(*project).run({f}, opts);
  REQUIRE(report.committed);
  CHECK(report.skipped == 1);
  const auto labels = project->labels().all();
  REQUIRE(labels.size() == 1);
  CHECK(labels[0].name == "PER");
}

TEST_CASE("duplicates across files and imports are skipped and counted") {
  TempDir dir;
  auto project = ProjectStore::create(dir.file("p.sfproj"));
  const auto a = write(dir, "a.txt", "first text\nsecond text\n");
  const auto b = write(dir, "b.txt", "second text\nthird text\n");
  auto r1 = Importer(*project).run({a, b}, ImportOptions{});
  REQUIRE(r1.committed);
  CHECK(r1.imported == 3);
  CHECK(r1.duplicates == 1);
  auto r2 = Importer(*project).run({a}, ImportOptions{});
  CHECK(r2.imported == 0);
  CHECK(r2.duplicates == 2);
}

TEST_CASE("CoNLL import with status and split overrides, texts-only drops spans") {
  TempDir dir;
  auto project = ProjectStore::create(dir.file("p.sfproj"));
  const auto f = write(dir, "d.conll", "Alice\tB-PER\nsmiles\tO\n\nBob\tB-PER\nLee\tI-PER\n\n");
  ImportOptions opts;
  opts.split = spanforge::store::Split::Dev;
  auto r = Importer(*project).run({f}, opts);
  REQUIRE(r.committed);
  CHECK(r.imported == 2);
  spanforge::store::DocumentFilter dev;
  dev.split = spanforge::store::Split::Dev;
  CHECK(project->documents().count(dev) == 2);
  CHECK(project->documents().spanCountByLabel().at("PER") == 2);

  auto other = ProjectStore::create(dir.file("q.sfproj"));
  ImportOptions pool;
  pool.dropSpans = true;  // without a status override: texts only means unlabelled
  r = Importer(*other).run({f}, pool);
  REQUIRE(r.committed);
  spanforge::store::DocumentFilter unlabelled;
  unlabelled.status = text::DocStatus::Unlabelled;
  CHECK(other->documents().count(unlabelled) == 2);
  CHECK(other->documents().spanCountByLabel().empty());
}

TEST_CASE("cancelling an import rolls it back") {
  TempDir dir;
  auto project = ProjectStore::create(dir.file("p.sfproj"));
  std::string lines;
  for (int i = 0; i < 5000; ++i) lines += "text number " + std::to_string(i) + "\n";
  const auto f = write(dir, "many.txt", lines);
  std::atomic<bool> cancel{false};
  const auto report = Importer(*project).run(
      {f}, ImportOptions{},
      [&](const spanforge::project::ImportProgress& p) {
        if (p.documents >= 2000) cancel = true;
      },
      &cancel);
  CHECK(report.cancelled);
  CHECK_FALSE(report.committed);
  CHECK(project->documents().count({}) == 0);
}
