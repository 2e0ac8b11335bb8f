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
  int code = 0;              // 0 = carry on; anything else asks every rank to stop (see Trainer)
  double cpuPercent = -1.0;  // of one core since its previous step; -1 when unknown
};

// The same on every rank after a step's all-reduce.
struct GroupFigures {
  double loss = 0.0;  // sum over ranks
  int64_t words = 0;
  std::vector<RankFigures> ranks;  // by rank
};

// Data-parallel gradient averaging, as PyTorch's DDP reducer does it but
// after backward, in two rounds. First a small all-reduce of every rank's
// figures (and stop code) and of which embedding-table rows it touched;
// then, unless some rank asked to stop, the gradients: the other
// parameters packed into flat buckets (25 MB, DDP's default) and, of each
// embedding table, only the rows some rank touched (a step's words touch a
// small share of a hash table: this halved the bytes sent). Each rank
// weights its loss by 1/(batches in the whole step) before backward, so the
// sum is the mean.
class GradientSync {
 public:
  GradientSync(ProcessGroup& group, torch::nn::Module& module);
  ~GradientSync();
  GradientSync(const GradientSync&) = delete;
  GradientSync& operator=(const GradientSync&) = delete;

  // Rank 0's parameters and buffers to every rank, so all start the same.
  void broadcastParameters();
  // Gathers the ranks' figures and, unless one's code is non-zero, sums
  // every rank's gradient into every rank's parameters' .grad (an undefined
  // gradient counts as zeros).
  GroupFigures allReduce(const RankFigures& mine);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace spanforge::train
