#pragma once

#include "transformer/encoderconfig.h"

#include <cstdint>
#include <memory>
#include <string>

namespace at {
class Tensor;
}
namespace torch::nn {
class Module;
}
namespace spanforge::model {
class SafetensorsFile;
}

namespace spanforge::transformer {

// The encoder of BERT, RoBERTa, XLM-RoBERTa, ELECTRA, DistilBERT or
// ModernBERT as Hugging Face's modelling code computes it (each family's
// layers are an EncoderBody). Its parameters hang under one module,
// "transformer", of `owner`, named as the family's checkpoints name them, so
// that weights load by name.
class TransformerEncoder {
 public:
  TransformerEncoder(torch::nn::Module& owner, const EncoderConfig& config);
  ~TransformerEncoder();
  TransformerEncoder(const TransformerEncoder&) = delete;
  TransformerEncoder& operator=(const TransformerEncoder&) = delete;

  // ids [B, S] int64 (the padding id where mask is 0), mask [B, S] (nonzero on
  // subwords); returns [B, S, hidden]. `train` turns dropout on.
  at::Tensor forward(const at::Tensor& ids, const at::Tensor& mask, bool train) const;
  // Copies every tensor the config needs from a checkpoint, its names after
  // `prefix` ("bert." ...; LayerNorm's gamma/beta too), F16 and BF16 widened
  // to the parameters' type. Throws std::runtime_error naming the file and the
  // first tensor missing or of another shape; then nothing was copied.
  void load(const model::SafetensorsFile& file, const std::string& prefix);
  // The module holding every parameter (named as the checkpoints name them).
  torch::nn::Module& module() const;
  const EncoderConfig& config() const;
  int64_t hiddenDim() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace spanforge::transformer
