#include "train/distributed/gradientsync.h"

#include "train/distributed/processgroup.h"

#include <torch/torch.h>

namespace spanforge::train {
namespace {

constexpr int64_t kBucketElements = 25 * 1024 * 1024 / 4;  // 25 MB of float32
constexpr int64_t kFiguresPerRank = 6;
// A matrix with at least this many rows is synced by rows: an embedding
// table, whose step touches only the rows of the words in its batches.
constexpr int64_t kRowSparseRows = 4096;

}  // namespace

// Where each tensor lives in a list of flat buckets. Named, not anonymous:
// Impl, declared in the header, holds one.
struct GradientBuckets {
  struct Slot {
    size_t bucket;
    int64_t offset;
  };
  std::vector<Slot> slots;
  std::vector<torch::Tensor> buckets;

  GradientBuckets(const std::vector<torch::Tensor>& tensors, torch::Device device) {
    std::vector<int64_t> sizes{0};
    for (const auto& t : tensors) {
      const int64_t n = t.numel();
      if (sizes.back() > 0 && sizes.back() + n > kBucketElements) sizes.push_back(0);
      slots.push_back({sizes.size() - 1, sizes.back()});
      sizes.back() += n;
    }
    for (int64_t n : sizes)
      buckets.push_back(
          torch::zeros({n}, torch::TensorOptions().dtype(torch::kFloat32).device(device)));
  }
  torch::Tensor view(size_t i, const torch::Tensor& like) {
    return buckets[slots[i].bucket].narrow(0, slots[i].offset, like.numel()).view_as(like);
  }
};

namespace {

torch::Tensor gradientOf(torch::Tensor& p) {
  if (!p.grad().defined()) p.mutable_grad() = torch::zeros_like(p);
  return p.grad();
}

}  // namespace

struct GradientSync::Impl {
  ProcessGroup& group;
  torch::Device device{torch::kCPU};
  std::vector<torch::Tensor> state;   // every parameter and buffer
  std::vector<torch::Tensor> dense;   // trainable, synced whole
  std::vector<torch::Tensor> sparse;  // trainable embedding tables, synced by touched rows
  std::unique_ptr<GradientBuckets> denseLayout;
  int64_t sparseRows = 0;

  Impl(ProcessGroup& g, torch::nn::Module& module) : group(g) {
    for (const auto& p : module.parameters()) {
      state.push_back(p);
      device = p.device();
      if (!p.requires_grad()) continue;
      if (p.dim() == 2 && p.size(0) >= kRowSparseRows) {
        sparse.push_back(p);
        sparseRows += p.size(0);
      } else {
        dense.push_back(p);
      }
    }
    for (const auto& b : module.buffers()) state.push_back(b);
    denseLayout = std::make_unique<GradientBuckets>(dense, device);
  }

  // Round 1: every rank's figures and which embedding rows it touched.
  GroupFigures exchangeFigures(const RankFigures& mine, torch::Tensor* touched);
  // Round 2: the dense gradients and the rows any rank touched.
  void reduceGradients(const torch::Tensor& touched);
};

GroupFigures GradientSync::Impl::exchangeFigures(const RankFigures& mine, torch::Tensor* touched) {
  const int size = group.size();
  const int64_t head = kFiguresPerRank * size;
  auto message = torch::zeros({head + sparseRows}, torch::TensorOptions().device(device));
  std::vector<float> figures(static_cast<size_t>(head), 0.0F);
  float* own = figures.data() + kFiguresPerRank * group.rank();
  own[0] = static_cast<float>(mine.loss);
  own[1] = static_cast<float>(mine.words);
  own[2] = static_cast<float>(mine.wordsPerSecond);
  own[3] = static_cast<float>(static_cast<double>(mine.memoryBytes) / (1 << 20));  // MiB
  own[4] = static_cast<float>(mine.code);
  own[5] = static_cast<float>(mine.cpuPercent);
  message.narrow(0, 0, head).copy_(torch::from_blob(figures.data(), {head}));
  int64_t row = head;
  for (auto& p : sparse) {
    if (p.grad().defined()) message.narrow(0, row, p.size(0)).copy_(p.grad().ne(0).any(1));
    row += p.size(0);
  }
  std::vector<torch::Tensor> one{message};
  group.allReduceSum(one);
  *touched = message.narrow(0, head, sparseRows).gt(0);

  const torch::Tensor all = message.narrow(0, 0, head).to(torch::kCPU).contiguous();
  const float* f = all.data_ptr<float>();
  GroupFigures out;
  for (int r = 0; r < size; ++r, f += kFiguresPerRank) {
    RankFigures x;
    x.loss = f[0];
    x.words = static_cast<int64_t>(f[1] + 0.5F);
    x.wordsPerSecond = f[2];
    x.memoryBytes = static_cast<int64_t>(static_cast<double>(f[3]) * (1 << 20));
    x.code = static_cast<int>(f[4] + 0.5F);
    x.cpuPercent = f[5];
    out.loss += x.loss;
    out.words += x.words;
    out.ranks.push_back(x);
  }
  return out;
}

void GradientSync::Impl::reduceGradients(const torch::Tensor& touched) {
  GradientBuckets& layout = *denseLayout;
  for (size_t i = 0; i < dense.size(); ++i) layout.view(i, dense[i]).copy_(gradientOf(dense[i]));
  // The touched rows of each table, packed after the dense buckets: the same
  // rows on every rank, since the union of all ranks' rows was summed first.
  std::vector<torch::Tensor> rows;
  std::vector<torch::Tensor> all = layout.buckets;
  int64_t first = 0;
  for (auto& p : sparse) {
    const auto index = touched.narrow(0, first, p.size(0)).nonzero().squeeze(1);
    first += p.size(0);
    rows.push_back(index);
    all.push_back(gradientOf(p).index_select(0, index).reshape({-1}));
  }
  group.allReduceSum(all);
  for (size_t i = 0; i < dense.size(); ++i) dense[i].mutable_grad().copy_(layout.view(i, dense[i]));
  for (size_t i = 0; i < sparse.size(); ++i) {
    const auto& packed = all[layout.buckets.size() + i];
    sparse[i].mutable_grad().index_copy_(0, rows[i], packed.view({-1, sparse[i].size(1)}));
  }
}

GradientSync::GradientSync(ProcessGroup& group, torch::nn::Module& module)
    : impl_(std::make_unique<Impl>(group, module)) {}

GradientSync::~GradientSync() = default;

void GradientSync::broadcastParameters() {
  GradientBuckets layout(impl_->state, impl_->device);
  torch::NoGradGuard noGrad;
  for (size_t i = 0; i < impl_->state.size(); ++i)
    layout.view(i, impl_->state[i]).copy_(impl_->state[i]);
  impl_->group.broadcast(layout.buckets);
  for (size_t i = 0; i < impl_->state.size(); ++i)
    impl_->state[i].copy_(layout.view(i, impl_->state[i]));
}

GroupFigures GradientSync::allReduce(const RankFigures& mine) {
  torch::NoGradGuard noGrad;
  torch::Tensor touched;
  GroupFigures figures = impl_->exchangeFigures(mine, &touched);
  bool stopping = false;
  for (const auto& r : figures.ranks) stopping = stopping || r.code != 0;
  // A step that will not be applied needs no gradient.
  if (!stopping) impl_->reduceGradients(touched);
  return figures;
}

}  // namespace spanforge::train
