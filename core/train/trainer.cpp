#include "train/trainer.h"

#include "train/batchsizeprobe.h"
#include "train/data/datarequirements.h"
#include "train/data/singletonmarker.h"
#include "train/distributed/runfingerprint.h"
#include "train/package/runpackage.h"
#include "train/trainerimpl.h"
#include "train/trainingobserver.h"

#include <torch/torch.h>

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>
#include <sstream>

namespace spanforge::train {
namespace {

using Clock = std::chrono::steady_clock;

}  // namespace

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

FinishedEvent Trainer::Impl::finish(FinishReason reason) {
  FinishedEvent e;
  e.reason = reason;
  e.steps = step;
  e.epochs = epochs + (partialEpoch ? 1 : 0);
  e.bestStep = best->step();
  std::ostringstream msg;
  // In words: "max-minutes after 407 step(s)" read as config jargon.
  const auto count = [](int64_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
  };
  msg << describe(reason) << " after " << count(step, "step", "steps") << ", "
      << count(e.epochs, "epoch", "epochs");
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
