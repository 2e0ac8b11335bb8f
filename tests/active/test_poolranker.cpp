#include "active/modelregistration.h"
#include "active/poolranker.h"
#include "projectfixture.h"
#include "store/projectstore.h"
#include "store/rankingrepository.h"
#include "store/storeerror.h"
#include "tempdir.h"
#include "tinymodel.h"
#include "train/package/packageinfo.h"

#include <algorithm>
#include <set>

using namespace spanforge;
using active::PoolRanker;
using active::PoolRankOptions;
using active::Strategy;
using active::testing::lengthModel;
using spanforge::testing::TempDir;
using text::DocStatus;

namespace {

// The project with a pool of unlabelled documents and one accepted document
// outside the pool.
struct RankerFixture : active::testing::ProjectFixture {
  std::vector<int64_t> pool;  // unlabelled, 1 .. 5 tokens

  explicit RankerFixture(const std::string& label = "A") : ProjectFixture(label) {
    for (const char* t :
         {"one", "two words", "three more words", "four words in all", "five words in one line"})
      pool.push_back(add(t));
    add("an accepted document is not in the pool at all", DocStatus::Accepted);
  }

  std::vector<int64_t> rankedIds(const std::string& strategy) {
    std::vector<int64_t> ids;
    for (const auto& r : store::RankingRepository(project->db()).page(modelId, strategy, 0, 100))
      ids.push_back(r.document.id);
    return ids;
  }
};

}  // namespace

TEST_CASE("pool ranker: least confidence ranks, stores predictions and the ranking") {
  RankerFixture f;
  const auto model = lengthModel();
  PoolRankOptions options;
  options.batchDocuments = 2;
  std::vector<std::pair<int64_t, int64_t>> progress;
  options.progress = [&](const active::RankProgress& p) { progress.push_back({p.done, p.total}); };
  const auto result = PoolRanker(*f.project, *model, f.modelId).run(options);

  CHECK_FALSE(result.cancelled);
  CHECK(result.documents == 5);
  CHECK(result.strategy == "lc");
  CHECK(result.predictedSpans == 5);  // each document: one span over all its tokens
  CHECK(result.missingLabels.empty());
  CHECK(progress == std::vector<std::pair<int64_t, int64_t>>{{0, 5}, {2, 5}, {4, 5}, {5, 5}});

  // Longest first; the accepted document is not ranked.
  CHECK(f.rankedIds("lc") ==
        std::vector<int64_t>{f.pool[4], f.pool[3], f.pool[2], f.pool[1], f.pool[0]});
  store::RankingRepository rankings(f.project->db());
  const auto page = rankings.page(f.modelId, "lc", 0, 10);
  REQUIRE(page.size() == 5);
  CHECK(page[0].rank == 1);
  CHECK(page[4].score == Approx(1.0 - 2.0 / 3).epsilon(1e-6));  // "one": 1 - P(B)
  CHECK(page[3].score == Approx(0.6).epsilon(1e-6));            // "two words": 1 - 6/15
  CHECK(page[2].score == Approx(1.0 - 18.0 / 81).epsilon(1e-6));
  CHECK(rankings.info(f.modelId, "lc")->documents == 5);

  // Predictions in character offsets, with the span's probability.
  const auto spans = f.project->predictions().get(f.pool[1], f.modelId);
  REQUIRE(spans.size() == 1);
  CHECK(spans[0].span == text::Span{0, 9, "A"});  // "two words"
  CHECK(spans[0].score == Approx(0.4).epsilon(1e-6));
  CHECK(f.project->documents().get(f.pool[1])->doc.spans.empty());  // never gold

  // Next most informative skips what has been labelled since.
  f.project->documents().setStatus(f.pool[4], DocStatus::Accepted);
  CHECK(rankings.next(f.modelId, "lc")->document.id == f.pool[3]);
}

TEST_CASE("pool ranker: every strategy ranks the whole pool, random is seeded") {
  RankerFixture f;
  const auto model = lengthModel();
  for (Strategy s : active::allStrategies()) {
    PoolRankOptions options;
    options.strategy = s;
    options.seed = 3;
    const auto result = PoolRanker(*f.project, *model, f.modelId).run(options);
    const auto ids = f.rankedIds(active::toString(s));
    CHECK(std::set<int64_t>(ids.begin(), ids.end()) ==
          std::set<int64_t>(f.pool.begin(), f.pool.end()));
    CHECK(result.documents == 5);
  }
  // Rankings of different strategies live side by side.
  CHECK(store::RankingRepository(f.project->db()).rankings().size() ==
        active::allStrategies().size());
  const auto first = f.rankedIds("random");
  PoolRankOptions again;
  again.strategy = Strategy::Random;
  again.seed = 3;
  again.batchDocuments = 1;  // batch size does not change a seeded random ranking
  PoolRanker(*f.project, *model, f.modelId).run(again);
  CHECK(f.rankedIds("random") == first);
}

