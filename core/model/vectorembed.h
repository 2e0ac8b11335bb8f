#pragma once

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

class Vectors;

// Pretrained word vectors as an embedding table; row 0 (words without a
// vector) is zero. Frozen tables are buffers, so saved weights leave them
// out (the model package keeps the vectors file); fine-tuned ones are
// parameters and are saved. Frozen for now (trained after some epochs):
// a parameter without a gradient until unfreeze().
class VectorEmbed {
 public:
  enum class Mode { Frozen, FrozenForNow, Trained };
  VectorEmbed(torch::nn::Module& owner, const std::string& name, const Vectors& vectors, Mode mode);
  ~VectorEmbed();
  VectorEmbed(const VectorEmbed&) = delete;
  VectorEmbed& operator=(const VectorEmbed&) = delete;

  // ids [B, T] int64 (1 + row, 0 = none) -> [B, T, dim].
  at::Tensor forward(const at::Tensor& ids) const;
  int64_t outputDim() const;
  // FrozenForNow: the table starts taking gradients; true when it did.
  bool unfreeze();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace spanforge::model
