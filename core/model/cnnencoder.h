#pragma once

#include "model/encoder.h"

#include <memory>

namespace spanforge::model {

// Dilated residual convolutions (ID-CNN style): a projection to `hidden`
// channels, then `depth` pre-norm blocks LayerNorm -> Conv1d (dilation 1,
// 2, 4, ...) -> ReLU -> dropout -> residual add. With kernel 3 and depth 4
// each token sees 31 tokens. Padding is zeroed before every convolution,
// which makes it look like the sentence edge.
class CnnEncoder : public Encoder {
 public:
  CnnEncoder(torch::nn::Module& owner, int64_t inputDim, int64_t hidden, int64_t depth,
             int64_t kernel, double dropout);
  ~CnnEncoder() override;

  at::Tensor forward(const at::Tensor& x, const at::Tensor& mask, const at::Tensor& lengths,
                     bool train) const override;
  int64_t outputDim() const override;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace spanforge::model
