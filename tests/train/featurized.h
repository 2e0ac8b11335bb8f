#pragma once

// A model and a corpus as BatchGradient and BatchSizeProbe take them: each
// sentence's features and gold tags, made by that model.

#include "model/nermodel.h"
#include "train/config/trainconfig.h"
#include "train/data/corpus.h"

#include <cstdint>
#include <vector>

namespace spanforge::train::testing {

struct Featurized {
  model::NerModel model;  // initialised from torch's generator: seed it first
  std::vector<model::SentenceFeatures> features;
  std::vector<std::vector<int64_t>> tags;

  Featurized(const TrainConfig& c, const Corpus& corpus) : model(c.model, corpus.labels()) {
    for (const auto& e : corpus.examples()) {
      features.push_back(model.featurize(e.tokens));
      tags.push_back(model.encodeTags(e.spans, e.tokens.size()));
    }
  }
};

}  // namespace spanforge::train::testing
