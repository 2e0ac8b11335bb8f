#pragma once

#include "transformer/encoderbody.h"
#include "transformer/encoderconfig.h"

#include <memory>

namespace torch::nn {
class Module;
}

namespace spanforge::transformer {

// BERT, RoBERTa, XLM-RoBERTa, ELECTRA and DistilBERT as Hugging Face's
// modelling code computes them: learned positions (RoBERTa's counted after
// the padding id), then post-norm self-attention blocks, named as each
// family's checkpoints name them.
class BertEncoderBody : public EncoderBody {
 public:
  BertEncoderBody(torch::nn::Module& root, const EncoderConfig& config);
  ~BertEncoderBody() override;
  at::Tensor forward(const at::Tensor& ids, const at::Tensor& mask, bool train) override;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace spanforge::transformer
