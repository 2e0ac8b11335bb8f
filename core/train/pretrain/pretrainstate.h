#pragma once

#include "train/pretrain/pretrainresume.h"

#include <string>
#include <vector>

// Torch stays out of core headers (Qt code includes them).
namespace at {
class Tensor;
}
namespace torch::optim {
class Optimizer;
}

namespace spanforge::train {

// resume.safetensors in a pretraining's folder: what going on from a
// checkpoint needs beyond the weights, so that a resumed run computes what
// the uninterrupted one would have. The prediction head, Adam's moments and
// step counts, and the CPU random generator (token masks, dropout) as
// tensors; the position as metadata. Data only, like the weights: reading it
// runs nothing.
class PretrainState {
 public:
  // `head`: the prediction head's weight and bias; `trainable`: the
  // parameters `optimizer` (an Adam) steps, in its order.
  static void write(const std::string& path, const PretrainPosition& position,
                    const std::vector<at::Tensor>& head, torch::optim::Optimizer& optimizer,
                    const std::vector<at::Tensor>& trainable);
  // Puts back the head, the optimizer's state and the CPU generator, after
  // checking that every tensor fits; returns the position. Throws
  // ModelPackageError naming the file, before changing anything.
  static PretrainPosition restore(const std::string& path, const std::vector<at::Tensor>& head,
                                  torch::optim::Optimizer& optimizer,
                                  const std::vector<at::Tensor>& trainable);
};

}  // namespace spanforge::train
