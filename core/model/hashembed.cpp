#include "model/hashembed.h"

#include <torch/nn/module.h>

namespace spanforge::model {

struct HashEmbed::Impl {
  int64_t features;
  int64_t rows;
  int64_t dim;
  torch::Tensor table;    // [features * rows, dim]: all features in one table
  torch::Tensor offsets;  // [features]: first row of each feature's table
};

HashEmbed::HashEmbed(torch::nn::Module& owner, const std::string& name, int64_t features,
                     int64_t rows, int64_t dim)
    : impl_(std::make_unique<Impl>()) {
  impl_->features = features;
  impl_->rows = rows;
  impl_->dim = dim;
  // One lookup for all features and seeds instead of one per table.
  impl_->table =
      owner.register_parameter(name, torch::empty({features * rows, dim}).uniform_(-0.1, 0.1));
  // A buffer, so it follows the module to its device (weights save parameters only).
  impl_->offsets =
      owner.register_buffer(name + "_offsets", torch::arange(features, torch::kLong) * rows);
}

HashEmbed::~HashEmbed() = default;

at::Tensor HashEmbed::forward(const at::Tensor& ids) const {
  const auto sizes = ids.sizes();
  const torch::Tensor offsets = impl_->offsets.view({1, 1, -1, 1});
  const torch::Tensor rows = (ids + offsets).reshape({-1});
  // [B*T*F*S, dim] -> sum over seeds -> [B, T, F*dim]
  return impl_->table.index_select(0, rows)
      .view({sizes[0], sizes[1], sizes[2], sizes[3], impl_->dim})
      .sum(3)
      .view({sizes[0], sizes[1], sizes[2] * impl_->dim});
}

int64_t HashEmbed::outputDim() const { return impl_->features * impl_->dim; }

}  // namespace spanforge::model
