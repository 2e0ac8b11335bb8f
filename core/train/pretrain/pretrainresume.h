#pragma once

#include "train/config/trainconfig.h"

#include <cstdint>
#include <string>
#include <vector>

namespace spanforge::model {
class SafetensorsFile;
}

namespace spanforge::train {

// Where a pretraining stands between two steps, besides its weights.
struct PretrainPosition {
  int64_t steps = 0;
  int64_t epoch = 0;        // the pass under way, 1-based
  int64_t batchesDone = 0;  // of that pass's batches
  int64_t words = 0;
  double seconds = 0.0;
  std::string orderRng;  // the batch-order generator before that pass's shuffle
  std::string textKey;   // PretrainResume::textKey of the text
};

// What decides whether a pretraining's folder can be gone on from, without
// torch (the GUI asks before a job starts): resume.safetensors's metadata
// (PretrainState writes and restores its tensors), the config and the text.
class PretrainResume {
 public:
  static constexpr const char* kFile = "resume.safetensors";
  static constexpr const char* kFormat = "spanforge-pretrain-resume";
  static constexpr const char* kVersion = "1";

  // The metadata. Throws ModelPackageError naming the file.
  static PretrainPosition readPosition(const std::string& path);
  static PretrainPosition positionOf(const model::SafetensorsFile& file);
  // A metadata field as a non-negative whole number; ModelPackageError else.
  static int64_t wholeField(const model::SafetensorsFile& file, const std::string& key);

  // Why the pretraining in `dir` cannot go on under `config`, without
  // reading its text: no pretrain.json, no resume state, a damaged one, or
  // another config (configDifference). Empty when nothing stands in the way.
  static std::string whyNot(const std::string& dir, const TrainConfig& config);

  // The first setting that makes `stored`'s pretraining another one than
  // `now`'s, as "[table] key = old, here key = new"; empty when none does.
  // Only [model] (but pretrained and pretrained_vocabulary), [pretraining]
  // (but its limits and checkpoint_every), training.seed and grad_clip shape
  // a pretraining.
  static std::string configDifference(const TrainConfig& stored, const TrainConfig& now);

  // A digest of the sentences (FNV-1a, 64 bits, over every token), so a
  // resume on other text is refused.
  static std::string textKey(const std::vector<std::vector<std::string>>& sentences);
};

}  // namespace spanforge::train
