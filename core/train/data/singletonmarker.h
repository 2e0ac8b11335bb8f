#pragma once

#include "model/sentencefeatures.h"
#include "train/data/corpus.h"

#include <vector>

namespace spanforge::train {

// For model.singleton_dropout: marks in each sentence's features the words
// (by normalised form) that occur once in the whole training corpus.
class SingletonMarker {
 public:
  // `features[i]` are the features of `train[i]`.
  static void mark(const Corpus& train, std::vector<model::SentenceFeatures>& features);
};

}  // namespace spanforge::train
