#include "train/package/declaredsizes.h"

#include "model/safetensorsfile.h"
#include "train/package/modelpackageerror.h"

#include <exception>
#include <memory>

namespace spanforge::train {

int64_t DeclaredSizes::tagCount(int64_t labels, const std::string& scheme) {
  return 1 + labels * (scheme == "iob2" ? 2 : 4);
}

double DeclaredSizes::minParameters(const model::ModelConfig& m, int64_t tags) {
  const double t = static_cast<double>(tags), h = static_cast<double>(m.hidden);
  double n = t * t;  // CRF transitions
  const bool transformer = m.encoder == "transformer";
  if (m.encoder == "cnn") {
    n += static_cast<double>(m.cnnDepth) * h * h * static_cast<double>(m.cnnKernel) + t * h;
  } else if (!transformer || m.transformerBilstm) {
    // Per layer and direction at least the recurrent weights (4h x h).
    n += static_cast<double>(m.layers) * 2.0 * 4.0 * h * h + t * 2.0 * h;
  }
  return n;
}

void DeclaredSizes::check(const std::string& weightsPath, const model::ModelConfig& model,
                          const std::vector<std::string>& labels, const std::string& metaPath,
                          const std::string& configPath) {
  const int64_t tags = tagCount(static_cast<int64_t>(labels.size()), model.tagScheme);
  std::unique_ptr<model::SafetensorsFile> file;
  try {
    file = std::make_unique<model::SafetensorsFile>(weightsPath);
  } catch (const std::exception& e) {
    throw ModelPackageError(weightsPath, e.what());
  }
  if (const auto* crf = file->find("crf_transitions");
      crf && !crf->shape.empty() && crf->shape[0] != tags)
    throw ModelPackageError(
        metaPath, "lists " + std::to_string(labels.size()) + " labels (" + std::to_string(tags) +
                      " tags) but the weights' CRF has " + std::to_string(crf->shape[0]) +
                      " tags; the labels do not belong to these weights");
  // Two bytes a parameter at the least (bf16), so no real package is refused.
  uint64_t bytes = 0;
  for (const auto& t : file->tensors()) bytes += t.end - t.begin;
  const double need = 2.0 * minParameters(model, tags);
  if (need > static_cast<double>(bytes) + 1e6)
    throw ModelPackageError(configPath, "describes a model larger than its weights (at least " +
                                            std::to_string(static_cast<int64_t>(need / 1e6)) +
                                            " MB of parameters; the weights hold " +
                                            std::to_string(bytes / 1000000) + " MB)");
}

}  // namespace spanforge::train
