#include "model/weighttransfer.h"

#include "model/nermodel.h"
#include "model/tagset.h"

#include <torch/torch.h>

#include <algorithm>
#include <stdexcept>

namespace spanforge::model {
namespace {

// The parameters whose dimensions index tags, and which dimensions do
// (NerNetwork's "output" Linear [K, H] / [K]; Crf's scores [K, K] / [K]).
std::vector<int64_t> tagDims(const std::string& name) {
  if (name == "output.weight" || name == "output.bias") return {0};
  if (name == "crf_transitions") return {0, 1};
  if (name == "crf_start" || name == "crf_end") return {0};
  return {};
}

}  // namespace

WeightTransferReport WeightTransfer::copy(NerModel& from, NerModel& to) {
  const TagSet& oldTags = from.tagSet();
  const TagSet& newTags = to.tagSet();
  if (oldTags.scheme() != newTags.scheme())
    throw std::invalid_argument("cannot transfer weights between tag schemes");
  // For each new tag, the old tag of the same name (-1 when new).
  std::vector<int64_t> newIdx, oldIdx;
  for (int64_t j = 0; j < newTags.size(); ++j) {
    const int64_t i = oldTags.index(newTags.tag(j));
    if (i < 0) continue;
    newIdx.push_back(j);
    oldIdx.push_back(i);
  }
  const auto device = to.module().parameters().front().device();
  const torch::Tensor src = torch::tensor(oldIdx, torch::kLong).to(device);
  const torch::Tensor dst = torch::tensor(newIdx, torch::kLong).to(device);

  WeightTransferReport report;
  const auto source = from.module().named_parameters(true);
  torch::NoGradGuard noGrad;
  for (auto& p : to.module().named_parameters(true)) {
    const torch::Tensor* old = source.find(p.key());
    if (old == nullptr || old->dim() != p.value().dim()) {
      report.untouched.push_back(p.key());
      continue;
    }
    const std::vector<int64_t> dims = tagDims(p.key());
    const bool sameShape = old->sizes() == p.value().sizes();
    if (dims.empty() || (sameShape && oldTags.tags() == newTags.tags())) {
      if (!sameShape) {
        report.untouched.push_back(p.key());
        continue;
      }
      p.value().copy_(*old);
      report.copied.push_back(p.key());
      continue;
    }
    // Non-tag dimensions must agree; tag dimensions are gathered and scattered.
    bool compatible = true;
    for (int64_t d = 0; d < p.value().dim(); ++d) {
      const bool isTag = std::find(dims.begin(), dims.end(), d) != dims.end();
      if (!isTag && old->size(d) != p.value().size(d)) compatible = false;
    }
    if (!compatible) {
      report.untouched.push_back(p.key());
      continue;
    }
    torch::Tensor values = old->to(device);
    torch::Tensor target = p.value();
    if (dims.size() == 2) {  // [K, K]: both axes by tag
      values = values.index_select(0, src).index_select(1, src);
      const torch::Tensor rows = target.index_select(0, dst);
      rows.index_copy_(1, dst, values);
      target.index_copy_(0, dst, rows);
    } else {
      target.index_copy_(0, dst, values.index_select(0, src));
    }
    report.remapped.push_back(p.key());
  }
  return report;
}

}  // namespace spanforge::model
