#include "model/featurizer.h"
#include "model/knownwords.h"
#include "model/nermodel.h"
#include "tempdir.h"
#include "torchcatch.h"
#include "train/config/configerror.h"
#include "train/config/tomlconfig.h"
#include "train/modelsetup.h"
#include "train/package/modelpackageerror.h"
#include "train/pretrain/chartargets.h"
#include "train/pretrain/pretrainedweights.h"
#include "train/pretrain/pretrainer.h"
#include "train/trainingerror.h"
#include "traintestdata.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <set>

using namespace spanforge;
using namespace spanforge::train;
using namespace spanforge::train::testing;
using spanforge::testing::TempDir;

namespace {

// Every parameter of `a` with the same name in `b` and equal values, but
// those named `except...`.
bool sameWeights(model::NerModel& a, model::NerModel& b, const std::string& except1,
                 const std::string& except2) {
  const auto pb = b.module().named_parameters(true);
  int compared = 0;
  for (const auto& p : a.module().named_parameters(true)) {
    if (p.key().find(except1) != std::string::npos || p.key().find(except2) != std::string::npos)
      continue;
    const torch::Tensor* other = pb.find(p.key());
    if (other == nullptr || !torch::equal(p.value(), *other)) return false;
    ++compared;
  }
  return compared > 0;
}

}  // namespace

TEST_CASE("char targets: the first and last n characters of each token, padding ignored") {
  model::NerModel m(tinyConfig().model, {"PER"});
  model::Batch b;
  b.add(m.featurize({"Oslo", "is", "x"}));
  const torch::Tensor t = CharTargets::build(b, 3);
  REQUIRE(t.sizes() == torch::IntArrayRef({1, 3, 6}));
  const auto& f = b.sentence(0);
  const auto id = [&](int64_t tok, int64_t k) { return f.charIds[tok * f.charWidth + k]; };
  // "Oslo": O s l | o l s
  CHECK(t[0][0][0].item<int64_t>() == id(0, 0));
  CHECK(t[0][0][2].item<int64_t>() == id(0, 2));
  CHECK(t[0][0][3].item<int64_t>() == id(0, 3));
  CHECK(t[0][0][5].item<int64_t>() == id(0, 1));
  // "is": i s - | s i -
  CHECK(t[0][1][2].item<int64_t>() == CharTargets::kIgnore);
  CHECK(t[0][1][3].item<int64_t>() == id(1, 1));
  CHECK(t[0][1][5].item<int64_t>() == CharTargets::kIgnore);
  // "x": the same character first and last
  CHECK(t[0][2][0].item<int64_t>() == t[0][2][3].item<int64_t>());
  CHECK(t[0][2][0].item<int64_t>() != CharTargets::kIgnore);
}

TEST_CASE("pretraining writes checkpoints a new model starts from") {
  TempDir dir;
  const std::string out = dir.file("pre");
  std::vector<PretrainCheckpointEvent> checkpoints;
  int64_t steps = 0;
  PretrainerOptions options;
  options.onStep = [&](const PretrainStepEvent& e) {
    ++steps;
    CHECK(e.step == steps);
    CHECK(std::isfinite(e.loss));
    CHECK(e.progress == Approx(e.step / 12.0));
  };
  bool checkpointFinished = true;
  options.onCheckpoint = [&](const PretrainCheckpointEvent& e) {
    if (checkpoints.empty()) checkpointFinished = PretrainedWeights::readSummary(out).finished;
    checkpoints.push_back(e);
  };
  Pretrainer pretrainer(pretrainTestConfig(12), textOf(head(demoTrain(), 300)), out, options);
  const PretrainResult r = pretrainer.run();
  INFO(r.message);
  REQUIRE(r.reason == FinishReason::MaxSteps);
  CHECK(r.steps == 12);
  CHECK(r.outputDir == out);
  REQUIRE(checkpoints.size() == 3);  // 5, 10 and the end
  CHECK(checkpoints[0].step == 5);
  CHECK(checkpoints[2].step == 12);
  CHECK(checkpoints[2].heldOutLoss == r.heldOutLoss);
  CHECK(r.heldOutLoss > 0.0);

  const auto meta = nlohmann::json::parse(std::ifstream(dir.file("pre/pretrain.json")));
  CHECK(meta["format"] == "spanforge-pretrained");
  CHECK(meta["steps"] == 12);
  CHECK(meta["sentences"] == 300);
  CHECK(meta["finished"] == true);
  CHECK_FALSE(checkpointFinished);  // the checkpoint at step 5 was one on the way

  // A new model with model.pretrained: the pretrained embeddings and
  // encoder, a fresh output layer and CRF, the text's words known.
  PretrainedWeights pre = PretrainedWeights::load(out, "biluo");
  TrainConfig config = tinyConfig();
  config.model.pretrained = out;
  config.model.dropout = 0.2;  // training-only settings stay the config's
  const Corpus labelled = head(demoTrain(), 50);
  auto model = ModelSetup::build(config, labelled, "", nullptr);
  CHECK(config.model.dropout == 0.2);
  CHECK(sameWeights(pre.model(), *model, "output", "crf"));
  // A word of the pretraining text that no labelled sentence has.
  std::set<std::string> labelledWords;
  for (const auto& e : labelled.examples())
    for (const auto& t : e.tokens) labelledWords.insert(model::Featurizer::norm(t));
  std::string unlabelledWord;
  for (size_t i = 250; i < 300 && unlabelledWord.empty(); ++i)
    for (const auto& t : demoTrain()[i].tokens)
      if (!labelledWords.count(model::Featurizer::norm(t)))
        unlabelledWord = model::Featurizer::norm(t);
  REQUIRE_FALSE(unlabelledWord.empty());
  CHECK(model->knownWords()->contains(unlabelledWord));
  CHECK(pre.model().knownWords()->contains(unlabelledWord));

  // Only the labelled words known: the others are the unknown word, as
  // without pretraining; the weights are the same.
  TrainConfig narrow = tinyConfig();
  narrow.model.pretrained = out;
  narrow.model.pretrainedVocabulary = false;
  auto narrowModel = ModelSetup::build(narrow, labelled, "", nullptr);
  CHECK_FALSE(narrowModel->knownWords()->contains(unlabelledWord));
  CHECK(sameWeights(pre.model(), *narrowModel, "output", "crf"));

  // Without it, a random start.
  TrainConfig plain = tinyConfig();
  auto fresh = ModelSetup::build(plain, labelled, "", nullptr);
  CHECK_FALSE(sameWeights(pre.model(), *fresh, "output", "crf"));
}

