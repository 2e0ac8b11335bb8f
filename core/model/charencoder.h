#pragma once

#include "model/modelconfig.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace at {
class Tensor;
}
namespace torch::nn {
class Module;
}

namespace spanforge::model {

// One vector per token from its characters: sees capitalisation, affixes and
// spelling the hashed features miss.
class CharEncoder {
 public:
  virtual ~CharEncoder() = default;

  // ids [N, C] int64, characters first and 0-padding after; every row has at
  // least one character -> [N, outputDim()].
  virtual at::Tensor forward(const at::Tensor& ids) const = 0;
  virtual int64_t outputDim() const = 0;

  // Length buckets and order as BatchTensors makes them -> [slots, outputDim()];
  // slots past the last bucketed token (padding, empty tokens) get zeros.
  at::Tensor forward(const std::vector<at::Tensor>& buckets, const at::Tensor& order) const;

  // config.charEncoder: "cnn" or "bilstm"; throws std::invalid_argument otherwise.
  static std::unique_ptr<CharEncoder> create(torch::nn::Module& owner, const ModelConfig& config,
                                             int64_t vocab);
};

}  // namespace spanforge::model
