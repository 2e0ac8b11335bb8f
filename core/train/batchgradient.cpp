#include "train/batchgradient.h"

#include "model/batch.h"
#include "model/nermodel.h"
#include "train/device/autocastscope.h"

#include <torch/torch.h>

#include <cmath>
#include <limits>
#include <utility>

namespace spanforge::train {

BatchGradient::BatchGradient(model::NerModel& model,
                             const std::vector<model::SentenceFeatures>& features,
                             const std::vector<std::vector<int64_t>>& tags, std::string device,
                             std::string mixedPrecision)
    : model_(model),
      features_(features),
      tags_(tags),
      device_(std::move(device)),
      mixedPrecision_(std::move(mixedPrecision)) {}

BatchGradient::Result BatchGradient::add(const std::vector<std::vector<size_t>>& batches,
                                         double weight, bool poison) const {
  Result r;
  for (const auto& members : batches) {
    model::Batch batch;
    for (size_t i : members) {
      batch.add(features_[i], tags_[i]);
      r.words += features_[i].length;
    }
    torch::Tensor loss;
    {
      const AutocastScope amp(device_, mixedPrecision_);
      loss = model_.lossTensor(batch);
    }
    if (poison) {
      loss = loss * std::numeric_limits<double>::quiet_NaN();
      poison = false;
    }
    const double value = loss.item<double>();
    if (!std::isfinite(value)) {
      r.finite = false;
      r.badLoss = value;
      return r;
    }
    (weight == 1.0 ? loss : loss * weight).backward();
    r.loss += value * weight;
  }
  return r;
}

}  // namespace spanforge::train