TEST_CASE("pretraining lowers the held-out loss") {
  TempDir dir;
  std::vector<double> held;
  PretrainerOptions options;
  options.onCheckpoint = [&](const PretrainCheckpointEvent& e) { held.push_back(e.heldOutLoss); };
  TrainConfig config = pretrainTestConfig(40);
  config.pretraining.checkpointEvery = 10;
  Pretrainer(config, textOf(head(demoTrain(), 400)), dir.file("pre"), options).run();
  REQUIRE(held.size() == 4);
  CHECK(held.back() < held.front());
  // Its last checkpoint fell on its last step: written again, marked finished.
  const PretrainSummary summary = PretrainedWeights::readSummary(dir.file("pre"));
  CHECK(summary.steps == 40);
  CHECK(summary.finished);
}

TEST_CASE("pretraining stops when cancelled and keeps what it learnt") {
  TempDir dir;
  std::atomic<bool> cancel{false};
  PretrainerOptions options;
  options.cancel = &cancel;
  options.onStep = [&](const PretrainStepEvent& e) {
    if (e.step == 3) cancel = true;
  };
  const PretrainResult r =
      Pretrainer(pretrainTestConfig(100), textOf(head(demoTrain(), 100)), dir.file("pre"), options)
          .run();
  CHECK(r.reason == FinishReason::Cancelled);
  CHECK(r.steps == 3);
  CHECK(PretrainedWeights::load(dir.file("pre"), "biluo").summary().steps == 3);
  CHECK_FALSE(PretrainedWeights::readSummary(dir.file("pre")).finished);
}

TEST_CASE("pretraining refuses too little text, and bad folders are named") {
  TempDir dir;
  CHECK_THROWS_AS(Pretrainer(pretrainTestConfig(5), textOf(head(demoTrain(), 5)), dir.file("p")),
                  TrainingError);
  // A folder that is something else is not replaced.
  std::filesystem::create_directories(dir.file("other"));
  std::ofstream(dir.file("other/notes.txt")) << "mine";
  const PretrainResult r =
      Pretrainer(pretrainTestConfig(2), textOf(head(demoTrain(), 40)), dir.file("other")).run();
  CHECK(r.reason == FinishReason::Failed);
  CHECK(r.message.find("not a pretrain output folder") != std::string::npos);
  CHECK(std::filesystem::exists(dir.file("other/notes.txt")));

  CHECK_THROWS_AS(PretrainedWeights::load(dir.file("missing"), "biluo"), ModelPackageError);
  CHECK_THROWS_AS(PretrainedWeights::load(dir.file("other"), "biluo"), ModelPackageError);
  // A damaged weights file is found by its size.
  REQUIRE(Pretrainer(pretrainTestConfig(2), textOf(head(demoTrain(), 40)), dir.file("pre"))
              .run()
              .reason == FinishReason::MaxSteps);
  std::filesystem::resize_file(dir.file("pre/weights.safetensors"), 100);
  try {
    PretrainedWeights::load(dir.file("pre"), "biluo");
    FAIL("a damaged folder loaded");
  } catch (const ModelPackageError& e) {
    CHECK(e.path() == dir.file("pre/weights.safetensors"));
  }
}

TEST_CASE("model.pretrained must name a folder, refused at config load with its line") {
  TempDir dir;
  std::ofstream(dir.file("c.toml")) << "[model]\npretrained = \"" << dir.file("nope") << "\"\n";
  try {
    loadConfigFile(dir.file("c.toml"));
    FAIL("loaded");
  } catch (const ConfigError& e) {
    CHECK(std::string(e.what()).find("c.toml:2") != std::string::npos);
    CHECK(std::string(e.what()).find("model.pretrained") != std::string::npos);
  }
  std::ofstream(dir.file("f.txt")) << "x";
  std::ofstream(dir.file("d.toml")) << "[model]\npretrained = \"" << dir.file("f.txt") << "\"\n";
  CHECK_THROWS_WITH(loadConfigFile(dir.file("d.toml")), ContainsSubstring("a file, not a folder"));
}
