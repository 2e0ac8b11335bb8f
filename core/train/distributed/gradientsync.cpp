#include "train/distributed/gradientsync.h"

#include "train/distributed/processgroup.h"

#include <torch/torch.h>

namespace spanforge::train {
namespace {

constexpr int64_t kBucketElements = 25 * 1024 * 1024 / 4;  // 25 MB of float32
constexpr int64_t kFiguresPerRank = 5;

// Where each tensor lives in a list of flat buckets.
struct Layout {
  struct Slot {
    size_t bucket;
    int64_t offset;
  };
  std::vector<Slot> slots;
  std::vector<torch::Tensor> buckets;

  Layout(const std::vector<torch::Tensor>& tensors, int64_t reserved) {
    std::vector<int64_t> sizes{reserved};
    for (const auto& t : tensors) {
      const int64_t n = t.numel();
      if (sizes.back() > 0 && sizes.back() + n > kBucketElements) sizes.push_back(0);
      slots.push_back({sizes.size() - 1, sizes.back()});
      sizes.back() += n;
    }
    const auto options =
        torch::TensorOptions()
            .dtype(torch::kFloat32)
            .device(tensors.empty() ? torch::Device(torch::kCPU) : tensors.front().device());
    for (int64_t n : sizes) buckets.push_back(torch::zeros({n}, options));
  }
  torch::Tensor view(size_t i, const torch::Tensor& like) {
    return buckets[slots[i].bucket].narrow(0, slots[i].offset, like.numel()).view_as(like);
  }
};

}  // namespace

struct GradientSync::Impl {
  ProcessGroup& group;
  std::vector<torch::Tensor> params;  // trainable, in module order
  std::vector<torch::Tensor> state;   // every parameter and buffer
  std::unique_ptr<Layout> grads;

  Impl(ProcessGroup& g, torch::nn::Module& module) : group(g) {
    for (const auto& p : module.parameters()) {
      state.push_back(p);
      if (p.requires_grad()) params.push_back(p);
    }
    for (const auto& b : module.buffers()) state.push_back(b);
    grads = std::make_unique<Layout>(params, kFiguresPerRank * group.size());
  }
};

GradientSync::GradientSync(ProcessGroup& group, torch::nn::Module& module)
    : impl_(std::make_unique<Impl>(group, module)) {}

GradientSync::~GradientSync() = default;

void GradientSync::broadcastParameters() {
  Layout layout(impl_->state, 0);
  torch::NoGradGuard noGrad;
  for (size_t i = 0; i < impl_->state.size(); ++i)
    layout.view(i, impl_->state[i]).copy_(impl_->state[i]);
  impl_->group.broadcast(layout.buckets);
  for (size_t i = 0; i < impl_->state.size(); ++i)
    impl_->state[i].copy_(layout.view(i, impl_->state[i]));
}

GroupFigures GradientSync::allReduce(const RankFigures& mine) {
  Impl& d = *impl_;
  Layout& layout = *d.grads;
  torch::NoGradGuard noGrad;
  for (size_t i = 0; i < d.params.size(); ++i) {
    const auto& g = d.params[i].grad();
    auto slot = layout.view(i, d.params[i]);
    if (g.defined())
      slot.copy_(g);
    else
      slot.zero_();
  }
  const int size = d.group.size();
  std::vector<float> figures(static_cast<size_t>(kFiguresPerRank * size), 0.0F);
  float* own = figures.data() + kFiguresPerRank * d.group.rank();
  own[0] = static_cast<float>(mine.loss);
  own[1] = static_cast<float>(mine.words);
  own[2] = static_cast<float>(mine.wordsPerSecond);
  own[3] = static_cast<float>(static_cast<double>(mine.memoryBytes) / (1 << 20));  // MiB
  own[4] = static_cast<float>(mine.code);
  layout.buckets[0]
      .narrow(0, 0, kFiguresPerRank * size)
      .copy_(torch::from_blob(figures.data(), {kFiguresPerRank * size}));

  d.group.allReduceSum(layout.buckets);

  for (size_t i = 0; i < d.params.size(); ++i) {
    auto& p = d.params[i];
    if (p.grad().defined())
      p.mutable_grad().copy_(layout.view(i, p));
    else
      p.mutable_grad() = layout.view(i, p).clone();
  }
  const torch::Tensor all =
      layout.buckets[0].narrow(0, 0, kFiguresPerRank * size).to(torch::kCPU).contiguous();
  const float* f = all.data_ptr<float>();
  GroupFigures out;
  for (int r = 0; r < size; ++r, f += kFiguresPerRank) {
    RankFigures x;
    x.loss = f[0];
    x.words = static_cast<int64_t>(f[1] + 0.5F);
    x.wordsPerSecond = f[2];
    x.memoryBytes = static_cast<int64_t>(static_cast<double>(f[3]) * (1 << 20));
    x.code = static_cast<int>(f[4] + 0.5F);
    out.loss += x.loss;
    out.words += x.words;
    out.ranks.push_back(x);
  }
  return out;
}

}  // namespace spanforge::train
