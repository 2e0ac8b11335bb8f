#include "train/pretrain/pretrainer.h"

#include "model/batch.h"
#include "model/computethreads.h"
#include "model/featurizer.h"
#include "model/knownwords.h"
#include "model/nermodel.h"
#include "train/config/trainconfig.h"
#include "train/device/computedevice.h"
#include "train/package/modelpackage.h"
#include "train/package/modelpackageerror.h"
#include "train/package/packagefiles.h"
#include "train/pretrain/chartargets.h"
#include "train/pretrain/pretrainedweights.h"
#include "train/pretrain/pretrainresume.h"
#include "train/pretrain/pretrainstate.h"
#include "train/trainingerror.h"

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <numeric>
#include <random>
#include <sstream>

namespace spanforge::train {
namespace {

using Clock = std::chrono::steady_clock;

// Sentence indexes grouped into batches of about `words` words, by length
// so that little is padding.
std::vector<std::vector<size_t>> groupByLength(const std::vector<model::SentenceFeatures>& s,
                                               const std::vector<size_t>& which, int64_t words) {
  std::vector<size_t> order = which;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return s[a].length < s[b].length; });
  std::vector<std::vector<size_t>> out;
  std::vector<size_t> current;
  int64_t n = 0;
  for (size_t i : order) {
    current.push_back(i);
    n += s[i].length;
    if (n >= words) {
      out.push_back(std::move(current));
      current.clear();
      n = 0;
    }
  }
  if (!current.empty()) out.push_back(std::move(current));
  return out;
}

}  // namespace

struct Pretrainer::Impl {
  TrainConfig config;
  std::string outputDir;
  PretrainerOptions options;
  std::string device;
  std::unique_ptr<model::NerModel> model;
  torch::nn::Linear head{nullptr};
  std::vector<model::SentenceFeatures> features;
  std::vector<std::vector<size_t>> trainBatches;
  std::vector<std::vector<size_t>> heldOutBatches;
  std::vector<torch::Tensor> heldOutHide;  // fixed, so held-out losses compare
  int64_t sentences = 0;
  std::string textKey;

  model::Batch batchOf(const std::vector<size_t>& which) const {
    model::Batch b;
    for (size_t i : which) b.add(features[i]);
    return b;
  }

  // Mean cross-entropy per predicted character and the number predicted.
  std::pair<torch::Tensor, int64_t> loss(const model::Batch& batch, torch::Tensor hide) {
    const model::BatchTensors t = model->tensors(batch);
    hide = hide.to(t.mask().device()) & t.mask();
    if (!hide.any().item<bool>()) hide.index_put_({0, 0}, true);  // a token to predict
    const int64_t n = config.pretraining.characters;
    const torch::Tensor targets =
        CharTargets::build(batch, n).to(t.mask().device()).index({hide}).reshape({-1});
    const torch::Tensor context = model->contextTensor(t, hide).index({hide});
    const torch::Tensor logits =
        head->forward(context.to(torch::kFloat)).reshape({-1, model::Featurizer::kCharVocab});
    const int64_t counted = targets.ne(CharTargets::kIgnore).sum().item<int64_t>();
    return {
        torch::nn::functional::cross_entropy(
            logits, targets,
            torch::nn::functional::CrossEntropyFuncOptions().ignore_index(CharTargets::kIgnore)),
        counted};
  }

  double heldOutLoss() {
    torch::NoGradGuard noGrad;
    model->setTraining(false);
    head->eval();
    double sum = 0.0;
    int64_t count = 0;
    for (size_t i = 0; i < heldOutBatches.size(); ++i) {
      const auto [l, n] = loss(batchOf(heldOutBatches[i]), heldOutHide[i]);
      sum += l.item<double>() * static_cast<double>(n);
      count += n;
    }
    model->setTraining(true);
    head->train();
    return count > 0 ? sum / static_cast<double>(count) : 0.0;
  }
};

