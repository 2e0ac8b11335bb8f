#include "train/trainer.h"

#include "model/computethreads.h"
#include "model/nermodel.h"
#include "train/batchgradient.h"
#include "train/batchsizeprobe.h"
#include "train/bestmodel.h"
#include "train/checkpointaverage.h"
#include "train/data/batcher.h"
#include "train/data/datarequirements.h"
#include "train/data/singletonmarker.h"
#include "train/datawaitmeter.h"
#include "train/device/computedevice.h"
#include "train/device/hardwaresampler.h"
#include "train/device/parallelfor.h"
#include "train/distributed/processgroup.h"
#include "train/distributed/rankcoordinator.h"
#include "train/distributed/runfingerprint.h"
#include "train/eval/calibrationsplit.h"
#include "train/eval/evaluator.h"
#include "train/modelsetup.h"
#include "train/package/modelpackage.h"
#include "train/package/runpackage.h"
#include "train/parameteraverage.h"
#include "train/progressestimate.h"
#include "train/runfailure.h"
#include "train/throughputmeter.h"
#include "train/trainingobserver.h"
#include "train/trainingoptimizer.h"

#include <torch/torch.h>

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <random>
#include <sstream>

namespace spanforge::train {
namespace {

using Clock = std::chrono::steady_clock;

}  // namespace

struct Trainer::Impl {
  TrainConfig config;
  Corpus train, dev;
  Corpus calibration;  // the dev sentences kept from selection (CalibrationSplit); may be empty
  std::string outputDir;
  TrainerOptions options;
  FailureKind failure = FailureKind::None;

  std::unique_ptr<model::NerModel> model;
  std::string device;
  Clock::time_point start;
  std::vector<model::SentenceFeatures> features;
  std::vector<std::vector<int64_t>> tags;

  // Progress of the run.
  int64_t step = 0;     // optimizer steps
  int64_t batches = 0;  // batches trained (accumulate_gradient per step)
  int64_t epochs = 0;   // completed passes
  bool partialEpoch = false;
  double lossSum = 0.0;
  int64_t lossCount = 0;
  int64_t lastEvalStep = -1;
  std::unique_ptr<BestModel> best;                 // on dev so far
  std::unique_ptr<ParameterAverage> average;       // when training.param_average > 0
  std::unique_ptr<CheckpointAverage> checkpoints;  // when training.checkpoint_average >= 2
  std::string checkpointNote;                      // what the checkpoint mean scored, for the end
  std::unique_ptr<BatchGradient> gradient;
  std::unique_ptr<RankCoordinator> ranksSync;  // in a multi-process run
  ThroughputMeter rankMeter;                   // this rank's own words/s, sent to rank 0
  DataWaitMeter dataWait;                      // this rank's share of step time waiting for data
  std::unique_ptr<HardwareSampler> hardware;   // CPU (and GPU) use for the step events

  double elapsed() const { return std::chrono::duration<double>(Clock::now() - start).count(); }
  MemoryUsage memory() const { return ComputeDevice::memory(device); }
  bool cancelled() const { return options.cancel && options.cancel->load(); }
  int rank() const { return options.group ? options.group->rank() : 0; }
  int ranks() const { return options.group ? options.group->size() : 1; }
  bool leader() const { return rank() == 0; }

