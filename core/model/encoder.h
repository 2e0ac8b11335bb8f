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

namespace spanforge::model {

// Contextualises token vectors: [B, T, in] -> [B, T, outputDim()].
// Implementations keep padded positions from influencing real ones, so a
// sentence gets the same output whatever batch it is in.
class Encoder {
 public:
  virtual ~Encoder() = default;

  // mask [B, T] bool (true on tokens); lengths [B] int64 on the CPU.
  // `train` turns dropout on; the module's own train flag is not used.
  virtual at::Tensor forward(const at::Tensor& x, const at::Tensor& mask, const at::Tensor& lengths,
                             bool train) const = 0;
  virtual int64_t outputDim() const = 0;

  // config.encoder: "bilstm" or "cnn"; throws std::invalid_argument otherwise.
  static std::unique_ptr<Encoder> create(torch::nn::Module& owner, const ModelConfig& config,
                                         int64_t inputDim);
};

}  // namespace spanforge::model