Pretrainer::Pretrainer(TrainConfig config, std::vector<std::vector<std::string>> sentences,
                       std::string outputDir, PretrainerOptions options)
    : impl_(std::make_unique<Impl>()) {
  Impl& d = *impl_;
  validateConfig(config);
  d.config = std::move(config);
  d.outputDir = std::move(outputDir);
  d.options = std::move(options);
  sentences.erase(
      std::remove_if(sentences.begin(), sentences.end(), [](const auto& s) { return s.empty(); }),
      sentences.end());
  if (static_cast<int64_t>(sentences.size()) < kMinSentences)
    throw TrainingError("too little text to pretrain on: " + std::to_string(sentences.size()) +
                        " sentence(s); at least " + std::to_string(kMinSentences) + " are needed");
  d.sentences = static_cast<int64_t>(sentences.size());
  d.textKey = PretrainResume::textKey(sentences);

  model::ComputeThreads::apply(static_cast<int>(d.config.device.threads));
  d.device = ComputeDevice::resolve(d.config.device.device);
  try {
    ComputeDevice::require(d.device);
  } catch (const std::runtime_error& x) {
    throw TrainingError("device \"" + d.device + "\": " + x.what());
  }
  torch::manual_seed(static_cast<uint64_t>(d.config.training.seed));
  d.model = std::make_unique<model::NerModel>(
      d.config.model, std::vector<std::string>{PretrainedWeights::kPlaceholderLabel});
  if (d.config.model.unknownWords) {
    // Every word of the text is known: its hashed rows are what pretraining trains.
    auto known = std::make_shared<model::KnownWords>();
    for (const auto& s : sentences)
      for (const auto& t : s) known->add(model::Featurizer::norm(t));
    d.model->setKnownWords(std::move(known));
  }
  d.head = torch::nn::Linear(d.model->contextDim(),
                             2 * d.config.pretraining.characters * model::Featurizer::kCharVocab);
  d.features.reserve(sentences.size());
  for (const auto& s : sentences) d.features.push_back(d.model->featurize(s));

  // A held-out share (5%, at most 500 sentences) for the loss curve.
  std::vector<size_t> order(sentences.size());
  std::iota(order.begin(), order.end(), 0);
  std::mt19937_64 rng(static_cast<uint64_t>(d.config.training.seed));
  std::shuffle(order.begin(), order.end(), rng);
  const size_t held = std::clamp<size_t>(order.size() / 20, 1, 500);
  const std::vector<size_t> heldOut(order.begin(), order.begin() + held);
  const std::vector<size_t> train(order.begin() + held, order.end());
  const int64_t words = d.config.pretraining.batchWords;
  d.trainBatches = groupByLength(d.features, train, words);
  d.heldOutBatches = groupByLength(d.features, heldOut, words);
  torch::Generator gen = at::detail::createCPUGenerator(d.config.training.seed + 1);
  for (const auto& b : d.heldOutBatches) {
    const model::Batch batch = d.batchOf(b);
    d.heldOutHide.push_back(
        torch::rand({batch.size(), batch.maxLength()}, gen).lt(d.config.pretraining.maskRate));
  }
  d.model->setDevice(d.device);
  d.head->to(torch::Device(d.device));
}

Pretrainer::~Pretrainer() = default;

void Pretrainer::setOutputDir(std::string dir) { impl_->outputDir = std::move(dir); }

