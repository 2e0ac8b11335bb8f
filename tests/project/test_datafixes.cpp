#include "project/datachecks.h"
#include "project/datafixes.h"
#include "store/projectstore.h"
#include "tempdir.h"
#include "testdocument.h"

#include "catchapi.h"

using spanforge::project::DataChecks;
using spanforge::project::DataFixes;
using spanforge::project::FixPlan;
using spanforge::store::ProjectStore;
using spanforge::store::Split;
using spanforge::testing::TempDir;
using spanforge::testing::testDocument;
namespace text = spanforge::text;

namespace {

int64_t countOf(const spanforge::project::DataReport& r, const std::string& id) {
  for (const auto& c : r.checks)
    if (c.id == id) return c.count;
  return -1;
}

std::vector<text::Span> spansOf(ProjectStore& p, int64_t id) {
  auto spans = p.documents().get(id)->doc.spans;
  std::sort(spans.begin(), spans.end());
  return spans;
}

}  // namespace

TEST_CASE("data fixes trim, widen and set aside what the checks find, and undo it") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  p->labels().add("PER");
  p->labels().add("ORG");
  // A trailing space; "an" inside "ran"; a span of one space.
  const int64_t a =
      p->documents()
          .add(testDocument("Ann Lee ran  x",
                            {{"Ann", 0, 3}, {"Lee", 4, 7}, {"ran", 8, 11}, {"x", 13, 14}},
                            {{0, 4, "PER"}, {9, 11, "ORG"}, {11, 12, "ORG"}}),
               Split::Train)
          .id;
  // "Acme" cut short, but widening would take "Corp", which is already ORG.
  const int64_t b =
      p->documents()
          .add(testDocument("AcmeCorp", {{"AcmeCorp", 0, 8}}, {{0, 3, "ORG"}, {4, 8, "PER"}}),
               Split::Train)
          .id;
  const int64_t empty = p->documents().add(testDocument("   ", {}, {}), Split::Train).id;
  // Not accepted: left alone, as the checks leave it.
  const int64_t draft = p->documents()
                            .add(testDocument("Bo ran", {{"Bo", 0, 2}, {"ran", 3, 6}},
                                              {{0, 3, "PER"}}, text::DocStatus::Unlabelled),
                                 Split::Train)
                            .id;

  const FixPlan plan = DataFixes::plan(*p);
  CHECK(plan.trimmed == 1);
  CHECK(plan.dropped == 1);
  CHECK(plan.widened == 1);
  CHECK(plan.misalignedLeft == 2);
  CHECK(plan.setAside == 1);
  CHECK(plan.documents.size() == 2);  // b has nothing that can be fixed
  CHECK(plan.summary() ==
        "Trim white space from 1 span, remove 1 span of white space only, widen 1 span to "
        "whole tokens and set 1 empty document to ignored. 2 spans stay as they are: "
        "widened, they would overlap other spans.");
  // Planning writes nothing.
  CHECK(spansOf(*p, a).size() == 3);

  const auto before = DataChecks(*p).run();
  DataFixes::apply(*p, plan);
  CHECK(spansOf(*p, a) == std::vector<text::Span>{{0, 3, "PER"}, {8, 11, "ORG"}});
  CHECK(spansOf(*p, b).size() == 2);
  CHECK(p->documents().get(empty)->doc.status == text::DocStatus::Ignored);
  CHECK(p->documents().get(draft)->doc.spans.size() == 1);
  const auto after = DataChecks(*p).run();
  CHECK(countOf(before, "span_whitespace") == 2);
  CHECK(countOf(after, "span_whitespace") == 0);
  CHECK(countOf(after, "span_misaligned") == 2);  // b's two spans, which need a person
  CHECK(countOf(after, "empty_documents") == 0);
  CHECK(DataFixes::plan(*p).empty());  // a second run finds nothing more

  DataFixes::apply(*p, plan, false);
  CHECK(spansOf(*p, a) == std::vector<text::Span>{{0, 4, "PER"}, {9, 11, "ORG"}, {11, 12, "ORG"}});
  CHECK(p->documents().get(empty)->doc.status == text::DocStatus::Accepted);
}

TEST_CASE("data fixes on clean data plan nothing") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  p->labels().add("PER");
  p->documents().add(testDocument("Ann ran", {{"Ann", 0, 3}, {"ran", 4, 7}}, {{0, 3, "PER"}}));
  const FixPlan plan = DataFixes::plan(*p);
  CHECK(plan.empty());
  CHECK(plan.summary() == "Nothing to fix.");
}
