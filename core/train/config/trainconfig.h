#pragma once

#include "model/modelconfig.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spanforge::train {

// The defaults below are the only place default values live: toToml() writes
// them, fromToml() falls back to them, the presets start from them. Ranges and
// allowed values are in configschema.cpp (and in the comments toToml() writes).

// [training]: optimisation, batching, evaluation and stopping.
struct TrainingSettings {
  int64_t seed = 0;  // initialisation, shuffling, dropout; a CPU run is reproducible

  // SGD with momentum, not Adam: Adam's per-parameter scaling gives a rare
  // word's hashed rows large steps, so it memorises the training set (on
  // wikigold, Adam reached dev F1 51 and test 45; SGD dev 59-65, test 52-61).
  std::string optimizer = "sgd";  // "sgd" or "adam"
  double learningRate = 0.03;
  double beta1 = 0.9;  // adam
  double beta2 = 0.999;
  double eps = 1e-8;
  double momentum = 0.9;  // sgd
  double l2 = 0.0;        // weight decay
  double gradClip = 5.0;  // max global gradient norm; 0 = off
  // Decay of the moving average of the weights that is evaluated and saved
  // (see ParameterAverage); 0 = use the weights of the last step.
  double paramAverage = 0.0;
  // At the end, the mean of the weights of the best evaluation and the ones
  // just before it, this many in all, replaces the best when it scores at
  // least as well on dev (see CheckpointAverage); 0 = off.
  int64_t checkpointAverage = 0;

  // Learning rate at step s (1-based), with lr = learningRate:
  //   warm-up (s <= warmupSteps): lr * s / warmupSteps;
  //   then, with t = s - warmupSteps,
  //   "none":         lr
  //   "linear":       falls linearly from lr to minLearningRate over decaySteps, then stays
  //   "inverse_sqrt": lr * sqrt(decaySteps / max(t, decaySteps))
  //   "exponential":  lr * decayRate ^ (t / decaySteps)
  // and never below minLearningRate.
  int64_t warmupSteps = 0;
  std::string lrDecay = "none";
  // With model.encoder = "transformer": the pretrained encoder's own AdamW
  // (weight decay 0.01), its rate rising linearly over transformerWarmup
  // steps, then falling linearly to 0 at maxSteps (or staying, without
  // maxSteps); the head keeps the optimiser and schedule above.
  double transformerLearningRate = 3e-5;
  int64_t transformerWarmup = 200;
  int64_t decaySteps = 1000;
  double decayRate = 0.5;
  double minLearningRate = 0.0;

  // Words per batch: "fixed" uses batchWords; "compounding" starts at
  // batchStart and multiplies by batchCompound each step up to batchStop
  // (spaCy's compounding schedule); "auto" measures sizes at the start (see
  // BatchSizeProbe) and trains with the one chosen, written to batchWords;
  // "auto_on_gpu" is "auto" on a CUDA device and "fixed" elsewhere (the
  // transformer recipe's: a GPU's memory limits its batch, while on a CPU a
  // probe of BERT-base would take minutes to find 1,000 as fast as any).
  std::string batchSize = "fixed";
  int64_t batchWords = 1000;
  int64_t batchStart = 100;
  int64_t batchStop = 1000;
  double batchCompound = 1.001;
  // "auto": the most resident (or CUDA) memory a batch may bring the process
  // to, in MB; 0 = 3/4 of the memory available when training starts.
  int64_t memoryLimitMb = 0;
  bool lengthBucketing = true;  // batch sentences of similar length (less padding)
  // Batches per optimizer step (spaCy's accumulate_gradient): the step's
  // gradient is the mean of theirs, so N batches of W words train like one of
  // N*W words in the memory of one.
  int64_t accumulateGradient = 1;
  // "bf16": the forward pass under bfloat16 autocast (AutocastScope); the
  // CRF, weights and gradients stay fp32. Off until measured faster at equal F1.
  // "fp16": float16 autocast with dynamic loss scaling (GradScaler); CUDA only.
  std::string mixedPrecision = "off";
  // A thread builds the next batches' tensors (padding, copy to the device)
  // while the current one trains (BatchPrefetcher). Results are the same
  // either way; the step events' data wait shows what it saves. Off: on the
  // CPU building a batch takes ~0.3 ms of a ~120 ms step, and bench_scale
  // measured prefetching 11% slower there (0.89x); it is for GPUs.
  bool prefetch = false;

