#include "train/config/transformerrecipe.h"

#include "train/config/trainconfig.h"

namespace spanforge::train {
namespace {

constexpr double kDropout = 0.1;

}  // namespace

void applyTransformerRecipe(TrainConfig& config, const std::string& path) {
  const model::ModelConfig defaults;
  config.model.encoder = "transformer";
  config.model.transformer = path;
  if (config.model.dropout == defaults.dropout) config.model.dropout = kDropout;
}

void removeTransformerRecipe(TrainConfig& config) {
  const model::ModelConfig defaults;
  config.model.encoder = defaults.encoder;
  config.model.transformer.clear();
  if (config.model.dropout == kDropout) config.model.dropout = defaults.dropout;
}

}  // namespace spanforge::train
