#include "store/projectstore.h"
#include "store/rankingrepository.h"
#include "store/storeerror.h"
#include "storetest.h"
#include "tempdir.h"

#include "catchapi.h"

#include <cmath>

using namespace spanforge;
using spanforge::testing::makeDoc;
using spanforge::testing::TempDir;
using store::ProjectStore;
using store::RankingEntry;
using store::RankingRepository;
using store::StoreError;
using text::DocStatus;

namespace {

struct RankingsFixture {
  TempDir dir;
  std::unique_ptr<ProjectStore> p = ProjectStore::create(dir.file("p.sfproj"));
  RankingRepository rankings{p->db()};
  int64_t model = 0;
  std::vector<int64_t> docs;

  explicit RankingsFixture(int n = 6) {
    store::ModelRecord m;
    m.name = "m";
    model = p->runs().addModel(m);
    for (int i = 0; i < n; ++i)
      docs.push_back(p->documents().add(makeDoc("Document number " + std::to_string(i))).id);
  }

  // docs in the order given, scores falling.
  std::vector<RankingEntry> entries(const std::vector<size_t>& order) const {
    std::vector<RankingEntry> out;
    double score = 1.0;
    for (size_t i : order) out.push_back({docs[i], score -= 0.1});
    return out;
  }

  std::vector<int64_t> ids(const std::vector<store::RankedDocument>& page) const {
    std::vector<int64_t> out;
    for (const auto& r : page) out.push_back(r.document.id);
    return out;
  }
};

}  // namespace

TEST_CASE("rankings page in rank order with scores and summaries") {
  RankingsFixture f;
  f.rankings.replace(f.model, "lc", f.entries({3, 1, 5, 0, 2, 4}));
  const auto first = f.rankings.page(f.model, "lc", 0, 4);
  CHECK(f.ids(first) == std::vector<int64_t>{f.docs[3], f.docs[1], f.docs[5], f.docs[0]});
  CHECK(first[0].rank == 1);
  CHECK(first[0].score == Approx(0.9));
  CHECK(first[0].document.snippet == "Document number 3");
  CHECK(first[0].document.status == DocStatus::Unlabelled);
  const auto rest = f.rankings.page(f.model, "lc", first.back().rank, 4);
  CHECK(f.ids(rest) == std::vector<int64_t>{f.docs[2], f.docs[4]});
  CHECK(f.rankings.count(f.model, "lc") == 6);
  CHECK(f.rankings.find(f.model, "lc", f.docs[5])->rank == 3);
  CHECK_FALSE(f.rankings.find(f.model, "mnlp", f.docs[5]));
  CHECK(f.rankings.page(f.model, "lc", 0, 0).empty());

  // Only documents with a status, e.g. what is left to label.
  f.p->documents().setStatus(f.docs[1], DocStatus::Accepted);
  f.p->documents().setStatus(f.docs[0], DocStatus::Ignored);
  CHECK(f.ids(f.rankings.page(f.model, "lc", 0, 10, DocStatus::Unlabelled)) ==
        std::vector<int64_t>{f.docs[3], f.docs[5], f.docs[2], f.docs[4]});
  CHECK(f.rankings.count(f.model, "lc", DocStatus::Unlabelled) == 4);
}