PretrainResumePoint Pretrainer::resumePoint() const {
  namespace fs = std::filesystem;
  const Impl& d = *impl_;
  const PretrainingSettings& s = d.config.pretraining;
  PretrainResumePoint point;
  const std::string& dir = d.outputDir;
  std::error_code ec;
  point.none = dir.empty() || !fs::exists(fs::path(dir) / PretrainedWeights::kMetaFile, ec);
  point.why = PretrainResume::whyNot(dir, d.config);
  if (!point.why.empty()) return point;
  try {
    const PretrainSummary summary = PretrainedWeights::readSummary(dir);
    const std::string statePath = PackageFiles::join(dir, PretrainResume::kFile);
    const PretrainPosition position = PretrainResume::readPosition(statePath);
    if (position.textKey != d.textKey) {
      point.why = dir + " was pretrained on other text (" + std::to_string(summary.sentences) +
                  " sentences; this text has " + std::to_string(d.sentences) + ")";
    } else if (position.steps != summary.steps) {
      point.why = statePath + " is of step " + std::to_string(position.steps) +
                  ", the weights of " + std::to_string(summary.steps) + " (damaged or replaced)";
    } else if ((s.maxSteps > 0 && position.steps > s.maxSteps) ||
               (s.maxEpochs > 0 && position.epoch > s.maxEpochs)) {
      point.why = dir + " has run " + std::to_string(position.steps) + " steps (" +
                  std::to_string(position.epoch) + " epochs), past this config's limit";
    } else if (position.epoch < 1 || position.batchesDone < 0 ||
               position.batchesDone > static_cast<int64_t>(d.trainBatches.size()) ||
               position.steps < 0 || position.words < 0 || !(position.seconds >= 0)) {
      point.why = statePath + " says epoch " + std::to_string(position.epoch) + ", " +
                  std::to_string(position.batchesDone) +
                  " batches done, which this run cannot be at (" +
                  std::to_string(d.trainBatches.size()) + " batches an epoch); damaged or crafted";
    } else {
      const bool epochDone = position.batchesDone >= static_cast<int64_t>(d.trainBatches.size());
      point.step = position.steps;
      point.reached = (s.maxSteps > 0 && position.steps == s.maxSteps) ||
                      (s.maxEpochs > 0 && position.epoch == s.maxEpochs && epochDone) ||
                      (s.maxMinutes > 0 && position.seconds >= 60.0 * s.maxMinutes);
    }
  } catch (const std::exception& e) {  // read a moment ago; changed since
    point.why = e.what();
  }
  return point;
}

