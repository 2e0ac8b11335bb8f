#pragma once

#include "model/encoder.h"

#include <memory>

namespace spanforge::model {

// Stacked bidirectional LSTMs over packed sequences (padding never enters
// the recurrence), with dropout between layers.
class BiLstmEncoder : public Encoder {
 public:
  BiLstmEncoder(torch::nn::Module& owner, int64_t inputDim, int64_t hidden, int64_t layers,
                double dropout);
  ~BiLstmEncoder() override;

  at::Tensor forward(const at::Tensor& x, const at::Tensor& mask, const at::Tensor& lengths,
                     bool train) const override;
  int64_t outputDim() const override;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace spanforge::model
