// Dropout disagreement (BALD) predictions: NerModel::predict with samples.
#include "conlldata.h"
#include "model/computethreads.h"
#include "model/nermodel.h"
#include "smallmodel.h"

#include "torchcatch.h"

#include <cmath>
#include <numeric>
#include <vector>

using namespace spanforge::model;
using spanforge::model::testing::batchOf;
using spanforge::model::testing::readConll;
using spanforge::model::testing::Sentence;
using spanforge::model::testing::smallConfig;

namespace {

double mean(const std::vector<Prediction>& p) {
  double sum = 0;
  for (const auto& x : p) sum += x.pathDisagreement;
  return sum / static_cast<double>(p.size());
}

}  // namespace

TEST_CASE("dropout samples: disagreement only, the prediction itself is unchanged") {
  ComputeThreads::apply(1);
  const std::vector<Sentence> data = readConll(testing::kDemoTrain, 30);
  torch::manual_seed(0);
  const NerModel model(smallConfig("bilstm", "biluo"), testing::labelsOf(data));
  const auto plain = model.predict(batchOf(model, data, false));
  const auto sampled = model.predict(batchOf(model, data, false), 10);
  REQUIRE(sampled.size() == plain.size());
  int disagreeing = 0;
  for (size_t i = 0; i < data.size(); ++i) {
    CHECK(plain[i].pathDisagreement == 0.0);
    CHECK(sampled[i].tags == plain[i].tags);
    CHECK(sampled[i].bestPathProbability == plain[i].bestPathProbability);
    CHECK(sampled[i].margin == plain[i].margin);
    // A share of 10 samples: 0, 0.1, ..., at most 0.9.
    const double d = sampled[i].pathDisagreement;
    CHECK(d >= 0.0);
    CHECK(d <= 0.9 + 1e-12);
    CHECK(std::abs(d * 10 - std::round(d * 10)) < 1e-9);
    if (d > 0) ++disagreeing;
  }
  // An untrained model's samples disagree on long sentences.
  CHECK(disagreeing > 0);
}

TEST_CASE("dropout samples: the same for a sentence in any batch and order") {
  ComputeThreads::apply(1);
  const std::vector<Sentence> data = readConll(testing::kDemoTrain, 12);
  torch::manual_seed(1);
  const NerModel model(smallConfig("bilstm", "biluo"), testing::labelsOf(data));
  const auto together = model.predict(batchOf(model, data, false), 10);
  std::vector<Sentence> reversed(data.rbegin(), data.rend());
  const auto backwards = model.predict(batchOf(model, reversed, false), 10);
  for (size_t i = 0; i < data.size(); ++i) {
    const auto alone = model.predict(batchOf(model, {data[i]}, false), 10);
    CHECK(alone[0].pathDisagreement == together[i].pathDisagreement);
    CHECK(backwards[data.size() - 1 - i].pathDisagreement == together[i].pathDisagreement);
  }
}

TEST_CASE("dropout samples: none without dropout, and fewer once the sentences are learned") {
  ComputeThreads::apply(1);
  const std::vector<Sentence> data = readConll(testing::kDemoTrain, 20);
  ModelConfig config = smallConfig("bilstm", "biluo");
  config.dropout = 0.3;
  torch::manual_seed(2);
  NerModel model(config, testing::labelsOf(data));
  const double before = mean(model.predict(batchOf(model, data, false), 10));
  spanforge::model::testing::train(model, batchOf(model, data, true), 80);
  const double after = mean(model.predict(batchOf(model, data, false), 10));
  INFO("mean disagreement " << before << " -> " << after);
  CHECK(before > 0.1);
  CHECK(after < before / 2);

  config.dropout = 0.0;
  torch::manual_seed(2);
  const NerModel noDropout(config, testing::labelsOf(data));
  for (const auto& p : noDropout.predict(batchOf(noDropout, data, false), 10))
    CHECK(p.pathDisagreement == 0.0);
}