PretrainResult Pretrainer::run() {
  Impl& d = *impl_;
  const PretrainingSettings& s = d.config.pretraining;
  const auto start = Clock::now();
  double before = 0.0;  // seconds of the run resumed
  const auto elapsed = [&] {
    return before + std::chrono::duration<double>(Clock::now() - start).count();
  };
  PretrainResult result;
  std::vector<torch::Tensor> params = d.model->module().parameters();
  for (const auto& p : d.head->parameters()) params.push_back(p);
  std::vector<torch::Tensor> trainable;
  for (const auto& p : params)
    if (p.requires_grad()) trainable.push_back(p);
  torch::optim::Adam optimizer(trainable, torch::optim::AdamOptions(s.learningRate));
  d.model->setTraining(true);
  d.head->train();
  std::mt19937_64 rng(static_cast<uint64_t>(d.config.training.seed) + 2);
  const auto rngText = [&] {
    std::ostringstream out;
    out << rng;
    return out.str();
  };

  int64_t lastCheckpoint = -1;
  int64_t epoch = 0;
  int64_t done = 0;      // batches of this epoch trained
  std::string epochRng;  // rng before this epoch's shuffle
  const auto checkpoint = [&](bool finished) {
    const double held = d.heldOutLoss();
    PretrainSummary summary;
    summary.steps = result.steps;
    summary.epochs = epoch;
    summary.words = result.words;
    summary.sentences = d.sentences;
    summary.heldOutLoss = held;
    summary.seconds = elapsed();
    summary.finished = finished;
    const PretrainPosition position{result.steps,    epoch,    done,     result.words,
                                    summary.seconds, epochRng, d.textKey};
    PretrainedWeights::write(d.outputDir, *d.model, d.config, summary,
                             {PretrainResume::kFile, [&](const std::string& path) {
                                PretrainState::write(path, position, d.head->parameters(),
                                                     optimizer, trainable);
                              }});
    result.outputDir = d.outputDir;
    result.heldOutLoss = held;
    const bool again = lastCheckpoint == result.steps;  // only to mark it finished
    lastCheckpoint = result.steps;
    if (d.options.onCheckpoint && !again)
      d.options.onCheckpoint({result.steps, epoch, held, summary.seconds});
  };
  const auto cancelled = [&] { return d.options.cancel && d.options.cancel->load(); };

  std::optional<FinishReason> reason;
  int64_t skip = 0;  // batches of the first epoch trained before a resume
  try {
    if (d.options.resume && resumePoint().possible()) {
      const std::string dir = d.outputDir;
      try {
        d.model->loadWeights(PackageFiles::join(dir, ModelPackage::kWeightsFile));
      } catch (const std::exception& e) {
        throw ModelPackageError(PackageFiles::join(dir, ModelPackage::kWeightsFile), e.what());
      }
      const PretrainPosition p =
          PretrainState::restore(PackageFiles::join(dir, PretrainResume::kFile),
                                 d.head->parameters(), optimizer, trainable);
      std::istringstream in(p.orderRng);
      in >> rng;
      if (!in)
        throw ModelPackageError(PackageFiles::join(dir, PretrainResume::kFile),
                                "metadata \"order_rng\" is not a generator's state");
      result.steps = result.resumedFrom = lastCheckpoint = p.steps;
      result.words = p.words;
      before = p.seconds;
      epoch = p.epoch - 1;
      skip = p.batchesDone;
    }
    while (!reason) {
      ++epoch;
      if (s.maxEpochs > 0 && epoch > s.maxEpochs) {
        --epoch;
        reason = FinishReason::MaxEpochs;
        break;
      }
      std::vector<size_t> order(d.trainBatches.size());
      std::iota(order.begin(), order.end(), 0);
      epochRng = rngText();
      std::shuffle(order.begin(), order.end(), rng);
      for (done = skip, skip = 0; done < static_cast<int64_t>(order.size());) {
        if (cancelled())
          reason = FinishReason::Cancelled;
        else if (s.maxSteps > 0 && result.steps >= s.maxSteps)
          reason = FinishReason::MaxSteps;
        else if (s.maxMinutes > 0 && elapsed() >= 60.0 * s.maxMinutes)
          reason = FinishReason::MaxMinutes;
        if (reason) break;
        const model::Batch batch = d.batchOf(d.trainBatches[order[done]]);
        const torch::Tensor hide = torch::rand({batch.size(), batch.maxLength()}).lt(s.maskRate);
        optimizer.zero_grad();
        const torch::Tensor loss = d.loss(batch, hide).first;
        const double value = loss.item<double>();
        if (!std::isfinite(value))
          throw TrainingError("the loss became " + std::to_string(value) + " at step " +
                              std::to_string(result.steps + 1) +
                              "; lower pretraining.learning_rate");
        loss.backward();
        if (d.config.training.gradClip > 0)
          torch::nn::utils::clip_grad_norm_(trainable, d.config.training.gradClip);
        optimizer.step();
        ++result.steps;
        ++done;
        result.words += batch.words();
        if (d.options.onStep) {
          double progress = 0.0;
          if (s.maxSteps > 0) progress = std::max(progress, double(result.steps) / s.maxSteps);
          if (s.maxEpochs > 0) progress = std::max(progress, double(epoch - 1) / s.maxEpochs);
          if (s.maxMinutes > 0) progress = std::max(progress, elapsed() / (60.0 * s.maxMinutes));
          d.options.onStep(
              {result.steps, epoch, value, batch.words(), elapsed(), std::min(progress, 1.0)});
        }
        if (result.steps % s.checkpointEvery == 0) checkpoint(false);
      }
    }
    result.reason = *reason;
    // A run that reached its limit is written again, marked finished, even
    // when its last checkpoint fell on the last step.
    const bool finished = *reason != FinishReason::Cancelled;
    if (result.steps > 0 && (finished || lastCheckpoint != result.steps)) checkpoint(finished);
  } catch (const std::exception& e) {
    result.reason = FinishReason::Failed;
    result.message = e.what();
  }
  result.epochs = epoch;
  result.seconds = elapsed();
  return result;
}

}  // namespace spanforge::train
