#include "train/config/trainconfig.h"

#include "train/config/configerror.h"
#include "train/config/configschema.h"

#include <tuple>

namespace spanforge::train {
namespace {

auto tied(const TrainingSettings& t) {
  return std::tie(t.seed, t.optimizer, t.learningRate, t.beta1, t.beta2, t.eps, t.momentum, t.l2,
                  t.gradClip, t.paramAverage, t.checkpointAverage, t.warmupSteps, t.lrDecay,
                  t.transformerLearningRate, t.transformerWarmup, t.decaySteps, t.decayRate,
                  t.minLearningRate, t.batchSize, t.batchWords, t.batchStart, t.batchStop,
                  t.batchCompound, t.memoryLimitMb, t.lengthBucketing, t.accumulateGradient,
                  t.mixedPrecision, t.prefetch, t.evalFrequency, t.patience, t.maxSteps,
                  t.maxEpochs, t.maxMinutes);
}

// ModelConfig is owned by core/model and has no operator==; compare it here.
// tests/train checks sizeof(ModelConfig) so that a new field is not forgotten.
auto tied(const model::ModelConfig& m) {
  return std::tie(m.hashRows, m.hashSeeds, m.wordDim, m.prefixLength, m.suffixLength,
                  m.wordFeatures, m.charEncoder, m.charDim, m.charFilters, m.charKernel,
                  m.charHidden, m.maxTokenChars, m.encoder, m.hidden, m.layers, m.cnnDepth,
                  m.cnnKernel, m.dropout, m.dropoutAt, m.variationalDropout, m.wordDropout,
                  m.singletonDropout, m.charDropout, m.lmLoss, m.unknownWords, m.tagScheme,
                  m.vectors, m.freezeVectors, m.unfreezeVectorsAfter, m.pretrained,
                  m.pretrainedVocabulary, m.transformer, m.pooling, m.window, m.stride,
                  m.freezeEncoder, m.freezeLayers, m.transformerBilstm);
}

}  // namespace

bool operator==(const TrainingSettings& a, const TrainingSettings& b) { return tied(a) == tied(b); }

bool operator==(const PretrainingSettings& a, const PretrainingSettings& b) {
  return std::tie(a.maskRate, a.characters, a.learningRate, a.batchWords, a.maxSteps, a.maxEpochs,
                  a.maxMinutes, a.checkpointEvery) ==
         std::tie(b.maskRate, b.characters, b.learningRate, b.batchWords, b.maxSteps, b.maxEpochs,
                  b.maxMinutes, b.checkpointEvery);
}

bool operator==(const DataSettings& a, const DataSettings& b) {
  return a.devFraction == b.devFraction && a.devSeed == b.devSeed &&
         a.minExamples == b.minExamples && a.calibrationShare == b.calibrationShare;
}

bool operator==(const DeviceSettings& a, const DeviceSettings& b) {
  return a.device == b.device && a.threads == b.threads && a.processes == b.processes;
}

bool operator==(const TrainConfig& a, const TrainConfig& b) {
  return tied(a.model) == tied(b.model) && a.training == b.training &&
         a.pretraining == b.pretraining && a.data == b.data && a.device == b.device;
}

TrainConfig defaultConfig() { return TrainConfig{}; }

TrainConfig fastPreset() {
  // Dilated CNN instead of the BiLSTM (no sequential dependency between
  // tokens), narrower features; stops earlier.
  TrainConfig c;
  c.model.encoder = "cnn";
  c.model.hidden = 128;
  c.model.cnnDepth = 4;
  c.model.hashRows = 10000;
  c.model.wordDim = 48;
  c.model.charDim = 24;
  c.model.charFilters = 32;
  c.training.patience = 5;
  return c;
}

TrainConfig accuratePreset() {
  // The default network, with 2.5 times the patience. Wider models lost on
  // both corpora we measure (width 256: wikigold fold 0 51.2 vs 52.7, WNUT-17
  // 23.5 vs 25.7; the old wide preset: fold 0 50.9). CPU training is
  // deterministic, so this run passes through every state the default run
  // does and keeps the best on dev: its dev F1 is never lower, for more time.
  TrainConfig c;
  c.training.patience = 25;
  return c;
}

std::vector<std::string> presetNames() { return {"default", "fast", "accurate"}; }

std::optional<TrainConfig> presetConfig(std::string_view name) {
  if (name == "default") return defaultConfig();
  if (name == "fast") return fastPreset();
  if (name == "accurate") return accuratePreset();
  return std::nullopt;
}

void validateConfig(const TrainConfig& config, const std::string& sourceName) {
  std::vector<ConfigIssue> issues;
  for (const ConfigField& f : configFields()) {
    const ConfigValue v = f.get(config);
    if (!f.accepts(v)) {
      issues.push_back(
          {sourceName, 0, f.name(), "must be " + f.constraint + " (got " + formatValue(v) + ")"});
    }
  }
  // The rules between settings assume each setting is valid on its own.
  if (issues.empty()) {
    for (RuleViolation& r : checkConfigRules(config))
      issues.push_back({sourceName, 0, std::move(r.key), std::move(r.message)});
  }
  if (!issues.empty()) throw ConfigError(std::move(issues));
}

}  // namespace spanforge::train
