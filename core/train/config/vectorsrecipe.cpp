#include "train/config/vectorsrecipe.h"

#include "train/config/trainconfig.h"

namespace spanforge::train {

void applyVectorsRecipe(TrainConfig& config, const std::string& path) {
  config.model.vectors = path;
}

}  // namespace spanforge::train