  int64_t evalFrequency = 100;  // evaluate on dev every N steps (and at the end)
  int64_t patience = 10;        // evaluations without a better dev F1 before stopping; 0 = off
  int64_t maxSteps = 20000;     // 0 = unlimited
  int64_t maxEpochs = 0;        // 0 = unlimited
  double maxMinutes = 0.0;      // wall clock; 0 = unlimited
};

// [pretraining]: `spanforge-cli pretrain`, which trains the embeddings and the
// encoder on unlabelled text: a share of the tokens is blanked out (word,
// affixes, shape, characters) and the model predicts each one's first and
// last characters from its context (spaCy's "characters" objective).
struct PretrainingSettings {
  double maskRate = 0.15;       // share of tokens blanked out
  int64_t characters = 3;       // first and last N characters predicted
  double learningRate = 0.001;  // Adam
  int64_t batchWords = 2000;
  int64_t maxSteps = 3000;  // 0 = unlimited
  int64_t maxEpochs = 0;    // 0 = unlimited
  double maxMinutes = 0.0;  // wall clock; 0 = unlimited
  // Every N steps: the held-out loss is measured and the weights written.
  int64_t checkpointEvery = 250;
};

// [data]: how a project's accepted documents are split into train and dev.
struct DataSettings {
  double devFraction = 0.2;  // share of documents held out for dev
  int64_t devSeed = 0;       // the split's own seed, so changing `seed` keeps the split
  int64_t minExamples = 10;  // fewer training documents than this refuses to train
  // Share of the dev set (its last documents) kept from choosing the best
  // checkpoint, to fit the temperature on instead (CalibrationSplit); 0 =
  // the whole dev set does both.
  double calibrationShare = 0.0;
};

// [device]
struct DeviceSettings {
  std::string device = "auto";  // "auto", "cpu", "cuda" or "cuda:N"
  int64_t threads = 0;          // intra-op threads; 0 = let the trainer choose
  // Data-parallel training processes (ranks) on this machine; 0 = one per
  // physical core on CPU, one per GPU on CUDA (see resolveProcesses).
  int64_t processes = 1;
};

struct TrainConfig {
  model::ModelConfig model;
  TrainingSettings training;
  PretrainingSettings pretraining;
  DataSettings data;
  DeviceSettings device;
};

// Field-by-field equality (doubles compared exactly: toToml() writes them so
// that they read back bit for bit).
bool operator==(const TrainingSettings& a, const TrainingSettings& b);
bool operator==(const PretrainingSettings& a, const PretrainingSettings& b);
bool operator==(const DataSettings& a, const DataSettings& b);
bool operator==(const DeviceSettings& a, const DeviceSettings& b);
bool operator==(const TrainConfig& a, const TrainConfig& b);
inline bool operator!=(const TrainConfig& a, const TrainConfig& b) { return !(a == b); }

// Presets for `init-config --preset`: "default" (BiLSTM), "fast" (dilated CNN
// encoder, smaller widths) and "accurate" (wider BiLSTM, more hash rows).
TrainConfig defaultConfig();
TrainConfig fastPreset();
TrainConfig accuratePreset();
// The preset by name; nullopt for an unknown name.
std::optional<TrainConfig> presetConfig(std::string_view name);
std::vector<std::string> presetNames();

// Checks every value and the rules between values (e.g. batch_start <=
// batch_stop, some stopping rule set). Throws ConfigError naming `sourceName`
// and the key; use it after changing a loaded config (CLI overrides).
void validateConfig(const TrainConfig& config, const std::string& sourceName = "config");

}  // namespace spanforge::train
