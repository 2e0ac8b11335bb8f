#include "model/charencoder.h"

#include "model/charbilstm.h"
#include "model/charcnn.h"

#include <ATen/ATen.h>

#include <stdexcept>

namespace spanforge::model {

at::Tensor CharEncoder::forward(const std::vector<at::Tensor>& buckets,
                                const at::Tensor& order) const {
  std::vector<at::Tensor> parts;
  parts.reserve(buckets.size() + 1);
  for (const auto& ids : buckets) parts.push_back(forward(ids));
  // A zero row for padding slots and empty tokens.
  const auto options = parts.empty() ? order.options().dtype(at::kFloat) : parts[0].options();
  parts.push_back(at::zeros({1, outputDim()}, options));
  return at::cat(parts, 0).index_select(0, order);
}

std::unique_ptr<CharEncoder> CharEncoder::create(torch::nn::Module& owner,
                                                 const ModelConfig& config, int64_t vocab) {
  if (config.charEncoder == "cnn")
    return std::make_unique<CharCnn>(owner, "char", vocab, config.charDim, config.charFilters,
                                     config.charKernel);
  if (config.charEncoder == "bilstm")
    return std::make_unique<CharBiLstm>(owner, "char", vocab, config.charDim, config.charHidden);
  throw std::invalid_argument("unknown char_encoder \"" + config.charEncoder +
                              "\" (expected \"cnn\" or \"bilstm\")");
}

}  // namespace spanforge::model
