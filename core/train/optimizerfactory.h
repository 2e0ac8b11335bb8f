#pragma once

#include "train/config/trainconfig.h"

#include <torch/optim/optimizer.h>

#include <memory>
#include <vector>

namespace spanforge::train {

// The optimizer training.optimizer names ("sgd" or "adam") over `params`,
// with the config's learning rate, momentum or betas/eps, and L2.
class OptimizerFactory {
 public:
  static std::unique_ptr<torch::optim::Optimizer> make(const TrainingSettings& settings,
                                                       std::vector<torch::Tensor> params);
};

}  // namespace spanforge::train
