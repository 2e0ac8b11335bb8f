#pragma once

// Trainer's state and its steps, shared by trainer.cpp (setting up, evaluating,
// finishing a run) and trainerloop.cpp (the epochs and the optimizer steps).
// Only those two include it.
#include "model/nermodel.h"
#include "model/sentencefeatures.h"
#include "train/batchgradient.h"
#include "train/bestmodel.h"
#include "train/checkpointaverage.h"
#include "train/datawaitmeter.h"
#include "train/device/computedevice.h"
#include "train/device/hardwaresampler.h"
#include "train/distributed/processgroup.h"
#include "train/distributed/rankcoordinator.h"
#include "train/eval/evaluator.h"
#include "train/parameteraverage.h"
#include "train/throughputmeter.h"
#include "train/trainer.h"
#include "train/trainingoptimizer.h"

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace spanforge::train {

struct Trainer::Impl {
  using Clock = std::chrono::steady_clock;

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

}  // namespace spanforge::train
