#pragma once

#include "train/config/trainconfig.h"

#include <memory>
#include <vector>

namespace at {
class Tensor;
}
namespace torch::optim {
class Optimizer;
}

namespace spanforge::train {

// The optimizer training.optimizer names ("sgd" or "adam") over `params`,
// with the config's learning rate, momentum or betas/eps, and L2.
class OptimizerFactory {
 public:
  static std::unique_ptr<torch::optim::Optimizer> make(const TrainingSettings& settings,
                                                       std::vector<at::Tensor> params);
};

}  // namespace spanforge::train
