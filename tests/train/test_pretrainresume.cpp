// Resuming a pretraining (PretrainerOptions::resume): an interrupted or
// extended run ends where one never stopped would, and what cannot be
// resumed says why.
#include "model/nermodel.h"
#include "model/safetensorsfile.h"
#include "tempdir.h"
#include "torchcatch.h"
#include "train/package/modelpackageerror.h"
#include "train/pretrain/pretrainedweights.h"
#include "train/pretrain/pretrainer.h"
#include "train/pretrain/pretrainresume.h"
#include "train/pretrain/pretrainstate.h"
#include "traintestdata.h"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>

using namespace spanforge;
using namespace spanforge::train;
using namespace spanforge::train::testing;
using spanforge::testing::TempDir;

namespace {

// About four batches an epoch, so 12 steps cross epochs.
const std::vector<std::vector<std::string>>& smallText() {
  static const auto text = textOf(head(demoTrain(), 60));
  return text;
}

// Every parameter equal, the untrained output layer and CRF included.
bool sameFolderWeights(const std::string& a, const std::string& b) {
  PretrainedWeights x = PretrainedWeights::load(a, "biluo");
  PretrainedWeights y = PretrainedWeights::load(b, "biluo");
  const auto py = y.model().module().named_parameters(true);
  int compared = 0;
  for (const auto& p : x.model().module().named_parameters(true)) {
    const torch::Tensor* other = py.find(p.key());
    if (other == nullptr || !torch::equal(p.value(), *other)) return false;
    ++compared;
  }
  return compared > 0;
}

PretrainResult pretrain(const TrainConfig& config, const std::string& out, bool resume,
                        int64_t cancelAt = 0) {
  std::atomic<bool> cancel{false};
  PretrainerOptions options;
  options.resume = resume;
  options.cancel = &cancel;
  options.onStep = [&](const PretrainStepEvent& e) {
    if (e.step == cancelAt) cancel = true;
  };
  return Pretrainer(config, smallText(), out, options).run();
}

}  // namespace

TEST_CASE("a pretraining stopped mid-epoch and resumed ends as one never stopped") {
  TempDir dir;
  const PretrainResult whole = pretrain(pretrainTestConfig(12), dir.file("whole"), false);
  REQUIRE(whole.reason == FinishReason::MaxSteps);
  REQUIRE(whole.epochs >= 3);  // the stop and the end fall in different epochs

  const PretrainResult stopped = pretrain(pretrainTestConfig(12), dir.file("part"), false, 7);
  REQUIRE(stopped.reason == FinishReason::Cancelled);
  REQUIRE(stopped.steps == 7);  // written at step 7, after the checkpoint at 5

  const Pretrainer probe(pretrainTestConfig(12), smallText(), dir.file("part"));
  const PretrainResumePoint point = probe.resumePoint();
  INFO(point.why);
  REQUIRE(point.possible());
  CHECK(point.step == 7);
  CHECK_FALSE(point.reached);

  std::vector<int64_t> steps;
  PretrainerOptions options;
  options.resume = true;
  options.onStep = [&](const PretrainStepEvent& e) { steps.push_back(e.step); };
  const PretrainResult resumed =
      Pretrainer(pretrainTestConfig(12), smallText(), dir.file("part"), options).run();
  INFO(resumed.message);
  REQUIRE(resumed.reason == FinishReason::MaxSteps);
  CHECK(resumed.resumedFrom == 7);
  CHECK(steps == std::vector<int64_t>{8, 9, 10, 11, 12});
  CHECK(resumed.steps == 12);
  CHECK(resumed.epochs == whole.epochs);
  CHECK(resumed.words == whole.words);
  CHECK(resumed.heldOutLoss == whole.heldOutLoss);  // exactly: the same computation
  CHECK(resumed.seconds >= stopped.seconds);        // the stopped run's time counts
  CHECK(sameFolderWeights(dir.file("whole"), dir.file("part")));
  CHECK(PretrainedWeights::readSummary(dir.file("part")).finished);

  // Without resume the folder is pretrained again from step 0.
  const PretrainResult again = pretrain(pretrainTestConfig(3), dir.file("part"), false);
  CHECK(again.resumedFrom == 0);
  CHECK(PretrainedWeights::readSummary(dir.file("part")).steps == 3);
}

