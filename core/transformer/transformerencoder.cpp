#include "transformer/transformerencoder.h"

#include "model/safetensorsfile.h"
#include "transformer/bertencoderbody.h"
#include "transformer/checkpointtensor.h"
#include "transformer/modelfoldererror.h"
#include "transformer/modernbertencoderbody.h"

#include <torch/nn/module.h>

#include <map>
#include <stdexcept>

namespace spanforge::transformer {

struct TransformerEncoder::Impl {
  EncoderConfig config;
  std::shared_ptr<torch::nn::Module> root;
  std::unique_ptr<EncoderBody> body;
};

TransformerEncoder::TransformerEncoder(torch::nn::Module& owner, const EncoderConfig& c)
    : impl_(std::make_unique<Impl>()) {
  impl_->config = c;
  impl_->root = owner.register_module("transformer", std::make_shared<torch::nn::Module>());
  if (c.family == EncoderFamily::ModernBert)
    impl_->body = std::make_unique<ModernBertEncoderBody>(*impl_->root, c);
  else
    impl_->body = std::make_unique<BertEncoderBody>(*impl_->root, c);
}

TransformerEncoder::~TransformerEncoder() = default;

torch::nn::Module& TransformerEncoder::module() const { return *impl_->root; }
const EncoderConfig& TransformerEncoder::config() const { return impl_->config; }
int64_t TransformerEncoder::hiddenDim() const { return impl_->config.hidden; }

at::Tensor TransformerEncoder::forward(const at::Tensor& ids, const at::Tensor& mask,
                                       bool train) const {
  return impl_->body->forward(ids, mask, train);
}

void TransformerEncoder::load(const model::SafetensorsFile& file, const std::string& prefix) {
  // Checked and converted first, copied after: a bad file changes nothing.
  std::map<std::string, torch::Tensor> values;
  for (const auto& item : impl_->root->named_parameters()) {
    const std::string& name = item.key();
    const torch::Tensor& param = item.value();
    const auto* t = findCheckpointTensor(file, prefix, name);
    if (!t) throw ModelFolderError(file.path() + ": no " + prefix + name);
    if (t->shape != param.sizes().vec())
      throw ModelFolderError(file.path() + ": " + t->name + " is not of the shape " +
                             c10::str(param.sizes()) + " the config asks for");
    torch::ScalarType type;
    if (t->dtype == "F32")
      type = torch::kFloat;
    else if (t->dtype == "F16")
      type = torch::kHalf;
    else if (t->dtype == "BF16")
      type = torch::kBFloat16;
    else
      throw ModelFolderError(file.path() + ": " + t->name + " is " + t->dtype +
                             " (F32, F16 and BF16 are read)");
    const torch::Tensor raw = torch::from_blob(const_cast<uint8_t*>(file.data(*t)), t->shape,
                                               torch::TensorOptions().dtype(type));
    values[name] = raw.to(param.scalar_type()).clone();
  }
  torch::NoGradGuard noGrad;
  for (auto& item : impl_->root->named_parameters()) item.value().copy_(values.at(item.key()));
}

}  // namespace spanforge::transformer
