#pragma once

#include <memory>

// Torch stays out of core headers (Qt code includes them).
namespace at {
class Tensor;
}
namespace torch::optim {
class Optimizer;
class OptimizerParamState;
}  // namespace torch::optim

namespace spanforge::torchcompat {

// An optimizer's state for one parameter. libtorch keys it by the
// parameter's TensorImpl: as that address printed to a string in 1.13, as the
// address itself in 2.x. The only code that knows which.

// nullptr when the optimizer holds no state for `param` yet.
torch::optim::OptimizerParamState* optimizerState(torch::optim::Optimizer& optimizer,
                                                  const at::Tensor& param);
void setOptimizerState(torch::optim::Optimizer& optimizer, const at::Tensor& param,
                       std::unique_ptr<torch::optim::OptimizerParamState> state);

}  // namespace spanforge::torchcompat
