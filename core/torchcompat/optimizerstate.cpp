#include "torchcompat/optimizerstate.h"

#include <torch/optim/optimizer.h>

#include <sstream>
#include <string>
#include <type_traits>

namespace spanforge::torchcompat {
namespace {

template <class Map>
typename Map::key_type keyOf(const Map&, const at::Tensor& param) {
  if constexpr (std::is_same_v<typename Map::key_type, std::string>) {
    // As 1.13's c10::guts::to_string prints a pointer (2.x has no such key).
    std::ostringstream key;
    key << param.unsafeGetTensorImpl();
    return key.str();
  } else {
    return param.unsafeGetTensorImpl();
  }
}

}  // namespace

torch::optim::OptimizerParamState* optimizerState(torch::optim::Optimizer& optimizer,
                                                  const at::Tensor& param) {
  auto& state = optimizer.state();
  const auto found = state.find(keyOf(state, param));
  return found == state.end() ? nullptr : found->second.get();
}

void setOptimizerState(torch::optim::Optimizer& optimizer, const at::Tensor& param,
                       std::unique_ptr<torch::optim::OptimizerParamState> value) {
  auto& state = optimizer.state();
  state[keyOf(state, param)] = std::move(value);
}

}  // namespace spanforge::torchcompat
