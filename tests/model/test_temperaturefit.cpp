// Temperature scaling of the CRF: the fit against a brute-force search, and
// a temperature never changes what is predicted, only how sure it is.
#include "conlldata.h"
#include "model/computethreads.h"
#include "model/nermodel.h"
#include "model/temperaturefit.h"
#include "smallmodel.h"

#include "torchcatch.h"

#include <cmath>
#include <vector>

using namespace spanforge::model;
using spanforge::model::testing::batchOf;
using spanforge::model::testing::readConll;
using spanforge::model::testing::Sentence;
using spanforge::model::testing::smallConfig;

namespace {

TemperatureFit fitOn(const NerModel& model, const std::vector<Sentence>& data) {
  TemperatureFit fit;
  const Batch batch = batchOf(model, data, false);
  std::vector<int64_t> lengths;
  std::vector<std::vector<int64_t>> gold;
  for (const auto& s : data) {
    lengths.push_back(static_cast<int64_t>(s.tokens.size()));
    gold.push_back(model.encodeTags(s.spans, s.tokens.size()));
  }
  fit.add(model.crfInputs(batch), lengths, gold);
  return fit;
}

}  // namespace

TEST_CASE("temperature fit: the least gold-path NLL, as a brute-force search finds it") {
  ComputeThreads::apply(1);
  const auto all = readConll(testing::kDemoTrain, 60);
  const std::vector<Sentence> train(all.begin(), all.begin() + 20);
  const std::vector<Sentence> heldOut(all.begin() + 20, all.end());
  torch::manual_seed(0);
  NerModel model(smallConfig("bilstm", "biluo"), testing::labelsOf(all));
  testing::train(model, batchOf(model, train, true), 80);  // memorised: overconfident elsewhere
  const TemperatureFit fit = fitOn(model, heldOut);
  REQUIRE(fit.sentences() == heldOut.size());
  const double t = fit.fit();

  double bestT = 0.0, bestNll = INFINITY;
  const int steps = 2000;
  const double lo = std::log(TemperatureFit::kMin), hi = std::log(TemperatureFit::kMax);
  for (int i = 0; i <= steps; ++i) {
    const double x = std::exp(lo + (hi - lo) * i / steps);
    const double v = fit.nll(x);
    if (v < bestNll) bestNll = v, bestT = x;
  }
  INFO("fitted " << t << ", grid " << bestT);
  CHECK(fit.nll(t) <= bestNll + 1e-9);
  CHECK(std::abs(std::log(t) - std::log(bestT)) <= (hi - lo) / steps);
  CHECK(t > 1.0);  // a memorising model is too sure of unseen sentences
  CHECK(fit.nll(t) < fit.nll(1.0));
}

TEST_CASE("temperature: the same spans and paths, only their probabilities move") {
  ComputeThreads::apply(1);
  const auto data = readConll(testing::kDemoTrain, 30);
  torch::manual_seed(0);
  NerModel model(smallConfig("bilstm", "biluo"), testing::labelsOf(data));
  testing::train(model, batchOf(model, data, true), 30);
  const Batch batch = batchOf(model, data, false);
  const auto plain = model.predict(batch);
  CHECK(model.temperature() == 1.0);
  for (const double t : {0.5, 2.0, 4.0}) {
    model.setTemperature(t);
    const auto scaled = model.predict(batch);
    int spans = 0;
    for (size_t i = 0; i < plain.size(); ++i) {
      CHECK(scaled[i].tags == plain[i].tags);
      REQUIRE(scaled[i].spans.size() == plain[i].spans.size());
      for (size_t k = 0; k < plain[i].spans.size(); ++k, ++spans) {
        CHECK(scaled[i].spans[k].span == plain[i].spans[k].span);
        // Hotter is less sure, colder more (for spans the model favours).
        if (plain[i].spans[k].score > 0.5 && plain[i].spans[k].score < 0.999) {
          if (t > 1)
            CHECK(scaled[i].spans[k].score < plain[i].spans[k].score);
          else
            CHECK(scaled[i].spans[k].score > plain[i].spans[k].score);
        }
      }
    }
    CHECK(spans > 0);
  }
  model.setTemperature(1.0);
  CHECK(model.predict(batch)[0].bestPathProbability == plain[0].bestPathProbability);
  CHECK_THROWS_AS(model.setTemperature(0.0), std::invalid_argument);
  CHECK_THROWS_AS(model.setTemperature(-1.0), std::invalid_argument);
  CHECK_THROWS_AS(model.setTemperature(NAN), std::invalid_argument);
}
