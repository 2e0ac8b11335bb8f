#pragma once

#include "model/charencoder.h"

#include <cstdint>
#include <memory>
#include <string>

namespace spanforge::model {

// Character CNN: embeds each token's char ids, convolves over the
// characters and max-pools (the default char_encoder).
class CharCnn : public CharEncoder {
 public:
  CharCnn(torch::nn::Module& owner, const std::string& name, int64_t vocab, int64_t charDim,
          int64_t filters, int64_t kernel);
  ~CharCnn() override;
  CharCnn(const CharCnn&) = delete;
  CharCnn& operator=(const CharCnn&) = delete;

  using CharEncoder::forward;
  // ids [N, C] int64 (0 = padding) -> [N, filters]. All-padding rows give 0.
  at::Tensor forward(const at::Tensor& ids) const override;
  int64_t outputDim() const override;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace spanforge::model
