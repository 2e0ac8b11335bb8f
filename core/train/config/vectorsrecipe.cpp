#include "train/config/vectorsrecipe.h"

#include "train/config/trainconfig.h"

namespace spanforge::train {
namespace {

// Dropout 0.5 won with GloVe 100d on 8 of 10 wikigold fold-seed pairs (mean
// +1.0) and by +1.1 on WNUT-17's mean over 3 seeds.
constexpr double kVectorsDropout = 0.5;

}  // namespace

void applyVectorsRecipe(TrainConfig& config, const std::string& path) {
  config.model.vectors = path;
  if (config.model.dropout == model::ModelConfig{}.dropout) config.model.dropout = kVectorsDropout;
}

void removeVectorsRecipe(TrainConfig& config) {
  config.model.vectors.clear();
  if (config.model.dropout == kVectorsDropout) config.model.dropout = model::ModelConfig{}.dropout;
}

}  // namespace spanforge::train
