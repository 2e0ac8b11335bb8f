#pragma once

// A small NerModel trained in a few seconds, for the model tests.

#include "conlldata.h"
#include "model/batch.h"
#include "model/modelconfig.h"
#include "model/nermodel.h"

#include <torch/torch.h>

#include <string>
#include <vector>

namespace spanforge::model::testing {

// Small enough to train in a second or two, big enough to memorise 20 sentences.
inline ModelConfig smallConfig(const std::string& encoder, const std::string& scheme) {
  ModelConfig c;
  c.hashRows = 2000;
  c.hashSeeds = 2;
  c.wordDim = 32;
  c.charDim = 16;
  c.charFilters = 32;
  c.hidden = 64;
  c.cnnDepth = 3;
  c.dropout = 0.1;
  c.encoder = encoder;
  c.tagScheme = scheme;
  return c;
}

inline Batch batchOf(const NerModel& model, const std::vector<Sentence>& data, bool gold) {
  Batch b;
  for (const auto& s : data)
    b.add(model.featurize(s.tokens),
          gold ? model.encodeTags(s.spans, s.tokens.size()) : std::vector<int64_t>{});
  return b;
}

inline double train(NerModel& model, const Batch& batch, int steps) {
  torch::optim::Adam opt(model.module().parameters(), torch::optim::AdamOptions(0.01));
  model.setTraining(true);
  for (int i = 0; i < steps; ++i) {
    opt.zero_grad();
    model.lossTensor(batch).backward();
    opt.step();
  }
  model.setTraining(false);
  return model.loss(batch);
}

}  // namespace spanforge::model::testing
