#include "model/crf.h"

#include "model/tagset.h"

#include <torch/nn/module.h>

#include <limits>

namespace spanforge::model {
namespace {

constexpr double kForbidden = -1e4;

}  // namespace

struct Crf::Impl {
  int64_t k = 0;
  torch::Tensor transitions, start, end;             // learned
  torch::Tensor transitionMask, startMask, endMask;  // 0 or kForbidden (buffers)

  torch::Tensor trans() const { return transitions + transitionMask; }
  torch::Tensor first() const { return start + startMask; }
  torch::Tensor last() const { return end + endMask; }
};

Crf::Crf(torch::nn::Module& owner, const TagSet& tags) : impl_(std::make_unique<Impl>()) {
  const int64_t k = tags.size();
  impl_->k = k;
  torch::Tensor tm = torch::zeros({k, k}), sm = torch::zeros({k}), em = torch::zeros({k});
  for (int64_t a = 0; a < k; ++a) {
    if (!tags.allowedStart(a)) sm[a] = kForbidden;
    if (!tags.allowedEnd(a)) em[a] = kForbidden;
    for (int64_t b = 0; b < k; ++b) {
      if (!tags.allowedTransition(a, b)) tm[a][b] = kForbidden;
    }
  }
  impl_->transitions = owner.register_parameter("crf_transitions", torch::zeros({k, k}));
  impl_->start = owner.register_parameter("crf_start", torch::zeros({k}));
  impl_->end = owner.register_parameter("crf_end", torch::zeros({k}));
  impl_->transitionMask = owner.register_buffer("crf_transition_mask", tm);
  impl_->startMask = owner.register_buffer("crf_start_mask", sm);
  impl_->endMask = owner.register_buffer("crf_end_mask", em);
}

Crf::~Crf() = default;

at::Tensor Crf::logPartition(const at::Tensor& emissions, const at::Tensor& mask) const {
  const int64_t steps = emissions.size(1);
  const torch::Tensor trans = impl_->trans().unsqueeze(0);                     // [1, K, K]
  torch::Tensor alpha = impl_->first().unsqueeze(0) + emissions.select(1, 0);  // [B, K]
  for (int64_t t = 1; t < steps; ++t) {
    // alpha'[b, y] = logsumexp_x(alpha[b, x] + trans[x, y]) + emit[b, t, y]
    torch::Tensor next = torch::logsumexp(alpha.unsqueeze(2) + trans, 1) + emissions.select(1, t);
    alpha = torch::where(mask.select(1, t).unsqueeze(1), next, alpha);
  }
  const torch::Tensor z = torch::logsumexp(alpha + impl_->last().unsqueeze(0), 1);
  return torch::where(mask.select(1, 0), z, torch::zeros_like(z));
}

at::Tensor Crf::pathScore(const at::Tensor& emissions, const at::Tensor& tags,
                          const at::Tensor& mask) const {
  const int64_t steps = emissions.size(1);
  const torch::Tensor m = mask.to(emissions.scalar_type());
  torch::Tensor score = (emissions.gather(2, tags.unsqueeze(2)).squeeze(2) * m).sum(1);
  if (steps > 1) {
    const torch::Tensor from = tags.narrow(1, 0, steps - 1);
    const torch::Tensor to = tags.narrow(1, 1, steps - 1);
    const torch::Tensor t = impl_->trans().index({from, to});  // [B, T-1]
    score = score + (t * m.narrow(1, 1, steps - 1)).sum(1);
  }
  const torch::Tensor lengths = mask.sum(1);
  const torch::Tensor lastTag = tags.gather(1, (lengths - 1).clamp_min(0).unsqueeze(1)).squeeze(1);
  score = score + impl_->first().index_select(0, tags.select(1, 0)) +
          impl_->last().index_select(0, lastTag);
  return torch::where(mask.select(1, 0), score, torch::zeros_like(score));
}

at::Tensor Crf::negLogLikelihood(const at::Tensor& emissions, const at::Tensor& tags,
                                 const at::Tensor& mask) const {
  return logPartition(emissions, mask) - pathScore(emissions, tags, mask);
}

CrfScores Crf::scores() const {
  torch::NoGradGuard noGrad;
  CrfScores s;
  s.numTags = impl_->k;
  const double inf = std::numeric_limits<double>::infinity();
  auto copy = [&](const torch::Tensor& v, const torch::Tensor& mask, std::vector<double>& out) {
    const torch::Tensor vd = v.to(torch::kCPU, torch::kDouble).contiguous().reshape({-1});
    const torch::Tensor md = mask.to(torch::kCPU, torch::kDouble).contiguous().reshape({-1});
    out.resize(static_cast<size_t>(vd.numel()));
    for (size_t i = 0; i < out.size(); ++i) {
      out[i] = md.data_ptr<double>()[i] < 0 ? -inf : vd.data_ptr<double>()[i];
    }
  };
  copy(impl_->transitions, impl_->transitionMask, s.transitions);
  copy(impl_->start, impl_->startMask, s.start);
  copy(impl_->end, impl_->endMask, s.end);
  return s;
}

void Crf::setScores(const CrfScores& learned) {
  torch::NoGradGuard noGrad;
  auto set = [](torch::Tensor& dst, const std::vector<double>& src) {
    const torch::Tensor t =
        torch::tensor(src, torch::kDouble).to(dst.scalar_type()).view(dst.sizes());
    dst.copy_(t);
  };
  set(impl_->transitions, learned.transitions);
  set(impl_->start, learned.start);
  set(impl_->end, learned.end);
}

}  // namespace spanforge::model
