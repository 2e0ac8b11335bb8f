#include "train/package/legacyweights.h"

#include "model/nermodel.h"
#include "train/package/modelpackageerror.h"

#include <c10/util/Exception.h>
#include <torch/nn/module.h>
#include <torch/serialize/input-archive.h>

#include <vector>

namespace spanforge::train {

void LegacyWeights::read(const std::string& path, model::NerModel& model) {
  torch::serialize::InputArchive archive;
  try {
    archive.load_from(path, torch::kCPU);
  } catch (const c10::Error& e) {
    throw ModelPackageError(path,
                            std::string("cannot read weights: ") + e.what_without_backtrace());
  } catch (const std::exception& e) {  // the archive's own code failed (torch::jit::JITException)
    throw ModelPackageError(path, std::string("cannot read weights: ") + e.what());
  }
  const auto params = model.module().named_parameters(true);
  for (const auto& key : archive.keys()) {
    if (!params.contains(key))
      throw ModelPackageError(path, "unexpected parameter \"" + key +
                                        "\" (weights of a different model configuration?)");
  }
  std::vector<torch::Tensor> values;
  for (const auto& p : params) {
    torch::Tensor t;
    if (!archive.try_read(p.key(), t))
      throw ModelPackageError(path, "missing parameter \"" + p.key() +
                                        "\" (weights of a different model configuration?)");
    if (t.sizes() != p.value().sizes())
      throw ModelPackageError(path, "parameter \"" + p.key() + "\" has shape " +
                                        c10::str(t.sizes()) + ", the model expects " +
                                        c10::str(p.value().sizes()));
    values.push_back(t);
  }
  torch::NoGradGuard noGrad;
  size_t i = 0;
  for (const auto& p : params) p.value().copy_(values[i++]);
}

}  // namespace spanforge::train
