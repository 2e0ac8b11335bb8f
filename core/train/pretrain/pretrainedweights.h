#pragma once

#include "train/config/trainconfig.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace spanforge::model {
class NerModel;
}

namespace spanforge::train {

// What a pretraining run did, as pretrain.json records it.
struct PretrainSummary {
  int64_t steps = 0;
  int64_t epochs = 0;
  int64_t words = 0;      // trained on (each pass counted)
  int64_t sentences = 0;  // of text, held-out ones included
  double heldOutLoss = 0.0;
  double seconds = 0.0;
  std::string created;  // UTC, ISO 8601; filled in by write()
  // Ran to its step, epoch or time limit (not a checkpoint on the way, not
  // cancelled); false in folders written before it was recorded.
  bool finished = false;
};

// A further file of a pretraining's folder, written by `write(path)` (which
// throws on failure). Not listed in pretrain.json's files: the folder loads
// without it.
struct PretrainExtraFile {
  const char* name = nullptr;
  std::function<void(const std::string& path)> write;
};

// The folder `spanforge-cli pretrain` writes and `model.pretrained` names:
//   weights.safetensors - the network's weights (its output layer and CRF are
//                      untrained placeholders, never copied)
//   config.toml      - the config it was pretrained with: its [model] is the
//                      architecture a model starting from it gets
//   known_words.txt  - the words of the text (KnownWords)
//   resume.safetensors - what resuming needs besides the weights
//                      (PretrainState); absent in older folders, and may be
//                      deleted (the folder then cannot be resumed)
//   pretrain.json    - {"format": "spanforge-pretrained", "format_version",
//                      steps, epochs, words, sentences, held_out_loss, seconds,
//                      created, finished, "files": {name: bytes}}
// written to a temporary sibling and moved into place (AtomicDirectory).
class PretrainedWeights {
 public:
  static constexpr const char* kMetaFile = "pretrain.json";
  // 2: weights in safetensors; 1 (weights.pt) is refused with
  // LegacyPackageError and converted by LegacyPackage::upgrade.
  static constexpr int64_t kFormatVersion = 2;
  // The one label of the placeholder output layer.
  static constexpr const char* kPlaceholderLabel = "PRETRAIN";

  // Throws ModelPackageError naming the path; `dir` is then unchanged.
  static void write(const std::string& dir, const model::NerModel& model, const TrainConfig& config,
                    PretrainSummary summary, const PretrainExtraFile& extra = {});

  // Reads pretrain.json only (showing a folder without loading it). Throws
  // LegacyPackageError for a format-1 folder, ModelPackageError naming the
  // file for anything else it cannot use.
  static PretrainSummary readSummary(const std::string& dir);

  // Reads and checks the folder (every file present with its recorded size);
  // the model has the placeholder label and config.model's tag scheme
  // replaced by `tagScheme`. Throws ModelPackageError naming the file.
  static PretrainedWeights load(const std::string& dir, const std::string& tagScheme);

  PretrainedWeights(PretrainedWeights&&) noexcept;
  PretrainedWeights& operator=(PretrainedWeights&&) noexcept;
  ~PretrainedWeights();

  const TrainConfig& config() const { return config_; }
  const PretrainSummary& summary() const { return summary_; }
  model::NerModel& model() { return *model_; }

 private:
  PretrainedWeights(TrainConfig config, PretrainSummary summary,
                    std::unique_ptr<model::NerModel> model);

  TrainConfig config_;
  PretrainSummary summary_;
  std::unique_ptr<model::NerModel> model_;
};

}  // namespace spanforge::train
