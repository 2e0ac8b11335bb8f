#pragma once

#include <string>

namespace spanforge::train {

struct TrainConfig;

// Fine-tuning the Hugging Face model folder `path`: model.encoder =
// "transformer", model.transformer = path, dropout 0.1 (BERT's own, which
// the head shares) and batch_size "auto_on_gpu" (the largest batch that fits
// a GPU) where the config still has the defaults; the encoder's
// optimiser is training.transformer_*. `init-config --transformer`, `train
// --transformer` and the Setup page's transformer choice go through here.
void applyTransformerRecipe(TrainConfig& config, const std::string& path);

// Back to the default encoder; dropout and batch_size to the defaults where
// they are still the recipe's.
void removeTransformerRecipe(TrainConfig& config);

}  // namespace spanforge::train