TEST_CASE("a finished pretraining goes on when its step limit is raised") {
  TempDir dir;
  REQUIRE(pretrain(pretrainTestConfig(12), dir.file("whole"), false).reason ==
          FinishReason::MaxSteps);
  REQUIRE(pretrain(pretrainTestConfig(10), dir.file("more"), false).reason ==
          FinishReason::MaxSteps);

  // At its own limit there is nothing to do.
  CHECK(Pretrainer(pretrainTestConfig(10), smallText(), dir.file("more")).resumePoint().reached);

  const PretrainResult longer = pretrain(pretrainTestConfig(12), dir.file("more"), true);
  REQUIRE(longer.reason == FinishReason::MaxSteps);
  CHECK(longer.resumedFrom == 10);
  CHECK(longer.steps == 12);
  CHECK(sameFolderWeights(dir.file("whole"), dir.file("more")));
}

TEST_CASE("what cannot be resumed says why, and resume then starts afresh") {
  TempDir dir;
  REQUIRE(pretrain(pretrainTestConfig(8), dir.file("pre"), false).reason == FinishReason::MaxSteps);
  const auto why = [&](const TrainConfig& config, const std::vector<std::vector<std::string>>& text,
                       const std::string& out) {
    return Pretrainer(config, text, out).resumePoint().why;
  };
  CHECK(why(pretrainTestConfig(12), smallText(), dir.file("pre")).empty());

  // Past this config's limit: it cannot be undone.
  CHECK_THAT(why(pretrainTestConfig(4), smallText(), dir.file("pre")),
             ContainsSubstring("has run 8 steps") && ContainsSubstring("past this config's limit"));
  // Another config: the first setting that differs is named.
  TrainConfig masked = pretrainTestConfig(12);
  masked.pretraining.maskRate = 0.25;
  CHECK_THAT(why(masked, smallText(), dir.file("pre")),
             ContainsSubstring("another config") && ContainsSubstring("[pretraining]") &&
                 ContainsSubstring("mask_rate = 0.15, here mask_rate = 0.25"));
  TrainConfig wider = pretrainTestConfig(12);
  wider.model.hidden = 64;
  CHECK_THAT(why(wider, smallText(), dir.file("pre")), ContainsSubstring("[model] hidden = 48"));
  // Limits, the checkpoint interval, the device and threads may change.
  TrainConfig other = pretrainTestConfig(20);
  other.pretraining.checkpointEvery = 3;
  other.device.threads = 2;
  other.training.maxSteps = 99;  // labelled training's: no part of a pretraining
  CHECK(why(other, smallText(), dir.file("pre")).empty());
  // Other text.
  CHECK_THAT(why(pretrainTestConfig(12), textOf(head(demoTrain(), 61)), dir.file("pre")),
             ContainsSubstring("pretrained on other text"));
  // No pretraining there: resume starts from step 0.
  const PretrainResumePoint none =
      Pretrainer(pretrainTestConfig(4), smallText(), dir.file("new")).resumePoint();
  CHECK(none.none);
  const PretrainResult fresh = pretrain(pretrainTestConfig(4), dir.file("new"), true);
  CHECK(fresh.resumedFrom == 0);
  CHECK(fresh.steps == 4);

  // A damaged resume state is named; run() then pretrains afresh.
  std::filesystem::resize_file(dir.file("pre/") + PretrainResume::kFile, 40);
  CHECK_THAT(why(pretrainTestConfig(12), smallText(), dir.file("pre")),
             ContainsSubstring(PretrainResume::kFile));
  const PretrainResult afresh = pretrain(pretrainTestConfig(3), dir.file("pre"), true);
  CHECK(afresh.resumedFrom == 0);
  CHECK(afresh.steps == 3);
  // A folder from before the resume state was kept.
  std::filesystem::remove(dir.file("pre/") + PretrainResume::kFile);
  CHECK_THAT(why(pretrainTestConfig(12), smallText(), dir.file("pre")),
             ContainsSubstring("holds no resume state"));
}

