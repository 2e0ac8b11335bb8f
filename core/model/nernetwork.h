#pragma once

#include "model/modelconfig.h"

#include <cstdint>
#include <memory>

namespace at {
class Tensor;
}
namespace torch::nn {
class Module;
}

namespace spanforge::transformer {
class TransformerEncoder;
}

namespace spanforge::model {

class BatchTensors;
class Crf;
class TagSet;
class TransformerInput;
class Vectors;

// The network behind NerModel: [hashed features | pretrained vectors |
// char CNN or BiLSTM] -> dropout -> encoder -> dropout -> linear tag scores -> CRF
// (model.dropout_at may drop either dropout).
// All parameters hang off one root module (names are stable: they are the
// keys of saved weights).
class NerNetwork {
 public:
  // `vectors` may be null; when given it must match config.vectors. With
  // encoder = "transformer", `transformer` (else null) gives the encoder's
  // shape: [transformer encoder] -> (BiLSTM) -> dropout -> linear -> CRF.
  NerNetwork(const ModelConfig& config, const TagSet& tags, const Vectors* vectors,
             const TransformerInput* transformer = nullptr);
  ~NerNetwork();
  NerNetwork(const NerNetwork&) = delete;
  NerNetwork& operator=(const NerNetwork&) = delete;

  torch::nn::Module& module() const;
  const Crf& crf() const;
  Crf& crf();
  bool hasVectors() const;
  // model.unfreeze_vectors_after: the vectors start taking gradients; true
  // when they did (false without vectors or when they already were).
  bool unfreezeVectors();

  // Tag scores [B, T, K]; `train` turns dropout on.
  at::Tensor emissions(const BatchTensors& batch, bool train) const;
  // The same in two halves: the encoder's output after dropout, and the tag
  // scores from it.
  at::Tensor encoded(const BatchTensors& batch, bool train) const;
  at::Tensor tagScores(const at::Tensor& encoded) const;
  // With config.lmLoss > 0: lmLoss times LanguageModelHead's loss on
  // `encoded` (of `batch`); otherwise undefined.
  at::Tensor languageModelLoss(const at::Tensor& encoded, const BatchTensors& batch) const;
  // The encoder's output [B, T, contextDim()] after dropout, with the whole
  // input of every token where `hide` [B, T] (bool) is true zeroed: its word,
  // affixes, shape, vector and characters. Pretraining predicts those
  // tokens from their context alone.
  at::Tensor context(const BatchTensors& batch, const at::Tensor& hide, bool train) const;
  int64_t contextDim() const;
  // The pretrained encoder (its parameters are "transformer.*"); null
  // for the bilstm and cnn encoders.
  transformer::TransformerEncoder* transformer() const;

 private:
  void buildTransformer(const ModelConfig& config, const TagSet& tags,
                        const TransformerInput& input);
  at::Tensor inputs(const BatchTensors& batch, bool train) const;
  // Dropout with probability p on [B, T, D] while training: per token, or
  // per sentence with model.variational_dropout.
  at::Tensor dropTokens(const at::Tensor& x, double p, bool train) const;

  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace spanforge::model
