#include "train/config/transformerrecipe.h"

#include "train/config/trainconfig.h"

namespace spanforge::train {
namespace {

constexpr double kTransformerDropout = 0.1;
// A GPU's memory, not its speed, limits a transformer's batch: there the
// largest batch that fits; on the CPU batch_words.
constexpr const char* kBatchSize = "auto_on_gpu";

}  // namespace

void applyTransformerRecipe(TrainConfig& config, const std::string& path) {
  const model::ModelConfig defaults;
  config.model.encoder = "transformer";
  config.model.transformer = path;
  if (config.model.dropout == defaults.dropout) config.model.dropout = kTransformerDropout;
  const TrainingSettings training;
  if (config.training.batchSize == training.batchSize) config.training.batchSize = kBatchSize;
}

void removeTransformerRecipe(TrainConfig& config) {
  const model::ModelConfig defaults;
  config.model.encoder = defaults.encoder;
  config.model.transformer.clear();
  if (config.model.dropout == kTransformerDropout) config.model.dropout = defaults.dropout;
  if (config.training.batchSize == kBatchSize)
    config.training.batchSize = TrainingSettings{}.batchSize;
}

}  // namespace spanforge::train
