#pragma once

#include "model/charencoder.h"

#include <cstdint>
#include <memory>
#include <string>

namespace spanforge::model {

// Character BiLSTM (Lample et al. 2016): embeds each token's characters and
// concatenates the final forward and backward states, so a token's vector
// depends on its whole spelling in order, not only on local windows.
class CharBiLstm : public CharEncoder {
 public:
  CharBiLstm(torch::nn::Module& owner, const std::string& name, int64_t vocab, int64_t charDim,
             int64_t hidden);
  ~CharBiLstm() override;
  CharBiLstm(const CharBiLstm&) = delete;
  CharBiLstm& operator=(const CharBiLstm&) = delete;

  using CharEncoder::forward;
  // ids [N, C] int64, characters then 0-padding, each row non-empty
  // -> [N, 2 * hidden]; padding never reaches the states.
  at::Tensor forward(const at::Tensor& ids) const override;
  int64_t outputDim() const override;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace spanforge::model
