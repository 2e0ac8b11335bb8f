// training.accumulate_gradient: N batches per optimizer step train like one
// batch of all their sentences.
#include "recordingobserver.h"
#include "tempdir.h"
#include "train/trainer.h"
#include "traintestdata.h"

#include "catchapi.h"

#include <cmath>

using namespace spanforge::train;
using namespace spanforge::train::testing;
using spanforge::testing::TempDir;

namespace {

constexpr int64_t kLength = 8;

// Demo sentences cut to their first kLength tokens, so that a batch of
// k * kLength words holds exactly k sentences (with bucketing off).
Corpus sameLength(const Corpus& c, size_t n) {
  Corpus out;
  for (const auto& e : c.examples()) {
    if (out.size() == n) break;
    if (static_cast<int64_t>(e.tokens.size()) < kLength) continue;
    Example cut;
    cut.tokens.assign(e.tokens.begin(), e.tokens.begin() + kLength);
    for (const auto& s : e.spans)
      if (s.last <= kLength) cut.spans.push_back(s);
    out.add(std::move(cut));
  }
  return out;
}

// No randomness but the shuffle, which both runs share.
TrainConfig deterministic(int64_t sentencesPerBatch, int64_t accumulate) {
  TrainConfig c = tinyConfig();
  c.model.dropout = 0.0;
  c.model.wordDropout = 0.0;
  c.training.lengthBucketing = false;
  c.training.batchWords = sentencesPerBatch * kLength;
  c.training.accumulateGradient = accumulate;
  c.training.learningRate = 0.05;
  c.training.maxSteps = 8;
  c.training.evalFrequency = 100;
  return c;
}

std::vector<StepEvent> run(const TrainConfig& config, const Corpus& train, const std::string& out) {
  RecordingObserver obs;
  TrainerOptions options;
  options.observer = &obs;
  Trainer trainer(config, train, head(demoDev(), 50), out, options);
  const FinishedEvent done = trainer.run();
  INFO(done.message);
  REQUIRE(done.reason == FinishReason::MaxSteps);
  return obs.all<StepEvent>();
}

}  // namespace

TEST_CASE("accumulate_gradient: two batches per step train like one batch of both") {
  const Corpus train = sameLength(demoTrain(), 120);
  REQUIRE(train.size() == 120);
  TempDir dir;
  // 3 sentences a batch, 2 batches a step vs 6 sentences a batch: 20 steps
  // an epoch either way; 8 steps take the same 48 sentences in the same order.
  const auto accumulated = run(deterministic(3, 2), train, dir.file("a"));
  const auto single = run(deterministic(6, 1), train, dir.file("b"));
  REQUIRE(accumulated.size() == 8);
  REQUIRE(single.size() == 8);
  for (size_t i = 0; i < single.size(); ++i) {
    INFO("step " << i + 1);
    CHECK(accumulated[i].step == single[i].step);
    CHECK(accumulated[i].batchWords == 6 * kLength);
    CHECK(single[i].batchWords == 6 * kLength);
    // Same sentences, same weights: the losses agree up to float summation order.
    CHECK(accumulated[i].loss == Approx(single[i].loss).epsilon(1e-4));
  }
  // The weights moved: later losses differ from the first (the comparison
  // above is not of eight identical numbers).
  CHECK(std::abs(single.back().loss - single.front().loss) > 1e-3);
}

TEST_CASE("accumulate_gradient: an epoch's last step takes the batches that are left") {
  const Corpus train = sameLength(demoTrain(), 30);
  TempDir dir;
  // 10 batches of 3 sentences, 4 per step: steps of 12, 12 and 6 sentences.
  TrainConfig c = deterministic(3, 4);
  c.training.maxSteps = 0;
  c.training.maxEpochs = 1;
  RecordingObserver obs;
  TrainerOptions options;
  options.observer = &obs;
  const FinishedEvent done = Trainer(c, train, head(demoDev(), 50), dir.file("m"), options).run();
  INFO(done.message);
  REQUIRE(done.reason == FinishReason::MaxEpochs);
  const auto steps = obs.all<StepEvent>();
  REQUIRE(steps.size() == 3);
  CHECK(steps[0].batchWords == 12 * kLength);
  CHECK(steps[1].batchWords == 12 * kLength);
  CHECK(steps[2].batchWords == 6 * kLength);
  CHECK(done.epochs == 1);
}
