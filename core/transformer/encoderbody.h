#pragma once

#include <string>

namespace at {
class Tensor;
}
namespace torch::nn {
class Module;
}

namespace spanforge::transformer {

// The layers of one encoder family, under the module TransformerEncoder
// owns; TransformerEncoder loads their weights by name, whatever the family.
class EncoderBody {
 public:
  virtual ~EncoderBody() = default;
  // ids [B, S] int64, mask [B, S] (nonzero on subwords) -> [B, S, hidden].
  virtual at::Tensor forward(const at::Tensor& ids, const at::Tensor& mask, bool train) = 0;

  // torch.finfo(scores' type).min, which Hugging Face gives masked keys:
  // under autocast the scores are fp16 or bf16, where float's lowest overflows.
  static double lowestFor(const at::Tensor& scores);
  // config.json's activation: gelu (erf), gelu_new (tanh) or relu.
  static at::Tensor activate(const at::Tensor& x, const std::string& activation);
  // An empty module registered under `parent` as `name`: a level of the
  // checkpoint's names ("encoder", "layer", "0" ...).
  static torch::nn::Module& child(torch::nn::Module& parent, const std::string& name);
};

}  // namespace spanforge::transformer
