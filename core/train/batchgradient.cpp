#include "train/batchgradient.h"

#include "model/batch.h"
#include "model/nermodel.h"
#include "train/device/autocastscope.h"

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>

namespace spanforge::train {
namespace {

using Clock = std::chrono::steady_clock;

model::Batch batchOf(const std::vector<size_t>& members,
                     const std::vector<model::SentenceFeatures>& features,
                     const std::vector<std::vector<int64_t>>& tags) {
  model::Batch batch;
  for (size_t i : members) batch.add(features[i], tags[i]);
  return batch;
}

}  // namespace

BatchGradient::BatchGradient(model::NerModel& model,
                             const std::vector<model::SentenceFeatures>& features,
                             const std::vector<std::vector<int64_t>>& tags, std::string device,
                             std::string mixedPrecision)
    : model_(model),
      features_(features),
      tags_(tags),
      device_(std::move(device)),
      mixedPrecision_(std::move(mixedPrecision)),
      scaler_(mixedPrecision_ == "fp16") {}

void BatchGradient::prefetch(const std::vector<std::vector<size_t>>& epoch, size_t perStep,
                             int rank, int ranks) {
  stopPrefetch();
  perStep = std::max<size_t>(1, perStep);
  std::vector<std::vector<size_t>> mine;
  for (size_t step = 0; step < epoch.size(); step += perStep) {
    const size_t end = std::min(epoch.size(), step + perStep);
    for (size_t i = step + static_cast<size_t>(rank); i < end; i += static_cast<size_t>(ranks))
      mine.push_back(epoch[i]);
  }
  // The model and the features are only read, by both threads.
  prefetcher_ = std::make_unique<BatchPrefetcher>(
      std::move(mine), [this](const std::vector<size_t>& members) {
        return model_.tensors(batchOf(members, features_, tags_));
      });
}

model::BatchTensors BatchGradient::tensorsOf(const std::vector<size_t>& members) {
  if (!prefetcher_ || prefetcher_->done())
    return model_.tensors(batchOf(members, features_, tags_));
  BatchPrefetcher::Item item = prefetcher_->next();
  if (item.members != members)
    throw std::logic_error("training asked for another batch than the next one prefetched");
  return std::move(item.tensors);
}

BatchGradient::Result BatchGradient::add(const std::vector<std::vector<size_t>>& batches,
                                         double weight, bool poison) {
  Result r;
  for (const auto& members : batches) {
    for (size_t i : members) r.words += features_[i].length;
    const auto start = Clock::now();
    const model::BatchTensors tensors = tensorsOf(members);
    r.dataWaitSeconds += std::chrono::duration<double>(Clock::now() - start).count();
    torch::Tensor loss;
    {
      const AutocastScope amp(device_, mixedPrecision_);
      loss = model_.lossTensor(tensors);
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
    scaler_.scale(weight == 1.0 ? loss : loss * weight).backward();
    r.loss += value * weight;
  }
  return r;
}

bool BatchGradient::unscale() {
  if (!scaler_.enabled()) return true;
  std::vector<torch::Tensor> params;
  for (const auto& p : model_.module().parameters())
    if (p.requires_grad()) params.push_back(p);
  const bool finite = scaler_.unscale(params);
  scaler_.update();
  return finite;
}

}  // namespace spanforge::train
