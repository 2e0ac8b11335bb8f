// Issue #31, finding 7: labels an import would create are validated like the
// store's, with the record's line and the label (escaped) in the message.
#include "project/importer.h"
#include "project/recordstorer.h"
#include "store/projectstore.h"
#include "tempdir.h"

#include "catchapi.h"

#include <fstream>
#include <set>

using spanforge::project::Importer;
using spanforge::project::ImportOptions;
using spanforge::store::ProjectStore;
using spanforge::testing::TempDir;

namespace {
using spanforge::testing::write;
}  // namespace

TEST_CASE("import --add-labels refuses label names with controls or past 100 characters") {
  TempDir dir;
  auto project = ProjectStore::create(dir.file("p.sfproj"));
  project->labels().add("PER");
  const auto f = write(dir, "labels.jsonl",
                       R"({"text":"Alice","spans":[{"start":0,"end":5,"label":"PER"}]})"
                       "\n"
                       R"({"text":"Bob","spans":[{"start":0,"end":3,"label":"A\u001b[31m\tB"}]})"
                       "\n"
                       R"({"text":"Carol","spans":[{"start":0,"end":5,"label":"NEW"}]})"
                       "\n"
                       R"({"text":"Dave","spans":[{"start":0,"end":4,"label":")" +
                           std::string(1000, 'x') +
                           R"("}]})"
                           "\n");
  ImportOptions opts;
  opts.addLabels = true;
  const auto report = Importer(*project).run({f}, opts);
  CHECK_FALSE(report.committed);
  REQUIRE(report.errors.size() == 2);
  CHECK(report.errors[0].line() == 2);
  CHECK(report.errors[0].field() == "spans[0].label");
  CHECK_THAT(report.errors[0].what(),
             ContainsSubstring("\"A\\x1b[31m\\tB\"") && ContainsSubstring("U+001B"));
  CHECK(report.errors[1].line() == 4);
  CHECK_THAT(report.errors[1].what(), ContainsSubstring("1000 characters long"));
  CHECK(std::string(report.errors[1].what()).size() < 400);  // not the whole name
  CHECK(project->labels().all().size() == 1);

  // With --skip-invalid the good records go in, the bad labels do not.
  opts.skipInvalid = true;
  const auto skipped = Importer(*project).run({f}, opts);
  CHECK(skipped.committed);
  CHECK(skipped.imported == 2);
  CHECK(skipped.labelsAdded == std::vector<std::string>{"NEW"});
  CHECK(project->labels().all().size() == 2);
}

TEST_CASE("the storer refuses a bad label even without the checker, naming the line") {
  TempDir dir;
  auto project = ProjectStore::create(dir.file("p.sfproj"));
  project->labels().add("PER");
  ImportOptions opts;
  opts.addLabels = true;
  spanforge::project::ImportReport report;
  spanforge::project::RecordStorer storer(*project, opts, report);
  spanforge::text::Document doc;
  doc.text = "Bob";
  doc.spans = {{0, 3, "B\nOB"}};
  try {
    storer.store(doc, "x.jsonl", 7);
    FAIL("stored");
  } catch (const spanforge::io::InputError& e) {
    CHECK(e.line() == 7);
    CHECK(e.field() == "spans[0].label");
    CHECK_THAT(e.what(), ContainsSubstring("\"B\\nOB\""));
  }
  CHECK(project->labels().all().size() == 1);
}

TEST_CASE("An import refused for labels the project lacks names them in its report") {
  TempDir dir;
  auto project = ProjectStore::create(dir.file("p.sfproj"));
  project->labels().add("PER", "#e6194b", "1");
  const std::string data =
      write(dir, "d.jsonl",
            R"({"text":"Acme in Oslo","spans":[{"start":0,"end":4,"label":"ORG"},)"
            R"({"start":8,"end":12,"label":"LOC"}]})"
            "\n"
            R"({"text":"Bob","spans":[{"start":0,"end":3,"label":"PER"}]})"
            "\n");
  const auto refused = Importer(*project).run({data}, ImportOptions{});
  CHECK_FALSE(refused.committed);
  CHECK(refused.missingLabels == std::set<std::string>{"LOC", "ORG"});
  REQUIRE_FALSE(refused.errors.empty());
  // The message names the label and the project's labels, in no front end's syntax.
  const std::string message = refused.errors.front().what();
  CHECK(message.find("unknown label 'ORG'") != std::string::npos);
  CHECK(message.find("--") == std::string::npos);

  ImportOptions add;
  add.addLabels = true;
  const auto imported = Importer(*project).run({data}, add);
  CHECK(imported.committed);
  CHECK(imported.missingLabels.empty());
  CHECK(imported.imported == 2);
}
