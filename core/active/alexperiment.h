#pragma once

#include "active/alretrain.h"
#include "active/alsimulation.h"
#include "active/alsummary.h"
#include "train/config/trainconfig.h"
#include "train/data/corpus.h"
#include "train/pretrain/pretrainer.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace spanforge::active {

struct AlExperimentOptions {
  // Shared by every seed; its seed and workDir are set per seed.
  AlSimulationOptions simulation;
  std::vector<uint64_t> seeds{0};
  // Pretrain once on the pool's and dev set's texts (labels unused) before
  // the first seed; every seed round and full-data training starts from it.
  bool pretrain = false;
  // Where each round after the first starts; Pretrained pretrains (as
  // `pretrain`) unless the config names pretrained weights already. With
  // `pretrain` set, pass defaultAlRetrain(true) or Warm: Scratch throws.
  AlRetrain retrain = defaultAlRetrain(false);
  // Packages (and the pretrained weights) go here, under seed-N/ with
  // several seeds; empty = temporary directories.
  std::string modelsDir;
  // The full-data F1 to compare with, instead of the seeds' full-data trainings.
  std::optional<double> fullF1;
  std::function<void(int64_t sentences)> onPretrainStart;
  std::function<void(const train::PretrainResult&)> onPretrained;
  std::function<void(uint64_t seed, const std::string& curve, int64_t round, int64_t sentences)>
      onRoundStart;
  std::function<void(uint64_t seed, const std::string& curve, const AlRound&)> onRound;
};

struct AlExperimentResult {
  std::vector<AlSimulationResult> runs;  // one per seed that started
  AlSummary summary;
  bool cancelled = false;
  double seconds = 0.0;
  size_t points() const;  // curve points over all runs
};

// An active-learning experiment: AlSimulation once per seed (each on the
// same pool, dev and test sets), optionally after one pretraining, and the
// summary over the seeds. Shared by `spanforge-cli al-simulate` and the
// GUI's simulation dialog. Runs on the calling thread.
class AlExperiment {
 public:
  // Throws std::invalid_argument for no seeds, for Scratch with pretraining
  // (from `pretrain` or model.pretrained), and what AlSimulation throws.
  AlExperiment(train::TrainConfig config, train::Corpus pool, train::Corpus dev, train::Corpus test,
               AlExperimentOptions options);

  // Throws train::TrainingError when pretraining or a round fails; a
  // cancelled pretraining gives a result without runs.
  AlExperimentResult run();

 private:
  // Pretrains into a folder under modelsDir (or `scratch`); its path.
  std::string pretrain(const std::string& scratch);

  train::TrainConfig config_;
  train::Corpus pool_;
  train::Corpus dev_;
  train::Corpus test_;
  AlExperimentOptions options_;
};

}  // namespace spanforge::active