TEST_CASE("the resume state holds the optimizer's moments and fits only its own pretraining") {
  TempDir dir;
  REQUIRE(pretrain(pretrainTestConfig(5), dir.file("pre"), false).reason == FinishReason::MaxSteps);
  const std::string path = dir.file("pre/") + PretrainResume::kFile;
  const PretrainPosition p = PretrainResume::readPosition(path);
  CHECK(p.steps == 5);
  CHECK(p.epoch >= 2);
  CHECK(p.batchesDone >= 0);
  CHECK(p.textKey == PretrainResume::textKey(smallText()));
  // Not one of the weights' files: the folder loads without it.
  std::filesystem::copy_file(path, dir.file("resume-copy"));
  std::filesystem::remove(path);
  CHECK(PretrainedWeights::load(dir.file("pre"), "biluo").summary().steps == 5);
  std::filesystem::copy_file(dir.file("resume-copy"), path);

  // Another architecture's pretraining does not take it: refused whole, naming the file.
  TrainConfig wider = pretrainTestConfig(8);
  wider.model.hidden = 64;
  model::NerModel m(wider.model, {"PRETRAIN"});
  torch::nn::Linear head(m.contextDim(), 10);
  std::vector<torch::Tensor> trainable = m.module().parameters();
  torch::optim::Adam adam(trainable, torch::optim::AdamOptions(0.001));
  const torch::Tensor before = head->weight.clone();
  try {
    PretrainState::restore(path, head->parameters(), adam, trainable);
    FAIL("restored into another architecture");
  } catch (const ModelPackageError& e) {
    CHECK(e.path() == path);
  }
  CHECK(torch::equal(head->weight, before));
}

namespace {

// resume.safetensors written again with its generator's bytes and metadata
// changed by the caller: what a crafted file looks like.
void rewriteState(const std::string& path, const std::function<void(std::vector<uint8_t>&)>& rng,
                  const std::map<std::string, std::string>& metadata) {
  std::vector<std::vector<uint8_t>> bytes;
  std::vector<model::SafetensorsBlob> blobs;
  std::map<std::string, std::string> meta;
  {
    const model::SafetensorsFile file(path);
    meta = file.metadata();
    for (const auto& t : file.tensors()) {
      const uint8_t* data = file.data(t);
      bytes.emplace_back(data, data + (t.end - t.begin));
      if (t.name == "generator.cpu") rng(bytes.back());
    }
    size_t i = 0;
    for (const auto& t : file.tensors()) {
      auto shape = t.shape;
      if (t.name == "generator.cpu") shape = {static_cast<int64_t>(bytes[i].size())};
      blobs.push_back({t.name, t.dtype, shape, bytes[i++].data()});
    }
  }
  for (const auto& [k, v] : metadata) meta[k] = v;
  model::SafetensorsFile::write(path, blobs, meta);
}

}  // namespace

TEST_CASE("a crafted resume state is bad input named by its file, never a torch backtrace") {
  TempDir dir;
  REQUIRE(pretrain(pretrainTestConfig(5), dir.file("pre"), false).reason == FinishReason::MaxSteps);
  const std::string path = dir.file("pre/") + PretrainResume::kFile;
  const std::string saved = dir.file("saved");
  std::filesystem::copy_file(path, saved);

  // Positions this run cannot be at: said before anything is restored.
  for (const auto& [key, value] : std::vector<std::pair<std::string, std::string>>{
           {"batches_done", "999999"}, {"epoch", "0"}}) {
    INFO(key << " = " << value);
    std::filesystem::copy_file(saved, path, std::filesystem::copy_options::overwrite_existing);
    rewriteState(path, [](std::vector<uint8_t>&) {}, {{key, value}});
    CHECK_THAT(Pretrainer(pretrainTestConfig(12), smallText(), dir.file("pre")).resumePoint().why,
               ContainsSubstring("which this run cannot be at") &&
                   ContainsSubstring("damaged or crafted"));
  }

  std::filesystem::copy_file(saved, path, std::filesystem::copy_options::overwrite_existing);
  rewriteState(path, [](std::vector<uint8_t>&) {}, {{"batches_done", "-3"}});
  CHECK_THAT(Pretrainer(pretrainTestConfig(12), smallText(), dir.file("pre")).resumePoint().why,
             ContainsSubstring("\"batches_done\" is \"-3\", not a non-negative whole number"));

  // A generator state of another size: libtorch's refusal came with its backtrace.
  std::filesystem::copy_file(saved, path, std::filesystem::copy_options::overwrite_existing);
  rewriteState(path, [](std::vector<uint8_t>& g) { g.resize(10, 0xff); }, {});
  REQUIRE(
      Pretrainer(pretrainTestConfig(12), smallText(), dir.file("pre")).resumePoint().why.empty());
  // run() reports it as its failure, naming the file, without libtorch's backtrace.
  const PretrainResult r = pretrain(pretrainTestConfig(12), dir.file("pre"), true);
  CHECK(r.reason == FinishReason::Failed);
  CHECK_THAT(r.message, StartsWith(path + ": tensor \"generator.cpu\" is not a CPU generator's"));
  CHECK_THAT(r.message, !ContainsSubstring("Exception raised from"));
}
