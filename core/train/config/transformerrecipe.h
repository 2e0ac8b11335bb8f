#pragma once

#include <string>

namespace spanforge::train {

struct TrainConfig;

// Fine-tuning the Hugging Face model folder `path`: model.encoder =
// "transformer", model.transformer = path, and dropout 0.1 (BERT's own, which
// the head shares) where the config still has the default; the encoder's
// optimiser is training.transformer_*. `init-config --transformer`, `train
// --transformer` and the Setup page's transformer choice go through here.
void applyTransformerRecipe(TrainConfig& config, const std::string& path);

// Back to the default encoder, dropout 0.1 to the default where it is
// still the recipe's.
void removeTransformerRecipe(TrainConfig& config);

}  // namespace spanforge::train
