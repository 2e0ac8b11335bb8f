#pragma once

#include "transformer/encoderbody.h"
#include "transformer/encoderconfig.h"

#include <memory>

namespace torch::nn {
class Module;
}

namespace spanforge::transformer {

// ModernBERT as Hugging Face's modelling code computes it without flash
// attention: a normed token embedding (no positions), pre-norm blocks whose
// attention turns queries and keys by rotary positions and sees every key in
// the global layers, keys within local_attention / 2 in the others, a gated
// GELU feed-forward, and a final norm. Norms and linears have no bias unless
// the config asks for one.
class ModernBertEncoderBody : public EncoderBody {
 public:
  ModernBertEncoderBody(torch::nn::Module& root, const EncoderConfig& config);
  ~ModernBertEncoderBody() override;
  at::Tensor forward(const at::Tensor& ids, const at::Tensor& mask, bool train) override;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace spanforge::transformer
