#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace at {
class Tensor;
}
namespace torch::nn {
class Module;
}

namespace spanforge::model {

// Character CNN: embeds each token's char ids, convolves over the
// characters and max-pools, giving one vector per token that sees
// capitalisation, affixes and spelling the hashed features miss.
class CharCnn {
 public:
  CharCnn(torch::nn::Module& owner, const std::string& name, int64_t vocab, int64_t charDim,
          int64_t filters, int64_t kernel);
  ~CharCnn();
  CharCnn(const CharCnn&) = delete;
  CharCnn& operator=(const CharCnn&) = delete;

  // ids [N, C] int64 (0 = padding) -> [N, filters]. All-padding rows give 0.
  at::Tensor forward(const at::Tensor& ids) const;
  // Length buckets and order as BatchTensors makes them -> [slots, filters].
  at::Tensor forward(const std::vector<at::Tensor>& buckets, const at::Tensor& order) const;
  int64_t outputDim() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace spanforge::model
