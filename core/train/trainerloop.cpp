// Trainer's loop: epochs of batches, one optimizer step per group of them,
// evaluations, and the limits that end a run.
#include "model/computethreads.h"
#include "train/batchsizeprobe.h"
#include "train/data/batcher.h"
#include "train/device/computedevice.h"
#include "train/device/parallelfor.h"
#include "train/eval/calibrationsplit.h"
#include "train/modelsetup.h"
#include "train/package/modelpackage.h"
#include "train/progressestimate.h"
#include "train/trainerimpl.h"
#include "train/trainingobserver.h"

#include <torch/torch.h>

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <limits>
#include <random>

namespace spanforge::train {

std::optional<FinishReason> Trainer::Impl::trainStep(TrainingOptimizer& opt,
                                                     const std::vector<std::vector<size_t>>& group,
                                                     ThroughputMeter& meter, double epochsDone,
                                                     int stopCode) {
  const auto t0 = Clock::now();
  ++step;
  const double lr = opt.setStep(step);
  model->setTraining(true);
  opt.zeroGrad();
  std::vector<std::vector<size_t>> mine;
  for (auto i = static_cast<size_t>(rank()); i < group.size(); i += static_cast<size_t>(ranks()))
    mine.push_back(group[i]);
  BatchGradient::Result local;
  if (stopCode == 0)
    local = gradient->add(mine, 1.0 / static_cast<double>(group.size()),
                          options.poisonLoss && options.poisonLoss(step));
  double value = local.loss;
  int64_t words = local.words;
  const HardwareSample hw = hardware->sample();
  std::vector<RankStatus> statuses;
  if (ranksSync) {
    RankFigures f;
    f.loss = local.loss;
    f.words = local.words;
    f.wordsPerSecond = rankMeter.wordsPerSecond();
    f.memoryBytes = memory().currentBytes;
    f.cpuPercent = hw.cpuPercent;
    f.code = stopCode != 0 ? stopCode : local.finite ? 0 : RankCoordinator::kDiverged;
    RankCoordinator::StepResult all = ranksSync->exchange(f);
    // Only the rank that saw it knows whether it was NaN or infinite.
    const int r = all.divergedRank;
    if (r >= 0)
      diverged(r, r == rank() ? local.badLoss : std::numeric_limits<double>::quiet_NaN(), lr);
    if (all.stop) {
      --step;  // no update was made
      model->setTraining(false);
      return all.stop;
    }
    value = all.loss;
    words = all.words;
    statuses = std::move(all.ranks);
  } else if (!local.finite) {
    diverged(0, local.badLoss, lr);
  }
  batches += static_cast<int64_t>(group.size());
  // fp16: an inf/NaN gradient means the loss scale overflowed; that update is skipped.
  const bool apply = gradient->unscale();
  if (apply && config.training.gradClip > 0)
    torch::nn::utils::clip_grad_norm_(model->module().parameters(), config.training.gradClip);
  if (apply) opt.step();
  if (apply && average) average->update(*model);
  model->setTraining(false);
  const double secs = std::chrono::duration<double>(Clock::now() - t0).count();
  meter.add(words, secs);
  rankMeter.add(local.words, secs);
  dataWait.add(local.dataWaitSeconds, secs);
  lossSum += value;
  ++lossCount;
  if (!leader() || !options.observer) return std::nullopt;

  StepEvent e;
  e.step = step;
  e.epoch = epochs + 1;
  e.loss = value;
  e.batchWords = words;
  e.wordsPerSecond = meter.wordsPerSecond();
  e.learningRate = lr;
  e.elapsedSeconds = elapsed();
  const ProgressEstimate p =
      ProgressEstimate::of(config.training, step, epochsDone, e.elapsedSeconds);
  e.progress = p.progress;
  e.etaSeconds = p.etaSeconds;
  e.memory = memory();
  e.ranks = std::move(statuses);
  e.cpuPercent = hw.cpuPercent;
  e.gpuPercent = hw.gpuPercent;
  e.gpuMemoryBytes = hw.gpuMemoryBytes;
  e.dataWaitSeconds = local.dataWaitSeconds;
  e.dataWaitPercent = dataWait.percent();
  options.observer->onStep(e);
  return std::nullopt;
}

// Every rank reaches the same epoch at the same step, so all unfreeze
// together; the parameter average picks the table up at its next update.
void Trainer::Impl::unfreezeVectors(TrainingOptimizer& optimizer) {
  if (!model->unfreezeVectors()) return;
  optimizer.addUnfrozen(*model);
  if (average) average->adoptNewlyTrainable(*model);
  if (ranksSync) ranksSync->trainableChanged(model->module());
}

std::optional<FinishReason> Trainer::Impl::limitReached(double epochsDone) const {
  const TrainingSettings& s = config.training;
  if (s.maxSteps > 0 && step >= s.maxSteps) return FinishReason::MaxSteps;
  if (s.maxEpochs > 0 && epochsDone >= static_cast<double>(s.maxEpochs))
    return FinishReason::MaxEpochs;
  if (s.maxMinutes > 0 && elapsed() >= 60.0 * s.maxMinutes) return FinishReason::MaxMinutes;
  return std::nullopt;
}

FinishedEvent Trainer::Impl::runLoop() {
#ifdef __GLIBC__
  // Every step allocates and frees tens of MB (hash-table gradients, Adam
  // temporaries). glibc would hand them back to the kernel and fault them
  // in again next step: 20% of CPU time went to the kernel. Keeping them in
  // the heap measured 8% faster; run() gives the memory back at the end.
  mallopt(M_MMAP_THRESHOLD, 256 << 20);
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
#endif
  model::ComputeThreads::apply(static_cast<int>(config.device.threads));
  device = ComputeDevice::resolve(config.device.device);
  // One GPU per rank on a machine, as torchrun's LOCAL_RANK says.
  if (options.group && device == "cuda") device += ":" + std::to_string(options.group->localRank());
  try {  // before the data and the model are loaded: a missing GPU stops the run at once
    ComputeDevice::require(device);
  } catch (const std::runtime_error& x) {
    throw RunFailure{FailureKind::Config, std::string("device \"") + device + "\": " + x.what()};
  }
  if (config.training.mixedPrecision == "fp16" && !ComputeDevice::isCuda(device))
    throw RunFailure{FailureKind::Config,
                     "training.mixed_precision = \"fp16\" needs a CUDA device (" + device +
                         " here); use \"bf16\" on the CPU"};
  ComputeDevice::resetPeak(device);
  if (leader()) {  // the other ranks have no dev set; rank 0's data is checked
    validateData(config, train, dev);
    ModelPackage::checkReplaceable(outputDir);
    CalibrationSplit split = CalibrationSplit::of(dev, config.data.calibrationShare);
    dev = std::move(split.selection);
    calibration = std::move(split.calibration);
  }
  model = ModelSetup::build(config, train, options.resumeFrom, options.vectors);
  try {
    model->setDevice(device);
  } catch (const std::exception& x) {
    throw RunFailure{FailureKind::Config, std::string("device \"") + device + "\": " + x.what()};
  }
  featurize();
  gradient = std::make_unique<BatchGradient>(*model, features, tags, device,
                                             config.training.mixedPrecision);
  joinGroup();
  if (BatchSizeProbe::wanted(config.training, device)) chooseBatchSize();
  std::vector<int64_t> lengths;
  for (const auto& f : features) lengths.push_back(model::batchLength(f));
  const Batcher batcher(std::move(lengths), config.training);
  // Predicting parallelises well across threads (see ParallelFor); on a GPU one thread is enough.
  const int evalThreads = device == "cpu" ? ParallelFor::resolve(config.device.threads) : 1;
  std::optional<Evaluator> devEvaluator;
  if (leader()) devEvaluator.emplace(dev, *model, evalThreads);
  const auto optimizer = std::make_unique<TrainingOptimizer>(config.training, *model);
  if (config.training.paramAverage > 0)
    average = std::make_unique<ParameterAverage>(config.training.paramAverage);
  if (config.training.checkpointAverage >= 2 && leader())
    checkpoints = std::make_unique<CheckpointAverage>(config.training.checkpointAverage);
  // Every rank draws the same epochs and trains its own share of each step.
  std::mt19937_64 rng(static_cast<uint64_t>(config.training.seed));
  ThroughputMeter meter;
  // Rank 0 alone reports its GPU; every rank its CPU.
  hardware = std::make_unique<HardwareSampler>(leader() ? device : "cpu");

  std::optional<FinishReason> reason;
  bool othersKnow = true;  // whether every rank has seen `reason`
  while (!reason) {
    // The batch schedule counts batches, which are steps unless accumulating
    // or training on several ranks.
    if (epochs > 0 && epochs == config.model.unfreezeVectorsAfter) unfreezeVectors(*optimizer);
    const auto epoch = batcher.epoch(rng, batches + 1);
    if (epoch.empty()) throw RunFailure{FailureKind::Data, "the training data has no tokens"};
    const auto perStep = static_cast<size_t>(config.training.accumulateGradient * ranks());
    if (config.training.prefetch) gradient->prefetch(epoch, perStep, rank(), ranks());
    size_t done = 0;
    while (done < epoch.size() && !reason) {
      if (cancelled() && !ranksSync) {
        reason = FinishReason::Cancelled;
        break;
      }
      const size_t n = std::min(perStep, epoch.size() - done);
      const auto first = epoch.begin() + static_cast<std::ptrdiff_t>(done);
      const std::vector<std::vector<size_t>> group(first, first + static_cast<std::ptrdiff_t>(n));
      done += n;
      const double epochsDone = static_cast<double>(epochs) +
                                static_cast<double>(done) / static_cast<double>(epoch.size());
      const int stopCode =
          ranksSync && cancelled() ? RankCoordinator::stopCode(FinishReason::Cancelled) : 0;
      reason = trainStep(*optimizer, group, meter, epochsDone, stopCode);
      if (reason) {
        done -= n;
        break;
      }
      if (!leader()) continue;  // rank 0 decides when to stop, and says so
      bool stop = false;
      if (step % config.training.evalFrequency == 0) {
        evaluate(*devEvaluator, &stop);
        if (stop) reason = best->converged() ? FinishReason::Converged : FinishReason::EarlyStopped;
      }
      if (!reason) reason = limitReached(epochsDone);
      othersKnow = !reason || !ranksSync;
    }
    if (done == epoch.size())
      ++epochs;
    else if (done > 0)
      partialEpoch = true;
  }
  if (!othersKnow) {
    // The others are in the next step's all-reduce: end it for them.
    optimizer->zeroGrad();  // no touched rows to report
    ranksSync->announceStop(*reason);
  }
  if (leader() && *reason != FinishReason::Cancelled && lastEvalStep != step && step > 0)
    evaluate(*devEvaluator, nullptr);
  if (checkpoints && *reason != FinishReason::Cancelled) offerCheckpointMean(*devEvaluator);
  return finish(*reason);
}

}  // namespace spanforge::train
