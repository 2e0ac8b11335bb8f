#pragma once

#include "train/config/trainconfig.h"
#include "train/data/corpus.h"
#include "train/runfailure.h"
#include "train/trainevent.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace spanforge::model {
class Vectors;
}

namespace spanforge::train {

class ProcessGroup;
class TrainingObserver;

struct TrainerOptions {
  // Continue from this model package: its labels (plus new ones from the
  // training data), its [model] settings and vectors, its weights.
  std::string resumeFrom;
  TrainingObserver* observer = nullptr;           // may be null
  const std::atomic<bool>* cancel = nullptr;      // checked between batches
  std::shared_ptr<const model::Vectors> vectors;  // preloaded model.vectors (else read from file)
  Corpus test;              // optional: the written model is scored on it (meta.json "test")
  std::string trainSource;  // where the data came from, for meta.json
  std::string devSource;
  // Test hook: returning true makes that step's loss NaN, exercising the
  // divergence path exactly as a real blow-up would.
  std::function<bool(int64_t step)> poisonLoss;
  // Data-parallel training: this process is one rank of `group` (connected).
  // Every rank takes its share of each step's batches and ends the step with
  // the same weights; rank 0 alone evaluates, sends events (with every
  // rank's speed and memory) and writes the package. The others need no dev
  // set and get no events but the last.
  ProcessGroup* group = nullptr;
};

// Trains an NER model on `train`, evaluates it on `dev` every
// training.eval_frequency steps and at the end, and writes the model that
// scored best on dev as a model package to `outputDir`. Runs on the calling
// thread (the GUI calls run() from a worker thread): the thread count,
// device and seeds are applied there. Events go to the observer in order:
// steps and evaluations, then exactly one finished.
//
// Ends with: converged (dev F1 1.0), early-stopped (patience), max-steps,
// max-epochs, max-minutes, cancelled (the best model so far is written if
// there is one), or failed (bad data, NaN/inf loss, out of memory, a package
// that cannot be read or written): then the package at `outputDir` is left
// exactly as it was.
class Trainer {
 public:
  Trainer(TrainConfig config, Corpus train, Corpus dev, std::string outputDir,
          TrainerOptions options = {});
  ~Trainer();
  Trainer(const Trainer&) = delete;
  Trainer& operator=(const Trainer&) = delete;

  // Trains once; never throws. The same event the observer got last.
  FinishedEvent run();
  FailureKind failure() const;
  // The config trained with: as given, except that resuming takes the
  // package's [model] section.
  const TrainConfig& config() const;

  // The data checks run() starts with, for callers that want to fail fast:
  // empty train or dev set, fewer training sentences than
  // data.min_examples, no entity spans in train (a single tag, O) or in dev
  // (F1 would be 0 whatever the model). Throws TrainingError.
  static void validateData(const TrainConfig& config, const Corpus& train, const Corpus& dev);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace spanforge::train
