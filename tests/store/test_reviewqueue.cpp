#include "store/projectstore.h"
#include "store/reviewqueue.h"
#include "storetest.h"
#include "tempdir.h"

#include "catchapi.h"

using namespace spanforge;
using spanforge::testing::makeDoc;
using spanforge::testing::TempDir;
using store::ProjectStore;
using store::ReviewFilter;
using store::ReviewQueue;
using text::DocStatus;

namespace {

struct QueueFixture {
  TempDir dir;
  std::unique_ptr<ProjectStore> p = ProjectStore::create(dir.file("p.sfproj"));
  ReviewQueue queue{p->db()};
  int64_t model = 0, other = 0;
  int64_t d1 = 0, d2 = 0;

  QueueFixture() {
    p->labels().add("PER");
    p->labels().add("LOC");
    store::ModelRecord m;
    m.name = "m";
    model = p->runs().addModel(m);
    m.name = "other";
    other = p->runs().addModel(m);
    d1 = p->documents().add(makeDoc("Ada Lovelace met Charles Babbage in London in 1833.")).id;
    d2 = p->documents().add(makeDoc("Grüße aus Köln 😀 und Bonn")).id;
    p->predictions().set(d1, model,
                         {{{0, 12, "PER"}, 0.9}, {{17, 32, "PER"}, 0.4}, {{36, 42, "LOC"}, 0.6}});
    p->predictions().set(d2, model, {{{10, 14, "LOC"}, 0.4}, {{21, 25, "LOC"}, 0.2}});
    p->predictions().set(d2, other, {{{10, 14, "LOC"}, 0.01}});
  }

  std::vector<std::pair<int64_t, double>> all(const ReviewFilter& filter, int pageSize) {
    std::vector<std::pair<int64_t, double>> out;
    std::optional<store::ReviewCursor> cursor;
    for (;;) {
      const auto page = queue.page(filter, cursor ? &*cursor : nullptr, pageSize);
      for (const auto& item : page) out.push_back({item.documentId, item.score});
      if (page.size() < static_cast<size_t>(pageSize)) return out;
      cursor = page.back().cursor();
    }
  }
};

}  // namespace

TEST_CASE("review queue: lowest confidence first, with context") {
  QueueFixture f;
  ReviewFilter filter;
  filter.modelId = f.model;
  const auto page = f.queue.page(filter, nullptr, 10);
  REQUIRE(page.size() == 5);
  CHECK(page[0].documentId == f.d2);
  CHECK(page[0].span == text::Span{21, 25, "LOC"});
  CHECK(page[0].score == Approx(0.2));
  // Context in code points, astral characters included.
  CHECK(page[0].text == "Bonn");
  CHECK(page[0].before == "Grüße aus Köln 😀 und ");
  CHECK(page[0].after.empty());
  // Equal scores: by document, then position.
  CHECK(page[1].documentId == f.d1);
  CHECK(page[1].text == "Charles Babbage");
  CHECK(page[1].before == "Ada Lovelace met ");
  CHECK(page[1].after == " in London in 1833.");
  CHECK(page[2].documentId == f.d2);
  CHECK(page[2].text == "Köln");
  CHECK(page[3].text == "London");
  CHECK(page[4].text == "Ada Lovelace");
  CHECK(page[4].before.empty());
  CHECK(f.queue.count(filter) == 5);
}

TEST_CASE("review queue: pages do not skip or repeat, whatever the page size") {
  QueueFixture f;
  ReviewFilter filter;
  filter.modelId = f.model;
  const auto whole = f.all(filter, 100);
  REQUIRE(whole.size() == 5);
  for (int size : {1, 2, 3}) CHECK(f.all(filter, size) == whole);
}

TEST_CASE("review queue: filters by label, score range, status and model") {
  QueueFixture f;
  ReviewFilter filter;
  filter.modelId = f.model;
  filter.label = "PER";
  CHECK(f.queue.count(filter) == 2);
  CHECK(f.queue.page(filter, nullptr, 10)[0].score == Approx(0.4));
  filter.label = "NOPE";
  CHECK(f.queue.count(filter) == 0);
  CHECK(f.queue.page(filter, nullptr, 10).empty());

  filter.label.reset();
  filter.minScore = 0.4;
  filter.maxScore = 0.6;
  CHECK(f.queue.count(filter) == 3);  // inclusive at both ends
  filter.minScore = 0.7;
  filter.maxScore = 0.5;
  CHECK(f.queue.count(filter) == 0);

  filter = ReviewFilter{};
  filter.modelId = f.model;
  filter.status = DocStatus::Unlabelled;
  f.p->documents().setStatus(f.d1, DocStatus::Accepted);
  CHECK(f.queue.count(filter) == 2);
  CHECK(f.queue.page(filter, nullptr, 10)[0].status == DocStatus::Unlabelled);

  filter = ReviewFilter{};
  filter.modelId = f.other;
  const auto page = f.queue.page(filter, nullptr, 10);
  REQUIRE(page.size() == 1);
  CHECK(page[0].score == Approx(0.01));
}
