#pragma once

#include <cstdint>
#include <memory>
#include <vector>

namespace torch::nn {
class Module;
}

namespace spanforge::train {

class ProcessGroup;

// What one rank did in a step, sent along with its gradient.
struct RankFigures {
  double loss = 0.0;  // its batches' loss, already weighted like the gradient
  int64_t words = 0;
  double wordsPerSecond = 0.0;
  int64_t memoryBytes = 0;
  int code = 0;  // 0 = carry on; anything else asks every rank to stop (see Trainer)
};

// The same on every rank after a step's all-reduce.
struct GroupFigures {
  double loss = 0.0;  // sum over ranks
  int64_t words = 0;
  std::vector<RankFigures> ranks;  // by rank
};

// Data-parallel gradient averaging, as PyTorch's DDP reducer does it but
// after backward: the gradients of `module`'s trainable parameters are
// packed into a few flat buckets (25 MB, DDP's default), summed over ranks
// with one in-flight all-reduce per bucket, and unpacked. Each rank weights
// its loss by 1/(batches in the whole step) before backward, so the sum is
// the mean. The step's figures ride in the first bucket: no extra round trip.
class GradientSync {
 public:
  GradientSync(ProcessGroup& group, torch::nn::Module& module);
  ~GradientSync();
  GradientSync(const GradientSync&) = delete;
  GradientSync& operator=(const GradientSync&) = delete;

  // Rank 0's parameters and buffers to every rank, so all start the same.
  void broadcastParameters();
  // Sums every rank's gradient into every rank's parameters' .grad (an
  // undefined gradient counts as zeros) and gathers the ranks' figures.
  GroupFigures allReduce(const RankFigures& mine);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace spanforge::train