TEST_CASE("pool ranker: near-duplicates move down when asked") {
  RankerFixture f;
  text::Document d;
  d.text = "FIVE words in one line";  // same tokens as pool[4] up to case
  const int64_t dup = f.project->documents().add(d).id;
  const auto model = lengthModel();
  PoolRankOptions options;
  options.skipNearDuplicates = true;
  const auto result = PoolRanker(*f.project, *model, f.modelId).run(options);
  CHECK(result.nearDuplicates == 1);
  CHECK(f.rankedIds("lc") ==
        std::vector<int64_t>{f.pool[4], f.pool[3], f.pool[2], f.pool[1], f.pool[0], dup});
  options.skipNearDuplicates = false;
  PoolRanker(*f.project, *model, f.modelId).run(options);
  CHECK(f.rankedIds("lc").at(1) == dup);  // equal score: next to its twin
}

TEST_CASE("pool ranker: cancellation keeps the previous ranking") {
  RankerFixture f;
  const auto model = lengthModel();
  PoolRanker(*f.project, *model, f.modelId).run({});
  const auto before = f.rankedIds("lc");
  std::atomic<bool> cancel{false};
  PoolRankOptions options;
  options.batchDocuments = 2;
  options.cancel = &cancel;
  options.progress = [&](const active::RankProgress& p) {
    if (p.done >= 2) cancel.store(true);  // as a Cancel button would, mid-way
  };
  const auto result = PoolRanker(*f.project, *model, f.modelId).run(options);
  CHECK(result.cancelled);
  CHECK(f.rankedIds("lc") == before);
}

TEST_CASE("pool ranker: labels the project lacks are counted, not stored") {
  RankerFixture f("B");
  const auto model = lengthModel({"A"});
  const auto result = PoolRanker(*f.project, *model, f.modelId).run({});
  CHECK(result.missingLabels == std::vector<std::string>{"A"});
  CHECK(result.unstoredSpans == 5);
  CHECK(result.documents == 5);  // still ranked
  CHECK(f.project->predictions().get(f.pool[0], f.modelId).empty());
}

TEST_CASE("pool ranker: an unknown model id or a bad threshold is refused") {
  RankerFixture f;
  const auto model = lengthModel();
  CHECK_THROWS_WITH(PoolRanker(*f.project, *model, f.modelId + 7).run({}),
                    ContainsSubstring("no model with id"));
  PoolRankOptions options;
  options.skipNearDuplicates = true;
  options.duplicateThreshold = 0.0;
  CHECK_THROWS_AS(PoolRanker(*f.project, *model, f.modelId).run(options), std::invalid_argument);
  CHECK(f.project->predictions().get(f.pool[0], f.modelId).empty());  // nothing done
}

TEST_CASE("model registration finds a package again and tells retrained weights apart") {
  TempDir dir;
  auto project = store::ProjectStore::create(dir.file("p.sfproj"));
  train::PackageInfo info;
  info.labels = {"PER", "LOC"};
  info.created = "2024-05-01T12:00:00Z";
  info.metricsJson = R"({"dev": {"ents_f": 0.5}})";
  info.files["weights.safetensors"] = {100, "00000000000000aa"};
  const std::string packageDir = dir.file("model");

  const int64_t id = active::ModelRegistration::ensure(*project, packageDir, info);
  CHECK(id > 0);
  CHECK(active::ModelRegistration::ensure(*project, packageDir + "/", info) == id);
  CHECK(active::ModelRegistration::find(*project, packageDir, info) == id);
  const auto models = project->runs().models();
  REQUIRE(models.size() == 1);
  CHECK(models[0].name == "model");
  CHECK(models[0].labelsJson == R"(["PER","LOC"])");
  CHECK(models[0].metricsJson.find("\"weights_xxh3\":\"00000000000000aa\"") != std::string::npos);
  CHECK(models[0].metricsJson.find("\"dev\"") != std::string::npos);
  CHECK_FALSE(models[0].current);

  info.files["weights.safetensors"] = {100, "00000000000000bb"};  // retrained in place
  CHECK(active::ModelRegistration::find(*project, packageDir, info) == 0);
  const int64_t retrained = active::ModelRegistration::ensure(*project, packageDir, info);
  CHECK(retrained != id);
  CHECK(active::ModelRegistration::ensure(*project, dir.file("other"), info) != retrained);

  // A model a training run registered: its path and the package's metrics.
  store::ModelRecord trained;
  trained.name = "Run 1";
  trained.path = dir.file("trained");
  trained.metricsJson = R"({"dev": {"ents_f": 0.75}})";
  const int64_t trainedId = project->runs().addModel(trained);
  info.metricsJson = trained.metricsJson;
  CHECK(active::ModelRegistration::ensure(*project, dir.file("trained"), info) == trainedId);
}
