#pragma once

#include "transformer/subwordbatch.h"

#include <cstdint>
#include <vector>

namespace spanforge::model {

// One sentence as numbers, ready for batching (see Featurizer).
struct SentenceFeatures {
  int64_t length = 0;     // tokens
  int64_t charWidth = 0;  // char slots per token: the longest token, capped

  // [length][Featurizer::kFeatures][hashSeeds], each in [0, hashRows).
  std::vector<int64_t> hashIds;
  // [length][charWidth], 0 = padding (see Featurizer::charId).
  std::vector<int64_t> charIds;
  // [length]: 1 + row in the pretrained Vectors, 0 for a word without one.
  // Empty when the model has no vectors.
  std::vector<int64_t> vectorIds;
  // [length]: 1 for a word seen once in the training data, for
  // model.singleton_dropout (the trainer sets it); empty otherwise.
  std::vector<uint8_t> singletons;
  // encoder = "transformer": the sentence's subwords (see TransformerInput);
  // then the hashed, char and vector ids are empty.
  transformer::SentenceSubwords subwords;
};

// What training.batch_words counts of a sentence: its subwords with a
// transformer (the encoder's memory and time grow with them), else its tokens.
inline int64_t batchLength(const SentenceFeatures& f) {
  return f.subwords.ids.empty() ? f.length : static_cast<int64_t>(f.subwords.ids.size());
}

}  // namespace spanforge::model
