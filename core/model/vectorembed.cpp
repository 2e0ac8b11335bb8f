#include "model/vectorembed.h"

#include "model/vectors.h"

#include <torch/nn/module.h>

namespace spanforge::model {

struct VectorEmbed::Impl {
  torch::Tensor table;  // [rows + 1, dim]
  int64_t dim = 0;
  Mode mode = Mode::Frozen;
};

VectorEmbed::VectorEmbed(torch::nn::Module& owner, const std::string& name, const Vectors& vectors,
                         Mode mode)
    : impl_(std::make_unique<Impl>()) {
  impl_->dim = vectors.dim();
  impl_->mode = mode;
  torch::Tensor table = torch::zeros({vectors.size() + 1, vectors.dim()});
  if (!vectors.empty()) {
    table.narrow(0, 1, vectors.size())
        .copy_(torch::from_blob(const_cast<float*>(vectors.data().data()),
                                {vectors.size(), vectors.dim()}, torch::kFloat));
  }
  impl_->table = mode == Mode::Frozen
                     ? owner.register_buffer(name, table)
                     : owner.register_parameter(name, table, mode == Mode::Trained);
}

bool VectorEmbed::unfreeze() {
  if (impl_->mode != Mode::FrozenForNow) return false;
  impl_->mode = Mode::Trained;
  impl_->table.set_requires_grad(true);
  return true;
}

VectorEmbed::~VectorEmbed() = default;

at::Tensor VectorEmbed::forward(const at::Tensor& ids) const {
  return impl_->table.index_select(0, ids.reshape({-1}))
      .view({ids.size(0), ids.size(1), impl_->dim});
}

int64_t VectorEmbed::outputDim() const { return impl_->dim; }

}  // namespace spanforge::model
