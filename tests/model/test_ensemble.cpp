// Ensembles of seeds: NerModel::addEnsembleMember pools CRF scores.
#include "conlldata.h"
#include "model/computethreads.h"
#include "model/knownwords.h"
#include "model/nermodel.h"
#include "smallmodel.h"

#include "torchcatch.h"

#include <memory>
#include <vector>

using namespace spanforge::model;
using spanforge::model::testing::batchOf;
using spanforge::model::testing::readConll;
using spanforge::model::testing::Sentence;
using spanforge::model::testing::smallConfig;

namespace {

const std::vector<Sentence>& data() {
  static const std::vector<Sentence> d = readConll(testing::kDemoTrain, 20);
  return d;
}

std::unique_ptr<NerModel> trained(uint64_t seed,
                                  ModelConfig config = smallConfig("bilstm", "biluo")) {
  torch::manual_seed(seed);
  auto m = std::make_unique<NerModel>(config, testing::labelsOf(data()));
  testing::train(*m, batchOf(*m, data(), true), 12);
  return m;
}

void checkSame(const std::vector<Prediction>& a, const std::vector<Prediction>& b) {
  REQUIRE(a.size() == b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i].tags == b[i].tags);
    CHECK(a[i].bestPathProbability == b[i].bestPathProbability);
    CHECK(a[i].margin == b[i].margin);
    REQUIRE(a[i].spans.size() == b[i].spans.size());
    for (size_t k = 0; k < a[i].spans.size(); ++k)
      CHECK(a[i].spans[k].score == b[i].spans[k].score);
  }
}

}  // namespace

TEST_CASE("ensemble: scores pooled, a copy changes nothing, the order does not matter") {
  ComputeThreads::apply(1);
  const auto a = trained(0);
  const auto b = trained(1);
  const Batch batch = batchOf(*a, data(), false);
  const auto alone = a->predict(batch);
  checkSame(trained(0)->predict(batch), alone);  // training repeats exactly: copies below

  // A model with a copy of itself predicts exactly what it does alone.
  auto twice = trained(0);
  twice->addEnsembleMember(trained(0));
  CHECK(twice->ensembleSize() == 2);
  checkSame(twice->predict(batch), alone);

  // Pooling is symmetric, and it is not either model alone.
  auto ab = trained(0);
  ab->addEnsembleMember(trained(1));
  auto ba = trained(1);
  ba->addEnsembleMember(trained(0));
  const auto pooled = ab->predict(batch);
  checkSame(ba->predict(batch), pooled);
  const auto other = b->predict(batch);
  size_t differs = 0;
  for (size_t i = 0; i < pooled.size(); ++i)
    differs += pooled[i].bestPathProbability != alone[i].bestPathProbability &&
               pooled[i].bestPathProbability != other[i].bestPathProbability;
  CHECK(differs == pooled.size());
  // The featurized-sentences path pools too (in other batches: equal to
  // float rounding).
  std::vector<std::vector<std::string>> sentences;
  for (const auto& s : data()) sentences.push_back(s.tokens);
  const auto rebatched = ab->predict(sentences);
  REQUIRE(rebatched.size() == pooled.size());
  for (size_t i = 0; i < pooled.size(); ++i) {
    CHECK(rebatched[i].tags == pooled[i].tags);
    CHECK(rebatched[i].bestPathProbability == Approx(pooled[i].bestPathProbability).epsilon(1e-6));
  }
}

TEST_CASE("ensemble: models that cannot share features are refused, saying what differs") {
  ComputeThreads::apply(1);
  auto a = trained(0);
  torch::manual_seed(1);
  auto fewerLabels = std::make_unique<NerModel>(smallConfig("bilstm", "biluo"),
                                                std::vector<std::string>{"person"});
  CHECK_THROWS_WITH(a->addEnsembleMember(std::move(fewerLabels)),
                    ContainsSubstring("the labels differ"));
  auto config = smallConfig("bilstm", "biluo");
  config.hashRows = 3000;
  CHECK_THROWS_WITH(a->addEnsembleMember(trained(1, config)), ContainsSubstring("word features"));
  config = smallConfig("bilstm", "iob2");
  CHECK_THROWS_WITH(a->addEnsembleMember(trained(1, config)), ContainsSubstring("tag schemes"));
  auto otherWords = trained(1);
  auto known = std::make_shared<KnownWords>();
  known->add("oslo");
  otherWords->setKnownWords(known);
  CHECK_THROWS_WITH(a->addEnsembleMember(std::move(otherWords)),
                    ContainsSubstring("training words differ"));
  CHECK(a->ensembleSize() == 1);
  // Another encoder is fine: only the features must match.
  a->addEnsembleMember(trained(2, smallConfig("cnn", "biluo")));
  CHECK(a->ensembleSize() == 2);
}
