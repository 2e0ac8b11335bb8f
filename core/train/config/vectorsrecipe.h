#pragma once

#include <string>

namespace spanforge::train {

struct TrainConfig;

// The settings that won with pretrained word vectors (README, "What changed
// the default config": the rows measured with GloVe). Sets model.vectors to
// `path` and each recipe setting the config still has at its default value,
// so a value someone chose stays. `init-config --vectors`, `train --vectors`
// and the GUI's word-vectors choice all go through here.
void applyVectorsRecipe(TrainConfig& config, const std::string& path);

}  // namespace spanforge::train