  void featurize();
  void joinGroup();        // checks that every rank has the same job; rank 0's weights to all
  void chooseBatchSize();  // batch_size = "auto": rank 0 measures, every rank uses its choice
  void evaluate(const Evaluator& evaluator, bool* stop);
  // training.checkpoint_average: the mean of the checkpoints up to the best
  // replaces the best when it scores at least as well on dev.
  void offerCheckpointMean(const Evaluator& evaluator);
  // One optimizer step over `group` (accumulate_gradient batches per rank,
  // or fewer); this rank trains every ranks()-th of them. A non-zero
  // `stopCode` (RankCoordinator::stopCode) asks every rank to stop instead. Returns why
  // the run stops when some rank asked: then no update was made.
  std::optional<FinishReason> trainStep(TrainingOptimizer& opt,
                                        const std::vector<std::vector<size_t>>& group,
                                        ThroughputMeter& meter, double epochsDone,
                                        int stopCode = 0);
  [[noreturn]] void diverged(int atRank, double loss, double lr) const;
  std::optional<FinishReason> limitReached(double epochsDone) const;
  void unfreezeVectors(TrainingOptimizer& optimizer);
  FinishedEvent finish(FinishReason reason);
  FinishedEvent runLoop();
};

void Trainer::Impl::featurize() {
  features.reserve(train.size());
  tags.reserve(train.size());
  for (const auto& e : train.examples()) {
    features.push_back(model->featurize(e.tokens));
    tags.push_back(model->encodeTags(e.spans, e.tokens.size()));
  }
  if (config.model.singletonDropout > 0) SingletonMarker::mark(train, features);
}

void Trainer::Impl::joinGroup() {
  if (!options.group) return;
  ranksSync = std::make_unique<RankCoordinator>(*options.group, model->module());
  ranksSync->join(runFingerprint(config, train, model->labels(), model->parameterCount()));
}

void Trainer::Impl::chooseBatchSize() {
  std::optional<BatchSizeEvent> chosen;
  auto measure = [&] {
    BatchSizeProbe::Limits limits;
    limits.memoryBytes = config.training.memoryLimitMb << 20;
    chosen = BatchSizeProbe(*model, features, tags, device, config.training).run(limits);
    return chosen->words;
  };
  const int64_t words = ranksSync ? ranksSync->agreeOnBatchWords(measure) : measure();
  if (words == 0)
    throw RunFailure{FailureKind::OutOfMemory,
                     "batch_size = \"auto\": even a batch of " +
                         std::to_string(chosen->trials.empty() ? 0 : chosen->trials.front().words) +
                         " words needs more than training.memory_limit_mb (" +
                         std::to_string(chosen->memoryLimitBytes >> 20) +
                         " MB); raise it or use a smaller model"};
  config.training.batchWords = words;
  if (chosen && options.observer) options.observer->onBatchSize(*chosen);
}

void Trainer::Impl::diverged(int atRank, double loss, double lr) const {
  std::ostringstream msg;
  if (ranks() > 1) msg << "rank " << atRank << ": ";
  msg << "the training loss became " << (std::isnan(loss) ? "NaN" : "infinite") << " at step "
      << step << " (learning rate " << lr
      << "); lower training.learning_rate or set training.grad_clip";
  throw RunFailure{FailureKind::Diverged, msg.str()};
}

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

void Trainer::Impl::evaluate(const Evaluator& evaluator, bool* stop) {
  // The averaged weights are the ones evaluated and, when best, kept.
  if (average) average->swap();
  const EvaluationResult r = evaluator.evaluate(*model);
  lastEvalStep = step;
  EvaluationEvent e;
  e.improved = best->offer(r.report, step, *model);
  if (checkpoints) checkpoints->add(*model, e.improved);
  if (average) average->swap();
  e.step = step;
  e.epoch = epochs + 1;
  e.elapsedSeconds = elapsed();
  e.trainLoss = lossCount > 0 ? lossSum / static_cast<double>(lossCount) : 0.0;
  e.scores = r.report;
  e.wordsPerSecond = r.wordsPerSecond;
  e.bestF1 = best->f1();
  e.bestStep = best->step();
  e.patienceLeft = best->patienceLeft();
  e.memory = memory();
  lossSum = 0.0;
  lossCount = 0;
  if (options.observer) options.observer->onEvaluation(e);
  if (stop) *stop = best->shouldStop();
}

void Trainer::Impl::offerCheckpointMean(const Evaluator& evaluator) {
  const int64_t n = checkpoints->averaged();
  if (n < 2) return;
  checkpoints->load(*model);
  const EvaluationResult r = evaluator.evaluate(*model);
  const double before = best->f1();
  // As good counts: the mean is the smoother of two equal choices.
  const bool kept = r.report.overall.f1 >= before;
  if (kept) best->replace(r.report, *model);
  char note[160];
  std::snprintf(note, sizeof note,
                "; mean of %lld checkpoints up to the best: dev F1 %.1f%% vs %.1f%%%s",
                static_cast<long long>(n), 100.0 * r.report.overall.f1, 100.0 * before,
                kept ? ", kept" : ", not kept");
  checkpointNote = note;
}

// Every rank reaches the same epoch at the same step, so all unfreeze
// together; the parameter average picks the table up at its next update.
void Trainer::Impl::unfreezeVectors(TrainingOptimizer& optimizer) {
  if (!model->unfreezeVectors()) return;
  optimizer.addUnfrozen(*model);
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
  if (config.training.mixedPrecision == "fp16" && device.rfind("cuda", 0) != 0)
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
  if (config.training.batchSize == "auto") chooseBatchSize();
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

FinishedEvent Trainer::Impl::finish(FinishReason reason) {
  FinishedEvent e;
  e.reason = reason;
  e.steps = step;
  e.epochs = epochs + (partialEpoch ? 1 : 0);
  e.bestStep = best->step();
  std::ostringstream msg;
  msg << toString(reason) << " after " << step << " step(s), " << e.epochs << " epoch(s)";
  if (!leader()) {
    msg << "; rank 0 writes the model";
  } else if (!best->empty()) {
    best->restore(*model);
    RunPackage::write(outputDir, *model, config, options, train, dev, calibration, best->report(),
                      {toString(reason), step, e.epochs, best->step(), elapsed()}, device);
    e.best = best->report();
    e.modelPath = outputDir;
    char f1[32];
    std::snprintf(f1, sizeof f1, "%.1f%%", 100.0 * best->f1());
    msg << "; best dev F1 " << f1 << " at step " << best->step() << checkpointNote
        << "; model written to " << outputDir;
  } else {
    msg << "; no evaluation yet, so no model was written";
  }
  e.message = msg.str();
  e.elapsedSeconds = elapsed();
  e.memory = memory();
  return e;
}

Trainer::Trainer(TrainConfig config, Corpus train, Corpus dev, std::string outputDir,
                 TrainerOptions options)
    : impl_(std::make_unique<Impl>()) {
  impl_->config = std::move(config);
  impl_->train = std::move(train);
  impl_->dev = std::move(dev);
  impl_->outputDir = std::move(outputDir);
  impl_->options = std::move(options);
  impl_->best = std::make_unique<BestModel>(impl_->config.training.patience);
}

Trainer::~Trainer() = default;

FailureKind Trainer::failure() const { return impl_->failure; }
const TrainConfig& Trainer::config() const { return impl_->config; }

FinishedEvent Trainer::run() {
  Impl& d = *impl_;
  d.start = Clock::now();
  FinishedEvent e;
  try {
    e = d.runLoop();
  } catch (...) {
    const RunFailure f = RunFailure::fromCurrentException(d.device);
    d.failure = f.kind;
    e = FinishedEvent{};
    e.reason = FinishReason::Failed;
    e.message = f.message;
    e.steps = d.step;
    e.epochs = d.epochs;
    e.bestStep = d.best->step();
  }
  if (e.reason == FinishReason::Failed) {
    e.elapsedSeconds = d.elapsed();
    e.memory = d.memory();
  }
  d.gradient.reset();  // first: its prefetch thread reads the model and the features
  d.model.reset();
  d.features.clear();
#ifdef __GLIBC__
  malloc_trim(0);  // give the memory kept for training back (see runLoop)
#endif
  if (d.options.observer) d.options.observer->onFinished(e);
  return e;
}

void Trainer::validateData(const TrainConfig& config, const Corpus& train, const Corpus& dev) {
  DataRequirements::validate(config, train, dev);
}

}  // namespace spanforge::train
