#pragma once

#include "train/config/trainconfig.h"
#include "train/trainevent.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace spanforge::train {

// One optimizer step of pretraining.
struct PretrainStepEvent {
  int64_t step = 0;
  int64_t epoch = 0;      // 1-based pass over the text
  double loss = 0.0;      // mean cross-entropy per predicted character of this batch
  int64_t words = 0;      // of this batch
  double seconds = 0.0;   // since the start
  double progress = 0.0;  // 0..1 of the step or epoch limit, whichever is nearer
};

// Every pretraining.checkpoint_every steps and at the end: the held-out
// loss, with the weights written to the output folder.
struct PretrainCheckpointEvent {
  int64_t step = 0;
  int64_t epoch = 0;
  double heldOutLoss = 0.0;
  double seconds = 0.0;
};

struct PretrainResult {
  FinishReason reason = FinishReason::MaxSteps;
  std::string message;  // the error when Failed
  int64_t steps = 0;
  int64_t epochs = 0;
  int64_t words = 0;
  double heldOutLoss = 0.0;  // of the weights written
  double seconds = 0.0;
  std::string outputDir;  // empty when nothing was written
  // An earlier run's finished pretraining, reused (al-simulate --resume):
  // the figures are those it recorded.
  bool kept = false;
  // The step a resumed run went on after (PretrainerOptions::resume); 0
  // when it started afresh. Steps, words and seconds count from its start.
  int64_t resumedFrom = 0;
};

struct PretrainerOptions {
  const std::atomic<bool>* cancel = nullptr;  // checked between steps
  std::function<void(const PretrainStepEvent&)> onStep;
  std::function<void(const PretrainCheckpointEvent&)> onCheckpoint;
  // Go on from the pretraining in the output folder where resumePoint()
  // allows, exactly as if it had not stopped (on the CPU); else start afresh.
  bool resume = false;
};

// Whether a pretraining's output folder can be gone on from.
struct PretrainResumePoint {
  int64_t step = 0;      // where it stopped
  bool reached = false;  // this config's step, epoch or time limit is reached already
  bool none = false;     // the folder holds no pretraining at all
  std::string why;       // empty when it can; else why not, naming the folder
  bool possible() const { return why.empty(); }
};

// Trains the embeddings and encoder of config.model on unlabelled
// sentences ([pretraining]: blank out a share of tokens, predict each
// one's first and last characters from its context) and writes them as
// PretrainedWeights at every checkpoint, so a stopped run keeps its last
// checkpoint. Runs on the calling thread, on config.device (CPU or CUDA).
class Pretrainer {
 public:
  // Throws TrainingError when there is too little text (fewer than 20
  // sentences with a token) and ConfigError for a bad config.
  Pretrainer(TrainConfig config, std::vector<std::vector<std::string>> sentences,
             std::string outputDir, PretrainerOptions options = {});
  ~Pretrainer();
  Pretrainer(const Pretrainer&) = delete;
  Pretrainer& operator=(const Pretrainer&) = delete;

  // A failure (NaN loss, a folder that cannot be written) ends with reason
  // Failed and its message; an output folder written before stays.
  PretrainResult run();
  // Where run() writes (for a caller that learns it after the text is checked).
  void setOutputDir(std::string dir);
  // The output folder's pretraining can be resumed when it was made with
  // this [model], [pretraining] (limits aside), training.seed and grad_clip,
  // on this text, kept its resume state, and has not run past this config's
  // limits.
  PretrainResumePoint resumePoint() const;

  static constexpr int64_t kMinSentences = 20;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace spanforge::train