TEST_CASE("next most informative follows the rank order and skips labelled documents") {
  RankingsFixture f;
  f.rankings.replace(f.model, "lc", f.entries({3, 1, 5, 0, 2, 4}));
  CHECK(f.rankings.next(f.model, "lc")->document.id == f.docs[3]);
  CHECK(f.rankings.next(f.model, "lc", f.docs[3])->document.id == f.docs[1]);
  f.p->documents().setStatus(f.docs[5], DocStatus::Accepted);
  CHECK(f.rankings.next(f.model, "lc", f.docs[1])->document.id == f.docs[0]);
  // After the last one it wraps to what was skipped above.
  CHECK(f.rankings.next(f.model, "lc", f.docs[4])->document.id == f.docs[3]);
  // A document outside the ranking: from the top.
  const int64_t other = f.p->documents().add(makeDoc("Not ranked")).id;
  CHECK(f.rankings.next(f.model, "lc", other)->document.id == f.docs[3]);
  for (int64_t id : f.docs) f.p->documents().setStatus(id, DocStatus::Accepted);
  CHECK_FALSE(f.rankings.next(f.model, "lc"));
  CHECK_FALSE(f.rankings.next(f.model, "lc", f.docs[3]));
  f.p->documents().setStatus(f.docs[2], DocStatus::Unlabelled);
  CHECK(f.rankings.next(f.model, "lc", f.docs[2]) == std::nullopt);  // only itself is left
  CHECK(f.rankings.next(f.model, "lc", f.docs[3])->document.id == f.docs[2]);
}

TEST_CASE("a ranking is replaced whole and kept per model and strategy") {
  RankingsFixture f;
  store::ModelRecord m;
  m.name = "m2";
  const int64_t model2 = f.p->runs().addModel(m);
  f.rankings.replace(f.model, "lc", f.entries({0, 1, 2, 3, 4, 5}));
  f.rankings.replace(f.model, "random", f.entries({5, 4}));
  f.rankings.replace(model2, "lc", f.entries({2}));
  f.rankings.replace(f.model, "lc", f.entries({4, 2}));
  CHECK(f.ids(f.rankings.page(f.model, "lc", 0, 10)) == std::vector<int64_t>{f.docs[4], f.docs[2]});
  CHECK(f.rankings.count(f.model, "random") == 2);
  CHECK(f.rankings.count(model2, "lc") == 1);
  const auto all = f.rankings.rankings();
  REQUIRE(all.size() == 3);
  CHECK(f.rankings.info(f.model, "lc")->documents == 2);
  CHECK(f.rankings.info(f.model, "lc")->createdAt > 0);

  f.rankings.remove(f.model, "random");
  CHECK_FALSE(f.rankings.info(f.model, "random"));
  CHECK(f.rankings.count(f.model, "random") == 0);
}

TEST_CASE("deleting a model or a document takes its ranking rows along") {
  RankingsFixture f;
  f.rankings.replace(f.model, "lc", f.entries({0, 1, 2}));
  f.p->db().exec("DELETE FROM documents WHERE id = " + std::to_string(f.docs[1]));
  CHECK(f.ids(f.rankings.page(f.model, "lc", 0, 10)) ==
        std::vector<int64_t>{f.docs[0], f.docs[2]});  // a gap in the ranks is fine
  CHECK(f.rankings.page(f.model, "lc", 0, 10)[1].rank == 3);
  f.p->db().exec("DELETE FROM models WHERE id = " + std::to_string(f.model));
  CHECK(f.rankings.rankings().empty());
  CHECK(f.rankings.count(f.model, "lc") == 0);
}

TEST_CASE("bad rankings are refused and change nothing") {
  RankingsFixture f;
  f.rankings.replace(f.model, "lc", f.entries({0, 1}));
  CHECK_THROWS_WITH(f.rankings.replace(f.model + 9, "lc", f.entries({0})),
                    ContainsSubstring("no model with id"));
  CHECK_THROWS_WITH(f.rankings.replace(f.model, "lc", {{f.docs[0], 0.5}, {f.docs[0], 0.4}}),
                    ContainsSubstring("listed twice"));
  CHECK_THROWS_WITH(f.rankings.replace(f.model, "lc", {{f.docs[2], 0.5}, {999, 0.4}}),
                    ContainsSubstring("document 999 at rank 2"));
  CHECK_THROWS_WITH(f.rankings.replace(f.model, "lc", {{f.docs[2], std::nan("")}}),
                    ContainsSubstring("no valid score"));
  CHECK_THROWS_AS(f.rankings.replace(f.model, "", f.entries({0})), StoreError);
  CHECK(f.ids(f.rankings.page(f.model, "lc", 0, 10)) == std::vector<int64_t>{f.docs[0], f.docs[1]});
}
