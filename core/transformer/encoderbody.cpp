#include "transformer/encoderbody.h"

#include <torch/nn/functional/activation.h>
#include <torch/nn/module.h>

#include <limits>

namespace spanforge::transformer {

double EncoderBody::lowestFor(const at::Tensor& scores) {
  switch (scores.scalar_type()) {
    case torch::kDouble:
      return std::numeric_limits<double>::lowest();
    case torch::kHalf:
      return -65504.0;
    case torch::kBFloat16:
      return -3.3895313892515355e38;
    default:
      return static_cast<double>(std::numeric_limits<float>::lowest());
  }
}

at::Tensor EncoderBody::activate(const at::Tensor& x, const std::string& activation) {
  namespace F = torch::nn::functional;
  if (activation == "relu") return torch::relu(x);
  if (activation == "gelu_new") return F::gelu(x, F::GELUFuncOptions().approximate("tanh"));
  return F::gelu(x);
}

torch::nn::Module& EncoderBody::child(torch::nn::Module& parent, const std::string& name) {
  return *parent.register_module(name, std::make_shared<torch::nn::Module>());
}

}  // namespace spanforge::transformer
