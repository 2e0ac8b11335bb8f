#include "train/optimizerfactory.h"

#include <torch/optim/adam.h>
#include <torch/optim/sgd.h>

namespace spanforge::train {

std::unique_ptr<torch::optim::Optimizer> OptimizerFactory::make(const TrainingSettings& s,
                                                                std::vector<at::Tensor> params) {
  if (s.optimizer == "sgd")
    return std::make_unique<torch::optim::SGD>(
        std::move(params),
        torch::optim::SGDOptions(s.learningRate).momentum(s.momentum).weight_decay(s.l2));
  return std::make_unique<torch::optim::Adam>(std::move(params),
                                              torch::optim::AdamOptions(s.learningRate)
                                                  .betas({s.beta1, s.beta2})
                                                  .eps(s.eps)
                                                  .weight_decay(s.l2));
}

}  // namespace spanforge::train
