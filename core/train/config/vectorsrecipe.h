#pragma once

#include <string>

namespace spanforge::train {

struct TrainConfig;

// The settings that won with pretrained word vectors (README, "The recipe with
// word vectors"): dropout 0.5 instead of 0.3. Sets model.vectors to `path` and
// each recipe setting the config still has at its default value, so a value
// someone chose stays. `init-config --vectors`, `train --vectors` and the GUI's
// word-vectors choice all go through here.
void applyVectorsRecipe(TrainConfig& config, const std::string& path);

// Clears model.vectors and puts each recipe setting still at the recipe's value
// back to its default (the GUI's "None"), so a value someone chose stays.
void removeVectorsRecipe(TrainConfig& config);

}  // namespace spanforge::train
